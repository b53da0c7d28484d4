// Device query with the CUDA runtime: every way of having no usable GPU becomes a reason in
// words (no driver, driver too old, no device, stub library), never an exception or a crash.
#include "gpu/cuda/check.h"
#include "gpu/device_info.h"

namespace fplab::gpu {

namespace {

std::string reasonFor(cudaError_t status, int driverVersion, int runtimeVersion) {
    const std::string code = std::string(" (") + cudaGetErrorName(status) + ")";
    switch (status) {
    case cudaErrorNoDevice:
        return "no CUDA-capable GPU is visible" + code + "; check nvidia-smi and CUDA_VISIBLE_DEVICES";
    case cudaErrorInsufficientDriver:
        if (driverVersion == 0) return "no NVIDIA driver is installed" + code;
        return "the NVIDIA driver supports CUDA " + cudaVersionText(driverVersion) +
               " but FP Lab was built with CUDA " + cudaVersionText(runtimeVersion) + code + "; update the driver";
    case cudaErrorStubLibrary:
        return "only the CUDA stub driver library was found" + code + "; install the NVIDIA driver";
    case cudaErrorDevicesUnavailable: return "every GPU is busy or in exclusive-process mode" + code;
    default: return std::string(cudaGetErrorString(status)) + code;
    }
}

DeviceQuery runQuery() {
    DeviceQuery q;
    q.builtWithCuda = true;
    // Neither call needs a device; the driver version is 0 when no driver is installed.
    if (cudaDriverGetVersion(&q.driverVersion) != cudaSuccess) q.driverVersion = 0;
    if (cudaRuntimeGetVersion(&q.runtimeVersion) != cudaSuccess) q.runtimeVersion = 0;

    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
        cudaGetLastError(); // clear the sticky-free error so later calls start clean
        q.reason = reasonFor(status, q.driverVersion, q.runtimeVersion);
        return q;
    }
    if (count == 0) {
        q.reason = "the driver reports no CUDA devices";
        return q;
    }
    for (int i = 0; i < count; ++i) {
        cudaDeviceProp p{};
        if (const cudaError_t s = cudaGetDeviceProperties(&p, i); s != cudaSuccess) {
            q.reason = "device " + std::to_string(i) + ": " + reasonFor(s, q.driverVersion, q.runtimeVersion);
            continue;
        }
        DeviceInfo d;
        d.index = i;
        d.name = p.name;
        d.major = p.major;
        d.minor = p.minor;
        d.smCount = p.multiProcessorCount;
        d.totalMemoryBytes = p.totalGlobalMem;
        d.memoryBusWidthBits = p.memoryBusWidth;
        d.l2CacheBytes = p.l2CacheSize;
        // CUDA 13 dropped clockRate/memoryClockRate from cudaDeviceProp; the attributes remain.
        cudaDeviceGetAttribute(&d.smClockKhz, cudaDevAttrClockRate, i);
        cudaDeviceGetAttribute(&d.memoryClockKhz, cudaDevAttrMemoryClockRate, i);
        char bus[32] = {};
        if (cudaDeviceGetPCIBusId(bus, sizeof bus, i) == cudaSuccess) d.pciBusId = bus;
        q.devices.push_back(d);
    }
    cudaGetLastError();
    q.available = !q.devices.empty();
    if (q.available) q.reason.clear();
    return q;
}

} // namespace

bool builtWithCuda() { return true; }

const DeviceQuery& queryDevices() {
    static const DeviceQuery query = runQuery();
    return query;
}

const DeviceInfo& requireDevice() {
    const auto& q = queryDevices();
    if (!q.available) throw GpuError(GpuError::Kind::NoDevice, "no GPU: " + q.reason);
    return q.devices.front();
}

} // namespace fplab::gpu
