// The FP8 cast of core/blockscale (fp8_element.cpp castToFp8, block_scales.cpp amaxScale) written once
// for the device and the host: gpu/training/cuda/fp8_kernels.cu runs it on the GPU, and
// tests/gpu/fp8_cast_math_test.cpp holds the same code, compiled for the host, against core's cast.
// Only the float operations below differ between the two compilations: one IEEE division (__fdiv_rn
// on the device), ldexpf and rintf (round half to even in the default mode), all exact or correctly
// rounded on both.
#pragma once

#include "gpu/host_device.h"

#include <cstdint>
#include <cstring>

#include <math.h> // fabsf, ldexpf, rintf, copysignf: the same names on the host and the device

namespace fplab::gpu::fp8_math {

FPLAB_HD inline float divide(float a, float b) {
#ifdef __CUDA_ARCH__
    return __fdiv_rn(a, b);
#else
    return a / b;
#endif
}

FPLAB_HD inline std::uint32_t bitsOf(float v) {
    std::uint32_t u;
    std::memcpy(&u, &v, sizeof u);
    return u;
}

FPLAB_HD inline float floatOf(std::uint32_t u) {
    float v;
    std::memcpy(&v, &u, sizeof v);
    return v;
}

FPLAB_HD inline bool isNan(float v) { return v != v; }
FPLAB_HD inline bool isFinite(float v) { return fabsf(v) <= 3.40282347e38f; } // false for inf and NaN

FPLAB_HD inline float fp8Max(bool e5m2) { return e5m2 ? 57344.0f : 448.0f; }

// amax / fp8Max, 1 for a zero or non-finite amax.
FPLAB_HD inline float amaxScale(float amax, bool e5m2) {
    if (!(amax > 0.0f) || !isFinite(amax)) return 1.0f;
    return divide(amax, fp8Max(e5m2));
}

// Nearest even to an element with `mantissa` bits and smallest normal exponent `minExp`.
FPLAB_HD inline float roundToElement(float v, int mantissa, int minExp) {
    const float magnitude = fabsf(v);
    if (magnitude < ldexpf(1.0f, minExp)) {
        const int gridExp = minExp - mantissa;
        return ldexpf(rintf(ldexpf(v, -gridExp)), gridExp);
    }
    const int drop = 23 - mantissa;
    const std::uint32_t bits = bitsOf(v);
    const std::uint32_t half = (std::uint32_t{1} << (drop - 1)) - 1 + ((bits >> drop) & 1u);
    return floatOf((bits + half) & ~((std::uint32_t{1} << drop) - 1));
}

struct Cast {
    float value;
    bool saturated;
    bool flushed;
};

// x / scale cast to E4M3 or E5M2, saturating; NaN stays NaN.
FPLAB_HD inline Cast castToFp8(float x, float scale, bool e5m2) {
    Cast c{0.0f, false, false};
    const float v = divide(x, scale);
    if (isNan(v)) {
        c.value = v;
        return c;
    }
    const float max = fp8Max(e5m2);
    const float limit = max + (e5m2 ? 4096.0f : 16.0f);
    if (fabsf(v) >= limit) {
        c.saturated = true;
        c.value = copysignf(max, v);
        return c;
    }
    c.value = fabsf(v) > max ? copysignf(max, v) : e5m2 ? roundToElement(v, 2, -14) : roundToElement(v, 3, -6);
    c.flushed = x != 0.0f && c.value == 0.0f;
    return c;
}

} // namespace fplab::gpu::fp8_math
