// Sums on the GPU as summation targets: one row of a cuBLAS GEMM at several batch sizes (FP32, and FP16
// on the tensor cores), the project's own tensor-core GEMM kernel, the GPU Lab's three accumulation
// kernels (one thread in order, a tree reduction, atomicAdd from many threads) and one mma.sync. Without
// a GPU (or a CUDA build) every one says why when it is asked to sum.
#pragma once

#include "core/reveal/summation_target.h"

#include <array>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fplab::summation_targets {

enum class GpuTarget : std::uint8_t {
    CublasSgemmM1,   // cuBLAS FP32 GEMM, C (1 x 1) = A (1 x n) B (n x 1)
    CublasSgemmM64,  // the same row inside a 64 x n by n x 64 GEMM
    CublasSgemmM512, // ... inside a 512-row batch
    CublasHgemmM64,  // FP16 inputs, FP32 accumulate, on the tensor cores: row 0 of a 64-row batch
    KernelHgemmM64,  // the project's mma.sync kernel, FP16 -> FP32, row 0 of a 64-row batch
    GpuSequential,   // one GPU thread adding in index order
    GpuTree,         // the GPU Lab's tree reduction (blocks of 256)
    GpuAtomic,       // atomicAdd from many threads: the order changes from run to run
    SingleMma,       // one mma.sync m16n8k16 FP16 -> FP32: k = 16 products and C
};

inline constexpr std::array kGpuTargets{
    GpuTarget::CublasSgemmM1,  GpuTarget::CublasSgemmM64, GpuTarget::CublasSgemmM512,
    GpuTarget::CublasHgemmM64, GpuTarget::KernelHgemmM64, GpuTarget::GpuSequential,
    GpuTarget::GpuTree,        GpuTarget::GpuAtomic,      GpuTarget::SingleMma};

std::string_view gpuTargetName(GpuTarget t); // "cublas-sgemm-m1", ...
std::optional<GpuTarget> parseGpuTarget(std::string_view name);
// The terms' format: fp32, or fp16 for the tensor-core targets.
bool gpuTargetSumsFp16(GpuTarget t);
// Empty when device 0 can run the target; otherwise why not ("no GPU: ...", "not built with CUDA").
std::string gpuTargetUnavailable();

// Thrown by makeGpuTarget where device 0 cannot run: the message says why (fplab-cli's exit code 4).
class NoGpuForTarget : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

std::unique_ptr<reveal::SummationTarget> makeGpuTarget(GpuTarget t, int terms);

} // namespace fplab::summation_targets
