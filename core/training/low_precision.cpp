// Rounding through the soft-float core (fplab::fast::convert) and the FP16-window counts.
#include "core/training/low_precision.h"

#include "core/arithmetic.h"
#include "core/fast.h"

#include <bit>
#include <cmath>
#include <vector>

namespace fplab::training {

namespace {

// FP16 bits to float, filled once by the soft-float core (the conversion up is exact).
const float* fp16Decode() {
    static const std::vector<float> table = [] {
        std::vector<float> t(65536);
        for (std::uint32_t h = 0; h < 65536; ++h)
            t[h] = std::bit_cast<float>(std::uint32_t(fast::convert<kFp16, kFp32>(h).bits));
        return t;
    }();
    return table.data();
}

inline std::uint32_t bitsOf(float x) { return std::bit_cast<std::uint32_t>(x); }

inline float fp16Round(const float* decode, float x) { return decode[fast::convert<kFp32, kFp16>(bitsOf(x)).bits]; }

} // namespace

Rounding roundingFor(DType type) {
    switch (type) {
    case DType::Float16: return Rounding::Fp16;
    case DType::BFloat16: return Rounding::Bf16;
    case DType::Float32:
    case DType::Float8E4M3: // FP8 needs a scale: Fp8TensorScaling casts those tensors
    case DType::Float8E5M2: break;
    }
    return Rounding::None;
}

float roundToFp16(float x) { return fp16Round(fp16Decode(), x); }

// Nearest even on the float's bits (a carry into the exponent gives the next binade or infinity, as it
// should); a NaN keeps its sign and top payload bits and becomes quiet. Branch-free, so the loops over
// a tensor vectorise; low_precision_oracle_test holds it to GNU MPFR, low_precision_test every NaN to the
// core's conversion.
float roundToBf16(float x) {
    const std::uint32_t b = bitsOf(x);
    const bool nan = (b & 0x7FFFFFFFu) > 0x7F800000u;
    const std::uint32_t r = nan ? (b | 0x00400000u) : b + 0x7FFFu + ((b >> 16) & 1);
    return std::bit_cast<float>(r & 0xFFFF0000u);
}

float roundToTf32(float x) {
    return std::bit_cast<float>(std::uint32_t(tf32ToFp32Container(fast::convert<kFp32, kTf32>(bitsOf(x)).bits)));
}

float roundValue(Rounding r, float x) {
    switch (r) {
    case Rounding::Fp16: return roundToFp16(x);
    case Rounding::Bf16: return roundToBf16(x);
    case Rounding::Tf32: return roundToTf32(x);
    case Rounding::None: break;
    }
    return x;
}

void roundInPlace(Rounding r, float* data, std::size_t n) {
    switch (r) {
    case Rounding::None: return;
    case Rounding::Fp16: {
        const float* decode = fp16Decode();
        for (std::size_t i = 0; i < n; ++i) data[i] = fp16Round(decode, data[i]);
        return;
    }
    case Rounding::Bf16:
        for (std::size_t i = 0; i < n; ++i) data[i] = roundToBf16(data[i]);
        return;
    case Rounding::Tf32:
        for (std::size_t i = 0; i < n; ++i) data[i] = roundToTf32(data[i]);
        return;
    }
}

Fp16Fate fp16Fate(float x) {
    const float m = std::fabs(x);
    if (!(m <= 3.4028235e38f)) return Fp16Fate::NonFinite;
    if (m == 0) return Fp16Fate::Zero;
    if (m <= 0x1p-25f) return Fp16Fate::Underflow;
    if (m < 0x1p-14f - 0x1p-25f) return Fp16Fate::Subnormal;
    if (m >= 65520.0f) return Fp16Fate::Overflow;
    return Fp16Fate::Normal;
}

namespace {
double fractionOf(std::int64_t part, std::int64_t whole) { return whole > 0 ? double(part) / double(whole) : 0.0; }
} // namespace

double Fp16WindowCounts::underflowFraction() const { return fractionOf(underflow, nonzero()); }
double Fp16WindowCounts::subnormalFraction() const { return fractionOf(subnormal, nonzero()); }
double Fp16WindowCounts::overflowFraction() const { return fractionOf(overflow, nonzero()); }

Fp16WindowCounts& Fp16WindowCounts::operator+=(const Fp16WindowCounts& o) {
    elements += o.elements;
    zero += o.zero;
    underflow += o.underflow;
    subnormal += o.subnormal;
    overflow += o.overflow;
    nonFinite += o.nonFinite;
    return *this;
}

void ExponentHistogram::add(float v) {
    const float m = std::fabs(v);
    if (m == 0) {
        ++zeros;
        return;
    }
    if (!(m <= 3.4028235e38f)) {
        ++nonFinite;
        return;
    }
    // The exponent field is enough: subnormal floats (below 2^-126) land in the lowest bin anyway.
    const int field = int((bitsOf(m) >> 23) & 0xFF);
    const int e = field == 0 ? kMinExponent : field - 127;
    const int clamped = e < kMinExponent ? kMinExponent : (e > kMaxExponent ? kMaxExponent : e);
    ++bins[std::size_t(clamped - kMinExponent)];
}

ExponentHistogram& ExponentHistogram::operator+=(const ExponentHistogram& o) {
    for (std::size_t i = 0; i < bins.size(); ++i) bins[i] += o.bins[i];
    zeros += o.zeros;
    nonFinite += o.nonFinite;
    return *this;
}

void castGradient(Rounding r, float* data, std::size_t n, Fp16WindowCounts* counts, ExponentHistogram* histogram) {
    if (counts) {
        Fp16WindowCounts c;
        c.elements = std::int64_t(n);
        for (std::size_t i = 0; i < n; ++i) {
            switch (fp16Fate(data[i])) {
            case Fp16Fate::Zero: ++c.zero; break;
            case Fp16Fate::Underflow: ++c.underflow; break;
            case Fp16Fate::Subnormal: ++c.subnormal; break;
            case Fp16Fate::Overflow: ++c.overflow; break;
            case Fp16Fate::NonFinite: ++c.nonFinite; break;
            case Fp16Fate::Normal: break;
            }
        }
        *counts += c;
    }
    if (histogram)
        for (std::size_t i = 0; i < n; ++i) histogram->add(data[i]);
    roundInPlace(r, data, n);
}

} // namespace fplab::training
