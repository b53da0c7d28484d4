// Without a usable GPU (no CUDA build, no driver, no device) every GPU entry point reports why
// with a GpuError, and queryDevices() answers instead of throwing. Skipped where a GPU is usable.
#include "gpu/accumulate.h"
#include "gpu/backends.h"
#include "gpu/bench.h"
#include "gpu/single_mma.h"
#include "gpu_test_support.h"

#include <functional>

namespace fplab::gpu {
namespace {

class NoDevice : public ::testing::Test {
protected:
    void SetUp() override {
        if (test::noGpuReason().empty()) GTEST_SKIP() << "a GPU is usable here; the no-device path cannot be tested";
    }
    // The error kind and message every entry point must give in this build.
    static GpuError::Kind expectedKind() {
        return builtWithCuda() ? GpuError::Kind::NoDevice : GpuError::Kind::NotBuilt;
    }
    static std::string expectedPrefix() { return builtWithCuda() ? "no GPU: " : std::string(kNotBuiltMessage); }

    static void expectExplained(const std::function<void()>& call, const char* what) {
        try {
            call();
            ADD_FAILURE() << what << " did not throw";
        } catch (const GpuError& e) {
            EXPECT_EQ(e.kind(), expectedKind()) << what << ": " << e.what();
            EXPECT_EQ(std::string(e.what()).rfind(expectedPrefix(), 0), 0u) << what << ": " << e.what();
        } catch (const std::exception& e) {
            ADD_FAILURE() << what << " threw something other than GpuError: " << e.what();
        }
    }
};

TEST_F(NoDevice, QueryExplainsWithoutThrowing) {
    const DeviceQuery& q = queryDevices();
    EXPECT_FALSE(q.available);
    EXPECT_TRUE(q.devices.empty());
    EXPECT_FALSE(q.reason.empty());
    EXPECT_EQ(q.builtWithCuda, builtWithCuda());
    if (!q.builtWithCuda) {
        EXPECT_EQ(q.reason, kNotBuiltMessage);
    } else {
        // The CUDA runtime's own code name is part of the reason ("(cudaErrorNoDevice)" and friends).
        EXPECT_NE(q.reason.find("(cudaError"), std::string::npos) << q.reason;
        EXPECT_GT(q.runtimeVersion, 0);
    }
    EXPECT_EQ(&queryDevices(), &q) << "the query is cached";
}

TEST_F(NoDevice, EveryEntryPointExplains) {
    ProblemSpec spec;
    spec.m = spec.n = spec.k = 8;
    const GemmProblem p = makeRandomProblem(spec);
    expectExplained([] { requireDevice(); }, "requireDevice");
    expectExplained([&] { runKernelGemm(p, KernelVariant::TensorCore); }, "runKernelGemm");
    expectExplained([&] { runKernelGemm(p, KernelVariant::Naive); }, "runKernelGemm naive");
    expectExplained([&] { runCublasGemm(p); }, "runCublasGemm");
    expectExplained([] { runSingleMmaOnGpu(makeRandomMmaTile(GemmType::Fp16Fp32, 1)); }, "runSingleMmaOnGpu");
    expectExplained([] { runRepeatedAdditionOnGpu(0x3C23D70A, 0x211F, 10); }, "runRepeatedAdditionOnGpu");
    expectExplained([] { runSummationOnGpu({0x3F800000}, 1); }, "runSummationOnGpu");
    BenchConfig config;
    config.sizes = {64};
    expectExplained([&] { runBenchmark(config); }, "runBenchmark");
}

TEST_F(NoDevice, GpuBackendsSayWhyTheyCannotRun) {
    CudaKernelBackend kernel;
    CublasBackend cublas;
    for (const auto& info : allGemmTypes()) {
        EXPECT_EQ(kernel.unavailableReason(info.type).rfind(expectedPrefix(), 0), 0u) << info.name;
        EXPECT_EQ(cublas.unavailableReason(info.type).rfind(expectedPrefix(), 0), 0u) << info.name;
    }
}

TEST_F(NoDevice, CpuSideOfTheReportsStillWorks) {
    const auto r = repeatedAddition(0.01, 1000, true);
    EXPECT_EQ(r.gpuUnavailable.rfind(expectedPrefix(), 0), 0u) << r.gpuUnavailable;
    ASSERT_EQ(r.rows.size(), std::size_t(kRepeatedSumCount));
    for (const auto& row : r.rows) EXPECT_FALSE(row.gpuBits.has_value());
    const auto s = summationOrder(1000, 1, 2, true);
    EXPECT_FALSE(s.gpuTree.has_value());
    EXPECT_TRUE(s.gpuAtomic.empty());
}

} // namespace
} // namespace fplab::gpu
