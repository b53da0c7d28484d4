// Casting to E4M3 / E5M2 on the host float's bits (the training modes cast every GEMM operand each step).
#include "core/blockscale/fp8_element.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cmath>

namespace fplab::blockscale {

namespace {

// Nearest even to an element with `mantissa` bits and smallest normal exponent `minExp`, for finite
// |v| below the saturation limit: normal results by rounding the float's bits (a carry moves into the
// exponent as it should), subnormal ones on the fixed grid 2^(minExp - mantissa), where v times a power
// of two is exact and nearbyint rounds to even (the default rounding mode). fp8_element_test holds
// this against the soft-float core's conversion.
float powerOfTwo(int e) { return std::bit_cast<float>(std::uint32_t(e + 127) << 23); } // a normal float: |e| <= 126

float roundToElement(float v, int mantissa, int minExp) {
    const float magnitude = std::fabs(v);
    if (magnitude < powerOfTwo(minExp)) {
        const int gridExp = minExp - mantissa; // scaling by 2^-gridExp and back is exact both ways here
        return std::nearbyint(v * powerOfTwo(-gridExp)) * powerOfTwo(gridExp);
    }
    const int drop = 23 - mantissa;
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(v);
    const std::uint32_t half = (std::uint32_t{1} << (drop - 1)) - 1 + ((bits >> drop) & 1);
    return std::bit_cast<float>((bits + half) & ~((std::uint32_t{1} << drop) - 1));
}

} // namespace

std::string_view fp8ElementName(Fp8Element e) { return e == Fp8Element::E4m3 ? "e4m3" : "e5m2"; }

std::optional<Fp8Element> parseFp8Element(std::string_view s) {
    if (s == "e4m3") return Fp8Element::E4m3;
    if (s == "e5m2") return Fp8Element::E5m2;
    return std::nullopt;
}

float fp8Max(Fp8Element e) { return e == Fp8Element::E4m3 ? 448.0f : 57344.0f; }

namespace {

inline Fp8Cast castOne(float x, float scale, Fp8Element e) {
    Fp8Cast c;
    const float v = x / scale;
    if (std::isnan(v)) {
        c.value = v;
        return c;
    }
    const float max = fp8Max(e);
    // Below max + half its gap (448 + 16, 57344 + 4096) nearest even gives max anyway: not saturation.
    const float limit = max + (e == Fp8Element::E4m3 ? 16.0f : 4096.0f);
    if (std::fabs(v) >= limit) {
        c.saturated = true;
        c.value = std::copysign(max, v);
        return c;
    }
    c.value = std::fabs(v) > max      ? std::copysign(max, v)
              : e == Fp8Element::E4m3 ? roundToElement(v, 3, -6)
                                      : roundToElement(v, 2, -14);
    c.flushed = x != 0 && c.value == 0;
    return c;
}

} // namespace

Fp8Cast castToFp8(float x, float scale, Fp8Element e) { return castOne(x, scale, e); }

namespace {

// A normal result (2^minExp <= |v| <= max) rounded on the float's bits, as roundToElement does.
template <int Mantissa>
float roundNormal(float v) {
    constexpr int drop = 23 - Mantissa;
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(v);
    const std::uint32_t half = (std::uint32_t{1} << (drop - 1)) - 1 + ((bits >> drop) & 1);
    return std::bit_cast<float>((bits + half) & ~((std::uint32_t{1} << drop) - 1));
}

// The casts of one run with one scale: a first pass, which the compiler vectorises, takes every element
// to be in the normal range; a second recasts the others (zero, subnormal, above max, NaN) one by one.
// PerElement: element i has scale[i] (blocks one element wide); otherwise every element has scale[0].
template <int Mantissa, int MinExp, bool PerElement>
void castRun(const float* x, std::size_t n, const float* scale, Fp8Element e, float* out, Fp8CastCounts& counts) {
    const std::uint32_t lowest = std::uint32_t(127 + MinExp) << 23;
    const std::uint32_t highest = std::bit_cast<std::uint32_t>(fp8Max(e));
    std::int64_t nonzero = 0;
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = roundNormal<Mantissa>(x[i] / scale[PerElement ? i : 0]);
        nonzero += x[i] != 0;
    }
    counts.nonzero += nonzero;
    for (std::size_t i = 0; i < n; ++i) {
        const float s = scale[PerElement ? i : 0];
        const std::uint32_t magnitude = std::bit_cast<std::uint32_t>(x[i] / s) & 0x7FFFFFFFu;
        if (magnitude >= lowest && magnitude <= highest) continue;
        const Fp8Cast q = castOne(x[i], s, e);
        out[i] = q.value;
        counts.saturated += q.saturated;
        counts.flushed += q.flushed;
    }
}

} // namespace

void castRowToFp8(const float* x, std::size_t n, const float* scales, std::size_t blockLen, Fp8Element e, float* out,
                  Fp8CastCounts& counts) {
    if (blockLen == 1) {
        if (e == Fp8Element::E4m3) castRun<3, -6, true>(x, n, scales, e, out, counts);
        else castRun<2, -14, true>(x, n, scales, e, out, counts);
        return;
    }
    for (std::size_t i0 = 0, b = 0; i0 < n; i0 += blockLen, ++b) {
        const std::size_t len = std::min(n - i0, blockLen);
        if (e == Fp8Element::E4m3) castRun<3, -6, false>(x + i0, len, scales + b, e, out + i0, counts);
        else castRun<2, -14, false>(x + i0, len, scales + b, e, out + i0, counts);
    }
}

} // namespace fplab::blockscale
