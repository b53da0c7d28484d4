// Rounding float tensors to FP16, BF16 and TF32 through the soft-float core (values of
// those types are exact in a float), and the FP16-window statistics of gradients.
#pragma once

#include "core/training/precision_policy.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace fplab::training {

enum class Rounding : std::uint8_t { None, Fp16, Bf16, Tf32 };

// The rounding that produces a tensor of this type (Float32: none).
Rounding roundingFor(DType type);

// Round to nearest even, as fplab::fast::convert<kFp32, X> does, returned as the (exact) float.
float roundToFp16(float x);
float roundToBf16(float x);
float roundToTf32(float x);
float roundValue(Rounding r, float x);
void roundInPlace(Rounding r, float* data, std::size_t n);

// Where a value lands in FP16 when rounded to nearest even: the thresholds are the midpoints
// 2^-25 (zero / smallest subnormal), 2^-14 - 2^-25 (largest subnormal / smallest normal) and
// 65520 (65504 / infinity); ties go to the even side (zero, 2^-14 and infinity).
enum class Fp16Fate : std::uint8_t { Zero, Underflow, Subnormal, Normal, Overflow, NonFinite };
Fp16Fate fp16Fate(float x);

// Counts of gradient elements against the FP16 window, taken before the rounding.
struct Fp16WindowCounts {
    std::int64_t elements = 0;
    std::int64_t zero = 0;      // exactly zero already (a ReLU mask, an upstream underflow)
    std::int64_t underflow = 0; // nonzero, rounds to zero
    std::int64_t subnormal = 0; // rounds to an FP16 subnormal (precision lost)
    std::int64_t overflow = 0;  // finite, rounds to infinity
    std::int64_t nonFinite = 0; // inf or NaN already

    std::int64_t nonzero() const { return elements - zero; }
    // Fractions of the nonzero elements.
    double underflowFraction() const;
    double subnormalFraction() const;
    double overflowFraction() const;
    Fp16WindowCounts& operator+=(const Fp16WindowCounts& o);
};

// Gradient magnitudes by binary exponent: bin e counts values with 2^e <= |v| < 2^(e+1);
// the end bins also hold everything beyond them.
struct ExponentHistogram {
    static constexpr int kMinExponent = -64;
    static constexpr int kMaxExponent = 31;
    static constexpr int kBins = kMaxExponent - kMinExponent + 1;
    std::array<std::int64_t, kBins> bins{};
    std::int64_t zeros = 0;
    std::int64_t nonFinite = 0;

    void add(float v);
    std::int64_t at(int exponent) const { return bins[std::size_t(exponent - kMinExponent)]; }
    ExponentHistogram& operator+=(const ExponentHistogram& o);
};

// Counts where each element would land in FP16 (and histograms it), then rounds it as `r` says.
// This is every point where autocast's backward produces a low-precision gradient; in FP32 runs
// the same points are only counted.
void castGradient(Rounding r, float* data, std::size_t n, Fp16WindowCounts* counts, ExponentHistogram* histogram);

} // namespace fplab::training
