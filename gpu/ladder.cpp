// The ladder's table: what each rung adds and costs, and the sizes its tiles take.
#include "gpu/ladder.h"

#include "gpu/kernels/ladder_tiles.h"

namespace fplab::gpu {

namespace {

namespace lt = ladder;

constexpr LadderRungInfo kRungs[] = {
    {LadderRung::SimtNaive, 1, "simt-naive",
     "one thread per output: k FMAs on the CUDA cores, every operand read from global memory",
     "2 loads per FMA; no tensor core", "fma.rn.f32", false, tc::Api::MmaSync, "gpu/kernels/ladder_1_simt_naive.cuh", 1,
     1, 1, 80}, // any size: the kernel checks its bounds
    {LadderRung::SmemMma, 2, "smem-mma",
     "shared-memory tiles, one mma.sync per warp tile: tensor cores, each operand read from DRAM once per tile",
     "fragments gathered element by element; one MMA per k-step leaves the tensor core waiting on loads",
     "mma.sync.m16n8k16", true, tc::Api::MmaSync, "gpu/kernels/ladder_2_smem_mma.cu", lt::smem::kBlockM,
     lt::smem::kBlockN, lt::smem::kTileK, 80},
    {LadderRung::LdmatrixBlocked, 3, "ldmatrix-blocked",
     "ldmatrix fragment loads, 4 x 4 MMAs per warp per k-step (register blocking), padded shared memory",
     "64 FP32 accumulators per thread; every warp still waits for each tile's loads (no copy/math overlap)",
     "mma.sync.m16n8k16", true, tc::Api::MmaSync, "gpu/kernels/ladder_3_ldmatrix_blocked.cuh", lt::blocked::kBlockM,
     lt::blocked::kBlockN, lt::blocked::kTileK, 80},
    {LadderRung::CpAsyncPipeline, 4, "cp-async-pipeline",
     "a 4-stage cp.async pipeline (load tile s+3 while computing tile s) in 128 x 256 block tiles",
     "120 KB of shared memory per block: one block per SM, and a long prologue for small matrices", "mma.sync.m16n8k16",
     true, tc::Api::MmaSync, "gpu/kernels/ladder_4_cp_async_pipeline.cu", lt::pipelined::kBlockM,
     lt::pipelined::kBlockN, lt::pipelined::kTileK, 80},
    {LadderRung::WgmmaTma, 5, "wgmma-tma",
     "Hopper: TMA copies swizzled tiles, mbarriers hand them from a producer warp group to two wgmma consumers",
     "sm_90a only (no other GPU runs it); a tensor-map descriptor per matrix, set up on the host", "wgmma.m64n128k16",
     true, tc::Api::Wgmma, "gpu/kernels/ladder_5_wgmma_tma.cu", lt::hopper::kBlockM, lt::hopper::kBlockN,
     lt::hopper::kTileK, 90},
};

} // namespace

std::span<const LadderRungInfo> ladderRungs() { return kRungs; }

const LadderRungInfo& ladderRungInfo(LadderRung rung) { return kRungs[static_cast<int>(rung)]; }

std::optional<LadderRung> parseLadderRung(std::string_view text) {
    for (const auto& r : kRungs)
        if (text == r.name || (text.size() == 1 && text[0] == char('0' + r.number))) return r.rung;
    return std::nullopt;
}

bool isLadderType(GemmType type) { return type == GemmType::Fp16Fp32 || type == GemmType::Bf16Fp32; }

std::string checkLadderProblem(LadderRung rung, GemmType type, int m, int n, int k) {
    const auto& r = ladderRungInfo(rung);
    if (!isLadderType(type)) return "the ladder runs fp16-fp32 and bf16-fp32, not " + std::string(gemmTypeName(type));
    if (m <= 0 || n <= 0 || k <= 0) return "m, n and k must be positive";
    if (m % r.tileM || n % r.tileN || k % r.tileK)
        return "rung " + std::to_string(r.number) + " (" + std::string(r.name) + ") needs m a multiple of " +
               std::to_string(r.tileM) + ", n of " + std::to_string(r.tileN) + " and k of " + std::to_string(r.tileK) +
               " (got " + std::to_string(m) + " x " + std::to_string(n) + " x " + std::to_string(k) + ")";
    return {};
}

} // namespace fplab::gpu
