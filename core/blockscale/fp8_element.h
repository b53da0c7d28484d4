// The two FP8 element formats of FP8 training (OCP E4M3 and E5M2) as a scaled tensor's codes use
// them: x / scale rounded to nearest even, saturating at the largest finite value instead of
// producing NaN or infinity, as Transformer Engine and DeepSeek-V3's kernels cast.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace fplab::blockscale {

enum class Fp8Element : std::uint8_t { E4m3, E5m2 };
std::string_view fp8ElementName(Fp8Element e); // "e4m3" "e5m2"
std::optional<Fp8Element> parseFp8Element(std::string_view s);
float fp8Max(Fp8Element e); // 448, 57344

struct Fp8Cast {
    float value = 0;        // the element's value, exact in a float
    bool saturated = false; // |x / scale| would round above the largest finite value and was clamped to it
    bool flushed = false;   // x was nonzero and became zero
};

// x / scale (one float division) cast to the element format; NaN stays NaN.
Fp8Cast castToFp8(float x, float scale, Fp8Element e);

// castToFp8 of x[0..n) into out[0..n), element i with scales[i / blockLen] (one row of a block-scaled
// tensor), adding to the counts.
struct Fp8CastCounts {
    std::int64_t saturated = 0;
    std::int64_t flushed = 0;
    std::int64_t nonzero = 0; // nonzero inputs
};
void castRowToFp8(const float* x, std::size_t n, const float* scales, std::size_t blockLen, Fp8Element e, float* out,
                  Fp8CastCounts& counts);

} // namespace fplab::blockscale
