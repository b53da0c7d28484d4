// cuBLAS and cuBLASLt GEMMs: the library's answer for each GEMM type, next to the project's
// kernels. cuBLAS is column-major; our row-major D = A*B + C is, read column-major, the N x M
// matrix D^T = B^T A^T + C^T, so every call is "TN": op(first) = T on Bt (ld K), op(second) = N on A
// (ld K), C/D with ld N. TN is also the layout cuBLASLt requires for FP8 and the IMMA path prefers.
#include "gpu/cuda/cublas_runner.h"

#include "gpu/backends.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"
#include "gpu/lt_fp8_descriptor.h"

#include <cstring>

namespace fplab::gpu::cuda {

namespace {

constexpr std::size_t kLtWorkspaceBytes = 32u << 20;

struct GemmExTypes {
    cudaDataType_t ab;
    cudaDataType_t cd;
    cublasComputeType_t compute;
};

GemmExTypes gemmExTypes(GemmType type) {
    switch (type) {
    case GemmType::Fp64: return {CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F};
    case GemmType::Fp32: return {CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F};
    // "allows down-converting inputs to TF32"; the docs say the conversion rounds to nearest even.
    case GemmType::Tf32: return {CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32};
    case GemmType::Fp16Fp32: return {CUDA_R_16F, CUDA_R_32F, CUBLAS_COMPUTE_32F};
    case GemmType::Fp16Fp16: return {CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_16F};
    case GemmType::Bf16Fp32: return {CUDA_R_16BF, CUDA_R_32F, CUBLAS_COMPUTE_32F};
    case GemmType::Int8Int32: return {CUDA_R_8I, CUDA_R_32I, CUBLAS_COMPUTE_32I};
    case GemmType::E4m3Fp32:
    case GemmType::E5m2Fp32: break; // cuBLASLt
    }
    return {CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F};
}

// alpha = 1 and beta = 0 or 1 in the scale type of the compute type.
struct Scalars {
    alignas(8) unsigned char alpha[8];
    alignas(8) unsigned char beta[8];
};

Scalars scalarsFor(cublasComputeType_t compute, bool addC) {
    Scalars s{};
    auto put = [](unsigned char* dst, auto value) { std::memcpy(dst, &value, sizeof value); };
    switch (compute) {
    case CUBLAS_COMPUTE_64F:
        put(s.alpha, 1.0);
        put(s.beta, addC ? 1.0 : 0.0);
        break;
    case CUBLAS_COMPUTE_16F:
        put(s.alpha, std::uint16_t(0x3C00)); // FP16 1.0
        put(s.beta, std::uint16_t(addC ? 0x3C00 : 0x0000));
        break;
    case CUBLAS_COMPUTE_32I:
        put(s.alpha, std::int32_t(1));
        put(s.beta, std::int32_t(addC ? 1 : 0));
        break;
    default:
        put(s.alpha, 1.0f);
        put(s.beta, addC ? 1.0f : 0.0f);
        break;
    }
    return s;
}

class GemmExPlan final : public CublasRunner::Plan {
public:
    GemmExPlan(cublasHandle_t h, GemmType type, int m, int n, int k)
        : m_h(h), m_types(gemmExTypes(type)), m_m(m), m_n(n), m_k(k) {}
    void run(const void* a, const void* bt, void* d, bool addC) override {
        const Scalars s = scalarsFor(m_types.compute, addC);
        FPLAB_CUBLAS_CHECK(cublasGemmEx(m_h, CUBLAS_OP_T, CUBLAS_OP_N, m_n, m_m, m_k, s.alpha, bt, m_types.ab, m_k, a,
                                        m_types.ab, m_k, s.beta, d, m_types.cd, m_n, m_types.compute,
                                        CUBLAS_GEMM_DEFAULT));
    }

private:
    cublasHandle_t m_h;
    GemmExTypes m_types;
    int m_m, m_n, m_k;
};

cudaDataType_t ltType(Fp8Operand t) { return t == Fp8Operand::E4m3 ? CUDA_R_8F_E4M3 : CUDA_R_8F_E5M2; }

// Sets one attribute of the FP8 descriptor (gpu/lt_fp8_descriptor.h decides which).
void setLtAttribute(cublasLtMatmulDesc_t op, LtAttribute attribute, const float* scales) {
    const cublasOperation_t transa = CUBLAS_OP_T, transb = CUBLAS_OP_N;
    const std::int32_t scalar = CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F;
    const float* scaleA = scales;
    const float* scaleB = scales + 1;
    switch (attribute) {
    case LtAttribute::TransA:
        FPLAB_CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &transa, sizeof transa));
        return;
    case LtAttribute::TransB:
        FPLAB_CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &transb, sizeof transb));
        return;
    case LtAttribute::AScaleMode:
        FPLAB_CUBLAS_CHECK(
            cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &scalar, sizeof scalar));
        return;
    case LtAttribute::AScalePointer:
        FPLAB_CUBLAS_CHECK(
            cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof scaleA));
        return;
    case LtAttribute::BScaleMode:
        FPLAB_CUBLAS_CHECK(
            cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &scalar, sizeof scalar));
        return;
    case LtAttribute::BScalePointer:
        FPLAB_CUBLAS_CHECK(
            cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof scaleB));
        return;
    case LtAttribute::FastAccum: {
        const std::int8_t on = 1; // cublasLt.h: CUBLASLT_MATMUL_DESC_FAST_ACCUM, int8_t, default 0
        FPLAB_CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &on, sizeof on));
        return;
    }
    }
}

// FP8 through cuBLASLt, FP32 C and D, FP32 compute, the descriptor of ltFp8Descriptor() (scales of 1 leave
// the scale attributes unset), CUBLASLT_MATMUL_DESC_FAST_ACCUM at 0 (partial sums promoted to FP32
// periodically) unless the descriptor sets it. `scales` is device memory for cuBLASLt's A and B scale, used only when set.
class LtFp8Plan final : public CublasRunner::Plan {
public:
    LtFp8Plan(cublasLtHandle_t lt, const LtFp8Descriptor& desc, int m, int n, int k, void* workspace,
              std::size_t workspaceBytes, float* scales, int ld = 0, bool noSplitK = false)
        : m_lt(lt), m_workspace(workspace), m_workspaceBytes(workspaceBytes) {
        if (ld == 0) ld = k;
        if (!desc.unsupported.empty()) throw GpuError(GpuError::Kind::Unsupported, desc.unsupported);
        if (desc.scaleA != 1.0f || desc.scaleB != 1.0f) {
            const float hostScales[2] = {desc.scaleA, desc.scaleB};
            FPLAB_CUDA_CHECK(cudaMemcpy(scales, hostScales, sizeof hostScales, cudaMemcpyHostToDevice));
        }
        FPLAB_CUBLAS_CHECK(cublasLtMatmulDescCreate(&m_op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
        for (LtAttribute attribute : desc.attributes) setLtAttribute(m_op, attribute, scales);
        // Column-major: first operand Bt (K x N, ld K) transposed, second A (K x M, ld K), D N x M (ld N).
        FPLAB_CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&m_a, ltType(desc.ltA), k, n, ld));
        FPLAB_CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&m_b, ltType(desc.ltB), k, m, ld));
        FPLAB_CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&m_c, CUDA_R_32F, n, m, n));
        FPLAB_CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&m_d, CUDA_R_32F, n, m, n));
        FPLAB_CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&m_pref));
        FPLAB_CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(m_pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                                &m_workspaceBytes, sizeof m_workspaceBytes));
        if (noSplitK) {
            const std::uint32_t none = CUBLASLT_REDUCTION_SCHEME_NONE;
            FPLAB_CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(m_pref, CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK,
                                                                    &none, sizeof none));
        }
        int found = 0;
        FPLAB_CUBLAS_CHECK(cublasLtMatmulAlgoGetHeuristic(m_lt, m_op, m_a, m_b, m_c, m_d, m_pref, 1, &m_algo, &found));
        if (found == 0)
            throw GpuError(GpuError::Kind::Unsupported,
                           "cuBLASLt found no FP8 algorithm for this GEMM on this GPU (cublasLtMatmulAlgoGetHeuristic "
                           "returned no result)");
    }
    ~LtFp8Plan() override {
        if (m_pref) cublasLtMatmulPreferenceDestroy(m_pref);
        for (auto l : {m_a, m_b, m_c, m_d})
            if (l) cublasLtMatrixLayoutDestroy(l);
        if (m_op) cublasLtMatmulDescDestroy(m_op);
    }
    void run(const void* a, const void* bt, void* d, bool addC) override {
        const float alpha = 1.0f, beta = addC ? 1.0f : 0.0f;
        FPLAB_CUBLAS_CHECK(cublasLtMatmul(m_lt, m_op, &alpha, bt, m_a, a, m_b, &beta, d, m_c, d, m_d, &m_algo.algo,
                                          m_workspace, m_workspaceBytes, nullptr));
    }

private:
    cublasLtHandle_t m_lt;
    void* m_workspace;
    std::size_t m_workspaceBytes;
    cublasLtMatmulDesc_t m_op = nullptr;
    cublasLtMatrixLayout_t m_a = nullptr, m_b = nullptr, m_c = nullptr, m_d = nullptr;
    cublasLtMatmulPreference_t m_pref = nullptr;
    cublasLtMatmulHeuristicResult_t m_algo{};
};

} // namespace

CublasRunner::CublasRunner() : m_workspace(kLtWorkspaceBytes), m_scales(std::vector<float>{1.0f, 1.0f}) {}
CublasRunner::~CublasRunner() = default;

std::string CublasRunner::unsupportedReason(GemmType type, int m, int n, int k) {
    const auto& q = queryDevices();
    if (!q.available) return "no GPU: " + q.reason;
    const int cc = q.devices.front().computeCapability();
    if (isFp8Type(type)) {
        if (cc < 89) return "cuBLASLt FP8 GEMMs need sm_89 or later; this GPU is sm_" + std::to_string(cc);
        // The cuBLAS docs' cublasLtMatmul type table has no E5M2 x E5M2 row (PyTorch's
        // test_matmul_cuda.py expects the same call to fail).
        const Fp8Operand t = fp8OperandOf(type);
        if (auto why = ltFp8Descriptor(t, t).unsupported; !why.empty()) return why;
        if (m % 16 || n % 16 || k % 16) return "cuBLASLt FP8 GEMMs need m, n and k to be multiples of 16";
    }
    // cuBLAS docs, cublasGemmEx with CUDA_R_32I compute: "A, B being 32-bit aligned; and lda, ldb being
    // multiples of 4" (here lda = ldb = k).
    if (type == GemmType::Int8Int32 && k % 4) return "cuBLAS INT8 GEMMs need k to be a multiple of 4";
    return {};
}

std::unique_ptr<CublasRunner::Plan> CublasRunner::plan(GemmType type, int m, int n, int k, bool fp8FastAccum) {
    if (auto why = unsupportedReason(type, m, n, k); !why.empty()) throw GpuError(GpuError::Kind::Unsupported, why);
    if (isFp8Type(type)) return planFp8(fp8OperandOf(type), fp8OperandOf(type), m, n, k, fp8FastAccum);
    return std::make_unique<GemmExPlan>(m_handle.get(), type, m, n, k);
}

std::unique_ptr<CublasRunner::Plan> CublasRunner::planFp8(Fp8Operand a, Fp8Operand b, int m, int n, int k,
                                                          bool fastAccum) {
    if (auto why = unsupportedReason(GemmType::E4m3Fp32, m, n, k); !why.empty())
        throw GpuError(GpuError::Kind::Unsupported, why);
    return std::make_unique<LtFp8Plan>(m_lt.get(), ltFp8Descriptor(a, b, 1.0f, 1.0f, fastAccum), m, n, k,
                                       m_workspace.get(), m_workspace.size(), m_scales.get());
}

std::unique_ptr<CublasRunner::Plan> CublasRunner::planFp8Chunk(Fp8Operand a, Fp8Operand b, int m, int n, int k, int ld,
                                                               bool fastAccum) {
    if (auto why = unsupportedReason(GemmType::E4m3Fp32, m, n, k); !why.empty())
        throw GpuError(GpuError::Kind::Unsupported, why);
    if (ld < k || ld % 16)
        throw GpuError(GpuError::Kind::InvalidArgument,
                       "cuBLASLt FP8: the rows must be a multiple of 16 apart, at least k");
    return std::make_unique<LtFp8Plan>(m_lt.get(), ltFp8Descriptor(a, b, 1.0f, 1.0f, fastAccum), m, n, k,
                                       m_workspace.get(), m_workspace.size(), m_scales.get(), ld, true);
}

} // namespace fplab::gpu::cuda

namespace fplab::gpu {

std::string cublasGemmUnavailableReason(GemmType type) {
    // Sizes are checked when a problem arrives; 16 passes every size rule.
    return cuda::CublasRunner::unsupportedReason(type, 16, 16, 16);
}

GemmOutput runCublasGemm(const GemmProblem& p, bool fp8FastAccum) {
    if (auto why = checkProblem(p); !why.empty()) throw GpuError(GpuError::Kind::InvalidArgument, why);
    requireDevice();
    if (auto why = cuda::CublasRunner::unsupportedReason(p.type, p.m, p.n, p.k); !why.empty())
        throw GpuError(GpuError::Kind::Unsupported, why);
    const auto& info = gemmTypeInfo(p.type);
    const int inBytes = info.inputBits / 8, outBytes = info.outputBits / 8;
    // Pack the bit patterns into device storage (little-endian on both sides); B goes in transposed.
    std::vector<std::uint8_t> a(p.a.size() * inBytes), bt(p.b.size() * inBytes), d(p.c.size() * outBytes);
    for (std::size_t i = 0; i < p.a.size(); ++i) std::memcpy(&a[i * inBytes], &p.a[i], inBytes);
    for (int kk = 0; kk < p.k; ++kk)
        for (int j = 0; j < p.n; ++j)
            std::memcpy(&bt[(std::size_t(j) * p.k + kk) * inBytes], &p.b[std::size_t(kk) * p.n + j], inBytes);
    for (std::size_t i = 0; i < p.c.size(); ++i) std::memcpy(&d[i * outBytes], &p.c[i], outBytes);

    cuda::CublasRunner runner;
    auto plan = runner.plan(p.type, p.m, p.n, p.k, fp8FastAccum);
    cuda::DeviceBuffer<std::uint8_t> da(a), dbt(bt), dd(d);
    cuda::GpuTimer timer(runner.stream());
    timer.start();
    plan->run(da.get(), dbt.get(), dd.get(), true);
    GemmOutput out;
    out.backend = "cublas";
    out.milliseconds = timer.stopMs();
    FPLAB_CUDA_CHECK(cudaDeviceSynchronize());
    const auto result = dd.download();
    out.d.resize(p.c.size());
    for (std::size_t i = 0; i < out.d.size(); ++i) {
        std::uint64_t v = 0;
        std::memcpy(&v, &result[i * outBytes], outBytes);
        out.d[i] = v;
    }
    if (p.type == GemmType::Tf32) out.note = "CUBLAS_COMPUTE_32F_FAST_TF32: inputs rounded to TF32 by cuBLAS";
    if (isFp8Type(p.type))
        out.note = std::string("cuBLASLt, scales 1 (scale attributes unset), FAST_ACCUM ") +
                   (fp8FastAccum ? "on" : "off");
    return out;
}

} // namespace fplab::gpu
