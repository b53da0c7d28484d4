#include "core/array_round.h"

#include "core/arithmetic.h"
#include "core/classify.h"

#include <algorithm>
#include <bit>
#include <cmath>
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

// What the vectorised path needs to know of the target. Results whose exponent lies in [minExponent,
// maxExponent] and whose magnitude (as float bits) is at most maxMagnitude are normal numbers of the
// format: rounding a float to them rounds its mantissa at `shift` bits. Below minExponent (when the
// format has subnormals) results are multiples of `quantum`: the significand rounds at a shift that grows
// by one per binade.
struct NormalRange {
    int shift = 0;
    int minExponent = 0;
    int maxExponent = 0;
    std::uint32_t maxMagnitude = 0;
    bool subnormals = false;
    float quantum = 0; // 2^(minExponent - mantissa bits), the smallest subnormal
};

// Rounds `x` at bit `shift` (1..31) the way roundPack does in RNE, RNA, RTZ, RUP, RDN and RTO; returns x
// with the discarded bits cleared (and the increment applied).
template <RoundingMode M>
FPLAB_ARRAY_INLINE std::uint32_t roundAtShift(std::uint32_t x, std::uint32_t shift, std::uint32_t sign) {
    const std::uint32_t lowMask = (std::uint32_t{1} << shift) - 1;
    const std::uint32_t half = std::uint32_t{1} << (shift - 1);
    std::uint32_t add = 0;
    if constexpr (M == RoundingMode::NearestEven) add = half - 1 + ((x >> shift) & 1);
    if constexpr (M == RoundingMode::NearestAway) add = half;
    if constexpr (M == RoundingMode::TowardPositive) add = sign ? 0 : lowMask;
    if constexpr (M == RoundingMode::TowardNegative) add = sign ? lowMask : 0;
    std::uint32_t rounded = (x + add) & ~lowMask;
    if constexpr (M == RoundingMode::ToOdd) rounded |= ((x & lowMask) != 0 ? lowMask + 1 : 0);
    return rounded;
}

// One block: each element's result in the normal or subnormal range with its flags; slow[i] marks the
// elements left to convert() (tiny results that might not be tiny after rounding, overflow, NaN, infinity,
// FP32 subnormals). Returns whether any is marked. `range` is copied: stores through `out` could otherwise
// alias its fields, which stops the vectoriser.
template <RoundingMode M, bool SubnormalLane>
FPLAB_ARRAY_INLINE std::uint32_t passFor(const NormalRange range, const float* in, float* out, std::uint32_t* flags,
                                         std::uint32_t* slow, std::size_t n) {
    const NormalRange r = range;
    std::uint32_t anySlow = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t u = std::bit_cast<std::uint32_t>(in[i]);
        const std::uint32_t a = u & 0x7FFFFFFFu;
        const std::uint32_t sign = u & 0x80000000u;
        const int biased = int(a >> 23);
        const int e = biased - 127;
        // Normal results.
        // (Bitwise & and | below, not && and ||: branches would stop the vectoriser.)
        const std::uint32_t normal = roundAtShift<M>(a, std::uint32_t(r.shift), sign);
        const bool isNormal = (e >= r.minExponent) & (e <= r.maxExponent) & (normal <= r.maxMagnitude);
        const bool normalInexact = (a & ((1u << r.shift) - 1)) != 0;
        // Subnormal results: the significand rounded at shift + (minExponent - e) bits, at most 31.
        const std::uint32_t significand = (a & 0x7FFFFFu) | 0x800000u;
        const std::uint32_t tinyShift = std::uint32_t(std::min(std::max(r.shift + (r.minExponent - e), 1), 31));
        const std::uint32_t kept = roundAtShift<M>(significand, tinyShift, sign) >> tinyShift;
        const bool tinyInexact = (significand & ((1u << tinyShift) - 1)) != 0;
        // Tiny before rounding, and surely tiny after: two binades below the normal range, or exact.
        const bool isTiny = SubnormalLane & (biased > 0) & (e < r.minExponent) &
                            ((e <= r.minExponent - 2) | !tinyInexact);
        const std::uint32_t tiny = SubnormalLane ? std::bit_cast<std::uint32_t>(float(std::int32_t(kept)) * r.quantum)
                                                 : 0; // kept < 2^25
        out[i] = std::bit_cast<float>((isNormal ? normal : isTiny ? tiny : a) | sign);
        flags[i] = isNormal ? (normalInexact ? std::uint32_t{kInexact} : 0)
                            : (isTiny && tinyInexact ? std::uint32_t{kInexact | kUnderflow} : 0);
        const std::uint32_t mark = (isNormal | isTiny | (a == 0)) ? 0 : 1;
        slow[i] = mark;
        anySlow |= mark;
    }
    return anySlow;
}

// The subnormal lane costs as much as the normal one: formats without it (BF16 has no subnormal whose quantum
// is a normal float) get a loop without it.
template <RoundingMode M>
FPLAB_ARRAY_INLINE std::uint32_t lanes(const NormalRange& r, const float* in, float* out, std::uint32_t* flags,
                                       std::uint32_t* slow, std::size_t n) {
    return r.subnormals ? passFor<M, true>(r, in, out, flags, slow, n) : passFor<M, false>(r, in, out, flags, slow, n);
}

FPLAB_ARRAY_CLONES std::uint32_t pass(const NormalRange& r, RoundingMode mode, const float* in, float* out,
                                      std::uint32_t* flags, std::uint32_t* slow, std::size_t n) {
    switch (mode) {
    case RoundingMode::NearestEven: return lanes<RoundingMode::NearestEven>(r, in, out, flags, slow, n);
    case RoundingMode::NearestAway: return lanes<RoundingMode::NearestAway>(r, in, out, flags, slow, n);
    case RoundingMode::TowardZero: return lanes<RoundingMode::TowardZero>(r, in, out, flags, slow, n);
    case RoundingMode::TowardPositive: return lanes<RoundingMode::TowardPositive>(r, in, out, flags, slow, n);
    case RoundingMode::TowardNegative: return lanes<RoundingMode::TowardNegative>(r, in, out, flags, slow, n);
    case RoundingMode::ToOdd: return lanes<RoundingMode::ToOdd>(r, in, out, flags, slow, n);
    case RoundingMode::Stochastic: break; // never called: stochastic rounding takes convert()
    }
    return 1;
}

// The vectorised path covers targets with a sign, a negative zero, at most 22 fraction bits and a normal
// range inside FP32's; -0 and +0 then round to themselves. Subnormal results need their quantum to be a
// normal float.
std::optional<NormalRange> normalRangeOf(const Format& to) {
    if (!to.hasSign || !to.hasNegativeZero() || to.mantissaBits > 22 || to.minExponent() < -126 ||
        to.maxExponent() > 127)
        return std::nullopt;
    NormalRange r;
    r.shift = 23 - to.mantissaBits;
    r.minExponent = to.minExponent();
    r.maxExponent = to.maxExponent();
    r.maxMagnitude = std::uint32_t(convert(to, maxFiniteBits(to), kFp32).bits);
    r.subnormals = to.subnormals && to.minExponent() - to.mantissaBits >= -126;
    // Without a subnormal lane the product is computed and dropped: keep it away from FP32 subnormals, which
    // cost the processor a microcode assist per element.
    r.quantum = r.subnormals ? std::ldexp(1.0f, to.minExponent() - to.mantissaBits) : 1.0f;
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
    const std::optional<NormalRange> range = env.rounding == RoundingMode::Stochastic ? std::nullopt
                                                                                      : normalRangeOf(to);
    // 32-bit flags and marks: the vectoriser handles one element width far better than mixed ones.
    std::uint32_t blockFlags[kBlock], slow[kBlock];
    for (std::size_t start = 0; start < n; start += kBlock) {
        const std::size_t m = std::min(kBlock, n - start);
        const float* blockIn = in + start;
        float* blockOut = out + start;
        if (range) {
            if (pass(*range, env.rounding, blockIn, blockOut, blockFlags, slow, m) != 0) {
                for (std::size_t i = 0; i < m; ++i) {
                    if (!slow[i]) continue;
                    const Result r = roundOne(to, std::bit_cast<std::uint32_t>(blockIn[i]), env);
                    blockOut[i] = std::bit_cast<float>(std::uint32_t(r.bits));
                    blockFlags[i] = r.flags;
                }
            }
        } else {
            for (std::size_t i = 0; i < m; ++i) {
                const Result r = roundOne(to, std::bit_cast<std::uint32_t>(blockIn[i]),
                                          stream ? stream->nextEnv(env) : env);
                blockOut[i] = std::bit_cast<float>(std::uint32_t(r.bits));
                blockFlags[i] = r.flags;
            }
        }
        std::uint32_t blockAll = 0;
        for (std::size_t i = 0; i < m; ++i) blockAll |= blockFlags[i];
        all |= Flags(blockAll);
        if (flags)
            for (std::size_t i = 0; i < m; ++i) flags[start + i] = Flags(blockFlags[i]);
    }
    return all;
}

} // namespace fplab
