#include "core/array_round.h"

#include "core/arithmetic.h"
#include "core/classify.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace fplab {
namespace {

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
#define FPLAB_ARRAY_CLONES [[gnu::target_clones("avx2", "default")]]
#define FPLAB_ARRAY_INLINE [[gnu::always_inline]] inline
#else
#define FPLAB_ARRAY_CLONES
#define FPLAB_ARRAY_INLINE inline
#endif

constexpr std::size_t kBlock = 2048;

// What the vectorised path needs to know of the target: results whose exponent lies in [minExponent,
// maxExponent] and whose magnitude (as float bits) is at most maxMagnitude are normal numbers of the
// format, and rounding a float to them is rounding its mantissa at `shift` bits.
struct NormalRange {
    int shift = 0;
    std::uint32_t lowMask = 0;
    std::uint32_t half = 0;
    int minExponent = 0;
    int maxExponent = 0;
    std::uint32_t maxMagnitude = 0;
};

// Rounds the magnitude `a` at the range's shift; RNE, RNA, RTZ, RUP, RDN and RTO as roundPack does.
template <RoundingMode M>
FPLAB_ARRAY_INLINE std::uint32_t roundMagnitude(const NormalRange& r, std::uint32_t a, std::uint32_t sign) {
    const std::uint32_t rem = a & r.lowMask;
    std::uint32_t add = 0;
    if constexpr (M == RoundingMode::NearestEven) add = r.half == 0 ? 0 : r.half - 1 + ((a >> r.shift) & 1);
    if constexpr (M == RoundingMode::NearestAway) add = r.half;
    if constexpr (M == RoundingMode::TowardPositive) add = sign ? 0 : r.lowMask;
    if constexpr (M == RoundingMode::TowardNegative) add = sign ? r.lowMask : 0;
    std::uint32_t rounded = (a + add) & ~r.lowMask;
    if constexpr (M == RoundingMode::ToOdd) rounded |= (rem != 0 ? r.lowMask + 1 : 0);
    return rounded;
}

// One block: the result of every element in the normal range, its flags, and which elements need convert().
// `range` is copied: the stores through `out` could otherwise alias its fields, which stops the vectoriser.
template <RoundingMode M>
FPLAB_ARRAY_INLINE void normalPassFor(const NormalRange range, const std::uint32_t* in, std::uint32_t* out,
                                      std::uint32_t* flags, std::uint32_t* slow, std::size_t n) {
    const NormalRange r = range;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t u = in[i];
        const std::uint32_t a = u & 0x7FFFFFFFu;
        const std::uint32_t sign = u & 0x80000000u;
        const int e = int(a >> 23) - 127;
        const std::uint32_t rounded = roundMagnitude<M>(r, a, sign);
        const bool normal = e >= r.minExponent && e <= r.maxExponent && rounded <= r.maxMagnitude;
        out[i] = rounded | sign;
        flags[i] = (a & r.lowMask) != 0 ? std::uint32_t{kInexact} : 0;
        slow[i] = normal || a == 0 ? 0 : 1;
    }
}

FPLAB_ARRAY_CLONES void normalPass(const NormalRange& r, RoundingMode mode, const std::uint32_t* in,
                                   std::uint32_t* out, std::uint32_t* flags, std::uint32_t* slow, std::size_t n) {
    switch (mode) {
    case RoundingMode::NearestEven: normalPassFor<RoundingMode::NearestEven>(r, in, out, flags, slow, n); break;
    case RoundingMode::NearestAway: normalPassFor<RoundingMode::NearestAway>(r, in, out, flags, slow, n); break;
    case RoundingMode::TowardZero: normalPassFor<RoundingMode::TowardZero>(r, in, out, flags, slow, n); break;
    case RoundingMode::TowardPositive: normalPassFor<RoundingMode::TowardPositive>(r, in, out, flags, slow, n); break;
    case RoundingMode::TowardNegative: normalPassFor<RoundingMode::TowardNegative>(r, in, out, flags, slow, n); break;
    case RoundingMode::ToOdd: normalPassFor<RoundingMode::ToOdd>(r, in, out, flags, slow, n); break;
    case RoundingMode::Stochastic: break; // never called: stochastic rounding takes convert()
    }
}

// The vectorised path covers targets with a sign, a negative zero, at most 23 fraction bits and a normal
// range inside FP32's; -0 and +0 then round to themselves.
std::optional<NormalRange> normalRangeOf(const Format& to) {
    if (!to.hasSign || !to.hasNegativeZero() || to.mantissaBits > 23 || to.minExponent() < -126 ||
        to.maxExponent() > 127)
        return std::nullopt;
    NormalRange r;
    r.shift = 23 - to.mantissaBits;
    r.lowMask = (std::uint32_t{1} << r.shift) - 1;
    r.half = r.shift == 0 ? 0 : std::uint32_t{1} << (r.shift - 1);
    r.minExponent = to.minExponent();
    r.maxExponent = to.maxExponent();
    r.maxMagnitude = std::uint32_t(convert(to, maxFiniteBits(to), kFp32).bits);
    return r;
}

// convert() and back to a float, exactly (the format fits in a float).
Result roundOne(const Format& to, std::uint32_t u, const Env& env) {
    const Result r = convert(kFp32, u, to, env);
    return {convert(to, r.bits, kFp32).bits, r.flags};
}

} // namespace

bool fitsInFloat(const Format& f) {
    return f.mantissaBits <= 23 && f.maxExponent() <= 127 && f.minExponent() - f.mantissaBits >= -149;
}

bool fitsInDouble(const Format& f) {
    return f.mantissaBits <= 52 && f.maxExponent() <= 1023 && f.minExponent() - f.mantissaBits >= -1074;
}

Flags roundFloatArray(const Format& to, const Env& env, const float* in, float* out, Flags* flags, std::size_t n,
                      StochasticStream* stream) {
    Flags all = 0;
    const std::optional<NormalRange> range =
        env.rounding == RoundingMode::Stochastic ? std::nullopt : normalRangeOf(to);
    std::uint32_t inBits[kBlock], outBits[kBlock];
    // 32-bit flags and marks: the vectoriser handles one element width far better than mixed ones.
    std::uint32_t blockFlags[kBlock], slow[kBlock];
    for (std::size_t start = 0; start < n; start += kBlock) {
        const std::size_t m = std::min(kBlock, n - start);
        std::memcpy(inBits, in + start, m * sizeof(float));
        if (range) {
            normalPass(*range, env.rounding, inBits, outBits, blockFlags, slow, m);
            for (std::size_t i = 0; i < m; ++i) {
                if (!slow[i]) continue;
                const Result r = roundOne(to, inBits[i], env);
                outBits[i] = std::uint32_t(r.bits);
                blockFlags[i] = r.flags;
            }
        } else {
            for (std::size_t i = 0; i < m; ++i) {
                const Result r = roundOne(to, inBits[i], stream ? stream->nextEnv(env) : env);
                outBits[i] = std::uint32_t(r.bits);
                blockFlags[i] = r.flags;
            }
        }
        std::memcpy(out + start, outBits, m * sizeof(float));
        Flags blockAll = 0;
        for (std::size_t i = 0; i < m; ++i) blockAll |= blockFlags[i];
        all |= blockAll;
        if (flags)
            for (std::size_t i = 0; i < m; ++i) flags[start + i] = Flags(blockFlags[i]);
    }
    return all;
}

} // namespace fplab
