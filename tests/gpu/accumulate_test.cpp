// The accumulation experiments on the CPU side: the lesson's numbers (answers to Stanford CS336
// assignment 2's mixed-precision accumulation question, as docs/product.md quotes them) and the host FPU as an independent oracle for the summation orders.
#include "core/arithmetic.h"
#include "core/values.h"
#include "gpu/accumulate.h"

#include <gtest/gtest.h>

#include <bit>

namespace fplab::gpu {
namespace {

double rowValue(const RepeatedAdditionReport& r, RepeatedSum kind) { return r.rows[std::size_t(kind)].cpuValue; }

TEST(RepeatedAddition, TheLessonsNumbers) {
    const auto r = repeatedAddition(0.01, 1000, false);
    ASSERT_EQ(r.rows.size(), std::size_t(kRepeatedSumCount));
    EXPECT_EQ(rowValue(r, RepeatedSum::Fp32), 10.000133514404297);
    EXPECT_EQ(rowValue(r, RepeatedSum::Fp16), 9.953125);
    EXPECT_EQ(rowValue(r, RepeatedSum::Fp16IntoFp32), 10.00213623046875);
    EXPECT_TRUE(r.gpuUnavailable.empty()) << "no GPU was asked for";
}

TEST(RepeatedAddition, AddendIsRoundedToNearestInEachFormat) {
    const auto r = repeatedAddition(0.01, 0, false);
    EXPECT_EQ(r.addendFp32Bits, std::bit_cast<std::uint32_t>(0.01f)); // the host compiler's rounding
    EXPECT_EQ(r.addendFp16Bits, 0x211F); // 0.01 = 1.28 * 2^-7; 0.28 * 1024 = 286.72 -> 287 = 0x11F
    for (const auto& row : r.rows) EXPECT_EQ(row.cpuValue, 0.0) << row.name;
}

TEST(RepeatedAddition, KahanInFp16LandsNextToTheExactSum) {
    const auto r = repeatedAddition(0.01, 1000, false);
    const double exact = 1000 * toDouble(kFp16, r.addendFp16Bits);
    const std::uint64_t nearest = convert(kFp64, std::bit_cast<std::uint64_t>(exact), kFp16).bits;
    const std::uint64_t kahan = r.rows[std::size_t(RepeatedSum::Fp16Kahan)].cpuBits;
    EXPECT_LE(kahan > nearest ? kahan - nearest : nearest - kahan, 1u);
    EXPECT_GT(toDouble(kFp16, kahan), rowValue(r, RepeatedSum::Fp16)) << "Kahan fixes the stall";
}

float hostTree(std::vector<float> level) {
    while (true) {
        const std::size_t blocks = (level.size() + kTreeBlock - 1) / kTreeBlock;
        std::vector<float> next(blocks);
        for (std::size_t b = 0; b < blocks; ++b) {
            float s[kTreeBlock];
            for (int t = 0; t < kTreeBlock; ++t) {
                const std::size_t i = b * kTreeBlock + std::size_t(t);
                s[t] = i < level.size() ? level[i] : 0.0f;
            }
            for (int stride = kTreeBlock / 2; stride > 0; stride /= 2)
                for (int t = 0; t < stride; ++t) s[t] = s[t] + s[t + stride];
            next[b] = s[0];
        }
        if (blocks == 1) return next[0];
        level = std::move(next);
    }
}

TEST(SummationOrder, CpuOrdersMatchTheHostFpu) {
    for (int count : {1, 255, 256, 257, 70000}) {
        const auto values = summationValues(count, 7);
        std::vector<float> f(values.size());
        float sequential = 0;
        for (std::size_t i = 0; i < values.size(); ++i) {
            f[i] = std::bit_cast<float>(values[i]);
            sequential += f[i];
        }
        const auto r = summationOrder(count, 7, 0, false);
        EXPECT_EQ(r.cpuSequential, std::bit_cast<std::uint32_t>(sequential)) << count;
        EXPECT_EQ(r.cpuTree, std::bit_cast<std::uint32_t>(hostTree(f))) << count;
        EXPECT_EQ(treeSumOnCpu(values), r.cpuTree) << count;
    }
}

TEST(SummationOrder, TheTreeIsCloserToTheExactSum) {
    const auto r = summationOrder(1 << 20, 1, 0, false);
    const double seqErr = std::abs(double(std::bit_cast<float>(r.cpuSequential)) - r.exact);
    const double treeErr = std::abs(double(std::bit_cast<float>(r.cpuTree)) - r.exact);
    EXPECT_LT(treeErr, seqErr);
}

TEST(SummationOrder, BadSizesAreRejected) {
    EXPECT_THROW(summationOrder(0, 1, 0, false), std::exception);
    EXPECT_THROW(summationOrder(10, 1, 1000, false), std::exception);
    EXPECT_THROW(repeatedAddition(0.01, -1, false), std::exception);
}

} // namespace
} // namespace fplab::gpu
