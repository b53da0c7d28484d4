#include "core/training/transformer/fp16_span_lanes.h"

#include "core/training/transformer/fp16_fma_lanes.h"
#include "core/training/transformer/matmul_lane_vectors.h"

#include <bit>
#include <cstdint>
#include <cstring>

// Compiled for x86-64-v4, AVX2 and the baseline, picked at load time, as emulated_matmul.cpp's lanes are.
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(__clang__)
#define FPLAB_SPAN_CLONES [[gnu::target_clones("arch=x86-64-v4", "avx2", "default")]]
#else
#define FPLAB_SPAN_CLONES
#endif

namespace fplab::training {

namespace {

using lane_vectors::Ints;
using lane_vectors::Unsigned;
using lane_vectors::Values;
using Floats = float __attribute__((vector_size(16)));
static_assert(lane_vectors::kWidth == int(kFp16SpanWidth));

// The helpers give their vectors through references: a vector returned by value changes the ABI without AVX
// (-Wpsabi).
FPLAB_INLINE void load(const float* p, Values& x) {
    Floats f{};
    std::memcpy(&f, p, sizeof f);
    x = __builtin_convertvector(f, Values);
}

// RN16(w) for finite w (fp16_fma_lanes.h); anything for an infinity or NaN, whose lanes the callers decline.
FPLAB_INLINE void roundToFp16(const Values& w, Values& r) {
    using namespace fp16_lanes;
    const Ints u = (Ints)w;
    const Ints exponent = u & kExponentField;
    const Unsigned magicBits = (Unsigned)(exponent > kMinNormalExponent ? exponent : kMinNormalExponent) +
                               (Unsigned)(Ints{} + kMagicFromExponent); // may wrap for an infinity or NaN
    const Values magic = (Values)magicBits;
    r = (Values)((Ints)((w + magic) - magic) | (u & kSign));
}

// All ones where x's magnitude is at most FP16's largest finite number (a NaN's is not).
FPLAB_INLINE void atMostLargest(const Values& x, Ints& mask) {
    mask = ((Ints)x & ~fp16_lanes::kSign) <= fp16_lanes::kMaxFiniteBits;
}

// All ones where x is an FP16 number: its own rounding, at most 65504.
FPLAB_INLINE void isFp16Number(const Values& x, Ints& mask) {
    Values r{};
    roundToFp16(x, r);
    atMostLargest(x, mask);
    mask &= r == x;
}

// One block: w = x op y rounded, written and its flags gathered unless some lane is declined (false, nothing written).
FPLAB_INLINE bool block(const Values& x, const Values& y, const Values& w, float* out, Ints& inexact, Ints& underflow) {
    Values r{};
    roundToFp16(w, r);
    Ints taken{}, xTaken{}, yTaken{};
    atMostLargest(r, taken);
    isFp16Number(x, xTaken);
    isFp16Number(y, yTaken);
    taken &= xTaken & yTaken;
    if ((taken[0] & taken[1] & taken[2] & taken[3]) == 0) return false;
    const Ints rounds = r != w;
    inexact |= rounds;
    underflow |= rounds & (((Ints)w & ~fp16_lanes::kSign) < std::bit_cast<std::int64_t>(fp16_lanes::kTinyBelow));
    const Floats result = __builtin_convertvector(r, Floats); // exact: r is an FP16 number
    std::memcpy(out, &result, sizeof result);
    return true;
}

Flags flagsOf(const Ints& inexact, const Ints& underflow) {
    Flags flags = 0;
    if (lane_vectors::anyLane(inexact)) flags |= kInexact;
    if (lane_vectors::anyLane(underflow)) flags |= kUnderflow;
    return flags;
}

} // namespace

FPLAB_SPAN_CLONES std::size_t fp16AddSpan(const float* a, const float* b, float* out, std::size_t count, Flags& flags) {
    Ints inexact{}, underflow{};
    std::size_t e = 0;
    for (; e + kFp16SpanWidth <= count; e += kFp16SpanWidth) {
        Values x{}, y{};
        load(a + e, x);
        load(b + e, y);
        if (!block(x, y, x + y, out + e, inexact, underflow)) break;
    }
    flags |= flagsOf(inexact, underflow);
    return e;
}

FPLAB_SPAN_CLONES std::size_t fp16MulSpan(const float* a, float b, float* out, std::size_t count, Flags& flags) {
    Ints inexact{}, underflow{};
    const double scalar = b;
    const Values y = {scalar, scalar, scalar, scalar}; // not Values{} + b: +0 + -0 is +0
    std::size_t e = 0;
    for (; e + kFp16SpanWidth <= count; e += kFp16SpanWidth) {
        Values x{};
        load(a + e, x);
        if (!block(x, y, x * y, out + e, inexact, underflow)) break;
    }
    flags |= flagsOf(inexact, underflow);
    return e;
}

FPLAB_SPAN_CLONES std::size_t fp16NumbersAtStart(const float* values, std::size_t count) {
    std::size_t e = 0;
    for (; e + kFp16SpanWidth <= count; e += kFp16SpanWidth) {
        Values x{};
        load(values + e, x);
        Ints numbers{};
        isFp16Number(x, numbers);
        if ((numbers[0] & numbers[1] & numbers[2] & numbers[3]) == 0) break;
    }
    return e;
}

} // namespace fplab::training
