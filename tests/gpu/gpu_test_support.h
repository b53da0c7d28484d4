// Shared by the GPU tests: skip a test, with the reason, when no GPU is usable.
#pragma once

#include "gpu/device_info.h"
#include "gpu/gpu_error.h"

#include <gtest/gtest.h>

#include <string>

namespace fplab::gpu::test {

// Empty when a GPU is usable; otherwise the reason in words.
inline std::string noGpuReason() {
    const auto& q = queryDevices();
    if (!q.builtWithCuda) return std::string(kNotBuiltMessage);
    return q.available ? std::string() : "no GPU: " + q.reason;
}

// A fixture for tests that need a device.
class GpuTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (const std::string why = noGpuReason(); !why.empty()) GTEST_SKIP() << why;
    }
};

} // namespace fplab::gpu::test
