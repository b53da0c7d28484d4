// What GPU (if any) this machine offers, and why not when there is none.
// queryDevices() never throws: no GPU, no driver or a too-old driver is a normal answer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fplab::gpu {

struct DeviceInfo {
    int index = 0;
    std::string name;
    int major = 0; // compute capability
    int minor = 0;
    int smCount = 0;
    std::uint64_t totalMemoryBytes = 0;
    int memoryBusWidthBits = 0;
    int smClockKhz = 0;     // peak SM clock reported by the driver
    int memoryClockKhz = 0; // peak memory clock
    int l2CacheBytes = 0;
    std::string pciBusId;

    int computeCapability() const { return major * 10 + minor; }
    std::string computeCapabilityText() const; // "9.0"
    std::string archName() const;              // "sm_90"
};

struct DeviceQuery {
    bool builtWithCuda = false;
    bool available = false; // at least one device usable
    std::string reason;     // why not, when !available ("no CUDA driver found (cudaErrorInsufficientDriver)")
    int driverVersion = 0;  // CUDA version the driver supports, 1000*major + 10*minor; 0 if no driver
    int runtimeVersion = 0; // CUDA runtime FP Lab was linked with
    std::vector<DeviceInfo> devices;
};

bool builtWithCuda();
// Queried once per process and cached; the answer does not change while FP Lab runs.
const DeviceQuery& queryDevices();
// "13.0" from 13000.
std::string cudaVersionText(int version);

// Throws GpuError (NotBuilt or NoDevice, with the reason) unless a device is usable; returns device 0.
const DeviceInfo& requireDevice();

} // namespace fplab::gpu
