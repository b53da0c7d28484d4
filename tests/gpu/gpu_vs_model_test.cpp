// On a GPU: the project's kernels against the CPU models, bit for bit where both compute the same
// steps, the spec's test vectors on the hardware, the accumulation kernels against the CPU, and a
// benchmark smoke run. Every test here skips with the reason when no GPU is usable.
#include "gpu/accumulate.h"
#include "gpu/backends.h"
#include "gpu/bench.h"
#include "gpu/compare.h"
#include "gpu/mma_fragment.h"
#include "gpu/single_mma.h"
#include "gpu_test_support.h"

#include <bit>
#include <cmath>

namespace fplab::gpu {
namespace {

using GpuVsModel = test::GpuTest;

tc::Arch deviceArch() { return modelArchFor(requireDevice().computeCapability()); }

// Both sides must run the type; otherwise the reason goes to the test log.
bool bothRun(GemmType type, const GemmBackend& gpu, const GemmBackend& cpu) {
    for (const GemmBackend* b : {&gpu, &cpu})
        if (const std::string why = b->unavailableReason(type); !why.empty()) {
            std::cout << "[ skipped  ] " << gemmTypeName(type) << " on " << b->name() << ": " << why << "\n";
            return false;
        }
    return true;
}

TEST_F(GpuVsModel, DeviceQueryIsFilledIn) {
    const DeviceInfo& d = requireDevice();
    EXPECT_FALSE(d.name.empty());
    EXPECT_GT(d.smCount, 0);
    EXPECT_GT(d.totalMemoryBytes, 0u);
    EXPECT_GT(queryDevices().driverVersion, 0);
    std::cout << "device: " << d.name << " (" << d.archName() << ", " << d.smCount << " SMs)\n";
}

TEST_F(GpuVsModel, OneMmaMatchesTheModelBitForBit) {
    const tc::Arch arch = deviceArch();
    CudaKernelBackend kernel;
    CpuModelBackend model(arch, tc::Tf32Input::Truncate);
    for (const auto& info : allGemmTypes()) {
        if (info.shape == MmaShape::None || !bothRun(info.type, kernel, model)) continue;
        int mismatchedTiles = 0;
        for (int t = 0; t < 64; ++t) {
            const MmaTile tile = makeRandomMmaTile(info.type, 500 + t,
                                                   t % 2 ? Distribution::SmallIntegers : Distribution::Uniform);
            const GemmOutput gpu{"gpu", runSingleMmaOnGpu(tile), 0, {}};
            const GemmOutput cpu{"model", runSingleMmaOnModel(tile, arch), 0, {}};
            const auto c = compareOutputs(info.type, mma::kM, mma::kN, gpu, cpu);
            if (!c.allIdentical() && ++mismatchedTiles <= 2)
                ADD_FAILURE() << info.name << " tile " << t << ": " << c.identicalCount << "/" << c.cellCount()
                              << " cells identical, max " << c.maxAbsUlps << " ulps";
        }
        EXPECT_EQ(mismatchedTiles, 0) << info.name;
    }
}

TEST_F(GpuVsModel, SpecVectorsOnTheHardware) {
    const int cc = requireDevice().computeCapability();
    if (cc != 80 && cc != 90)
        GTEST_SKIP() << "the spec's expected values are for sm_80 and sm_90; this GPU is sm_" << cc;
    const tc::Arch arch = deviceArch();
    for (const auto& v : tensorCoreModelVectors()) {
        const auto bits = runSingleMmaOnGpu(tileFor(v))[0];
        EXPECT_EQ(bits, expectedFor(v, arch)) << v.name << " (" << v.what << "; " << v.basis << ")";
    }
}

TEST_F(GpuVsModel, TensorCoreKernelMatchesTheModel) {
    CudaKernelBackend kernel(KernelVariant::TensorCore);
    CpuModelBackend model(deviceArch());
    for (const auto& info : allGemmTypes()) {
        if (!bothRun(info.type, kernel, model)) continue;
        ProblemSpec spec;
        spec.type = info.type;
        spec.m = 70; // partial 64 x 64 tiles in both directions,
        spec.n = 50;
        spec.k = 100; // and a partial k tile
        spec.seed = 3;
        const GemmProblem p = makeRandomProblem(spec);
        const auto c = compareOutputs(info.type, p.m, p.n, kernel.run(p), model.run(p));
        EXPECT_TRUE(c.allIdentical()) << info.name << ": " << c.identicalCount << "/" << c.cellCount()
                                      << " identical, max " << c.maxAbsUlps << " ulps";
    }
}

TEST_F(GpuVsModel, NaiveKernelsMatchTheSequentialChain) {
    CudaKernelBackend naive(KernelVariant::Naive);
    CpuSequentialBackend sequential;
    for (const auto& info : allGemmTypes()) {
        if (!bothRun(info.type, naive, sequential)) continue;
        ProblemSpec spec;
        spec.type = info.type;
        spec.m = 33;
        spec.n = 17;
        spec.k = 129;
        const GemmProblem p = makeRandomProblem(spec);
        const auto c = compareOutputs(info.type, p.m, p.n, naive.run(p), sequential.run(p));
        EXPECT_TRUE(c.allIdentical()) << info.name << ": " << c.identicalCount << "/" << c.cellCount()
                                      << " identical, max " << c.maxAbsUlps << " ulps";
    }
}

TEST_F(GpuVsModel, CublasInt8IsExact) {
    CublasBackend cublas;
    CpuReferenceBackend reference;
    if (!bothRun(GemmType::Int8Int32, cublas, reference)) GTEST_SKIP();
    ProblemSpec spec;
    spec.type = GemmType::Int8Int32;
    spec.m = spec.n = 64;
    spec.k = 256;
    const GemmProblem p = makeRandomProblem(spec);
    EXPECT_EQ(cublas.run(p).d, reference.run(p).d);
}

TEST_F(GpuVsModel, AccumulationKernelsMatchTheCpu) {
    const auto r = repeatedAddition(0.01, 1000, true);
    ASSERT_TRUE(r.gpuUnavailable.empty()) << r.gpuUnavailable;
    for (const auto& row : r.rows) {
        ASSERT_TRUE(row.gpuBits.has_value()) << row.name;
        EXPECT_EQ(*row.gpuBits, row.cpuBits) << row.name;
    }
    const auto s = summationOrder(100'003, 4, 3, true);
    ASSERT_TRUE(s.gpuSequential && s.gpuTree);
    EXPECT_EQ(*s.gpuSequential, s.cpuSequential);
    EXPECT_EQ(*s.gpuTree, s.cpuTree);
    ASSERT_EQ(s.gpuAtomic.size(), 3u);
    for (auto bits : s.gpuAtomic)
        EXPECT_NEAR(double(std::bit_cast<float>(bits)), s.exact, s.exact * 100'003 * std::ldexp(1.0, -24));
}

TEST_F(GpuVsModel, BenchmarkSmokeRun) {
    BenchConfig config;
    config.types = {GemmType::Fp32, GemmType::Fp16Fp32};
    config.sizes = {256};
    config.warmup = 1;
    config.repeats = 3;
    for (BenchImpl impl : {BenchImpl::Cublas, BenchImpl::Kernel}) {
        config.impl = impl;
        const auto rows = runBenchmark(config);
        ASSERT_EQ(rows.size(), 2u);
        for (const auto& row : rows) {
            EXPECT_TRUE(row.ran) << gemmTypeName(row.type) << ": " << row.skipped;
            EXPECT_GT(row.tflops, 0);
            EXPECT_LE(row.minMs, row.medianMs);
            EXPECT_LE(row.medianMs, row.maxMs);
        }
    }
}

} // namespace
} // namespace fplab::gpu
