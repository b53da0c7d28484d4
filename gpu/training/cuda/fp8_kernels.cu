#include "gpu/training/cuda/fp8_kernels.h"

#include "gpu/cuda/check.h"
#include "gpu/training/fp8_cast_math.h"

#include <cuda_fp8.h>

namespace fplab::gpu::fp8_kernels {

namespace {

constexpr int kThreads = 256;

int blocksFor(long long n) { return int((n + kThreads - 1) / kThreads); }

using fp8_math::amaxScale;
using fp8_math::Cast;
using fp8_math::castToFp8;

__global__ void amaxKernel(const float* x, int n, CastCounts* counts) {
    const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float v = fabsf(x[i]);
    if (isnan(v)) atomicOr(&counts->nan, 1);
    else atomicMax(&counts->amaxBits, __float_as_uint(v)); // non-negative floats order as their bits
}

__device__ float sourceAt(const CastArgs& a, int r, int c) {
    return a.transpose ? a.x[(long long)c * a.sourceCols + r] : a.x[(long long)r * a.sourceCols + c];
}

// One thread per block: its amax (NaN if an element is NaN, as blockAmaxScales) and scale.
__global__ void blockScalesKernel(CastArgs a, int rows, int cols, int across, int down, CastCounts* counts) {
    const int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= across * down) return;
    const int br = b / across, bc = b % across;
    float amax = 0.0f;
    for (int r = br * a.blockRows; r < min(rows, (br + 1) * a.blockRows); ++r)
        for (int c = bc * a.blockCols; c < min(cols, (bc + 1) * a.blockCols); ++c) {
            const float v = fabsf(sourceAt(a, r, c));
            amax = isnan(v) || isnan(amax) ? __int_as_float(0x7fc00000) : fmaxf(amax, v);
        }
    const float scale = amaxScale(amax, a.e5m2 != 0);
    a.scales[b] = scale;
    atomicMax(&counts->maxScaleBits, __float_as_uint(scale));
}

__global__ void oneScaleKernel(CastArgs a, CastCounts* counts) {
    a.scales[0] = *a.scale;
    counts->maxScaleBits = __float_as_uint(*a.scale);
}

__global__ void castKernel(CastArgs a, int rows, int cols, int across, CastCounts* counts) {
    const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i >= (long long)a.paddedRows * a.ld) return;
    const int r = int(i / a.ld), c = int(i % a.ld);
    if (r >= rows || c >= cols) {
        a.codes[i] = 0;
        return;
    }
    const float x = sourceAt(a, r, c);
    const Cast q = castToFp8(x, a.scales[(r / a.blockRows) * across + c / a.blockCols], a.e5m2 != 0);
    // The value is exact in the element format: the conversion only encodes it (NaN stays NaN).
    a.codes[i] = __nv_cvt_float_to_fp8(q.value, __NV_SATFINITE, a.e5m2 ? __NV_E5M2 : __NV_E4M3);
    if (q.saturated) atomicAdd(&counts->saturated, 1ull);
    if (q.flushed) atomicAdd(&counts->flushed, 1ull);
    if (x != 0.0f) atomicAdd(&counts->nonzero, 1ull);
}

__global__ void promoteKernel(PromoteArgs p) {
    const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i >= (long long)p.m * p.n) return;
    const int r = int(i / p.n), c = int(i % p.n);
    const float sa = p.scalesA[(r / p.aBlockRows) * p.aAcross + p.k0 / p.aBlockCols];
    const float sb = p.scalesB[(c / p.bBlockRows) * p.bAcross + p.k0 / p.bBlockCols];
    const float base = p.first ? 0.0f : p.acc[i];
    p.acc[i] = __fadd_rn(base, __fmul_rn(p.partial[(long long)r * p.ldPartial + c], __fmul_rn(sa, sb)));
}

} // namespace

void amax(const float* x, int n, CastCounts* counts, cudaStream_t s) {
    amaxKernel<<<blocksFor(n), kThreads, 0, s>>>(x, n, counts);
    FPLAB_CUDA_CHECK(cudaGetLastError());
}

void cast(const CastArgs& a, CastCounts* counts, cudaStream_t s) {
    const int rows = a.transpose ? a.sourceCols : a.sourceRows, cols = a.transpose ? a.sourceRows : a.sourceCols;
    const int across = (cols + a.blockCols - 1) / a.blockCols, down = (rows + a.blockRows - 1) / a.blockRows;
    if (a.scale) {
        oneScaleKernel<<<1, 1, 0, s>>>(a, counts);
    } else {
        blockScalesKernel<<<blocksFor(across * down), kThreads, 0, s>>>(a, rows, cols, across, down, counts);
    }
    FPLAB_CUDA_CHECK(cudaGetLastError());
    castKernel<<<blocksFor((long long)a.paddedRows * a.ld), kThreads, 0, s>>>(a, rows, cols, across, counts);
    FPLAB_CUDA_CHECK(cudaGetLastError());
}

void promote(const PromoteArgs& p, cudaStream_t s) {
    promoteKernel<<<blocksFor((long long)p.m * p.n), kThreads, 0, s>>>(p);
    FPLAB_CUDA_CHECK(cudaGetLastError());
}

} // namespace fplab::gpu::fp8_kernels
