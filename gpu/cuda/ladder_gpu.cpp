// Host side of the GEMM ladder: whether device 0 and this build can run a rung, and one rung's GEMM on
// bit patterns (for the bit-checks against the CPU models).
#include "gpu/cuda/device_memory.h"
#include "gpu/device_info.h"
#include "gpu/kernels/ladder_launchers.h"

#include <cstring>

namespace fplab::gpu {

std::string ladderUnavailableReason(LadderRung rung, GemmType type) {
    if (!isLadderType(type)) return "the ladder runs fp16-fp32 and bf16-fp32, not " + std::string(gemmTypeName(type));
    const auto& q = queryDevices();
    if (!q.available) return "no GPU: " + q.reason;
    const int cc = q.devices.front().computeCapability();
    const auto& info = ladderRungInfo(rung);
    if (cc < info.minComputeCapability)
        return "rung " + std::to_string(info.number) + " (" + std::string(info.name) + ") needs sm_" +
               std::to_string(info.minComputeCapability) + " or later; this GPU is sm_" + std::to_string(cc);
    if (rung == LadderRung::WgmmaTma) return kernels::ladder::wgmmaTmaUnavailableReason();
    return {};
}

GemmOutput runLadderGemm(const GemmProblem& p, LadderRung rung) {
    if (auto why = checkProblem(p); !why.empty()) throw GpuError(GpuError::Kind::InvalidArgument, why);
    if (auto why = checkLadderProblem(rung, p.type, p.m, p.n, p.k); !why.empty())
        throw GpuError(GpuError::Kind::InvalidArgument, why);
    requireDevice();
    if (auto why = ladderUnavailableReason(rung, p.type); !why.empty())
        throw GpuError(GpuError::Kind::Unsupported, why);
    std::vector<std::uint16_t> a(p.a.size()), bt(p.b.size());
    std::vector<float> c(p.c.size());
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = std::uint16_t(p.a[i]);
    for (int kk = 0; kk < p.k; ++kk)
        for (int j = 0; j < p.n; ++j) bt[std::size_t(j) * p.k + kk] = std::uint16_t(p.b[std::size_t(kk) * p.n + j]);
    for (std::size_t i = 0; i < c.size(); ++i) {
        const auto bits = std::uint32_t(p.c[i]);
        std::memcpy(&c[i], &bits, 4);
    }
    cuda::DeviceBuffer<std::uint16_t> da(a), dbt(bt);
    cuda::DeviceBuffer<float> dc(c), dd(c.size());
    cuda::GpuTimer timer;
    timer.start();
    kernels::ladder::launcherOf(rung)(p.type, da.get(), dbt.get(), dc.get(), dd.get(), p.m, p.n, p.k, nullptr);
    GemmOutput out;
    out.backend = "ladder-" + std::to_string(ladderRungInfo(rung).number);
    out.milliseconds = timer.stopMs();
    FPLAB_CUDA_CHECK(cudaDeviceSynchronize()); // execution errors surface here
    const auto d = dd.download();
    out.d.resize(d.size());
    for (std::size_t i = 0; i < d.size(); ++i) {
        std::uint32_t bits;
        std::memcpy(&bits, &d[i], 4);
        out.d[i] = bits;
    }
    return out;
}

} // namespace fplab::gpu
