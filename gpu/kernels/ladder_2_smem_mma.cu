// Ladder rung 2: shared-memory tiles and the tensor core, one mma.sync per warp tile.
// Idea (added to rung 1): a block of 8 warps copies a 32 x 32 (K) tile of A and of Bt into shared memory
// once, and each warp computes one 16 x 8 tile of D with mma.sync.m16n8k16: 4,096 FLOPs per instruction
// instead of 2. Each operand element now comes from DRAM once per block tile instead of once per output.
// Cost: fragments are gathered element by element from shared memory (the PTX fragment tables of
// gpu/mma_fragment.h: 8 + 4 scalar loads per MMA), loads and MMAs take turns (__syncthreads between),
// and one MMA per warp per k-step gives the tensor core too little to do between loads.
// Numerics: each D tile is C, then the instruction chained over k ascending: the CPU mma.sync model.
#include "gpu/kernels/ladder_common.cuh"
#include "gpu/kernels/ladder_launchers.h"
#include "gpu/kernels/ladder_tiles.h"

namespace fplab::gpu::kernels::ladder {

namespace {

namespace t = fplab::gpu::ladder::smem;
constexpr MmaShape kShape = MmaShape::M16N8K16;

template <class Elem>
__global__ void __launch_bounds__(t::kThreads)
    smemMmaGemm(const std::uint16_t* __restrict__ A, const std::uint16_t* __restrict__ Bt, const float* __restrict__ C,
                float* __restrict__ D, int M, int N, int K) {
    __shared__ std::uint16_t sA[t::kBlockM][t::kTileK];
    __shared__ std::uint16_t sB[t::kBlockN][t::kTileK]; // Bt tile: sB[n][k]
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int blockRow = blockIdx.y * t::kBlockM, blockCol = blockIdx.x * t::kBlockN;
    const int warpRow = (warp / (t::kBlockN / 8)) * 16, warpCol = (warp % (t::kBlockN / 8)) * 8;

    float acc[4];
    loadTileC(acc, C, N, blockRow + warpRow, blockCol + warpCol, lane);
    for (int k0 = 0; k0 < K; k0 += t::kTileK) {
        for (int i = threadIdx.x; i < t::kBlockM * t::kTileK; i += t::kThreads) {
            const int r = i / t::kTileK, kk = i % t::kTileK;
            sA[r][kk] = A[std::size_t(blockRow + r) * K + k0 + kk];
            sB[r][kk] = Bt[std::size_t(blockCol + r) * K + k0 + kk];
        }
        __syncthreads();
        // lesson snippet begin
        for (int kk = 0; kk < t::kTileK; kk += 16) {
            std::uint32_t a[4], b[2];
            packA<kShape>(a, &sA[warpRow][kk], t::kTileK, lane);
            packB<kShape>(b, &sB[warpCol][kk], t::kTileK, true, lane);
            Elem::mma(acc, a, b);
        }
        // lesson snippet end
        __syncthreads();
    }
    storeTileD(acc, D, N, blockRow + warpRow, blockCol + warpCol, lane);
}

static_assert(t::kBlockM == t::kBlockN, "the copy loop fills sA and sB rows with one index");

} // namespace

void launchSmemMma(GemmType type, const void* a, const void* bt, const float* c, float* d, int m, int n, int k,
                   cudaStream_t stream) {
    const dim3 grid(n / t::kBlockN, m / t::kBlockM);
    auto kernel = type == GemmType::Bf16Fp32 ? smemMmaGemm<Bf16> : smemMmaGemm<Fp16>;
    kernel<<<grid, t::kThreads, 0, stream>>>(static_cast<const std::uint16_t*>(a),
                                             static_cast<const std::uint16_t*>(bt), c, d, m, n, k);
    FPLAB_CUDA_CHECK_LAUNCH("smemMmaGemm");
}

} // namespace fplab::gpu::kernels::ladder
