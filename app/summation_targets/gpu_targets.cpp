#include "app/summation_targets/gpu_targets.h"

#include "gpu/accumulate.h"
#include "gpu/backend_choice.h"
#include "gpu/gpu_error.h"
#include "gpu/single_mma.h"

#include <stdexcept>
#include <vector>

namespace fplab::summation_targets {

namespace {

constexpr std::array<std::string_view, kGpuTargets.size()> kNames{
    "cublas-sgemm-m1", "cublas-sgemm-m64", "cublas-sgemm-m512", "cublas-hgemm-m64", "kernel-hgemm-m64",
    "gpu-sequential",  "gpu-tree",         "gpu-atomic",        "gpu-single-mma",
};

constexpr std::uint64_t kFp16One = 0x3C00;
constexpr std::uint64_t kFp32One = 0x3F800000;

class GpuTargetImpl final : public reveal::SummationTarget {
public:
    GpuTargetImpl(GpuTarget t, int terms) : m_kind(t), m_terms(terms) {
        if (t == GpuTarget::SingleMma && terms != 16)
            throw std::invalid_argument("one mma.sync m16n8k16 adds 16 products: reveal it with 16 terms");
    }
    const Format& termFormat() const override { return gpuTargetSumsFp16(m_kind) ? kFp16 : kFp32; }
    const Format& resultFormat() const override { return kFp32; }

    std::uint64_t sum(std::span<const std::uint64_t> terms) override {
        try {
            return run(terms);
        } catch (const gpu::GpuError& e) {
            throw reveal::TargetError(e.what());
        }
    }

private:
    std::uint64_t run(std::span<const std::uint64_t> terms) {
        switch (m_kind) {
        case GpuTarget::GpuSequential:
        case GpuTarget::GpuTree:
        case GpuTarget::GpuAtomic: {
            const std::vector<std::uint32_t> values(terms.begin(), terms.end());
            const gpu::GpuSummation s = gpu::runSummationOnGpu(values, m_kind == GpuTarget::GpuAtomic ? 1 : 0);
            if (m_kind == GpuTarget::GpuSequential) return s.sequential;
            if (m_kind == GpuTarget::GpuTree) return s.tree;
            return s.atomic.at(0);
        }
        case GpuTarget::SingleMma: {
            gpu::MmaTile tile;
            tile.type = gpu::GemmType::Fp16Fp32;
            tile.a.assign(16 * 16, 0);
            tile.b.assign(16 * 8, kFp16One);
            tile.c.assign(16 * 8, 0);
            for (int k = 0; k < 16; ++k) tile.a[std::size_t(k)] = terms[std::size_t(k)];
            return gpu::runSingleMmaOnGpu(tile).at(0);
        }
        default: return gemmRow(terms);
        }
    }

    // Row 0 of A holds the terms, every other element of A and all of B are ones, C is zero: D[0][0] is their sum.
    std::uint64_t gemmRow(std::span<const std::uint64_t> terms) {
        const bool half = gpuTargetSumsFp16(m_kind);
        const int rows = m_kind == GpuTarget::CublasSgemmM1 ? 1 : m_kind == GpuTarget::CublasSgemmM512 ? 512 : 64;
        if (!m_backend)
            m_backend = gpu::makeBackend(m_kind == GpuTarget::KernelHgemmM64 ? gpu::BackendChoice::Kernel
                                                                             : gpu::BackendChoice::Cublas,
                                         gpu::defaultModelArch());
        gpu::GemmProblem p;
        p.type = half ? gpu::GemmType::Fp16Fp32 : gpu::GemmType::Fp32;
        p.m = rows;
        p.n = rows;
        p.k = m_terms;
        p.a.assign(std::size_t(rows) * std::size_t(m_terms), half ? kFp16One : kFp32One);
        p.b.assign(std::size_t(m_terms) * std::size_t(rows), half ? kFp16One : kFp32One);
        p.c.assign(std::size_t(rows) * std::size_t(rows), 0);
        for (int k = 0; k < m_terms; ++k) p.a[std::size_t(k)] = terms[std::size_t(k)];
        return m_backend->run(p).d.at(0);
    }

    GpuTarget m_kind;
    int m_terms;
    std::unique_ptr<gpu::GemmBackend> m_backend;
};

} // namespace

std::string_view gpuTargetName(GpuTarget t) { return kNames[std::size_t(t)]; }

std::optional<GpuTarget> parseGpuTarget(std::string_view name) {
    for (const GpuTarget t : kGpuTargets)
        if (gpuTargetName(t) == name) return t;
    return std::nullopt;
}

bool gpuTargetSumsFp16(GpuTarget t) {
    return t == GpuTarget::CublasHgemmM64 || t == GpuTarget::KernelHgemmM64 || t == GpuTarget::SingleMma;
}

std::string gpuTargetUnavailable() { return gpu::noGpuReason(); }

std::unique_ptr<reveal::SummationTarget> makeGpuTarget(GpuTarget t, int terms) {
    if (const std::string why = gpuTargetUnavailable(); !why.empty())
        throw NoGpuForTarget("the " + std::string(gpuTargetName(t)) + " target needs a GPU: " + why);
    return std::make_unique<GpuTargetImpl>(t, terms);
}

} // namespace fplab::summation_targets
