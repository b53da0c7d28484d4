// Ladder rung 5 (sm_90a only): wgmma fed by TMA, with an mbarrier producer/consumer pipeline. The Hopper way.
// Idea (added to rung 4): three Hopper units take over what the threads did by hand.
//  - TMA (cp.async.bulk.tensor): one thread asks the copy engine for a whole 128 x 64 tile, described
//    by a tensor map made on the host (cuTensorMapEncodeTiled); the engine writes it in the 128-byte
//    swizzled layout wgmma reads without bank conflicts. No address arithmetic, no registers.
//  - mbarrier: each of the 6 stages has a "full" barrier (the copy engine counts the bytes in) and an
//    "empty" one (the consumers count themselves out). A producer warp group runs ahead filling stages;
//    two consumer warp groups wait only for the stage they need.
//  - wgmma: a warp group (128 threads) issues m64n128k16 asynchronously, operands straight from shared
//    memory through 64-bit descriptors (no ldmatrix), 8x the work of one mma.sync per instruction.
// Cost: runs only on sm_90 hardware with sm_90a code (no other GPU, no PTX fallback); a tensor map per
// matrix from the driver API (reached through cudaGetDriverEntryPointByVersion, so no -lcuda); 192 KB of
// shared memory per block; sizes must be multiples of 128 x 128 x 64.
// Numerics: each wgmma k16 is one 16-product block on the sm_90 model; D starts as C and the block chain
// runs over k ascending (no split-K): the CPU wgmma model (for FP16/BF16 the same blocks as mma.sync).
// This file is compiled for sm_90a alone (gpu/CMakeLists.txt); other builds link ladder_5_unavailable.cpp.
#include "gpu/kernels/ladder_common.cuh"
#include "gpu/kernels/ladder_launchers.h"
#include "gpu/kernels/ladder_tiles.h"

#include "gpu/device_info.h"

#include <cuda.h> // CUtensorMap and its enums only: the function comes from the runtime's entry-point query
#include <cudaTypedefs.h>

namespace fplab::gpu::kernels::ladder {

namespace {

namespace t = fplab::gpu::ladder::hopper;
constexpr int kTileHalves = t::kBlockM * t::kTileK; // one 128 x 64 operand tile, 16 KB
static_assert(t::kBlockM == t::kBlockN, "A and Bt tiles share one shape and one TMA box");
static_assert(t::kTileK * 2 == 128, "a TMA box row must be exactly the 128-byte swizzle width");

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)

// ---- mbarrier --------------------------------------------------------------------------------------

__device__ inline void barrierInit(std::uint64_t* bar, unsigned count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(sharedAddress(bar)), "r"(count));
}
// Arrives once and announces `bytes` that the copy engine will count in before the phase completes.
__device__ inline void barrierExpectBytes(std::uint64_t* bar, unsigned bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(sharedAddress(bar)), "r"(bytes)
                 : "memory");
}
__device__ inline void barrierArrive(std::uint64_t* bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(sharedAddress(bar)) : "memory");
}
// How long a barrier wait may take before the kernel gives up: far beyond any healthy wait (a whole 8192^3
// GEMM takes milliseconds), short enough that a pipeline mistake costs seconds, not the GPU run.
constexpr std::uint64_t kBarrierTimeoutNs = 2'000'000'000;

__device__ inline std::uint64_t globalTimerNs() {
    std::uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// Waits until the phase with this parity has completed (parity 1 on a fresh barrier returns at once).
// Bounded by elapsed time, not by a count (try_wait may suspend for a system-dependent time on each call):
// after kBarrierTimeoutNs it traps, and the host sees the launch fail with a CUDA error instead of a hang.
__device__ inline void barrierWait(std::uint64_t* bar, int parity) {
    std::uint32_t done = 0;
    const std::uint64_t start = globalTimerNs();
    for (;;) {
        asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     " selp.u32 %0, 1, 0, p;\n}\n"
                     : "=r"(done)
                     : "r"(sharedAddress(bar)), "r"(parity)
                     : "memory");
        if (done) return;
        if (globalTimerNs() - start > kBarrierTimeoutNs) __trap();
    }
}

// ---- TMA ------------------------------------------------------------------------------------------

// The box at (column k0, row row0) of the tensor `map` into shared memory; completes bytes on `bar`.
__device__ inline void tmaLoadTile(void* dst, const CUtensorMap* map, std::uint64_t* bar, int k0, int row0) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%3, %4}], [%2];\n" ::"r"(sharedAddress(dst)),
                 "l"(reinterpret_cast<std::uint64_t>(map)), "r"(sharedAddress(bar)), "r"(k0), "r"(row0)
                 : "memory");
}

// ---- wgmma ----------------------------------------------------------------------------------------

// Descriptor of a K-major tile in the 128-byte swizzle: rows of 128 bytes, groups of 8 rows 1024 bytes
// apart (stride byte offset), the leading byte offset unused (16), swizzle mode 1 in bits 62-63.
__device__ inline std::uint64_t tileDescriptor(const std::uint16_t* tile) {
    const std::uint64_t address = sharedAddress(tile);
    return ((address & 0x3FFFF) >> 4) | (std::uint64_t(16 >> 4) << 16) | (std::uint64_t(1024 >> 4) << 32) |
           (std::uint64_t(1) << 62);
}

#define FPLAB_WGMMA_M64N128K16(TYPE)                                                                                   \
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %66, 0;\n"                                                        \
                 "wgmma.mma_async.sync.aligned.m64n128k16.f32." TYPE "." TYPE " "                                      \
                 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, "         \
                 "%20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, "          \
                 "%38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, "          \
                 "%56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}\n"                              \
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),     \
                   "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]),            \
                   "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]),          \
                   "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]),          \
                   "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]),          \
                   "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]),          \
                   "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]),          \
                   "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]),          \
                   "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])           \
                 : "l"(descA), "l"(descB), "r"(1)) // %66: scale-d = 1, D accumulates

// D (64 x 128, FP32, 64 registers per thread) = A (64 x 16) * B (16 x 128) + D, both from shared memory.
__device__ inline void wgmma(Fp16, float (&d)[64], std::uint64_t descA, std::uint64_t descB) {
    FPLAB_WGMMA_M64N128K16("f16");
}
__device__ inline void wgmma(Bf16, float (&d)[64], std::uint64_t descA, std::uint64_t descB) {
    FPLAB_WGMMA_M64N128K16("bf16");
}
#undef FPLAB_WGMMA_M64N128K16

__device__ inline void wgmmaFence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
__device__ inline void wgmmaCommit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }
template <int kPending>
__device__ inline void wgmmaWait() {
    asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(kPending) : "memory");
}

// Register i of a thread's m64nN accumulator: row 16 * warp + groupID (+ 8 for i % 4 >= 2),
// column 8 * (i / 4) + 2 * tig + i % 2 (PTX "wgmma .m64nNk16 register fragment layout for D").
__device__ inline int accRow(int thread, int i) { return 16 * (thread / 32) + (thread % 32) / 4 + 8 * ((i / 2) % 2); }
__device__ inline int accCol(int thread, int i) { return 8 * (i / 4) + 2 * (thread % 4) + i % 2; }

#endif // __CUDA_ARCH_FEAT_SM90_ALL

template <class Elem>
__global__ void __launch_bounds__(t::kThreads, 1)
    wgmmaTmaGemm(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapBt,
                 const float* __restrict__ C, float* __restrict__ D, int M, int N, int K) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    extern __shared__ std::uint8_t sharedRaw[];
    // The 128-byte swizzle repeats every 1024 bytes: tiles start on a 1024-byte boundary.
    auto* tiles = reinterpret_cast<std::uint16_t*>((reinterpret_cast<std::uintptr_t>(sharedRaw) + 1023) &
                                                   ~std::uintptr_t(1023));
    __shared__ std::uint64_t full[t::kStages], empty[t::kStages];
    auto tileA = [&](int s) { return tiles + s * 2 * kTileHalves; };
    auto tileB = [&](int s) { return tiles + s * 2 * kTileHalves + kTileHalves; };

    const int warpGroup = threadIdx.x / 128, thread = threadIdx.x % 128;
    const int blockRow = blockIdx.y * t::kBlockM, blockCol = blockIdx.x * t::kBlockN;
    const int kTiles = K / t::kTileK;
    if (threadIdx.x == 0) {
        for (int s = 0; s < t::kStages; ++s) {
            barrierInit(&full[s], 1);                    // the producer's arrive (+ the copy engine's bytes)
            barrierInit(&empty[s], t::kConsumers * 128); // every consumer thread
        }
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    __syncthreads();

    if (warpGroup == 0) {
        // Producer: one thread keeps the stages full, at most kStages tiles ahead of the consumers.
        if (thread == 0)
            for (int tile = 0; tile < kTiles; ++tile) {
                const int s = tile % t::kStages, round = tile / t::kStages;
                barrierWait(&empty[s], (round & 1) ^ 1);
                barrierExpectBytes(&full[s], t::kStageBytes);
                tmaLoadTile(tileA(s), &mapA, &full[s], tile * t::kTileK, blockRow);
                tmaLoadTile(tileB(s), &mapBt, &full[s], tile * t::kTileK, blockCol);
            }
        return;
    }

    // Consumers: warp group 1 computes rows 0-63 of the block tile, warp group 2 rows 64-127.
    const int rowOffset = (warpGroup - 1) * t::kWgmmaM;
    float d[64];
    for (int i = 0; i < 64; ++i)
        d[i] = C[std::size_t(blockRow + rowOffset + accRow(thread, i)) * N + blockCol + accCol(thread, i)];
    // lesson snippet begin
    for (int tile = 0; tile < kTiles; ++tile) {
        const int s = tile % t::kStages;
        barrierWait(&full[s], (tile / t::kStages) & 1); // the copy engine has written stage s
        wgmmaFence();
        for (int kk = 0; kk < t::kTileK; kk += t::kWgmmaK) // +32 bytes along the swizzled row per k16
            wgmma(Elem{}, d, tileDescriptor(tileA(s) + rowOffset * t::kTileK + kk), tileDescriptor(tileB(s) + kk));
        wgmmaCommit();
        wgmmaWait<1>(); // tile - 1's wgmmas are done: hand its stage back to the producer
        if (tile > 0) barrierArrive(&empty[(tile - 1) % t::kStages]);
    }
    wgmmaWait<0>();
    // lesson snippet end
    for (int i = 0; i < 64; ++i)
        D[std::size_t(blockRow + rowOffset + accRow(thread, i)) * N + blockCol + accCol(thread, i)] = d[i];
#else
    // Never launched: the host refuses this rung unless the device loaded sm_90a code.
    __trap();
#endif
}

// cuTensorMapEncodeTiled from the driver, found once through the runtime.
PFN_cuTensorMapEncodeTiled_v12000 encodeTiled() {
    static const PFN_cuTensorMapEncodeTiled_v12000 fn = [] {
        void* p = nullptr;
        cudaDriverEntryPointQueryResult found{};
        if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000, cudaEnableDefault, &found) !=
                cudaSuccess ||
            found != cudaDriverEntryPointSuccess)
            p = nullptr;
        return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(p);
    }();
    return fn;
}

// A rows x K row-major matrix of 16-bit elements, read in 128-row x 64-column boxes, 128-byte swizzle.
CUtensorMap tensorMap(GemmType type, const void* base, int rows, int K) {
    CUtensorMap map{};
    const cuuint64_t dims[2] = {cuuint64_t(K), cuuint64_t(rows)};
    const cuuint64_t rowBytes[1] = {cuuint64_t(K) * 2};
    const cuuint32_t box[2] = {t::kTileK, t::kBlockM};
    const cuuint32_t step[2] = {1, 1};
    const CUresult r = encodeTiled()(
        &map, type == GemmType::Bf16Fp32 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
        const_cast<void*>(base), dims, rowBytes, box, step, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
        CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS)
        throw GpuError(GpuError::Kind::CudaCall,
                       "cuTensorMapEncodeTiled failed with CUresult " + std::to_string(int(r)));
    return map;
}

template <class Elem>
void launch(GemmType type, const void* a, const void* bt, const float* c, float* d, int m, int n, int k,
            cudaStream_t stream) {
    const CUtensorMap mapA = tensorMap(type, a, m, k), mapBt = tensorMap(type, bt, n, k);
    FPLAB_CUDA_CHECK(
        cudaFuncSetAttribute(wgmmaTmaGemm<Elem>, cudaFuncAttributeMaxDynamicSharedMemorySize, t::kSharedBytes));
    const dim3 grid(n / t::kBlockN, m / t::kBlockM);
    wgmmaTmaGemm<Elem><<<grid, t::kThreads, t::kSharedBytes, stream>>>(mapA, mapBt, c, d, m, n, k);
    FPLAB_CUDA_CHECK_LAUNCH("wgmmaTmaGemm");
}

} // namespace

void launchWgmmaTma(GemmType type, const void* a, const void* bt, const float* c, float* d, int m, int n, int k,
                    cudaStream_t stream) {
    if (auto why = wgmmaTmaUnavailableReason(); !why.empty()) throw GpuError(GpuError::Kind::Unsupported, why);
    if (type == GemmType::Bf16Fp32) launch<Bf16>(type, a, bt, c, d, m, n, k, stream);
    else launch<Fp16>(type, a, bt, c, d, m, n, k, stream);
}

std::string wgmmaTmaUnavailableReason() {
    const auto& q = queryDevices();
    if (!q.available) return "no GPU: " + q.reason;
    const auto& dev = q.devices.front();
    if (dev.computeCapability() != 90)
        return "wgmma and TMA need sm_90a code, which only an sm_90 GPU (H100, H200) runs; this GPU (" + dev.name +
               ") is sm_" + std::to_string(dev.computeCapability());
    cudaFuncAttributes attr{};
    if (const cudaError_t e = cudaFuncGetAttributes(&attr, wgmmaTmaGemm<Fp16>); e != cudaSuccess) {
        cudaGetLastError();
        return std::string("the sm_90a kernel does not load on this GPU: ") + cudaGetErrorString(e);
    }
    if (!encodeTiled()) return "the driver does not provide cuTensorMapEncodeTiled (CUDA 12.0 or later is needed)";
    return {};
}

} // namespace fplab::gpu::kernels::ladder
