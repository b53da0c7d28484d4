#include "core/array_arithmetic.h"

#include "core/arithmetic.h"
#include "core/array_round.h"
#include "core/classify.h"
#include "core/detail/two_sum.h"
#include "core/detail/array_clones.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace fplab {
namespace {

constexpr std::size_t kBlock = 2048;

// A finite float is a value of the format when it is zero, or when its exponent is at most maxExponent, its
// magnitude at most the largest value (maxMagnitude, as float bits) and the bits of its significand below the
// format's last kept bit (shift bits in the normal range from minExponent up, one more per binade below) are
// zero.
FPLAB_ARRAY_CLONES bool allFiniteValues(int shift, int minExponent, int maxExponent, std::uint32_t maxMagnitude,
                                        const float* x, std::size_t n) {
    std::uint32_t bad = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t a = std::bit_cast<std::uint32_t>(x[i]) & 0x7FFFFFFFu;
        const int biased = int(a >> 23);
        const int e = biased - 127;
        const std::uint32_t significand = (a & 0x7FFFFFu) | 0x800000u;
        // At least 24 below the smallest subnormal: the implicit bit is then among them and the check fails.
        const int dropped = std::min(std::max(shift + (minExponent - e), shift), 31);
        const bool isValue = (biased >= 1) & (e <= maxExponent) & (a <= maxMagnitude) &
                             ((significand & ((1u << dropped) - 1)) == 0);
        bad |= (isValue | (a == 0)) ? 0 : 1;
    }
    return bad == 0;
}

// s[i] = a[i] op b[i] in float (nearest-even); inexact[i] = kInexact where the float operation was inexact;
// redo[i] = 1 where float cannot hold the result for one rounding (an overflow, or a product of nonzero values
// below float's normal range: BF16's range is float's). Returns whether any is to redo. Other products are exact;
// a sum's error comes from TwoSum (Knuth), exact when nothing overflows; a sum below the normal range is exact.
template <Operation Op>
FPLAB_ARRAY_INLINE std::uint32_t floatOperation(const float* a, const float* b, float* s, std::uint8_t* inexact,
                                                std::uint8_t* redo, std::size_t n) {
    std::uint32_t anyRedo = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const float x = a[i];
        const float y = Op == Operation::Sub ? -b[i] : b[i];
        float result;
        if constexpr (Op == Operation::Mul) {
            result = x * y;
            inexact[i] = 0;
        } else {
            result = x + y;
            inexact[i] = twoSumError(x, y, result) != 0 ? std::uint8_t{kInexact} : std::uint8_t{0};
        }
        s[i] = result;
        const std::uint32_t magnitude = std::bit_cast<std::uint32_t>(result) & 0x7FFFFFFFu;
        bool again = magnitude >= 0x7F800000u;
        if constexpr (Op == Operation::Mul) again |= (magnitude < 0x00800000u) & (x != 0) & (y != 0);
        redo[i] = again ? 1 : 0;
        anyRedo |= again ? 1 : 0;
    }
    return anyRedo;
}

FPLAB_ARRAY_CLONES std::uint32_t floatOperationFor(Operation op, const float* a, const float* b, float* s,
                                                   std::uint8_t* inexact, std::uint8_t* redo, std::size_t n) {
    switch (op) {
    case Operation::Add: return floatOperation<Operation::Add>(a, b, s, inexact, redo, n);
    case Operation::Sub: return floatOperation<Operation::Sub>(a, b, s, inexact, redo, n);
    default: return floatOperation<Operation::Mul>(a, b, s, inexact, redo, n);
    }
}

// The soft-float operation on two float values of f, its result as float bits.
Result softFloat(Operation op, const Format& f, const Env& env, float x, float y) {
    const std::uint64_t u = convert(kFp32, std::bit_cast<std::uint32_t>(x), f).bits;
    const std::uint64_t v = convert(kFp32, std::bit_cast<std::uint32_t>(y), f).bits;
    const Result r = op == Operation::Add   ? add(f, u, v, env)
                     : op == Operation::Sub ? sub(f, u, v, env)
                                            : mul(f, u, v, env);
    return {convert(f, r.bits, kFp32).bits, r.flags};
}

// flags[i] |= inexact[i]; returns the flags OR-ed.
FPLAB_ARRAY_CLONES std::uint32_t orInexact(Flags* flags, const std::uint8_t* inexact, std::size_t n) {
    std::uint32_t any = 0;
    for (std::size_t i = 0; i < n; ++i) {
        flags[i] = Flags(flags[i] | inexact[i]);
        any |= flags[i];
    }
    return any;
}

// Whether every element of x is a finite value of f.
bool allFiniteValuesOf(const Format& f, const float* x, std::size_t n) {
    const auto maxMagnitude = std::uint32_t(convert(f, maxFiniteBits(f), kFp32).bits);
    return allFiniteValues(23 - f.mantissaBits, f.minExponent(), f.maxExponent(), maxMagnitude, x, n);
}

} // namespace

bool roundsOnceFromFloat(const Format& f, const Env& env) {
    return env.rounding == RoundingMode::NearestEven && f.hasSign && f.hasNegativeZero() && f.subnormals &&
           f.mantissaBits <= 10 && fitsInFloat(f);
}

std::optional<Flags> floatArithmeticArray(Operation op, const Format& f, const Env& env, const float* a, const float* b,
                                          float* out, Flags* flags, std::size_t n) {
    if (!allFiniteValuesOf(f, a, n) || !allFiniteValuesOf(f, b, n)) return std::nullopt;
    float sums[kBlock];
    std::uint8_t inexact[kBlock], redo[kBlock];
    std::uint16_t redoIndex[kBlock];
    Result redone[kBlock];
    Flags all = 0;
    for (std::size_t start = 0; start < n; start += kBlock) {
        const std::size_t m = std::min(kBlock, n - start);
        std::size_t redoCount = 0;
        if (floatOperationFor(op, a + start, b + start, sums, inexact, redo, m) != 0) {
            // Before out, which may be a or b, is written.
            for (std::size_t i = 0; i < m; ++i)
                if (redo[i]) {
                    redoIndex[redoCount] = std::uint16_t(i);
                    redone[redoCount++] = softFloat(op, f, env, a[start + i], b[start + i]);
                }
        }
        roundFloatArray(f, env, sums, out + start, flags + start, m);
        std::uint32_t blockFlags = orInexact(flags + start, inexact, m);
        if (redoCount > 0) {
            for (std::size_t k = 0; k < redoCount; ++k) {
                const std::size_t i = start + redoIndex[k];
                out[i] = std::bit_cast<float>(std::uint32_t(redone[k].bits));
                flags[i] = redone[k].flags;
            }
            blockFlags = 0; // the flags of the elements just redone were OR-ed in too
            for (std::size_t i = 0; i < m; ++i) blockFlags |= flags[start + i];
        }
        all |= Flags(blockFlags);
    }
    return all;
}

} // namespace fplab
