// The shared skeleton of the project's tensor-core GEMMs: shared-memory tiles, fragments loaded
// element by element with the PTX tables of gpu/mma_fragment.h (readable rather than fast: no
// ldmatrix, no pipelining), and the single-MMA kernel. Each gemm_<type>.cu supplies an "Op" with
// the instruction itself:
//   using In, Out;  static constexpr MmaShape kShape;  struct Acc (one 16x8 C/D fragment);
//   static In prepare(In)            - conversion applied when A/B enter shared memory (TF32: cvt.rna)
//   static void mma(Acc&, a[], b[])  - the mma.sync, D = A*B + D in place
//   static void loadC / storeD       - the C/D fragment to and from memory
#pragma once

#include "gpu/cuda/check.h"
#include "gpu/kernels/launchers.h"
#include "gpu/mma_fragment.h"

#include <cstdint>
#include <cuda_fp16.h>

namespace fplab::gpu::kernels {

constexpr int ceilDiv(int a, int b) { return (a + b - 1) / b; }

// A block of 4 warps computes a 64 x 64 tile of D; each warp a 32 x 32 sub-tile made of
// 2 x 4 MMA tiles of 16 x 8. K advances 32 elements per shared-memory tile, MMAs walk it in
// steps of the instruction's k, lowest k first: the chain order the CPU model reproduces.
inline constexpr int kBlockM = 64;
inline constexpr int kBlockN = 64;
inline constexpr int kTileK = 32;
inline constexpr int kThreads = 128;
inline constexpr int kWarpM = 32;
inline constexpr int kWarpN = 32;
inline constexpr int kTilesM = kWarpM / mma::kM; // 2
inline constexpr int kTilesN = kWarpN / mma::kN; // 4

// ---- accumulator fragments (PTX Figures 77/83/92: element i at cFragment(lane, i)) ------------

struct AccF32 {
    float v[4];
    __device__ void load(const float* c, int ldc, int rows, int cols, int row0, int col0, int lane) {
        for (int i = 0; i < 4; ++i) {
            const auto rc = mma::cFragment(lane, i);
            const int r = row0 + rc.row, col = col0 + rc.col;
            v[i] = (r < rows && col < cols) ? c[std::size_t(r) * ldc + col] : 0.0f;
        }
    }
    __device__ void store(float* d, int ldd, int rows, int cols, int row0, int col0, int lane) const {
        for (int i = 0; i < 4; ++i) {
            const auto rc = mma::cFragment(lane, i);
            const int r = row0 + rc.row, col = col0 + rc.col;
            if (r < rows && col < cols) d[std::size_t(r) * ldd + col] = v[i];
        }
    }
};

struct AccS32 {
    int v[4];
    __device__ void load(const std::int32_t* c, int ldc, int rows, int cols, int row0, int col0, int lane) {
        for (int i = 0; i < 4; ++i) {
            const auto rc = mma::cFragment(lane, i);
            const int r = row0 + rc.row, col = col0 + rc.col;
            v[i] = (r < rows && col < cols) ? c[std::size_t(r) * ldc + col] : 0;
        }
    }
    __device__ void store(std::int32_t* d, int ldd, int rows, int cols, int row0, int col0, int lane) const {
        for (int i = 0; i < 4; ++i) {
            const auto rc = mma::cFragment(lane, i);
            const int r = row0 + rc.row, col = col0 + rc.col;
            if (r < rows && col < cols) d[std::size_t(r) * ldd + col] = v[i];
        }
    }
};

// .f16 C/D: two .f16x2 registers, c0,c1 in the first (low half first), c2,c3 in the second.
struct AccF16 {
    std::uint32_t v[2];
    __device__ void load(const std::uint16_t* c, int ldc, int rows, int cols, int row0, int col0, int lane) {
        v[0] = v[1] = 0;
        for (int i = 0; i < 4; ++i) {
            const auto rc = mma::cFragment(lane, i);
            const int r = row0 + rc.row, col = col0 + rc.col;
            const std::uint32_t h = (r < rows && col < cols) ? c[std::size_t(r) * ldc + col] : 0u;
            v[i / 2] |= h << (16 * (i % 2));
        }
    }
    __device__ void store(std::uint16_t* d, int ldd, int rows, int cols, int row0, int col0, int lane) const {
        for (int i = 0; i < 4; ++i) {
            const auto rc = mma::cFragment(lane, i);
            const int r = row0 + rc.row, col = col0 + rc.col;
            if (r < rows && col < cols) d[std::size_t(r) * ldd + col] = std::uint16_t(v[i / 2] >> (16 * (i % 2)));
        }
    }
};

// ---- fragment packing ----------------------------------------------------------------------

// Packs the A fragment of `lane` from a row-major tile (element (m, k) at tile[m * ld + k]).
template <MmaShape S, class In>
__device__ void packA(std::uint32_t (&a)[mma::aRegisters(S)], const In* tile, int ld, int lane) {
    for (int r = 0; r < mma::aRegisters(S); ++r) a[r] = 0;
    for (int i = 0; i < mma::aElementsPerLane(S); ++i) {
        const auto rc = mma::aFragment(S, lane, i);
        a[mma::registerOf(S, i)] |= std::uint32_t(tile[rc.row * ld + rc.col]) << mma::bitOffsetOf(S, i);
    }
}

// Packs the B fragment of `lane`. bIsTransposed: the tile is Bt (element (k, n) at tile[n * ld + k]),
// otherwise B row-major (element (k, n) at tile[k * ld + n]).
template <MmaShape S, class In>
__device__ void packB(std::uint32_t (&b)[mma::bRegisters(S)], const In* tile, int ld, bool bIsTransposed, int lane) {
    for (int r = 0; r < mma::bRegisters(S); ++r) b[r] = 0;
    for (int i = 0; i < mma::bElementsPerLane(S); ++i) {
        const auto rc = mma::bFragment(S, lane, i); // row = k, col = n
        const In x = bIsTransposed ? tile[rc.col * ld + rc.row] : tile[rc.row * ld + rc.col];
        b[mma::registerOf(S, i)] |= std::uint32_t(x) << mma::bitOffsetOf(S, i);
    }
}

// ---- the tiled tensor-core GEMM --------------------------------------------------------------

template <class Op>
__global__ void __launch_bounds__(kThreads)
    mmaGemmKernel(const typename Op::In* __restrict__ A, const typename Op::In* __restrict__ Bt,
                  const typename Op::Out* __restrict__ C, typename Op::Out* __restrict__ D, int M, int N, int K) {
    using In = typename Op::In;
    constexpr MmaShape S = Op::kShape;
    constexpr int kK = mma::shapeK(S);
    static_assert(kTileK % kK == 0, "a shared-memory tile must hold whole MMAs");
    // +4 elements of padding: fewer bank conflicts when lanes read down a column.
    __shared__ In sA[kBlockM][kTileK + 4];
    __shared__ In sB[kBlockN][kTileK + 4]; // Bt tile: sB[n][k]

    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int blockRow = blockIdx.y * kBlockM;
    const int blockCol = blockIdx.x * kBlockN;
    const int warpRow = (warp / 2) * kWarpM;
    const int warpCol = (warp % 2) * kWarpN;

    typename Op::Acc acc[kTilesM][kTilesN];
    for (int mi = 0; mi < kTilesM; ++mi)
        for (int ni = 0; ni < kTilesN; ++ni)
            acc[mi][ni].load(C, N, M, N, blockRow + warpRow + mi * mma::kM, blockCol + warpCol + ni * mma::kN, lane);

    for (int k0 = 0; k0 < K; k0 += kTileK) {
        // Zero outside the matrices: zero products leave a tensor-core sum unchanged.
        for (int idx = threadIdx.x; idx < kBlockM * kTileK; idx += kThreads) {
            const int r = idx / kTileK, kk = idx % kTileK, gk = k0 + kk;
            const int ga = blockRow + r, gb = blockCol + r;
            sA[r][kk] = (ga < M && gk < K) ? Op::prepare(A[std::size_t(ga) * K + gk]) : In(0);
            sB[r][kk] = (gb < N && gk < K) ? Op::prepare(Bt[std::size_t(gb) * K + gk]) : In(0);
        }
        __syncthreads();
        for (int kk = 0; kk < kTileK; kk += kK) {
            std::uint32_t a[kTilesM][mma::aRegisters(S)];
            std::uint32_t b[kTilesN][mma::bRegisters(S)];
            for (int mi = 0; mi < kTilesM; ++mi) packA<S>(a[mi], &sA[warpRow + mi * mma::kM][kk], kTileK + 4, lane);
            for (int ni = 0; ni < kTilesN; ++ni)
                packB<S>(b[ni], &sB[warpCol + ni * mma::kN][kk], kTileK + 4, true, lane);
            for (int mi = 0; mi < kTilesM; ++mi)
                for (int ni = 0; ni < kTilesN; ++ni) Op::mma(acc[mi][ni], a[mi], b[ni]);
        }
        __syncthreads();
    }

    for (int mi = 0; mi < kTilesM; ++mi)
        for (int ni = 0; ni < kTilesN; ++ni)
            acc[mi][ni].store(D, N, M, N, blockRow + warpRow + mi * mma::kM, blockCol + warpCol + ni * mma::kN, lane);
}

// ---- exactly one mma.sync -------------------------------------------------------------------

// One warp; A is 16 x K and B is K x 8, both row-major, C and D 16 x 8. The operands reach the
// instruction exactly as given (no Op::prepare: raw FP32 bits go to a .tf32 MMA).
template <class Op>
__global__ void singleMmaKernel(const typename Op::In* __restrict__ A, const typename Op::In* __restrict__ B,
                                const typename Op::Out* __restrict__ C, typename Op::Out* __restrict__ D) {
    constexpr MmaShape S = Op::kShape;
    constexpr int kK = mma::shapeK(S);
    const int lane = threadIdx.x;
    std::uint32_t a[mma::aRegisters(S)];
    std::uint32_t b[mma::bRegisters(S)];
    packA<S>(a, A, kK, lane);
    packB<S>(b, B, mma::kN, false, lane);
    typename Op::Acc acc;
    acc.load(C, mma::kN, mma::kM, mma::kN, 0, 0, lane);
    Op::mma(acc, a, b);
    acc.store(D, mma::kN, mma::kM, mma::kN, 0, 0, lane);
}

// ---- launchers shared by the types ------------------------------------------------------------

template <class Op>
void launchMmaGemm(const void* a, const void* bt, const void* c, void* d, int m, int n, int k, cudaStream_t stream) {
    const dim3 grid(ceilDiv(n, kBlockN), ceilDiv(m, kBlockM));
    mmaGemmKernel<Op><<<grid, kThreads, 0, stream>>>(
        static_cast<const typename Op::In*>(a), static_cast<const typename Op::In*>(bt),
        static_cast<const typename Op::Out*>(c), static_cast<typename Op::Out*>(d), m, n, k);
    FPLAB_CUDA_CHECK_LAUNCH("mmaGemmKernel");
}

template <class Op>
void launchSingleMma(const void* a, const void* b, const void* c, void* d, cudaStream_t stream) {
    singleMmaKernel<Op>
        <<<1, 32, 0, stream>>>(static_cast<const typename Op::In*>(a), static_cast<const typename Op::In*>(b),
                               static_cast<const typename Op::Out*>(c), static_cast<typename Op::Out*>(d));
    FPLAB_CUDA_CHECK_LAUNCH("singleMmaKernel");
}

template <class Op>
int mmaBinaryVersion() {
    cudaFuncAttributes attr{};
    FPLAB_CUDA_CHECK(cudaFuncGetAttributes(&attr, mmaGemmKernel<Op>));
    return attr.binaryVersion;
}

// One thread per output for the naive kernels.
inline dim3 naiveBlock() { return dim3(16, 16); }
inline dim3 naiveGrid(int m, int n) { return dim3(ceilDiv(n, 16), ceilDiv(m, 16)); }

// A type's naive kernel: one thread per output of D = A·Bt^T + C, FMAs on the CUDA cores.
template <class Op>
using NaiveGemmKernel = void (*)(const typename Op::In* A, const typename Op::In* Bt, const typename Op::Out* C,
                                 typename Op::Out* D, int M, int N, int K);

// The GEMM launcher of a tensor-core type (TypeKernels::gemm): its mma.sync kernel, or its naive one.
template <class Op>
void launchTypeGemm(KernelVariant variant, NaiveGemmKernel<Op> naive, const char* naiveName, const void* a,
                    const void* bt, const void* c, void* d, int m, int n, int k, cudaStream_t stream) {
    if (variant == KernelVariant::TensorCore) {
        launchMmaGemm<Op>(a, bt, c, d, m, n, k, stream);
        return;
    }
    naive<<<naiveGrid(m, n), naiveBlock(), 0, stream>>>(
        static_cast<const typename Op::In*>(a), static_cast<const typename Op::In*>(bt),
        static_cast<const typename Op::Out*>(c), static_cast<typename Op::Out*>(d), m, n, k);
    FPLAB_CUDA_CHECK_LAUNCH(naiveName);
}

// The TypeKernels of a tensor-core type: Op's mma.sync kernels, and Naive (named NaiveName when its
// launch fails) for the naive variant.
template <class Op, NaiveGemmKernel<Op> Naive, const char* NaiveName>
const TypeKernels& tensorCoreTypeKernels() {
    static const TypeKernels k{
        [](KernelVariant variant, const void* a, const void* bt, const void* c, void* d, int m, int n, int kk,
           cudaStream_t stream) { launchTypeGemm<Op>(variant, Naive, NaiveName, a, bt, c, d, m, n, kk, stream); },
        launchSingleMma<Op>, mmaBinaryVersion<Op>};
    return k;
}

} // namespace fplab::gpu::kernels
