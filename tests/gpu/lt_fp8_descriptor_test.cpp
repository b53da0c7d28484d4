// The cuBLASLt FP8 descriptor choice, on the CPU: the H100 probe's finding (docs/gpu-results/h100-2026-11-24/
// lt_fp8.txt: with A/B scale pointers set every FP8 matmul returned NOT_SUPPORTED, without them, scale 1,
// it ran and was correct) is the test of which attributes are set.
#include "gpu/lt_fp8_descriptor.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace fplab::gpu {
namespace {

bool has(const LtFp8Descriptor& d, LtAttribute a) {
    return std::find(d.attributes.begin(), d.attributes.end(), a) != d.attributes.end();
}

TEST(LtFp8Descriptor, ScaleOneSetsNoScaleAttributes) {
    for (auto [a, b] : {std::pair{Fp8Operand::E4m3, Fp8Operand::E4m3}, std::pair{Fp8Operand::E4m3, Fp8Operand::E5m2},
                        std::pair{Fp8Operand::E5m2, Fp8Operand::E4m3}}) {
        const LtFp8Descriptor d = ltFp8Descriptor(a, b);
        EXPECT_TRUE(d.unsupported.empty()) << d.unsupported;
        EXPECT_EQ(d.attributes, (std::vector<LtAttribute>{LtAttribute::TransA, LtAttribute::TransB}));
        for (LtAttribute s :
             {LtAttribute::AScalePointer, LtAttribute::BScalePointer, LtAttribute::AScaleMode, LtAttribute::BScaleMode})
            EXPECT_FALSE(has(d, s));
    }
}

TEST(LtFp8Descriptor, OtherScalesNameTheirModeWithThePointer) {
    // The project's A scale is cuBLASLt's B scale (the column-major TN call swaps the operands).
    LtFp8Descriptor d = ltFp8Descriptor(Fp8Operand::E4m3, Fp8Operand::E4m3, 2.0f, 1.0f);
    EXPECT_EQ(d.attributes, (std::vector<LtAttribute>{LtAttribute::TransA, LtAttribute::TransB, LtAttribute::BScaleMode,
                                                      LtAttribute::BScalePointer}));
    EXPECT_EQ(d.scaleB, 2.0f);
    EXPECT_EQ(d.scaleA, 1.0f);
    d = ltFp8Descriptor(Fp8Operand::E4m3, Fp8Operand::E4m3, 1.0f, 0.5f);
    EXPECT_TRUE(has(d, LtAttribute::AScaleMode));
    EXPECT_TRUE(has(d, LtAttribute::AScalePointer));
    EXPECT_FALSE(has(d, LtAttribute::BScalePointer));
}

TEST(LtFp8Descriptor, OperandsFollowTheColumnMajorSwapAndE5m2TimesE5m2IsRefused) {
    const LtFp8Descriptor mixed = ltFp8Descriptor(Fp8Operand::E4m3, Fp8Operand::E5m2);
    EXPECT_EQ(mixed.ltA, Fp8Operand::E5m2); // the project's B
    EXPECT_EQ(mixed.ltB, Fp8Operand::E4m3); // the project's A
    const LtFp8Descriptor both = ltFp8Descriptor(Fp8Operand::E5m2, Fp8Operand::E5m2);
    EXPECT_NE(both.unsupported.find("no E5M2 x E5M2"), std::string::npos);
    EXPECT_TRUE(both.attributes.empty());
}

TEST(LtFp8Descriptor, TheSpeedTableTimesTheFp8GemmsCublasLtHas) {
    const BenchFp8Operands e4 = benchFp8Operands(GemmType::E4m3Fp32);
    EXPECT_EQ(e4.a, Fp8Operand::E4m3);
    EXPECT_EQ(e4.b, Fp8Operand::E4m3);
    EXPECT_TRUE(e4.note.empty());
    const BenchFp8Operands e5 = benchFp8Operands(GemmType::E5m2Fp32);
    EXPECT_EQ(e5.a, Fp8Operand::E4m3);
    EXPECT_EQ(e5.b, Fp8Operand::E5m2);
    EXPECT_EQ(e5.note, "A e4m3 x B e5m2: cuBLASLt has no e5m2 x e5m2");
    EXPECT_EQ(fp8OperandName(Fp8Operand::E5m2), "e5m2");
}

} // namespace
} // namespace fplab::gpu

namespace fplab::gpu {
namespace {

// FAST_ACCUM is set only when asked for, last, and the assumed promotion interval is a whole number of wgmma k32s.
TEST(LtFp8Descriptor, FastAccumIsSetOnlyWhenAskedFor) {
    EXPECT_EQ(ltFp8Descriptor(Fp8Operand::E4m3, Fp8Operand::E4m3).attributes,
              (std::vector<LtAttribute>{LtAttribute::TransA, LtAttribute::TransB}));
    EXPECT_EQ(ltFp8Descriptor(Fp8Operand::E4m3, Fp8Operand::E5m2, 1.0f, 1.0f, true).attributes,
              (std::vector<LtAttribute>{LtAttribute::TransA, LtAttribute::TransB, LtAttribute::FastAccum}));
    EXPECT_EQ(kAssumedCublasLtFp8PromotionInterval % 32, 0);
}

} // namespace
} // namespace fplab::gpu
