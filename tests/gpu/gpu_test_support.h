// Shared by the GPU tests: skip a test, with the reason, when no GPU is usable.
#pragma once

#include "gpu/backend_choice.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"

#include <gtest/gtest.h>

#include <string>

namespace fplab::gpu::test {

// Empty when a GPU is usable; otherwise the reason in words: the one the CLI prints (gpu/backend_choice.h).
using gpu::noGpuReason;

// A fixture for tests that need a device.
class GpuTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (const std::string why = noGpuReason(); !why.empty()) GTEST_SKIP() << why;
    }
};

} // namespace fplab::gpu::test
