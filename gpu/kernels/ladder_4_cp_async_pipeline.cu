// Ladder rung 4: a multi-stage cp.async pipeline in larger block tiles.
// Idea (added to rung 3): copies and MMAs overlap. Shared memory holds 4 stages of (A, Bt) tiles; while
// the warps run the MMAs of tile s, cp.async is already fetching tiles s+1..s+3 from global memory
// straight into shared memory (no registers, no L1), and cp.async.wait_group waits only for the tile
// about to be used. The block tile grows to 128 x 256 (each warp 64 x 64 = 4 x 8 MMA tiles), so each byte
// copied into shared memory feeds 85 FLOPs (rung 3: 64).
// Cost: 120 KB of shared memory per block (one block per SM on an H100, so the SM's 228 KB are used but
// only 8 warps hide latency), 128 FP32 accumulators per thread, and a prologue of 3 tiles before the first
// MMA; sizes must be multiples of 128 x 256 x 32.
// Numerics: the pipeline changes when tiles arrive, not the order of MMAs: C, then k ascending.
#include "gpu/kernels/ladder_3_ldmatrix_blocked.cuh"
#include "gpu/kernels/ladder_common.cuh"
#include "gpu/kernels/ladder_launchers.h"
#include "gpu/kernels/ladder_tiles.h"

namespace fplab::gpu::kernels::ladder {

namespace {

namespace t = fplab::gpu::ladder::pipelined;
constexpr int kTilesM = t::kWarpM / 16; // 4
constexpr int kTilesN = t::kWarpN / 8;  // 8
constexpr int kChunksPerRow = t::kTileK / 8;

// Starts the copy of one stage: rows x kTileK halves of A and of Bt, 16 bytes per cp.async.
__device__ inline void startStageCopy(std::uint16_t* stage, const std::uint16_t* A, const std::uint16_t* Bt,
                                      int blockRow, int blockCol, int k0, int K) {
    std::uint16_t* sA = stage;
    std::uint16_t* sB = stage + t::kBlockM * t::kRowStride;
    for (int i = threadIdx.x; i < (t::kBlockM + t::kBlockN) * kChunksPerRow; i += t::kThreads) {
        const int r = i / kChunksPerRow, c = (i % kChunksPerRow) * 8;
        if (r < t::kBlockM) cpAsync16(&sA[r * t::kRowStride + c], &A[std::size_t(blockRow + r) * K + k0 + c]);
        else
            cpAsync16(&sB[(r - t::kBlockM) * t::kRowStride + c],
                      &Bt[std::size_t(blockCol + r - t::kBlockM) * K + k0 + c]);
    }
}

template <class Elem>
__global__ void __launch_bounds__(t::kThreads, 1)
    cpAsyncPipelineGemm(const std::uint16_t* __restrict__ A, const std::uint16_t* __restrict__ Bt,
                        const float* __restrict__ C, float* __restrict__ D, int M, int N, int K) {
    extern __shared__ __align__(16) std::uint16_t shared[]; // kStages x (sA, sB)
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int blockRow = blockIdx.y * t::kBlockM, blockCol = blockIdx.x * t::kBlockN;
    const int warpRow = (warp / t::kWarpsN) * t::kWarpM, warpCol = (warp % t::kWarpsN) * t::kWarpN;
    const int kTiles = K / t::kTileK;

    float acc[kTilesM][kTilesN][4];
    for (int mi = 0; mi < kTilesM; ++mi)
        for (int ni = 0; ni < kTilesN; ++ni)
            loadTileC(acc[mi][ni], C, N, blockRow + warpRow + mi * 16, blockCol + warpCol + ni * 8, lane);

    // Prologue: stages 0..kStages-2 in flight. Every thread commits one group per tile (empty at the end),
    // so "at most kStages-2 pending" always means "the tile about to be used has landed".
    for (int s = 0; s < t::kStages - 1; ++s) {
        if (s < kTiles) startStageCopy(shared + s * t::kStageHalves, A, Bt, blockRow, blockCol, s * t::kTileK, K);
        cpAsyncCommit();
    }
    // lesson snippet begin
    for (int tile = 0; tile < kTiles; ++tile) {
        cpAsyncWait<t::kStages - 2>(); // this thread's copies of `tile` are done
        __syncthreads();               // everyone's are, and everyone has finished with tile - 1's stage
        const int next = tile + t::kStages - 1;
        if (next < kTiles)
            startStageCopy(shared + (next % t::kStages) * t::kStageHalves, A, Bt, blockRow, blockCol, next * t::kTileK,
                           K);
        cpAsyncCommit();
        const std::uint16_t* sA = shared + (tile % t::kStages) * t::kStageHalves;
        const std::uint16_t* sB = sA + t::kBlockM * t::kRowStride;
        warpTileStep<Elem, kTilesM, kTilesN, t::kTileK, t::kRowStride>(acc, sA, sB, warpRow, warpCol, lane); // rung 3
    }
    // lesson snippet end
    cpAsyncWait<0>();
    for (int mi = 0; mi < kTilesM; ++mi)
        for (int ni = 0; ni < kTilesN; ++ni)
            storeTileD(acc[mi][ni], D, N, blockRow + warpRow + mi * 16, blockCol + warpCol + ni * 8, lane);
}

template <class Elem>
void launch(const void* a, const void* bt, const float* c, float* d, int m, int n, int k, cudaStream_t stream) {
    // Above 48 KB of dynamic shared memory a kernel must opt in.
    FPLAB_CUDA_CHECK(
        cudaFuncSetAttribute(cpAsyncPipelineGemm<Elem>, cudaFuncAttributeMaxDynamicSharedMemorySize, t::kSharedBytes));
    const dim3 grid(n / t::kBlockN, m / t::kBlockM);
    cpAsyncPipelineGemm<Elem><<<grid, t::kThreads, t::kSharedBytes, stream>>>(
        static_cast<const std::uint16_t*>(a), static_cast<const std::uint16_t*>(bt), c, d, m, n, k);
    FPLAB_CUDA_CHECK_LAUNCH("cpAsyncPipelineGemm");
}

} // namespace

void launchCpAsyncPipeline(GemmType type, const void* a, const void* bt, const float* c, float* d, int m, int n, int k,
                           cudaStream_t stream) {
    if (type == GemmType::Bf16Fp32) launch<Bf16>(a, bt, c, d, m, n, k, stream);
    else launch<Fp16>(a, bt, c, d, m, n, k, stream);
}

} // namespace fplab::gpu::kernels::ladder
