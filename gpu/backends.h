// The GEMM backends: three on the CPU (an IEEE reference, the naive kernels' sequential
// FMA chain, the tensor-core model of core/tensor_core) and two on the GPU (the project's
// kernels and cuBLAS). The GPU ones report why they cannot run instead of crashing.
#pragma once

#include "core/tensor_core/mma_config.h"
#include "gpu/gemm.h"

#include <memory>
#include <string>
#include <vector>

namespace fplab::gpu {

// Products and sums in FP64 (k ascending, from C), then one round-to-nearest-even to the
// output format; FP64 GEMMs use a sequential FP64 FMA chain; INT8 is exact, wrapped to int32.
class CpuReferenceBackend final : public GemmBackend {
public:
    std::string name() const override { return "reference"; }
    std::string description() const override;
    std::string unavailableReason(GemmType) const override { return {}; }
    GemmOutput run(const GemmProblem& problem) override;
};

// What the naive GPU kernels compute: acc = C; acc = fma(a_k, b_k, acc) for k ascending, each
// step rounded (nearest even) to the accumulator format (FP16 for fp16-fp16); TF32 inputs rounded
// with ties away (cvt.rna.tf32.f32) first; INT8 in wrapping int32.
class CpuSequentialBackend final : public GemmBackend {
public:
    std::string name() const override { return "cpu-sequential"; }
    std::string description() const override;
    std::string unavailableReason(GemmType) const override { return {}; }
    GemmOutput run(const GemmProblem& problem) override;
};

// What the project's tensor-core kernels compute, on the CPU tensor-core model: each output cell is
// the chain of MMA blocks over k (core/tensor_core chainedDot), with the TF32 inputs rounded as the
// kernel rounds them (cvt.rna). FP32/FP64 (SIMT kernels) are the sequential FMA chain.
class CpuModelBackend final : public GemmBackend {
public:
    explicit CpuModelBackend(tc::Arch arch, tc::Tf32Input tf32Input = tc::Tf32Input::NearestAway);
    std::string name() const override;
    std::string description() const override;
    std::string unavailableReason(GemmType type) const override;
    GemmOutput run(const GemmProblem& problem) override;
    tc::Arch arch() const { return m_arch; }

private:
    tc::Arch m_arch;
    tc::Tf32Input m_tf32Input;
};

// The model configuration of one MMA of this GEMM type (types without a tensor-core MMA: nullopt).
std::optional<tc::MmaConfig> mmaConfigFor(GemmType type, tc::Arch arch, tc::Tf32Input tf32Input);
// The model's architecture for a compute capability: sm_90 and later -> Sm90, otherwise Sm80.
tc::Arch modelArchFor(int computeCapability);
// Products per block for the mma.sync instruction the project kernel uses for this type, from the
// model's instruction table (0: the architecture's block size).
int modelBlockK(const tc::BlockModel& model, GemmType type);

enum class KernelVariant : std::uint8_t {
    TensorCore, // the project's mma.sync kernel (FP32/FP64: the tiled SIMT kernel)
    Naive,      // one thread per output, a sequential FMA loop
};
std::string_view kernelVariantName(KernelVariant v); // "tc" / "naive"

// The project's kernels on device 0.
class CudaKernelBackend final : public GemmBackend {
public:
    explicit CudaKernelBackend(KernelVariant variant = KernelVariant::TensorCore) : m_variant(variant) {}
    std::string name() const override;
    std::string description() const override;
    std::string unavailableReason(GemmType type) const override;
    GemmOutput run(const GemmProblem& problem) override;

private:
    KernelVariant m_variant;
};

// cuBLAS (cublasGemmEx) and cuBLASLt (FP8) on device 0.
class CublasBackend final : public GemmBackend {
public:
    std::string name() const override { return "cublas"; }
    std::string description() const override;
    std::string unavailableReason(GemmType type) const override;
    GemmOutput run(const GemmProblem& problem) override;
};

// The GPU entry points behind the two GPU backends: implemented with CUDA, or by the stub
// that throws GpuError(NotBuilt). Each throws NoDevice when there is no usable GPU.
GemmOutput runKernelGemm(const GemmProblem& problem, KernelVariant variant);
GemmOutput runCublasGemm(const GemmProblem& problem);
// Empty when device 0 can run it; otherwise why not (no GPU, compute capability, library limits).
std::string kernelGemmUnavailableReason(GemmType type, KernelVariant variant);
std::string cublasGemmUnavailableReason(GemmType type);

// Every backend for a comparison: reference, cpu-sequential, cpu model, GPU kernels (both
// variants) and cuBLAS. The model's architecture follows device 0, or sm_80 without a GPU.
std::vector<std::unique_ptr<GemmBackend>> makeAllBackends(std::optional<tc::Arch> modelArch = std::nullopt);

} // namespace fplab::gpu
