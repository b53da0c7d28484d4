#include "core/array_round.h"

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/detail/array_clones.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>

namespace fplab {
namespace {

constexpr std::size_t kBlock = 2048;

// What the vectorised path needs to know of the target. Floats of at least 2^minExponent whose rounding at
// `shift` bits (their mantissa rounded to the format's) is at most maxMagnitude (as float bits) round to normal
// numbers of the format. Below minExponent (when the format has subnormals) results are multiples of
// `quantum`: the significand rounds at a shift that grows by one per binade.
struct NormalRange {
    int shift = 0;
    int minExponent = 0;
    std::uint32_t maxMagnitude = 0;
    std::uint32_t minNormal = 0; // the float bits of 2^minExponent
    bool subnormals = false;
    bool tininessBefore = false; // Env::tininess
    float quantum = 0;           // 2^(minExponent - mantissa bits), the smallest subnormal
};

// What one pass over a block found: whether any element is left to convert(), and the flags of the others
// OR-ed.
struct PassSummary {
    std::uint32_t anySlow = 0;
    std::uint32_t flags = 0;
};

// Rounds `x` at bit `shift` (1..31) the way roundPack does in RNE, RNA, RTZ, RUP, RDN and RTO; returns x
// with the discarded bits cleared (and the increment applied).
template <RoundingMode M>
FPLAB_ARRAY_INLINE std::uint32_t roundAtShift(std::uint32_t x, std::uint32_t shift, std::uint32_t sign) {
    const std::uint32_t lowMask = (std::uint32_t{1} << shift) - 1;
    const std::uint32_t half = std::uint32_t{1} << (shift - 1);
    const std::uint32_t negative = std::uint32_t{0} - (sign >> 31); // all ones for a negative x
    std::uint32_t add = 0;
    if constexpr (M == RoundingMode::NearestEven) add = half - 1 + ((x >> shift) & 1);
    if constexpr (M == RoundingMode::NearestAway) add = half;
    if constexpr (M == RoundingMode::TowardPositive) add = lowMask & ~negative;
    if constexpr (M == RoundingMode::TowardNegative) add = lowMask & negative;
    std::uint32_t rounded = (x + add) & ~lowMask;
    if constexpr (M == RoundingMode::ToOdd) rounded |= std::uint32_t((x & lowMask) != 0) << shift;
    return rounded;
}

// One block: each element's result in the normal or subnormal range with its flags; slow elements (overflow,
// NaN, infinity, FP32 subnormals) are left unchanged in `out` for convert(). With StoreMarks, flags[i] and
// slow[i] (1: slow) are written per element; without, only the summary is kept, which is all a caller that
// wants no per-element flags needs when no element is slow. `range` is copied: stores through `out` could
// otherwise alias its fields, which stops the vectoriser.
template <RoundingMode M, bool SubnormalLane, bool StoreMarks>
FPLAB_ARRAY_INLINE PassSummary passFor(const NormalRange range, const float* in, float* out, std::uint32_t* flags,
                                       std::uint32_t* slow, std::size_t n) {
    const NormalRange r = range;
    const std::uint32_t lowMask = (1u << r.shift) - 1;
    std::uint32_t anySlow = 0, anyFlags = 0, normalDropped = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t u = std::bit_cast<std::uint32_t>(in[i]);
        const std::uint32_t a = u & 0x7FFFFFFFu;
        const std::uint32_t sign = u & 0x80000000u;
        const int biased = int(a >> 23);
        const int e = biased - 127;
        // Normal results (and, for tiny results, the rounding at unbounded exponent that decides tininess
        // after rounding).
        // (Bitwise & and | below, not && and ||: branches would stop the vectoriser.)
        const std::uint32_t normal = roundAtShift<M>(a, std::uint32_t(r.shift), sign);
        // At most the largest finite value also rules out exponents above the range, infinities and NaNs:
        // rounding is monotonic.
        const bool isNormal = (a >= r.minNormal) & (normal <= r.maxMagnitude);
        const bool normalInexact = (a & lowMask) != 0;
        // Subnormal results: the significand rounded at shift + (minExponent - e) bits, at most 31. A result
        // that rounds up to the smallest normal comes out right too (kept = 2^mantissa bits).
        const std::uint32_t significand = (a & 0x7FFFFFu) | 0x800000u;
        const std::uint32_t tinyShift = std::uint32_t(std::min(std::max(r.shift + (r.minExponent - e), 1), 31));
        const std::uint32_t kept = roundAtShift<M>(significand, tinyShift, sign) >> tinyShift;
        const bool tinyInexact = (significand & ((1u << tinyShift) - 1)) != 0;
        const bool isTiny = SubnormalLane & (biased > 0) & (e < r.minExponent);
        // Underflow: tiny and inexact, tiny before rounding (always here) or after (at unbounded exponent).
        const bool underflow = tinyInexact & (r.tininessBefore | (normal < r.minNormal));
        const std::uint32_t tiny = SubnormalLane ? std::bit_cast<std::uint32_t>(float(std::int32_t(kept)) * r.quantum)
                                                 : 0; // kept < 2^25
        // Selections as masks, not ?: (which GCC 12 does not always if-convert).
        const std::uint32_t normalMask = std::uint32_t{0} - std::uint32_t(isNormal);
        const std::uint32_t tinyMask = std::uint32_t{0} - std::uint32_t(!isNormal & isTiny);
        out[i] = std::bit_cast<float>((normal & normalMask) | (tiny & tinyMask) | (a & ~(normalMask | tinyMask)) |
                                      sign);
        const std::uint32_t tinyFlags = tinyMask & ((std::uint32_t(tinyInexact) * kInexact) |
                                                    (std::uint32_t(underflow) * kUnderflow));
        if constexpr (StoreMarks) {
            const std::uint32_t mark = (isNormal | isTiny | (a == 0)) ? 0 : 1;
            flags[i] = (normalMask & (std::uint32_t(normalInexact) * kInexact)) | tinyFlags;
            slow[i] = mark;
            anySlow |= mark;
        } else {
            // The summary needs only whether a normal result dropped a nonzero bit and whether a nonzero
            // element is neither normal nor tiny: bits OR-ed, fewer operations per element.
            normalDropped |= a & lowMask & normalMask;
            anySlow |= a & ~(normalMask | tinyMask);
        }
        anyFlags |= tinyFlags;
    }
    if constexpr (StoreMarks)
        for (std::size_t i = 0; i < n; ++i) anyFlags |= flags[i];
    else anyFlags |= normalDropped != 0 ? std::uint32_t{kInexact} : 0;
    return {anySlow, anyFlags};
}

template <bool SubnormalLane, bool StoreMarks>
FPLAB_ARRAY_INLINE PassSummary passIn(const NormalRange& r, RoundingMode mode, const float* in, float* out,
                                      std::uint32_t* flags, std::uint32_t* slow, std::size_t n) {
    constexpr bool S = SubnormalLane, K = StoreMarks;
    switch (mode) {
    case RoundingMode::NearestEven: return passFor<RoundingMode::NearestEven, S, K>(r, in, out, flags, slow, n);
    case RoundingMode::NearestAway: return passFor<RoundingMode::NearestAway, S, K>(r, in, out, flags, slow, n);
    case RoundingMode::TowardZero: return passFor<RoundingMode::TowardZero, S, K>(r, in, out, flags, slow, n);
    case RoundingMode::TowardPositive: return passFor<RoundingMode::TowardPositive, S, K>(r, in, out, flags, slow, n);
    case RoundingMode::TowardNegative: return passFor<RoundingMode::TowardNegative, S, K>(r, in, out, flags, slow, n);
    case RoundingMode::ToOdd: return passFor<RoundingMode::ToOdd, S, K>(r, in, out, flags, slow, n);
    case RoundingMode::Stochastic: break; // never called: stochastic rounding takes convert()
    }
    return {1, 0};
}

// The subnormal lane costs as much as the normal one: formats without it (BF16 has no subnormal whose quantum
// is a normal float) get a loop without it. That loop gains from AVX-512, the one with it loses (measured).
FPLAB_ARRAY_CLONES_WIDE PassSummary normalLanePass(bool storeMarks, const NormalRange& r, RoundingMode mode,
                                                   const float* in, float* out, std::uint32_t* flags,
                                                   std::uint32_t* slow, std::size_t n) {
    return storeMarks ? passIn<false, true>(r, mode, in, out, flags, slow, n)
                      : passIn<false, false>(r, mode, in, out, flags, slow, n);
}

FPLAB_ARRAY_CLONES PassSummary subnormalLanePass(bool storeMarks, const NormalRange& r, RoundingMode mode,
                                                 const float* in, float* out, std::uint32_t* flags, std::uint32_t* slow,
                                                 std::size_t n) {
    return storeMarks ? passIn<true, true>(r, mode, in, out, flags, slow, n)
                      : passIn<true, false>(r, mode, in, out, flags, slow, n);
}

// The pass with per-element flags and marks, and the pass that keeps only the summary.
PassSummary markingPass(const NormalRange& r, RoundingMode mode, const float* in, float* out, std::uint32_t* flags,
                        std::uint32_t* slow, std::size_t n) {
    return r.subnormals ? subnormalLanePass(true, r, mode, in, out, flags, slow, n)
                        : normalLanePass(true, r, mode, in, out, flags, slow, n);
}

PassSummary summaryPass(const NormalRange& r, RoundingMode mode, const float* in, float* out, std::size_t n) {
    return r.subnormals ? subnormalLanePass(false, r, mode, in, out, nullptr, nullptr, n)
                        : normalLanePass(false, r, mode, in, out, nullptr, nullptr, n);
}

// The vectorised path covers targets with a sign, a negative zero, at most 22 fraction bits and a normal
// range inside FP32's; -0 and +0 then round to themselves. Subnormal results need their quantum to be a
// normal float.
std::optional<NormalRange> normalRangeOf(const Format& to, const Env& env) {
    if (!to.hasSign || !to.hasNegativeZero() || to.mantissaBits > 22 || to.minExponent() < -126 ||
        to.maxExponent() > 127)
        return std::nullopt;
    NormalRange r;
    r.shift = 23 - to.mantissaBits;
    r.minExponent = to.minExponent();
    r.maxMagnitude = std::uint32_t(convert(to, maxFiniteBits(to), kFp32).bits);
    r.minNormal = std::uint32_t(to.minExponent() + 127) << 23;
    r.tininessBefore = env.tininess == Tininess::BeforeRounding;
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

// The per-block rounding with per-element flags: the marking pass, then convert() for the slow elements.
void roundBlock(const Format& to, const Env& env, const NormalRange& range, const float* in, float* out,
                std::uint32_t* flags, std::uint32_t* slow, std::size_t n) {
    if (markingPass(range, env.rounding, in, out, flags, slow, n).anySlow == 0) return;
    for (std::size_t i = 0; i < n; ++i) {
        if (!slow[i]) continue;
        const Result r = roundOne(to, std::bit_cast<std::uint32_t>(in[i]), env);
        out[i] = std::bit_cast<float>(std::uint32_t(r.bits));
        flags[i] = r.flags;
    }
}

// Without per-element flags: the summary pass over spans of kSpan elements (fewer calls than blocks: it pays
// when memory bandwidth is the limit). A span with a slow element is done again block by block with marks:
// its slow elements are still unchanged in `out` (so when in and out are one array, `in` still holds them),
// and the others round again to themselves exactly, so the summary's flags are OR-ed in.
Flags roundWithoutElementFlags(const Format& to, const Env& env, const NormalRange& range, const float* in, float* out,
                               std::size_t n) {
    constexpr std::size_t kSpan = 8 * kBlock;
    std::uint32_t blockFlags[kBlock], slow[kBlock];
    std::uint32_t all = 0;
    for (std::size_t start = 0; start < n; start += kSpan) {
        const std::size_t m = std::min(kSpan, n - start);
        const PassSummary summary = summaryPass(range, env.rounding, in + start, out + start, m);
        all |= summary.flags;
        if (summary.anySlow == 0) continue;
        for (std::size_t block = start; block < start + m; block += kBlock) {
            const std::size_t size = std::min(kBlock, start + m - block);
            roundBlock(to, env, range, in + block, out + block, blockFlags, slow, size);
            for (std::size_t i = 0; i < size; ++i) all |= blockFlags[i];
        }
    }
    return Flags(all);
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
                                                                                      : normalRangeOf(to, env);
    if (range && !flags) return roundWithoutElementFlags(to, env, *range, in, out, n);
    // 32-bit flags and marks: the vectoriser handles one element width far better than mixed ones.
    std::uint32_t blockFlags[kBlock], slow[kBlock];
    for (std::size_t start = 0; start < n; start += kBlock) {
        const std::size_t m = std::min(kBlock, n - start);
        const float* blockIn = in + start;
        float* blockOut = out + start;
        if (range) {
            roundBlock(to, env, *range, blockIn, blockOut, blockFlags, slow, m);
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
