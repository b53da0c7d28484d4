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
    std::string instruction(GemmType) const override { return "none: IEEE FP64 sum, rounded once"; }
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
    std::string instruction(GemmType) const override { return "none: FMA chain (as the naive kernels)"; }
    GemmOutput run(const GemmProblem& problem) override;
};

// What a tensor-core GEMM computes, on the CPU tensor-core model of one instruction: each output cell is
// the chain of that instruction over k (core/tensor_core chainedDot), with the TF32 inputs rounded as the
// kernel rounds them (cvt.rna). FP32/FP64 (SIMT kernels) are the sequential FMA chain.
// mma.sync (the default) is what the project's kernels run: "cpu-model-sm_90". wgmma, Hopper's FP8 path
// that cuBLASLt uses, is modelled for FP8 only (for other types its blocks are mma.sync's):
// "cpu-model-sm_90-wgmma".
class CpuModelBackend final : public GemmBackend {
public:
    // adaDevice: the GPU compared with is sm_89 (Ada), which the model does not cover: FP8 then answers
    // tc::adaFp8NoData() instead of the sm_80 model's "no FP8".
    explicit CpuModelBackend(tc::Arch arch, tc::Tf32Input tf32Input = tc::Tf32Input::NearestAway,
                             tc::Api api = tc::Api::MmaSync, bool adaDevice = false);
    // The partial sum promoted to FP32 every N products (core/tensor_core/promotion.h), for FP8: the model of
    // cuBLASLt with FAST_ACCUM off; the name becomes "cpu-model-sm_90-wgmma-promoted-N". 0: none.
    void setPromoteEvery(int n) { m_promoteEvery = n; }
    std::string name() const override;
    std::string description() const override;
    std::string unavailableReason(GemmType type) const override;
    std::string instruction(GemmType type) const override;
    GemmOutput run(const GemmProblem& problem) override;
    tc::Arch arch() const { return m_arch; }
    tc::Api api() const { return m_api; }
    // The readings of the model's two open corners (corner_readings.h); nullopt: the built-in ones.
    void setCornerReadings(std::optional<tc::CornerReadings> corners) { m_corners = corners; }

private:
    std::optional<tc::MmaConfig> configFor(GemmType type) const;

    tc::Arch m_arch;
    tc::Tf32Input m_tf32Input;
    tc::Api m_api;
    bool m_adaDevice;
    int m_promoteEvery = 0;
    std::optional<tc::CornerReadings> m_corners;
};

// The model configuration of one instruction of this GEMM type (types without a tensor-core MMA: nullopt).
std::optional<tc::MmaConfig> mmaConfigFor(GemmType type, tc::Arch arch, tc::Tf32Input tf32Input,
                                          tc::Api api = tc::Api::MmaSync);
// The name of the CPU model backend of the instruction a GPU backend runs for this type on `arch`
// (cuda-kernel: mma.sync; cublas FP8 on sm_90: wgmma); empty when the backend's instruction is not
// fixed (cuBLAS picks its kernels) or it uses no tensor core.
std::string instructionModelName(std::string_view backend, GemmType type, tc::Arch arch);
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
    std::string instruction(GemmType type) const override;
    GemmOutput run(const GemmProblem& problem) override;

private:
    KernelVariant m_variant;
};

// cuBLAS (cublasGemmEx) and cuBLASLt (FP8) on device 0.
// fp8FastAccum: FP8 through cuBLASLt with FAST_ACCUM on ("cublas-fast-accum"; other types refused).
class CublasBackend final : public GemmBackend {
public:
    explicit CublasBackend(bool fp8FastAccum = false) : m_fastAccum(fp8FastAccum) {}
    std::string name() const override { return m_fastAccum ? "cublas-fast-accum" : "cublas"; }
    std::string description() const override;
    std::string unavailableReason(GemmType type) const override;
    std::string instruction(GemmType type) const override;
    GemmOutput run(const GemmProblem& problem) override;

private:
    bool m_fastAccum;
};

// The GPU entry points behind the two GPU backends: implemented with CUDA, or by the stub
// that throws GpuError(NotBuilt). Each throws NoDevice when there is no usable GPU.
GemmOutput runKernelGemm(const GemmProblem& problem, KernelVariant variant);
// fp8FastAccum: an FP8 GEMM through cuBLASLt with CUBLASLT_MATMUL_DESC_FAST_ACCUM set (no FP32 promotion).
GemmOutput runCublasGemm(const GemmProblem& problem, bool fp8FastAccum = false);
// Empty when device 0 can run it; otherwise why not (no GPU, compute capability, library limits).
std::string kernelGemmUnavailableReason(GemmType type, KernelVariant variant);
std::string cublasGemmUnavailableReason(GemmType type);

// Every backend for a comparison: reference, cpu-sequential, cpu model (mma.sync; on sm_90 also wgmma),
// GPU kernels (both variants) and cuBLAS. The model's architecture follows device 0, or sm_80 without a GPU.
std::vector<std::unique_ptr<GemmBackend>> makeAllBackends(std::optional<tc::Arch> modelArch = std::nullopt);

} // namespace fplab::gpu
