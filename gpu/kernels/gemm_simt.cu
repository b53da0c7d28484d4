// FP32 and FP64 GEMM on the ordinary (SIMT) cores, D = A*B + C: the baseline the tensor-core
// types are measured against ("FP32 19.5 TFLOPS vs TF32 156" on an A100).
// Demonstrates: the naive kernel (one thread per output) next to a shared-memory tiled kernel;
// both compute acc = C, then acc = fma(a_k, b_k, acc) for k ascending, so both equal the
// sequential FMA chain of the CPU backends bit for bit (the tiles change the memory traffic,
// not the order of each output's additions).
#include "gpu/kernels/launchers.h"
#include "gpu/kernels/mma_gemm.cuh"

namespace fplab::gpu::kernels {

namespace {

__device__ inline float fmaRn(float a, float b, float c) { return __fmaf_rn(a, b, c); }
__device__ inline double fmaRn(double a, double b, double c) { return __fma_rn(a, b, c); }

// ---- naive kernel ---------------------------------------------------------------------------

template <class T>
__global__ void gemmSimtNaive(const T* A, const T* Bt, const T* C, T* D, int M, int N, int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N) return;
    T acc = C[std::size_t(row) * N + col];
    for (int k = 0; k < K; ++k) acc = fmaRn(A[std::size_t(row) * K + k], Bt[std::size_t(col) * K + k], acc);
    D[std::size_t(row) * N + col] = acc;
}

// ---- tiled kernel (in place of a tensor-core kernel) -------------------------------------------

// 16 x 16 threads compute a 64 x 64 tile; thread (tx, ty) owns rows ty + 16i and columns tx + 16j.
inline constexpr int kSimtTile = 64;
inline constexpr int kSimtK = 16;
inline constexpr int kSimtThreads = 256;

template <class T>
__global__ void __launch_bounds__(kSimtThreads)
    gemmSimtTiled(const T* __restrict__ A, const T* __restrict__ Bt, const T* __restrict__ C, T* __restrict__ D, int M,
                  int N, int K) {
    __shared__ T sA[kSimtTile][kSimtK + 1]; // +1: no bank conflicts down a column
    __shared__ T sB[kSimtTile][kSimtK + 1]; // Bt tile: sB[n][k]
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
    const int blockRow = blockIdx.y * kSimtTile, blockCol = blockIdx.x * kSimtTile;

    T acc[4][4];
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            const int r = blockRow + ty + 16 * i, c = blockCol + tx + 16 * j;
            acc[i][j] = (r < M && c < N) ? C[std::size_t(r) * N + c] : T(0);
        }

    for (int k0 = 0; k0 < K; k0 += kSimtK) {
        for (int idx = tid; idx < kSimtTile * kSimtK; idx += kSimtThreads) {
            const int r = idx / kSimtK, kk = idx % kSimtK, gk = k0 + kk;
            sA[r][kk] = (blockRow + r < M && gk < K) ? A[std::size_t(blockRow + r) * K + gk] : T(0);
            sB[r][kk] = (blockCol + r < N && gk < K) ? Bt[std::size_t(blockCol + r) * K + gk] : T(0);
        }
        __syncthreads();
        // Stop at K instead of multiplying the zero padding: fma(0, 0, -0) would turn -0 into +0.
        const int kEnd = min(kSimtK, K - k0);
        for (int kk = 0; kk < kEnd; ++kk)
            for (int i = 0; i < 4; ++i)
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaRn(sA[ty + 16 * i][kk], sB[tx + 16 * j][kk], acc[i][j]);
        __syncthreads();
    }

    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            const int r = blockRow + ty + 16 * i, c = blockCol + tx + 16 * j;
            if (r < M && c < N) D[std::size_t(r) * N + c] = acc[i][j];
        }
}

// ---- launchers ---------------------------------------------------------------------------------

template <class T>
void launchGemm(KernelVariant variant, const void* a, const void* bt, const void* c, void* d, int m, int n, int k,
                cudaStream_t stream) {
    const T* A = static_cast<const T*>(a);
    const T* B = static_cast<const T*>(bt);
    const T* C = static_cast<const T*>(c);
    T* D = static_cast<T*>(d);
    if (variant == KernelVariant::TensorCore) {
        const dim3 grid(ceilDiv(n, kSimtTile), ceilDiv(m, kSimtTile));
        gemmSimtTiled<T><<<grid, dim3(16, 16), 0, stream>>>(A, B, C, D, m, n, k);
        FPLAB_CUDA_CHECK_LAUNCH("gemmSimtTiled");
        return;
    }
    gemmSimtNaive<T><<<naiveGrid(m, n), naiveBlock(), 0, stream>>>(A, B, C, D, m, n, k);
    FPLAB_CUDA_CHECK_LAUNCH("gemmSimtNaive");
}

template <class T>
int tiledBinaryVersion() {
    cudaFuncAttributes attr{};
    FPLAB_CUDA_CHECK(cudaFuncGetAttributes(&attr, gemmSimtTiled<T>));
    return attr.binaryVersion;
}

} // namespace

// ---- dispatch ------------------------------------------------------------------------------------

const TypeKernels& fp32Kernels() {
    static const TypeKernels k{launchGemm<float>, nullptr, tiledBinaryVersion<float>};
    return k;
}

const TypeKernels& fp64Kernels() {
    static const TypeKernels k{launchGemm<double>, nullptr, tiledBinaryVersion<double>};
    return k;
}

const TypeKernels& kernelsFor(GemmType type) {
    switch (type) {
    case GemmType::Fp64: return fp64Kernels();
    case GemmType::Fp32: return fp32Kernels();
    case GemmType::Tf32: return tf32Kernels();
    case GemmType::Fp16Fp32: return fp16Fp32Kernels();
    case GemmType::Fp16Fp16: return fp16Fp16Kernels();
    case GemmType::Bf16Fp32: return bf16Fp32Kernels();
    case GemmType::E4m3Fp32: return e4m3Fp32Kernels();
    case GemmType::E5m2Fp32: return e5m2Fp32Kernels();
    case GemmType::Int8Int32: return int8Int32Kernels();
    }
    return fp32Kernels();
}

} // namespace fplab::gpu::kernels
