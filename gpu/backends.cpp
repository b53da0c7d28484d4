// The CPU GEMM backends, and the GPU backends' thin wrappers over the CUDA entry points.
#include "gpu/backends.h"

#include "core/arithmetic.h"
#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/instruction_map.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"
#include "gpu/lt_fp8_descriptor.h"

#include <bit>
#include <chrono>
#include <cmath>

namespace fplab::gpu {

namespace {

void requireWellFormed(const GemmProblem& p) {
    if (auto why = checkProblem(p); !why.empty()) throw GpuError(GpuError::Kind::InvalidArgument, why);
}

std::int64_t int8Value(std::uint64_t bits) { return std::int64_t(std::int8_t(std::uint8_t(bits))); }

// Times a CPU computation.
template <class F>
double timeMs(F&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// INT8 GEMM in wrapping int32: every backend agrees on this one (mma.sync without .satfinite wraps).
void int8Gemm(const GemmProblem& p, std::vector<std::uint64_t>& d) {
    for (int i = 0; i < p.m; ++i)
        for (int j = 0; j < p.n; ++j) {
            std::uint32_t acc = std::uint32_t(p.c[std::size_t(i) * p.n + j]);
            for (int k = 0; k < p.k; ++k)
                acc += std::uint32_t(int8Value(p.a[std::size_t(i) * p.k + k]) *
                                     int8Value(p.b[std::size_t(k) * p.n + j]));
            d[std::size_t(i) * p.n + j] = acc;
        }
}

// acc = fma(a, b, acc) in `acc` format, k ascending, inputs converted exactly (or RNA to TF32).
void sequentialFmaGemm(const GemmProblem& p, std::vector<std::uint64_t>& d) {
    const auto& info = gemmTypeInfo(p.type);
    const Format& accF = *info.output;
    const Format& inF = *info.input;
    // Inputs widened to the accumulator format; exact for every type here (TF32 after its rounding).
    auto widen = [&](std::uint64_t bits) -> std::uint64_t {
        if (p.type == GemmType::Tf32) return tc::tf32Operand(std::uint32_t(bits), tc::Tf32Input::NearestAway);
        if (inF == accF) return bits;
        return convert(inF, bits, accF).bits;
    };
    std::vector<std::uint64_t> a(p.a.size()), b(p.b.size());
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = widen(p.a[i]);
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = widen(p.b[i]);
    for (int i = 0; i < p.m; ++i)
        for (int j = 0; j < p.n; ++j) {
            std::uint64_t acc = p.c[std::size_t(i) * p.n + j];
            for (int k = 0; k < p.k; ++k)
                acc = fma(accF, a[std::size_t(i) * p.k + k], b[std::size_t(k) * p.n + j], acc).bits;
            d[std::size_t(i) * p.n + j] = acc;
        }
}

} // namespace

// ---- reference --------------------------------------------------------------------------

std::string CpuReferenceBackend::description() const {
    return "IEEE reference: products and sums in FP64 (k ascending from C), one RNE rounding to the output "
           "format; FP64: sequential FP64 FMA; INT8: exact, wrapped to int32";
}

GemmOutput CpuReferenceBackend::run(const GemmProblem& p) {
    requireWellFormed(p);
    GemmOutput out;
    out.backend = name();
    out.d.resize(std::size_t(p.m) * p.n);
    out.milliseconds = timeMs([&] {
        if (p.type == GemmType::Int8Int32) {
            int8Gemm(p, out.d);
            return;
        }
        for (int i = 0; i < p.m; ++i)
            for (int j = 0; j < p.n; ++j) {
                double acc = outputToDouble(p.type, p.c[std::size_t(i) * p.n + j]);
                for (int k = 0; k < p.k; ++k) {
                    const double a = inputToDouble(p.type, p.a[std::size_t(i) * p.k + k]);
                    const double b = inputToDouble(p.type, p.b[std::size_t(k) * p.n + j]);
                    acc = p.type == GemmType::Fp64 ? std::fma(a, b, acc) : acc + a * b;
                }
                out.d[std::size_t(i) * p.n + j] = outputFromDouble(p.type, acc);
            }
    });
    return out;
}

// ---- sequential FMA ---------------------------------------------------------------------

std::string CpuSequentialBackend::description() const {
    return "sequential FMA chain in the accumulator format (what the naive kernels compute), core soft-float";
}

GemmOutput CpuSequentialBackend::run(const GemmProblem& p) {
    requireWellFormed(p);
    GemmOutput out;
    out.backend = name();
    out.d.resize(std::size_t(p.m) * p.n);
    out.milliseconds = timeMs([&] {
        if (p.type == GemmType::Int8Int32) int8Gemm(p, out.d);
        else sequentialFmaGemm(p, out.d);
    });
    if (p.type == GemmType::Tf32) out.note = "inputs rounded to TF32 with ties away (cvt.rna.tf32.f32)";
    return out;
}

// ---- tensor-core model --------------------------------------------------------------------

std::optional<tc::MmaConfig> mmaConfigFor(GemmType type, tc::Arch arch, tc::Tf32Input tf32Input, tc::Api api) {
    tc::MmaConfig c;
    c.arch = arch;
    c.instruction = api;
    c.tf32Input = tf32Input;
    c.accum = tc::AccumType::Fp32;
    switch (type) {
    case GemmType::Fp64:
    case GemmType::Fp32: return std::nullopt;
    case GemmType::Tf32: c.input = tc::InputType::Tf32; break;
    case GemmType::Fp16Fp32: c.input = tc::InputType::Fp16; break;
    case GemmType::Fp16Fp16:
        c.input = tc::InputType::Fp16;
        c.accum = tc::AccumType::Fp16;
        break;
    case GemmType::Bf16Fp32: c.input = tc::InputType::Bf16; break;
    case GemmType::E4m3Fp32: c.input = tc::InputType::E4m3; break;
    case GemmType::E5m2Fp32: c.input = tc::InputType::E5m2; break;
    case GemmType::Int8Int32:
        c.input = tc::InputType::Int8;
        c.accum = tc::AccumType::Int32;
        c.intOverflow = tc::IntOverflow::Wrap;
        break;
    }
    return c;
}

tc::Arch modelArchFor(int computeCapability) { return computeCapability >= 90 ? tc::Arch::Sm90 : tc::Arch::Sm80; }

std::string instructionModelName(std::string_view backend, GemmType type, tc::Arch arch) {
    if (!isTensorCoreType(type)) return {};
    const std::string model = "cpu-model-" + std::string(tc::archName(arch));
    if (backend == "cuda-kernel") return model;
    // cuBLASLt FP8 on sm_90 runs wgmma: with FAST_ACCUM off its sums are promoted to FP32 (the promoted model at
    // the assumed interval), with it on they are not.
    if (backend == "cublas" && isFp8Type(type) && arch == tc::Arch::Sm90)
        return model + "-wgmma-promoted-" + std::to_string(kAssumedCublasLtFp8PromotionInterval);
    if (backend == "cublas-fast-accum" && isFp8Type(type) && arch == tc::Arch::Sm90) return model + "-wgmma";
    return {};
}

CpuModelBackend::CpuModelBackend(tc::Arch arch, tc::Tf32Input tf32Input, tc::Api api, bool adaDevice)
    : m_arch(arch), m_tf32Input(tf32Input), m_api(api), m_adaDevice(adaDevice) {}

std::string CpuModelBackend::name() const {
    const std::string base = "cpu-model-" + std::string(tc::archName(m_arch));
    const std::string api = m_api == tc::Api::MmaSync ? base : base + "-" + std::string(tc::apiName(m_api));
    return m_promoteEvery > 0 ? api + "-promoted-" + std::to_string(m_promoteEvery) : api;
}

std::string CpuModelBackend::description() const {
    return "CPU tensor-core model (" + std::string(tc::archDescription(m_arch)) + ", " +
           std::string(tc::apiName(m_api)) + "): the chain of that instruction over k" +
           (m_api == tc::Api::MmaSync ? " as the project's kernels run it" : "") + "; FP32/FP64: sequential FMA";
}

std::string CpuModelBackend::unavailableReason(GemmType type) const {
    if (m_api == tc::Api::Wgmma && !isFp8Type(type))
        return "the wgmma model is shown for FP8 only: for this type its blocks are the mma.sync model's";
    if (m_promoteEvery > 0 && !isFp8Type(type)) return "the promoted model is shown for FP8 only, as cuBLASLt promotes";
    const auto config = configFor(type);
    if (!config) return {};
    if (isFp8Type(type) && m_adaDevice) return std::string(tc::adaFp8NoData());
    const auto resolved = tc::resolveModel(*config);
    if (!resolved.model) return resolved.message.empty() ? "no tensor-core model for this type" : resolved.message;
    return {};
}

std::optional<tc::MmaConfig> CpuModelBackend::configFor(GemmType type) const {
    auto config = mmaConfigFor(type, m_arch, m_tf32Input, m_api);
    if (config && m_corners) {
        config->zeroProducts = m_corners->zeroProducts;
        config->zeroSign = m_corners->zeroSign;
    }
    return config;
}

std::string CpuModelBackend::instruction(GemmType type) const {
    const auto& info = gemmTypeInfo(type);
    if (info.shape == MmaShape::None) return "none: FMA chain (as the SIMT kernels)";
    const std::string arch(tc::archName(m_arch));
    if (m_api == tc::Api::Wgmma) return "model of wgmma m64nNk" + std::to_string(info.mmaK) + " (" + arch + ")";
    return "model of " + std::string(info.instruction) + " (" + arch + ")";
}

int modelBlockK(const tc::BlockModel& model, GemmType type) {
    // A fixed-structure instruction chains whole instructions (BlockModel::structure) by itself.
    if (model.structure.fixed()) return 0;
    // The block schedule of the instruction the GEMM uses (core/tensor_core/instruction_map.h).
    for (const auto& row : tc::instructionsFor(model.config.arch, model.config.input))
        if (row.api == model.instruction && row.k == gemmTypeInfo(type).mmaK) return row.blockSize;
    return 0; // the architecture's block size
}

GemmOutput CpuModelBackend::run(const GemmProblem& p) {
    requireWellFormed(p);
    if (auto why = unavailableReason(p.type); !why.empty())
        throw GpuError(GpuError::Kind::Unsupported, name() + ": " + why);
    const auto config = configFor(p.type);
    if (!config) {
        CpuSequentialBackend sequential;
        GemmOutput out = sequential.run(p);
        out.backend = name();
        return out;
    }
    const auto resolved = tc::resolveModel(*config);
    if (!resolved.model) throw GpuError(GpuError::Kind::Unsupported, name() + ": " + resolved.message);
    GemmOutput out;
    out.backend = name();
    std::vector<std::uint32_t> a(p.a.begin(), p.a.end()), b(p.b.begin(), p.b.end()), c(p.c.begin(), p.c.end());
    std::vector<std::uint32_t> d(c.size());
    tc::GemmOptions options;
    options.blockK = modelBlockK(*resolved.model, p.type);
    options.promoteEvery = m_promoteEvery;
    tc::GemmReport report;
    out.milliseconds = timeMs([&] {
        try {
            report = tc::emulateGemm(*resolved.model, {p.m, p.n, p.k}, a, b, c, d, options);
        } catch (const std::invalid_argument& e) {
            throw GpuError(GpuError::Kind::InvalidArgument, name() + ": " + e.what());
        }
    });
    out.d.assign(d.begin(), d.end());
    if (report.tinyEdgeCases)
        out.note = std::to_string(report.tinyEdgeCases) + " cells rest on an open question of the model (" +
                   std::string(tc::caveatText(tc::Caveat::TinyEdgeCase)) + ")";
    return out;
}

// ---- GPU ----------------------------------------------------------------------------------

std::string_view kernelVariantName(KernelVariant v) { return v == KernelVariant::TensorCore ? "kernel" : "naive"; }

std::string CudaKernelBackend::name() const { return "cuda-" + std::string(kernelVariantName(m_variant)); }

std::string CudaKernelBackend::description() const {
    return m_variant == KernelVariant::TensorCore
               ? "the project's mma.sync tensor-core kernels (FP32/FP64: tiled SIMT FMA kernels)"
               : "the project's naive kernels: one thread per output, sequential FMA";
}

std::string CudaKernelBackend::unavailableReason(GemmType type) const {
    return kernelGemmUnavailableReason(type, m_variant);
}

std::string CudaKernelBackend::instruction(GemmType type) const {
    const auto& info = gemmTypeInfo(type);
    if (m_variant == KernelVariant::Naive || info.shape == MmaShape::None) return "none: FFMA chain (SIMT)";
    std::string s(info.instruction);
    if (isFp8Type(type)) s += " (sm_90: two FP16 HMMA; sm_89: native FP8)";
    return s;
}

GemmOutput CudaKernelBackend::run(const GemmProblem& p) {
    requireWellFormed(p);
    GemmOutput out = runKernelGemm(p, m_variant);
    out.backend = name();
    return out;
}

std::string CublasBackend::description() const {
    return "cuBLAS cublasGemmEx (COMPUTE_64F/32F/32F_FAST_TF32/16F/32I), cuBLASLt for FP8";
}

std::string CublasBackend::unavailableReason(GemmType type) const {
    if (m_fastAccum && !isFp8Type(type)) return "FAST_ACCUM is a setting of cuBLASLt's FP8 GEMMs only";
    return cublasGemmUnavailableReason(type);
}

std::string CublasBackend::instruction(GemmType type) const {
    if (isFp8Type(type))
        return std::string("cuBLASLt FP8: wgmma on sm_90 (Hopper's FP8 path), mma.sync on sm_89; FAST_ACCUM ") +
               (m_fastAccum ? "on" : "off");
    if (!isTensorCoreType(type)) return "cuBLAS: its own kernels (FP64 tensor cores where present)";
    return "cuBLAS: its own kernels (HMMA/IMMA, wgmma on sm_90; not fixed)";
}

GemmOutput CublasBackend::run(const GemmProblem& p) {
    requireWellFormed(p);
    GemmOutput out = runCublasGemm(p, m_fastAccum);
    out.backend = name();
    return out;
}

std::vector<std::unique_ptr<GemmBackend>> makeAllBackends(std::optional<tc::Arch> modelArch) {
    const auto& q = queryDevices();
    const int cc = q.available ? q.devices.front().computeCapability() : 0;
    if (!modelArch) modelArch = q.available ? modelArchFor(cc) : tc::Arch::Sm80;
    std::vector<std::unique_ptr<GemmBackend>> all;
    all.push_back(std::make_unique<CpuReferenceBackend>());
    all.push_back(std::make_unique<CpuSequentialBackend>());
    all.push_back(std::make_unique<CpuModelBackend>(*modelArch, tc::Tf32Input::NearestAway, tc::Api::MmaSync,
                                                    cc >= 89 && cc < 90 && *modelArch == tc::Arch::Sm80));
    // cuBLASLt's FP8 GEMMs run wgmma on sm_90: their own model, next to the kernels' mma.sync.
    // With FAST_ACCUM off (cublas) they promote to FP32, modelled at the assumed interval; with it on
    // (cublas-fast-accum) they do not: two pairs, each GPU row beside its own model.
    if (*modelArch == tc::Arch::Sm90) {
        all.push_back(std::make_unique<CpuModelBackend>(*modelArch, tc::Tf32Input::NearestAway, tc::Api::Wgmma));
        auto promoted = std::make_unique<CpuModelBackend>(*modelArch, tc::Tf32Input::NearestAway, tc::Api::Wgmma);
        promoted->setPromoteEvery(kAssumedCublasLtFp8PromotionInterval);
        all.push_back(std::move(promoted));
    }
    all.push_back(std::make_unique<CudaKernelBackend>(KernelVariant::Naive));
    all.push_back(std::make_unique<CudaKernelBackend>(KernelVariant::TensorCore));
    all.push_back(std::make_unique<CublasBackend>());
    if (*modelArch == tc::Arch::Sm90) all.push_back(std::make_unique<CublasBackend>(true));
    return all;
}

} // namespace fplab::gpu
