#include "core/array_arithmetic.h"

#include "core/arithmetic.h"
#include "core/array_round.h"
#include "core/classify.h"
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

// s[i] = a[i] op b[i] in float (nearest-even); inexact[i] = kInexact where the float operation was inexact.
// Products of the formats admitted are exact; a sum's error comes from TwoSum (Knuth), exact when nothing
// overflows.
template <Operation Op>
FPLAB_ARRAY_INLINE void floatOperation(const float* a, const float* b, float* s, std::uint8_t* inexact,
                                       std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        const float x = a[i];
        const float y = Op == Operation::Sub ? -b[i] : b[i];
        if constexpr (Op == Operation::Mul) {
            s[i] = x * y;
            inexact[i] = 0;
        } else {
            const float sum = x + y;
            const float yPart = sum - x;
            const float error = (x - (sum - yPart)) + (y - yPart);
            s[i] = sum;
            inexact[i] = error != 0 ? std::uint8_t{kInexact} : std::uint8_t{0};
        }
    }
}

FPLAB_ARRAY_CLONES void floatOperationFor(Operation op, const float* a, const float* b, float* s,
                                          std::uint8_t* inexact, std::size_t n) {
    switch (op) {
    case Operation::Add: floatOperation<Operation::Add>(a, b, s, inexact, n); break;
    case Operation::Sub: floatOperation<Operation::Sub>(a, b, s, inexact, n); break;
    default: floatOperation<Operation::Mul>(a, b, s, inexact, n); break;
    }
}

FPLAB_ARRAY_CLONES std::uint32_t orInexact(Flags* flags, const std::uint8_t* inexact, std::size_t n) {
    std::uint32_t any = 0;
    for (std::size_t i = 0; i < n; ++i) {
        flags[i] = Flags(flags[i] | inexact[i]);
        any |= inexact[i];
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
           f.mantissaBits <= 10 && f.minExponent() - f.mantissaBits >= -63 && f.maxExponent() <= 63;
}

std::optional<Flags> floatArithmeticArray(Operation op, const Format& f, const Env& env, const float* a,
                                          const float* b, float* out, Flags* flags, std::size_t n) {
    if (!allFiniteValuesOf(f, a, n) || !allFiniteValuesOf(f, b, n)) return std::nullopt;
    float sums[kBlock];
    std::uint8_t inexact[kBlock];
    Flags all = 0;
    for (std::size_t start = 0; start < n; start += kBlock) {
        const std::size_t m = std::min(kBlock, n - start);
        floatOperationFor(op, a + start, b + start, sums, inexact, m);
        all |= roundFloatArray(f, env, sums, out + start, flags + start, m);
        all |= Flags(orInexact(flags + start, inexact, m));
    }
    return all;
}

} // namespace fplab
