// Host side of the project's kernels: checks that the device and the build can run a type, moves
// the bit patterns to and from the device, times the kernel, and runs the single-MMA tiles.
#include "gpu/cuda/device_memory.h"
#include "gpu/device_info.h"
#include "gpu/kernels/launchers.h"
#include "gpu/mma_fragment.h"
#include "gpu/single_mma.h"

#include <cstring>

namespace fplab::gpu {

namespace {

std::vector<std::uint8_t> packBits(const std::vector<std::uint64_t>& v, int bytes) {
    std::vector<std::uint8_t> out(v.size() * std::size_t(bytes));
    for (std::size_t i = 0; i < v.size(); ++i) std::memcpy(&out[i * bytes], &v[i], std::size_t(bytes));
    return out;
}

std::vector<std::uint64_t> unpackBits(const std::vector<std::uint8_t>& v, int bytes) {
    std::vector<std::uint64_t> out(v.size() / std::size_t(bytes));
    for (std::size_t i = 0; i < out.size(); ++i) std::memcpy(&out[i], &v[i * bytes], std::size_t(bytes));
    return out;
}

} // namespace

std::string kernelGemmUnavailableReason(GemmType type, KernelVariant variant) {
    const auto& q = queryDevices();
    if (!q.available) return "no GPU: " + q.reason;
    const auto& dev = q.devices.front();
    const int cc = dev.computeCapability();
    if (cc < 80)
        return "FP Lab's GPU code is built for sm_80 and later; this GPU (" + dev.name + ") is sm_" +
               std::to_string(cc);
    const auto& info = gemmTypeInfo(type);
    if (variant == KernelVariant::Naive || info.shape == MmaShape::None) return {};
    if (cc < info.minComputeCapability)
        return std::string(info.instruction) + " needs sm_" + std::to_string(info.minComputeCapability) +
               " or later; this GPU is sm_" + std::to_string(cc);
    int binary = 0;
    try {
        binary = kernels::kernelsFor(type).tensorCoreBinaryVersion();
    } catch (const GpuError& e) {
        return std::string("the tensor-core kernel cannot load on this GPU: ") + e.what();
    }
    if (binary < info.minComputeCapability)
        return "this build runs its sm_" + std::to_string(binary) + " code on this GPU, which has no " +
               std::string(info.name) + " MMA; rebuild with " + std::to_string(cc) + " in CMAKE_CUDA_ARCHITECTURES";
    return {};
}

GemmOutput runKernelGemm(const GemmProblem& p, KernelVariant variant) {
    if (auto why = checkProblem(p); !why.empty()) throw GpuError(GpuError::Kind::InvalidArgument, why);
    requireDevice();
    if (auto why = kernelGemmUnavailableReason(p.type, variant); !why.empty())
        throw GpuError(GpuError::Kind::Unsupported, why);
    const auto& info = gemmTypeInfo(p.type);
    const int inBytes = info.inputBits / 8, outBytes = info.outputBits / 8;
    std::vector<std::uint64_t> bt(p.b.size());
    for (int kk = 0; kk < p.k; ++kk)
        for (int j = 0; j < p.n; ++j) bt[std::size_t(j) * p.k + kk] = p.b[std::size_t(kk) * p.n + j];
    cuda::DeviceBuffer<std::uint8_t> da(packBits(p.a, inBytes)), dbt(packBits(bt, inBytes)),
        dc(packBits(p.c, outBytes)), dd(p.c.size() * std::size_t(outBytes));
    cuda::GpuTimer timer;
    timer.start();
    kernels::kernelsFor(p.type).gemm(variant, da.get(), dbt.get(), dc.get(), dd.get(), p.m, p.n, p.k, nullptr);
    GemmOutput out;
    out.milliseconds = timer.stopMs();
    FPLAB_CUDA_CHECK(cudaDeviceSynchronize()); // execution errors surface here
    out.d = unpackBits(dd.download(), outBytes);
    if (p.type == GemmType::Tf32) out.note = "inputs rounded to TF32 with cvt.rna.tf32.f32";
    return out;
}

std::vector<std::uint64_t> runSingleMmaOnGpu(const MmaTile& t) {
    if (auto why = checkMmaTile(t); !why.empty()) throw GpuError(GpuError::Kind::InvalidArgument, why);
    requireDevice();
    if (auto why = kernelGemmUnavailableReason(t.type, KernelVariant::TensorCore); !why.empty())
        throw GpuError(GpuError::Kind::Unsupported, why);
    const auto& info = gemmTypeInfo(t.type);
    const int inBytes = info.inputBits / 8, outBytes = info.outputBits / 8;
    cuda::DeviceBuffer<std::uint8_t> da(packBits(t.a, inBytes)), db(packBits(t.b, inBytes)),
        dc(packBits(t.c, outBytes)), dd(std::size_t(mma::kM) * mma::kN * std::size_t(outBytes));
    kernels::kernelsFor(t.type).singleMma(da.get(), db.get(), dc.get(), dd.get(), nullptr);
    FPLAB_CUDA_CHECK(cudaDeviceSynchronize());
    return unpackBits(dd.download(), outBytes);
}

} // namespace fplab::gpu
