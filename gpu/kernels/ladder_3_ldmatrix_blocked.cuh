// Ladder rung 3: ldmatrix, register blocking, padded shared memory.
// Idea (added to rung 2): three changes that make each byte moved feed more tensor-core work.
//  - Register blocking: a block computes 128 x 128 of D with 8 warps, each warp 64 x 32 = 4 x 4 tiles of
//    16 x 8. Per k-step a warp loads 4 A and 4 B fragments and issues 16 MMAs: every fragment is reused
//    4 times from registers (rung 2: once).
//  - ldmatrix: one instruction loads four 8 x 8 matrices straight into the fragment registers (lane l
//    names row l % 8 of matrix l / 8), instead of 8 scalar shared-memory loads per A fragment.
//  - Padding: rows of 32 halves (64 bytes) would put ldmatrix's 8 row addresses on 2 bank groups
//    (4-way conflicts); 8 halves of padding make a row 80 bytes, so the 8 rows hit 8 different groups.
//    Global memory is copied in 16-byte vectors.
// Cost: 64 FP32 accumulators per thread; a warp still stops at __syncthreads while its tile is copied,
// so copies and MMAs never overlap. Sizes must be multiples of the 128 x 128 x 32 tile.
// Numerics: each D tile is C, then mma.sync chained over k ascending, as in rung 2.
// The warp's k-tile step (warpTileStep) is rung 4's too, hence a header; the launcher is in the .cu.
#pragma once

#include "gpu/kernels/ladder_common.cuh"
#include "gpu/kernels/ladder_tiles.h"

namespace fplab::gpu::kernels::ladder {

// One k-tile of a warp's register-blocked tile: per step of 16, kTilesM A and kTilesN B fragments by
// ldmatrix from padded shared memory (rows kRowStride halves apart; sB holds Bt: row n, column k), then
// kTilesM x kTilesN MMAs. ldmatrix row addresses: A's four matrices are (rows 0-7, k 0-7), (rows 8-15, k 0-7),
// (rows 0-7, k 8-15), (rows 8-15, k 8-15) = a0..a3; B's are (n 0-7, k 0-7), (n 0-7, k 8-15), (n 8-15, k 0-7),
// (n 8-15, k 8-15) = b0, b1 of one n-tile, then b0, b1 of the next.
template <class Elem, int kTilesM, int kTilesN, int kTileK, int kRowStride>
__device__ inline void warpTileStep(float (&acc)[kTilesM][kTilesN][4], const std::uint16_t* sA, const std::uint16_t* sB,
                                    int warpRow, int warpCol, int lane) {
    const int aRow = lane % 16, aCol = (lane / 16) * 8;
    const int bRow = lane % 8 + (lane / 16) * 8, bCol = ((lane / 8) % 2) * 8;
    // lesson snippet begin
    for (int kk = 0; kk < kTileK; kk += 16) {
        std::uint32_t a[kTilesM][4], b[kTilesN][2];
        for (int mi = 0; mi < kTilesM; ++mi)
            ldmatrixX4(a[mi], &sA[(warpRow + mi * 16 + aRow) * kRowStride + kk + aCol]);
        for (int nj = 0; nj < kTilesN; nj += 2) {
            std::uint32_t r[4];
            ldmatrixX4(r, &sB[(warpCol + nj * 8 + bRow) * kRowStride + kk + bCol]);
            b[nj][0] = r[0], b[nj][1] = r[1], b[nj + 1][0] = r[2], b[nj + 1][1] = r[3];
        }
        for (int mi = 0; mi < kTilesM; ++mi)
            for (int ni = 0; ni < kTilesN; ++ni) Elem::mma(acc[mi][ni], a[mi], b[ni]);
    }
    // lesson snippet end
}

namespace blocked {

namespace t = fplab::gpu::ladder::blocked;
inline constexpr int kTilesM = t::kWarpM / 16;      // 4
inline constexpr int kTilesN = t::kWarpN / 8;       // 4
inline constexpr int kChunksPerRow = t::kTileK / 8; // 16-byte vectors per tile row

// Copies rows x kTileK halves starting at (row0, k0) of a K-wide matrix into a padded tile.
__device__ inline void copyTile(std::uint16_t* tile, const std::uint16_t* src, int rows, int row0, int k0, int K) {
    for (int i = threadIdx.x; i < rows * kChunksPerRow; i += t::kThreads) {
        const int r = i / kChunksPerRow, c = (i % kChunksPerRow) * 8;
        *reinterpret_cast<uint4*>(&tile[r * t::kRowStride + c]) = *reinterpret_cast<const uint4*>(
            &src[std::size_t(row0 + r) * K + k0 + c]);
    }
}

template <class Elem>
__global__ void __launch_bounds__(t::kThreads)
    ldmatrixBlockedGemm(const std::uint16_t* __restrict__ A, const std::uint16_t* __restrict__ Bt,
                        const float* __restrict__ C, float* __restrict__ D, int M, int N, int K) {
    __shared__ __align__(16) std::uint16_t sA[t::kBlockM * t::kRowStride];
    __shared__ __align__(16) std::uint16_t sB[t::kBlockN * t::kRowStride]; // Bt tile: row n, column k
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int blockRow = blockIdx.y * t::kBlockM, blockCol = blockIdx.x * t::kBlockN;
    const int warpRow = (warp / t::kWarpsN) * t::kWarpM, warpCol = (warp % t::kWarpsN) * t::kWarpN;

    float acc[kTilesM][kTilesN][4];
    for (int mi = 0; mi < kTilesM; ++mi)
        for (int ni = 0; ni < kTilesN; ++ni)
            loadTileC(acc[mi][ni], C, N, blockRow + warpRow + mi * 16, blockCol + warpCol + ni * 8, lane);
    for (int k0 = 0; k0 < K; k0 += t::kTileK) {
        copyTile(sA, A, t::kBlockM, blockRow, k0, K);
        copyTile(sB, Bt, t::kBlockN, blockCol, k0, K);
        __syncthreads();
        warpTileStep<Elem, kTilesM, kTilesN, t::kTileK, t::kRowStride>(acc, sA, sB, warpRow, warpCol, lane);
        __syncthreads();
    }
    for (int mi = 0; mi < kTilesM; ++mi)
        for (int ni = 0; ni < kTilesN; ++ni)
            storeTileD(acc[mi][ni], D, N, blockRow + warpRow + mi * 16, blockCol + warpCol + ni * 8, lane);
}

} // namespace blocked

} // namespace fplab::gpu::kernels::ladder
