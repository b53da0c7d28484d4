// The transformer's kernels other than the GEMMs, written to compute what the emulator computes
// (core/training/transformer/transformer_model.cpp), operation for operation and in its order: reductions
// run in one thread in ascending order (the tensors are small), this file is compiled with --fmad=false,
// and every operation rounds its operands and its result to its format. A 16-bit add, subtraction,
// multiplication, division or square root computed in float32 and rounded to the format is the correctly
// rounded result (float32 has at least 2p + 2 bits for p = 11 and 8: double rounding is innocuous); the
// 16-bit fused multiply-adds go through binary64, and exp, log, erf are CUDA's binary64 functions rounded once,
// as the emulator rounds libm's. What still differs from the emulator is the GEMMs' summation order (cuBLASLt's),
// the last bits of CUDA's binary64 exp/log/erf, and a 16-bit FMA's rare double rounding: hence a tolerance.
#include "gpu/training/transformer/cuda/transformer_kernels.h"

#include "gpu/cuda/check.h"
#include "gpu/training/transformer/cuda/transformer_kernel_bodies.h"

namespace fplab::gpu::transformer_kernels {

namespace {

constexpr int kThreads = 256;

template <auto Body, class... Args>
__global__ void eachIndex(std::size_t n, Args... args) {
    const std::size_t at = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (at < n) Body(at, args...);
}

// Body(index, args...) for every index below n, one thread each.
template <auto Body, class... Args>
void each(const char* name, std::size_t n, cudaStream_t s, Args... args) {
    const unsigned blocks = n == 0 ? 1u : unsigned((n + kThreads - 1) / kThreads);
    eachIndex<Body><<<blocks, kThreads, 0, s>>>(n, args...);
    FPLAB_CUDA_CHECK_LAUNCH(name);
}

} // namespace

#include "gpu/training/transformer/cuda/transformer_kernel_launchers.inc"

} // namespace fplab::gpu::transformer_kernels
