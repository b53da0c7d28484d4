// The matmul lanes' vectors (emulated_matmul.cpp, fp16_fma_lanes.h) in GCC's and Clang's vector extension, one
// AVX2 register each: four doubles and four 64-bit integers; (Ints)x reinterprets the bits.
#pragma once

#include "core/detail/round_pack.h"
#include "core/training/transformer/emulated_ops.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fplab::training::lane_vectors {

using Values = double __attribute__((vector_size(32)));
using Ints = std::int64_t __attribute__((vector_size(32)));
using Unsigned = std::uint64_t __attribute__((vector_size(32))); // for additions that may wrap (a NaN's bits)
constexpr int kWidth = 4;
constexpr int kVectors = EmulatedOps::kMatmulLanes / kWidth;
static_assert(EmulatedOps::kMatmulLanes % kWidth == 0);

// Whether some lane of a mask is set.
FPLAB_INLINE bool anyLane(const Ints& mask) { return (mask[0] | mask[1] | mask[2] | mask[3]) != 0; }

// All ones in the lanes before `lanes` (the columns of the product), zero past the last column.
// Whole vectors, not lane by lane: GCC 12 lowers lane writes element by element where the vectors are not native
// (aarch64) and then warns -Wmaybe-uninitialized.
FPLAB_INLINE void columnMasks(int lanes, Ints (&inColumns)[kVectors]) {
    static_assert(kWidth == 4);
    for (int v = 0; v < kVectors; ++v) {
        const Ints column = Ints{0, 1, 2, 3} + std::int64_t(v * kWidth);
        inColumns[v] = column < std::int64_t(lanes);
    }
}

// a[p] times vector v of b's row p (a vector out, not returned: that changes the ABI without AVX, -Wpsabi).
FPLAB_INLINE void rowProduct(const double* a, const double* b, int bStride, int p, int v, Values& product) {
    std::memcpy(&product, b + std::ptrdiff_t(p) * bStride + v * kWidth, sizeof product);
    product *= a[p];
}

} // namespace fplab::training::lane_vectors
