// The FP8 modes' device work around the cuBLASLt GEMMs: the amax of a tensor, the cast of a float32
// tensor to FP8 codes (one given scale, or one per block computed here as amax / fp8Max), and the FP32
// promotion of a GEMM's partial sums, acc += partial * (sa * sb). Every operation is the one of
// core/blockscale (block_scales.cpp, fp8_element.cpp, block_dot.cpp) in the same order; the file
// compiles with --fmad=false. Private to the CUDA build.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fplab::gpu::fp8_kernels {

// What one cast did (zero it before): the tensor's amax (float bits of a non-negative value; `nan`
// set when an element is NaN), the largest scale, and the element counts of Fp8TensorStats.
struct CastCounts {
    unsigned int amaxBits;
    int nan;
    unsigned int maxScaleBits;
    int pad;
    unsigned long long nonzero, saturated, flushed;
};

// counts->amaxBits / nan over x[0..n).
void amax(const float* x, int n, CastCounts* counts, cudaStream_t s);

struct CastArgs {
    const float* x = nullptr; // the source, row-major: sourceRows x sourceCols
    int sourceRows = 0, sourceCols = 0;
    bool transpose = false;           // the cast matrix is x^T
    int e5m2 = 0;                     // 0: E4M3, 1: E5M2
    int blockRows = 1, blockCols = 1; // in the cast matrix's orientation
    const float* scale = nullptr;     // device: one scale for the whole matrix; null: per-block amax scales
    float* scales = nullptr;          // device, blocksDown x blocksAcross: the scales used (written)
    std::uint8_t* codes = nullptr;    // paddedRows x ld, zero outside the matrix
    int paddedRows = 0, ld = 0;
};
// Casts (counts: nonzero, saturated, flushed, maxScaleBits).
void cast(const CastArgs& args, CastCounts* counts, cudaStream_t s);

struct PromoteArgs {
    const float* partial = nullptr; // m x ldPartial: the tensor core's sum over the chunk
    int m = 0, n = 0, ldPartial = 0;
    int k0 = 0; // the chunk's first k
    // Scales of A (m x k) and Bt (n x k): scale(r, k0) = scales[(r / blockRows) * across + k0 / blockCols].
    const float* scalesA = nullptr;
    int aBlockRows = 1, aBlockCols = 1, aAcross = 1;
    const float* scalesB = nullptr;
    int bBlockRows = 1, bBlockCols = 1, bAcross = 1;
    bool first = false;   // acc starts at +0
    float* acc = nullptr; // m x n
};
void promote(const PromoteArgs& args, cudaStream_t s);

} // namespace fplab::gpu::fp8_kernels
