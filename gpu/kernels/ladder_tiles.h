// The tile shapes of the GEMM ladder (gpu/kernels/ladder_*.cu), chosen for the H100 (132 SMs, 228 KB
// of shared memory per SM, 64 K registers per SM) and kept here as named constants: the kernels use
// them, and the host side (gpu/ladder.cpp) derives the sizes each rung accepts from them. Plain C++:
// no CUDA header, so the stub build and the tests see the same numbers. No autotuner: one shape per rung.
#pragma once

namespace fplab::gpu::ladder {

// Rung 1: one thread per output, a 16 x 16 thread block.
namespace simt {
inline constexpr int kBlockSide = 16;
} // namespace simt

// Rung 2: a 32 x 32 block tile, 8 warps, each warp one 16 x 8 mma.sync tile; K in steps of 32.
namespace smem {
inline constexpr int kBlockM = 32;
inline constexpr int kBlockN = 32;
inline constexpr int kTileK = 32;
inline constexpr int kWarps = (kBlockM / 16) * (kBlockN / 8); // 8
inline constexpr int kThreads = 32 * kWarps;
} // namespace smem

// Rung 3: a 128 x 128 block tile, 8 warps as 2 x 4, each warp 64 x 32 (4 x 4 mma.sync tiles of 16 x 8);
// shared-memory rows padded by 8 halves (16 bytes) so ldmatrix's eight row addresses hit eight
// different bank groups.
namespace blocked {
inline constexpr int kBlockM = 128;
inline constexpr int kBlockN = 128;
inline constexpr int kTileK = 32;
inline constexpr int kWarpsM = 2;
inline constexpr int kWarpsN = 4;
inline constexpr int kWarpM = kBlockM / kWarpsM; // 64
inline constexpr int kWarpN = kBlockN / kWarpsN; // 32
inline constexpr int kThreads = 32 * kWarpsM * kWarpsN;
inline constexpr int kPad = 8;                   // halves
inline constexpr int kRowStride = kTileK + kPad; // 40 halves = 80 bytes
} // namespace blocked

// Rung 4: rung 3's warp tiling in a 128 x 256 block tile with a 4-stage cp.async pipeline:
// 4 x (128 + 256) x 40 halves x 2 bytes = 120 KB of shared memory, one block per SM; 8 warps as 2 x 4,
// each 64 x 64 (4 x 8 mma.sync tiles: 128 FP32 accumulators per thread).
namespace pipelined {
inline constexpr int kBlockM = 128;
inline constexpr int kBlockN = 256;
inline constexpr int kTileK = 32;
inline constexpr int kStages = 4;
inline constexpr int kWarpsM = 2;
inline constexpr int kWarpsN = 4;
inline constexpr int kWarpM = kBlockM / kWarpsM; // 64
inline constexpr int kWarpN = kBlockN / kWarpsN; // 64
inline constexpr int kThreads = 32 * kWarpsM * kWarpsN;
inline constexpr int kPad = 8;
inline constexpr int kRowStride = kTileK + kPad;
inline constexpr int kStageHalves = (kBlockM + kBlockN) * kRowStride;
inline constexpr int kSharedBytes = kStages * kStageHalves * 2; // 122,880
} // namespace pipelined

// Rung 5 (sm_90a): a 128 x 128 block tile, K in steps of 64 (one 128-byte swizzled row per TMA box
// row), 6 stages of 32 KB (192 KB), one producer warp group issuing TMA copies and two consumer warp
// groups, each running wgmma m64n128k16 on its 64 rows.
namespace hopper {
inline constexpr int kBlockM = 128;
inline constexpr int kBlockN = 128;
inline constexpr int kTileK = 64; // 64 halves = 128 bytes: the width of the 128-byte swizzle
inline constexpr int kStages = 6;
inline constexpr int kConsumers = 2; // warp groups of 128 threads, 64 rows each
inline constexpr int kWgmmaM = 64;
inline constexpr int kWgmmaN = kBlockN; // 128
inline constexpr int kWgmmaK = 16;
inline constexpr int kThreads = 128 * (kConsumers + 1);
inline constexpr int kStageBytes = (kBlockM + kBlockN) * kTileK * 2; // 32 KB
inline constexpr int kSharedBytes = kStages * kStageBytes + 1024;    // + room to align to 1024 bytes
} // namespace hopper

} // namespace fplab::gpu::ladder
