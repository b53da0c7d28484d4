// The GEMM ladder (issue 11): five FP16/BF16 -> FP32 kernels, each keeping everything the rung below
// had and adding one idea, from a SIMT loop to Hopper's wgmma fed by TMA. What each rung is, which
// sizes it takes, and the GPU entry points (CUDA build, or the stub's "built without CUDA").
// The kernels live in gpu/kernels/ladder_<n>_*.cu, their tile shapes in gpu/kernels/ladder_tiles.h.
#pragma once

#include "core/tensor_core/mma_config.h"
#include "gpu/gemm.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fplab::gpu {

enum class LadderRung : std::uint8_t {
    SimtNaive,       // 1: one thread per output, FMAs on the CUDA cores
    SmemMma,         // 2: shared-memory tiles, one mma.sync per warp tile
    LdmatrixBlocked, // 3: ldmatrix, register blocking, padded shared memory
    CpAsyncPipeline, // 4: a multi-stage cp.async pipeline, larger block tiles
    WgmmaTma,        // 5: sm_90a wgmma fed by TMA, mbarrier producer/consumer pipeline
};

inline constexpr int kLadderRungCount = 5;

struct LadderRungInfo {
    LadderRung rung;
    int number;                   // 1..5
    std::string_view name;        // CLI name: "simt-naive"
    std::string_view idea;        // the one idea this rung adds
    std::string_view cost;        // what that idea costs
    std::string_view instruction; // the arithmetic instruction the inner loop runs
    bool tensorCore;              // false: the FMA chain (compare with cpu-sequential)
    tc::Api api;                  // the instruction family its CPU model is asked for
    std::string_view kernelFile;  // the source file, from the repository root
    int tileM, tileN, tileK;      // m, n and k must be multiples of these
    int minComputeCapability;     // 80, or 90 for rung 5 (which also needs sm_90a code in the build)
};

std::span<const LadderRungInfo> ladderRungs();
const LadderRungInfo& ladderRungInfo(LadderRung rung);
// "1".."5" or the CLI name.
std::optional<LadderRung> parseLadderRung(std::string_view text);
// The types every rung runs: FP16 -> FP32 and BF16 -> FP32.
bool isLadderType(GemmType type);
// Empty when a rung takes an m x n x k problem of this type; otherwise why not.
std::string checkLadderProblem(LadderRung rung, GemmType type, int m, int n, int k);

// GPU entry points (CUDA build or stub). Empty when device 0 and this build can run the rung.
std::string ladderUnavailableReason(LadderRung rung, GemmType type);
// One rung on device 0; throws GpuError (NoDevice, NotBuilt, Unsupported, InvalidArgument).
GemmOutput runLadderGemm(const GemmProblem& problem, LadderRung rung);

} // namespace fplab::gpu
