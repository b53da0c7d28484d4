// The GPU entry points of a build without CUDA: the same interface, every call reporting
// "FP Lab was built without CUDA", so the app and the CLI work (CPU emulation) and never crash.
#include "gpu/accumulate.h"
#include "gpu/backends.h"
#include "gpu/bench.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"
#include "gpu/ladder.h"
#include "gpu/single_mma.h"

namespace fplab::gpu {

bool builtWithCuda() { return false; }

const DeviceQuery& queryDevices() {
    static const DeviceQuery query = [] {
        DeviceQuery q;
        q.builtWithCuda = false;
        q.available = false;
        q.reason = std::string(kNotBuiltMessage);
        return q;
    }();
    return query;
}

const DeviceInfo& requireDevice() { throwNotBuilt(); }

GemmOutput runKernelGemm(const GemmProblem&, KernelVariant) { throwNotBuilt(); }
GemmOutput runCublasGemm(const GemmProblem&, bool) { throwNotBuilt(); }
std::string kernelGemmUnavailableReason(GemmType, KernelVariant) { return std::string(kNotBuiltMessage); }
std::string cublasGemmUnavailableReason(GemmType) { return std::string(kNotBuiltMessage); }

std::string ladderUnavailableReason(LadderRung, GemmType) { return std::string(kNotBuiltMessage); }
GemmOutput runLadderGemm(const GemmProblem&, LadderRung) { throwNotBuilt(); }

std::vector<std::uint64_t> runSingleMmaOnGpu(const MmaTile&) { throwNotBuilt(); }

std::vector<std::uint64_t> runRepeatedAdditionOnGpu(std::uint32_t, std::uint16_t, int) { throwNotBuilt(); }
GpuSummation runSummationOnGpu(const std::vector<std::uint32_t>&, int) { throwNotBuilt(); }

std::vector<BenchRow> runBenchmark(const BenchConfig&, const std::function<void(const BenchRow&)>&) { throwNotBuilt(); }

} // namespace fplab::gpu
