// The matmul lanes' vectors (emulated_matmul.cpp, fp16_fma_lanes.h) in GCC's and Clang's vector extension: W
// doubles and W 64-bit integers each; (Ints)x reinterprets the bits. Four fill an AVX2 register, eight an AVX-512
// one (the FP16 lanes' width on a CPU with AVX-512: GCC lowers a vector wider than the target's registers piece
// by piece, slowly, so the eight-wide lanes are compiled for x86-64-v4 only).
#pragma once

#include "core/detail/round_pack.h"
#include "core/training/transformer/emulated_ops.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fplab::training {

// The vector types of W lanes (GCC ignores a vector_size that depends on a template parameter).
template <int W>
struct LaneVectorTypes;
template <>
struct LaneVectorTypes<4> {
    using Values = double __attribute__((vector_size(32)));
    using Ints = std::int64_t __attribute__((vector_size(32)));
    using Unsigned = std::uint64_t __attribute__((vector_size(32))); // for additions that may wrap (a NaN's bits)
};
template <>
struct LaneVectorTypes<8> {
    using Values = double __attribute__((vector_size(64)));
    using Ints = std::int64_t __attribute__((vector_size(64)));
    using Unsigned = std::uint64_t __attribute__((vector_size(64)));
};

template <int W>
struct LaneVectors {
    using Values = typename LaneVectorTypes<W>::Values;
    using Ints = typename LaneVectorTypes<W>::Ints;
    using Unsigned = typename LaneVectorTypes<W>::Unsigned;
    static constexpr int kWidth = W;
    static constexpr int kVectors = EmulatedOps::kMatmulLanes / W;
    static_assert(EmulatedOps::kMatmulLanes % W == 0);

    // Whether some lane of a mask is set.
    FPLAB_INLINE static bool anyLane(const Ints& mask) {
        std::int64_t any = 0;
        for (int l = 0; l < W; ++l) any |= mask[l];
        return any != 0;
    }

    // All ones in the lanes before `lanes` (the columns of the product), zero past the last column.
    // Whole vectors, not lane by lane: GCC 12 lowers lane writes element by element where the vectors are not
    // native (aarch64) and then warns -Wmaybe-uninitialized.
    FPLAB_INLINE static void columnMasks(int lanes, Ints (&inColumns)[kVectors]) {
        std::int64_t first[W];
        for (int l = 0; l < W; ++l) first[l] = l;
        Ints column;
        std::memcpy(&column, first, sizeof column);
        for (int v = 0; v < kVectors; ++v) inColumns[v] = (column + std::int64_t(v * W)) < std::int64_t(lanes);
    }

    // a[p] times vector v of b's row p (a vector out, not returned: that changes the ABI without AVX, -Wpsabi).
    FPLAB_INLINE static void rowProduct(const double* a, const double* b, int bStride, int p, int v, Values& product) {
        std::memcpy(&product, b + std::ptrdiff_t(p) * bStride + v * W, sizeof product);
        product *= a[p];
    }
};

// The width of the FP32 and BF16 lanes, and of the FP16 lanes without AVX-512.
namespace lane_vectors {
using Narrow = LaneVectors<4>;
using Values = Narrow::Values;
using Ints = Narrow::Ints;
using Unsigned = Narrow::Unsigned;
constexpr int kWidth = Narrow::kWidth;
constexpr int kVectors = Narrow::kVectors;
FPLAB_INLINE bool anyLane(const Ints& mask) { return Narrow::anyLane(mask); }
FPLAB_INLINE void columnMasks(int lanes, Ints (&inColumns)[kVectors]) { Narrow::columnMasks(lanes, inColumns); }
FPLAB_INLINE void rowProduct(const double* a, const double* b, int bStride, int p, int v, Values& product) {
    Narrow::rowProduct(a, b, bStride, p, v, product);
}
} // namespace lane_vectors

} // namespace fplab::training
