// DeviceInfo helpers shared by the CUDA build and the stub.
#include "gpu/device_info.h"

namespace fplab::gpu {

std::string DeviceInfo::computeCapabilityText() const { return std::to_string(major) + "." + std::to_string(minor); }

std::string DeviceInfo::archName() const { return "sm_" + std::to_string(computeCapability()); }

std::string cudaVersionText(int version) {
    if (version <= 0) return "none";
    return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

} // namespace fplab::gpu
