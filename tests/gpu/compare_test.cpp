// Cell-by-cell comparison: ulp distances, identical counts, the pairs that must agree, and the
// all-backends report with failing and unavailable backends.
#include "gpu/compare.h"
#include "gpu/gpu_error.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

namespace fplab::gpu {
namespace {

std::uint64_t f32(float f) { return std::bit_cast<std::uint32_t>(f); }

TEST(UlpDistance, Fp32NeighboursZerosAndInfinity) {
    const float one = 1.0f;
    EXPECT_EQ(ulpDistance(GemmType::Fp32, f32(std::nextafter(one, 2.0f)), f32(one)), 1);
    EXPECT_EQ(ulpDistance(GemmType::Fp32, f32(one), f32(std::nextafter(one, 2.0f))), -1);
    EXPECT_EQ(ulpDistance(GemmType::Fp32, f32(one), f32(std::nextafter(one, 0.0f))), 1);
    EXPECT_EQ(ulpDistance(GemmType::Fp32, f32(0.0f), f32(-0.0f)), 0);
    const float tiny = std::numeric_limits<float>::denorm_min();
    EXPECT_EQ(ulpDistance(GemmType::Fp32, f32(tiny), f32(-tiny)), 2);
    EXPECT_EQ(ulpDistance(GemmType::Fp32, f32(std::numeric_limits<float>::infinity()),
                          f32(std::numeric_limits<float>::max())),
              1);
    EXPECT_EQ(ulpDistance(GemmType::Fp32, f32(2.0f), f32(1.0f)), std::int64_t(1) << 23);
}

TEST(UlpDistance, NansIntegersAndHalf) {
    const std::uint64_t nan = 0x7FC00000;
    EXPECT_EQ(ulpDistance(GemmType::Fp32, nan, 0x7FFFFFFF), 0);
    EXPECT_EQ(ulpDistance(GemmType::Fp32, nan, f32(1.0f)), kNanMismatch);
    EXPECT_EQ(ulpDistance(GemmType::Int8Int32, 5, std::uint64_t(std::uint32_t(-3))), 8);
    EXPECT_EQ(ulpDistance(GemmType::Fp16Fp16, 0x3C00, 0x3C01), -1);
    EXPECT_EQ(ulpDistance(GemmType::Fp64, 0x3FF0000000000001ull, 0x3FF0000000000000ull), 1);
}

TEST(CompareOutputs, CountsAndSummaries) {
    GemmOutput a{"lhs", {f32(1.0f), f32(2.0f), f32(3.0f), 0x7FC00000}, 0, {}};
    GemmOutput b{"rhs", {f32(1.0f), f32(std::nextafter(2.0f, 0.0f)), f32(-0.0f), f32(4.0f)}, 0, {}};
    a.d[2] = f32(0.0f);
    const auto c = compareOutputs(GemmType::Fp32, 2, 2, a, b);
    EXPECT_EQ(c.cellCount(), 4u);
    EXPECT_EQ(c.identicalCount, 1u);
    EXPECT_EQ(c.identical, (std::vector<std::uint8_t>{1, 0, 0, 0}));
    EXPECT_EQ(c.ulps[1], 1);
    EXPECT_EQ(c.ulps[2], 0) << "+0 and -0 differ in bits but not in value";
    EXPECT_EQ(c.ulps[3], kNanMismatch);
    EXPECT_EQ(c.nanMismatches, 1u);
    EXPECT_EQ(c.maxAbsUlps, 1);
    EXPECT_DOUBLE_EQ(c.meanAbsUlps, 1.0 / 3.0);
    EXPECT_FALSE(c.allIdentical());
}

TEST(CompareOutputs, WrongSizesAreRejected) {
    GemmOutput a{"lhs", {1, 2, 3}, 0, {}}, b{"rhs", {1, 2, 3, 4}, 0, {}};
    EXPECT_THROW(compareOutputs(GemmType::Fp32, 2, 2, a, b), GpuError);
}

TEST(ExpectBitIdentical, OnlyThePairsThatComputeTheSameSteps) {
    EXPECT_TRUE(expectBitIdentical(GemmType::Fp16Fp32, "cpu-sequential", "cuda-naive"));
    EXPECT_TRUE(expectBitIdentical(GemmType::Fp16Fp32, "cuda-kernel", "cpu-model-sm_90"));
    EXPECT_FALSE(expectBitIdentical(GemmType::Fp16Fp32, "cuda-kernel", "cublas"));
    EXPECT_FALSE(expectBitIdentical(GemmType::Fp16Fp32, "reference", "cpu-model-sm_80"));
    EXPECT_TRUE(expectBitIdentical(GemmType::Fp32, "cuda-kernel", "cpu-sequential")) << "SIMT FMA chains";
    EXPECT_FALSE(expectBitIdentical(GemmType::Fp32, "cublas", "cpu-sequential"));
    EXPECT_TRUE(expectBitIdentical(GemmType::Int8Int32, "cublas", "reference")) << "integers are exact";
    // The kernels run mma.sync: only that instruction's model must match them, not wgmma's.
    EXPECT_TRUE(expectBitIdentical(GemmType::E4m3Fp32, "cuda-kernel", "cpu-model-sm_90"));
    EXPECT_FALSE(expectBitIdentical(GemmType::E4m3Fp32, "cuda-kernel", "cpu-model-sm_90-wgmma"));
    EXPECT_FALSE(expectBitIdentical(GemmType::E4m3Fp32, "cublas", "cpu-model-sm_90-wgmma")) << "library schedule";
}

// Backends for the report: one that copies C, one that flips one bit of it, one that fails, one unavailable.
class FakeBackend final : public GemmBackend {
public:
    enum class Mode { CopyC, FlipOneBit, Throw, Unavailable };
    FakeBackend(std::string name, Mode mode) : m_name(std::move(name)), m_mode(mode) {}
    std::string name() const override { return m_name; }
    std::string description() const override { return "fake"; }
    std::string instruction(GemmType) const override { return "fake"; }
    std::string unavailableReason(GemmType) const override {
        return m_mode == Mode::Unavailable ? "not here" : std::string();
    }
    GemmOutput run(const GemmProblem& p) override {
        if (m_mode == Mode::Throw) throw GpuError(GpuError::Kind::CudaCall, "kernel exploded");
        GemmOutput out{m_name, p.c, 0, {}};
        if (m_mode == Mode::FlipOneBit) out.d[3] ^= 1;
        return out;
    }

private:
    std::string m_name;
    Mode m_mode;
};

TEST(CompareBackends, ReportsFailuresAndComparesEveryPair) {
    ProblemSpec spec;
    spec.m = 4;
    spec.n = 5;
    spec.k = 3;
    const GemmProblem p = makeRandomProblem(spec);
    std::vector<std::unique_ptr<GemmBackend>> backends;
    backends.push_back(std::make_unique<FakeBackend>("cpu-sequential", FakeBackend::Mode::CopyC));
    backends.push_back(std::make_unique<FakeBackend>("cuda-naive", FakeBackend::Mode::FlipOneBit));
    backends.push_back(std::make_unique<FakeBackend>("boom", FakeBackend::Mode::Throw));
    backends.push_back(std::make_unique<FakeBackend>("absent", FakeBackend::Mode::Unavailable));
    backends.push_back(std::make_unique<FakeBackend>("copy2", FakeBackend::Mode::CopyC));
    const ComparisonReport r = compareBackends(p, backends);
    ASSERT_EQ(r.outputs.size(), 3u);
    ASSERT_EQ(r.skipped.size(), 2u);
    EXPECT_EQ(r.skipped[0].backend, "boom");
    EXPECT_NE(r.skipped[0].reason.find("failed: kernel exploded"), std::string::npos);
    EXPECT_EQ(r.skipped[1].reason, "not here");
    ASSERT_EQ(r.pairs.size(), 3u);
    const OutputComparison& planted = r.pairs[0]; // cpu-sequential vs cuda-naive: the flipped bit
    EXPECT_TRUE(planted.expectIdentical);
    EXPECT_EQ(planted.identicalCount, planted.cellCount() - 1);
    EXPECT_EQ(planted.identical[3], 0);
    EXPECT_EQ(std::abs(planted.ulps[3]), 1);
    EXPECT_TRUE(r.pairs[1].allIdentical()); // cpu-sequential vs copy2
}

} // namespace
} // namespace fplab::gpu
