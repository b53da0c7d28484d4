// GEMM problems: validation, element conversion, reproducible random inputs.
#include "gpu/gemm.h"

#include "core/arithmetic.h"
#include "core/random.h"
#include "core/values.h"

#include <bit>
#include <cmath>

namespace fplab::gpu {

namespace {

std::int64_t signExtend(std::uint64_t bits, int width) {
    const std::uint64_t sign = std::uint64_t{1} << (width - 1);
    const std::uint64_t mask = (sign << 1) - 1;
    bits &= mask;
    return static_cast<std::int64_t>((bits ^ sign) - sign);
}

std::uint64_t roundFromDouble(const Format& f, double v) {
    return convert(kFp64, std::bit_cast<std::uint64_t>(v), f).bits;
}

std::string sizeError(const char* what, std::size_t got, std::size_t want) {
    return std::string(what) + " holds " + std::to_string(got) + " elements; the sizes need " + std::to_string(want);
}

} // namespace

std::string checkProblem(const GemmProblem& p) {
    if (p.m <= 0 || p.n <= 0 || p.k <= 0)
        return "m, n and k must be positive (got m=" + std::to_string(p.m) + " n=" + std::to_string(p.n) +
               " k=" + std::to_string(p.k) + ")";
    if (p.m > kMaxHostDimension || p.n > kMaxHostDimension || p.k > kMaxHostDimension)
        return "m, n and k must be at most " + std::to_string(kMaxHostDimension) + " for a GEMM held on the host";
    const auto mk = std::size_t(p.m) * std::size_t(p.k);
    const auto kn = std::size_t(p.k) * std::size_t(p.n);
    const auto mn = std::size_t(p.m) * std::size_t(p.n);
    if (p.a.size() != mk) return sizeError("A", p.a.size(), mk);
    if (p.b.size() != kn) return sizeError("B", p.b.size(), kn);
    if (p.c.size() != mn) return sizeError("C", p.c.size(), mn);
    const auto& info = gemmTypeInfo(p.type);
    const std::uint64_t inMask = info.inputBits == 64 ? ~0ull : (1ull << info.inputBits) - 1;
    const std::uint64_t outMask = info.outputBits == 64 ? ~0ull : (1ull << info.outputBits) - 1;
    for (auto v : p.a)
        if (v & ~inMask) return "A has an element wider than " + std::to_string(info.inputBits) + " bits";
    for (auto v : p.b)
        if (v & ~inMask) return "B has an element wider than " + std::to_string(info.inputBits) + " bits";
    for (auto v : p.c)
        if (v & ~outMask) return "C has an element wider than " + std::to_string(info.outputBits) + " bits";
    return {};
}

double inputToDouble(GemmType type, std::uint64_t bits) {
    const auto& info = gemmTypeInfo(type);
    if (!info.input) return double(signExtend(bits, 8));
    return toDouble(*info.input, bits);
}

double outputToDouble(GemmType type, std::uint64_t bits) {
    const auto& info = gemmTypeInfo(type);
    if (!info.output) return double(signExtend(bits, 32));
    return toDouble(*info.output, bits);
}

std::uint64_t inputFromDouble(GemmType type, double value) {
    const auto& info = gemmTypeInfo(type);
    if (!info.input) {
        const double r = std::nearbyint(std::fmin(127.0, std::fmax(-128.0, value)));
        return std::uint64_t(std::int64_t(r)) & 0xFF;
    }
    return roundFromDouble(*info.input, value);
}

std::uint64_t outputFromDouble(GemmType type, double value) {
    const auto& info = gemmTypeInfo(type);
    if (!info.output) {
        const double r = std::nearbyint(std::fmin(2147483647.0, std::fmax(-2147483648.0, value)));
        return std::uint64_t(std::int64_t(r)) & 0xFFFFFFFFull;
    }
    return roundFromDouble(*info.output, value);
}

GemmProblem makeRandomProblem(const ProblemSpec& spec) {
    GemmProblem p;
    p.type = spec.type;
    p.m = spec.m;
    p.n = spec.n;
    p.k = spec.k;
    if (spec.m <= 0 || spec.n <= 0 || spec.k <= 0) return p; // checkProblem() explains it to the caller
    StochasticStream rng(spec.seed);
    // 53 random bits -> uniform double in [0, 1): the same numbers on every platform.
    auto unit = [&] { return double(rng.next() >> 11) * 0x1.0p-53; };
    auto draw = [&](bool output) -> std::uint64_t {
        if (isIntegerType(spec.type)) {
            const auto r = std::int64_t(rng.next() % 256) - 128;
            const auto v = spec.distribution == Distribution::SmallIntegers ? std::int64_t(rng.next() % 9) - 4 : r;
            return output ? std::uint64_t(v) & 0xFFFFFFFFull : std::uint64_t(v) & 0xFF;
        }
        const double v = spec.distribution == Distribution::SmallIntegers ? double(std::int64_t(rng.next() % 9) - 4)
                                                                          : 2.0 * unit() - 1.0;
        return output ? outputFromDouble(spec.type, v) : inputFromDouble(spec.type, v);
    };
    p.a.resize(std::size_t(spec.m) * spec.k);
    p.b.resize(std::size_t(spec.k) * spec.n);
    p.c.resize(std::size_t(spec.m) * spec.n);
    for (auto& v : p.a) v = draw(false);
    for (auto& v : p.b) v = draw(false);
    for (auto& v : p.c) v = spec.withC ? draw(true) : 0;
    return p;
}

} // namespace fplab::gpu
