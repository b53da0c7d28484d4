#include "core/quantize.h"

#include "core/arithmetic.h"
#include "core/integer.h"

#include <algorithm>
#include <bit>

namespace fplab {
namespace {

// All arithmetic here is FP32, rounded by the soft-float core, so results are the same everywhere.
std::uint64_t bitsOf(float x) { return std::bit_cast<std::uint32_t>(x); }
float floatOf(std::uint64_t b) { return std::bit_cast<float>(std::uint32_t(b)); }

float divide(float a, float b) { return floatOf(div(kFp32, bitsOf(a), bitsOf(b)).bits); }
float subtract(float a, float b) { return floatOf(sub(kFp32, bitsOf(a), bitsOf(b)).bits); }
float multiply(float a, float b) { return floatOf(mul(kFp32, bitsOf(a), bitsOf(b)).bits); }
std::int64_t roundHalfEven(float x) {
    return intValue(kInt32, floatToInt(kFp32, bitsOf(x), kInt32, Overflow::Saturate).bits);
}

} // namespace

QuantParams chooseQuantParams(std::span<const float> data, QuantScheme scheme) {
    QuantParams p;
    p.scheme = scheme;
    float lo = 0.0f, hi = 0.0f; // the range always includes zero, as in PyTorch
    for (float x : data) {
        if (x != x) continue; // NaNs do not set the range
        lo = std::min(lo, x);
        hi = std::max(hi, x);
    }
    if (scheme == QuantScheme::SymmetricAbsmax) {
        const float absmax = std::max(-lo, hi);
        p.scale = absmax > 0.0f ? divide(absmax, 127.0f) : 1.0f;
        p.zeroPoint = 0;
    } else {
        const float range = subtract(hi, lo);
        p.scale = range > 0.0f ? divide(range, 255.0f) : 1.0f;
        p.zeroPoint = int(std::clamp<std::int64_t>(-128 - roundHalfEven(divide(lo, p.scale)), -128, 127));
    }
    return p;
}

std::vector<std::int8_t> quantize(std::span<const float> data, const QuantParams& p) {
    const std::int64_t lo = p.scheme == QuantScheme::SymmetricAbsmax ? -127 : -128;
    std::vector<std::int8_t> q;
    q.reserve(data.size());
    for (float x : data) {
        const std::int64_t v = x != x ? p.zeroPoint : roundHalfEven(divide(x, p.scale)) + p.zeroPoint;
        q.push_back(std::int8_t(std::clamp<std::int64_t>(v, lo, 127)));
    }
    return q;
}

std::vector<float> dequantize(std::span<const std::int8_t> q, const QuantParams& p) {
    std::vector<float> out;
    out.reserve(q.size());
    for (std::int8_t v : q) out.push_back(multiply(float(int(v) - p.zeroPoint), p.scale));
    return out;
}

} // namespace fplab
