// fplab_core_digest: a fingerprint of core/'s behaviour for performance work. Hashes the bits and
// flags (and the trace) of every operation over fixed pseudo-random and exhaustive inputs, for every
// format and rounding mode. Run it before and after a speed-up: the outputs must be identical.
#include "core/arithmetic.h"
#include "core/fast.h"

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace fplab;

// FNV-1a over the bytes of what it is fed.
struct Digest {
    std::uint64_t h = 1469598103934665603ull;
    void mix(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h ^= (v >> (8 * i)) & 0xff;
            h *= 1099511628211ull;
        }
    }
    void mix(const std::string& s) {
        for (char c : s) {
            h ^= std::uint8_t(c);
            h *= 1099511628211ull;
        }
        mix(s.size());
    }
    void result(Result r) {
        mix(r.bits);
        mix(r.flags);
    }
    void trace(const OperationTrace& t) {
        mix(std::uint64_t(t.operation));
        mix(std::uint64_t(t.special));
        mix(std::uint64_t(t.alignmentShift));
        mix(t.alignmentLostBits);
        mix(t.effectiveSubtraction);
        mix(t.exactIsZero);
        result(t.result);
        const RoundingTrace& r = t.rounding;
        for (std::uint64_t v :
             {std::uint64_t(r.sign), std::uint64_t(r.exponent), r.significand, std::uint64_t(r.keptBits),
              std::uint64_t(r.guard), std::uint64_t(r.round), std::uint64_t(r.sticky),
              std::uint64_t(r.tinyBeforeRounding), std::uint64_t(r.tinyAfterRounding), std::uint64_t(r.decision)})
            mix(v);
        if (r.stochastic)
            for (std::uint64_t v : {std::uint64_t(r.stochastic->discardedBits), r.stochastic->discarded,
                                    r.stochastic->draw, r.stochastic->towardZero, r.stochastic->awayFromZero})
                mix(v);
        for (const auto& o : t.operands) {
            mix(o.bits);
            mix(o.value.sign);
            mix(std::uint64_t(o.value.cls));
            mix(std::uint64_t(o.value.exponent));
            mix(o.value.significand);
        }
    }
};

// Random encodings weighted toward the interesting ones: subnormals, the top exponent, short
// mantissas, exponents near 1.0, values near the largest finite.
std::uint64_t operand(std::mt19937_64& g, const Format& f) {
    std::uint64_t x = g() & f.bitMask();
    const std::uint64_t exponentField = std::uint64_t(f.maxExponentField()) << f.mantissaBits;
    switch (g() % 10) {
    case 0: x &= ~exponentField; break;
    case 1: x |= exponentField; break;
    case 2: x &= ~f.mantissaMask() | (g() % 3); break;
    case 3: {
        const std::uint64_t e = std::uint64_t(f.bias + int(g() % 5) - 2) & std::uint64_t(f.maxExponentField());
        x = (x & ~exponentField) | (e << f.mantissaBits);
        break;
    }
    case 4: x = (x & ~f.magnitudeMask()) | ((f.maxFiniteMagnitude() - g() % 4) & f.magnitudeMask()); break;
    default: break;
    }
    return x & f.bitMask();
}

Env environment(int mode, int variant, std::uint64_t randomBits) {
    Env env;
    env.rounding = kAllRoundingModes[mode];
    env.randomBits = randomBits;
    env.tininess = (variant & 1) ? Tininess::BeforeRounding : Tininess::AfterRounding;
    env.saturate = (variant & 2) != 0;
    return env;
}

// The runtime API on one operand triple; every traced variant too when `traced`.
void checkAll(Digest& d, Digest& dt, const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env,
              bool traced) {
    d.result(add(f, a, b, env));
    d.result(sub(f, a, b, env));
    d.result(mul(f, a, b, env));
    d.result(div(f, a, b, env));
    d.result(fma(f, a, b, c, env));
    d.result(sqrt(f, a, env));
    d.result(roundToIntegral(f, a, env, b & 1));
    for (const Format* to : kPresetFormats) d.result(convert(f, a, *to, env));
    const Comparison cmp = compare(f, a, b, c & 1);
    d.mix(std::uint64_t(cmp.order));
    d.mix(cmp.flags);
    d.result(minimum(f, a, b));
    d.result(maximumNumber(f, a, b));
    if (!traced) return;
    OperationTrace t;
    auto traceOf = [&](Result r) {
        dt.result(r);
        dt.trace(t);
        t = {};
    };
    traceOf(add(f, a, b, env, &t));
    traceOf(sub(f, a, b, env, &t));
    traceOf(mul(f, a, b, env, &t));
    traceOf(div(f, a, b, env, &t));
    traceOf(fma(f, a, b, c, env, &t));
    traceOf(sqrt(f, a, env, &t));
    traceOf(convert(f, a, kFp16, env, &t));
}

// fplab::fast::op<F> on random operands, per rounding mode.
template <const Format& F>
void digestFast(std::mt19937_64& g, int count) {
    for (int mode = 0; mode < 7; ++mode) {
        Digest d;
        for (int i = 0; i < count; ++i) {
            const Env env = environment(mode, i & 3, g());
            const std::uint64_t a = operand(g, F), c = operand(g, F);
            const std::uint64_t b = i % 5 == 0 ? (a ^ F.signMask()) ^ (g() % 8) : operand(g, F);
            d.result(fast::add<F>(a, b, env));
            d.result(fast::sub<F>(a, b, env));
            d.result(fast::mul<F>(a, b, env));
            d.result(fast::div<F>(a, b, env));
            d.result(fast::fma<F>(a, b, c, env));
            d.result(fast::sqrt<F>(a, env));
            d.result(fast::convert<F, kFp16>(a, env));
            d.result(fast::convert<F, kE4m3>(a, env));
            d.result(fast::convert<F, kFp64>(a, env));
        }
        std::printf("fast %s %s %016llx\n", std::string(F.name()).c_str(),
                    std::string(roundingName(kAllRoundingModes[mode])).c_str(), static_cast<unsigned long long>(d.h));
    }
}

} // namespace

int main() {
    std::vector<Format> formats(kPresetFormats.size());
    for (std::size_t i = 0; i < kPresetFormats.size(); ++i) formats[i] = *kPresetFormats[i];
    for (const char* name : {"e5m10", "e8m23", "e11m52", "e4m3-nosub", "e5m10-bias=14", "e3m4-fnuz", "e4m3-finite",
                             "e6m40", "e15m48", "e9m30", "e2m1", "e5m2-nosub", "e8m7"}) {
        const FormatOrError r = parseCustomFormatName(name);
        if (!r.format) {
            std::fprintf(stderr, "fplab_core_digest: %s: %s\n", name, r.error.c_str());
            return 1;
        }
        formats.push_back(*r.format);
    }
    std::mt19937_64 g(12345);
    for (const Format& f : formats) {
        // Formats of 8 bits or fewer: every operand pair; wider ones: 20000 weighted random triples.
        const bool small = f.totalBits() <= 8;
        for (int mode = 0; mode < 7; ++mode)
            for (int variant = 0; variant < 4; ++variant) {
                Digest d, dt;
                if (small) {
                    const std::uint64_t n = std::uint64_t(1) << f.totalBits();
                    for (std::uint64_t a = 0; a < n; ++a)
                        for (std::uint64_t b = 0; b < n; ++b)
                            checkAll(d, dt, f, a, b, g() & f.bitMask(), environment(mode, variant, g()),
                                     ((a ^ b) & 7) == 0);
                } else {
                    for (int i = 0; i < 20000; ++i) {
                        const std::uint64_t a = operand(g, f);
                        const std::uint64_t b = i % 5 == 0 ? (a ^ f.signMask()) ^ (g() % 8) : operand(g, f);
                        const std::uint64_t c = i % 7 == 0 ? a ^ f.signMask() : operand(g, f);
                        checkAll(d, dt, f, a, b, c, environment(mode, variant, g()), i % 8 == 0);
                    }
                }
                std::printf("%s %s v%d %016llx %016llx\n", std::string(f.name()).c_str(),
                            std::string(roundingName(kAllRoundingModes[mode])).c_str(), variant,
                            static_cast<unsigned long long>(d.h), static_cast<unsigned long long>(dt.h));
            }
    }
    digestFast<kFp64>(g, 50000);
    digestFast<kFp32>(g, 50000);
    digestFast<kTf32>(g, 50000);
    digestFast<kFp16>(g, 50000);
    digestFast<kBf16>(g, 50000);
    digestFast<kE4m3>(g, 50000);
    digestFast<kE5m2>(g, 50000);
    digestFast<kE2m1>(g, 20000);
    digestFast<kE8m0>(g, 20000);
    digestFast<kE4m3Fnuz>(g, 20000);
    return 0;
}
