// The datasheet table: device names as the driver reports them find the right entry, and the
// peaks per GEMM type come from the right column.
#include "gpu/datasheet.h"

#include <gtest/gtest.h>

#include <set>

namespace fplab::gpu {
namespace {

std::string_view entryFor(std::string_view deviceName) {
    const auto* e = findDatasheetEntry(deviceName);
    return e ? e->name : std::string_view("none");
}

TEST(Datasheet, DriverNamesFindTheirEntry) {
    EXPECT_EQ(entryFor("NVIDIA A100-SXM4-80GB"), "A100 SXM4");
    EXPECT_EQ(entryFor("NVIDIA A100-SXM4-40GB"), "A100 SXM4");
    EXPECT_EQ(entryFor("NVIDIA A100 80GB PCIe"), "A100 PCIe");
    EXPECT_EQ(entryFor("NVIDIA A100-PCIE-40GB"), "A100 PCIe");
    EXPECT_EQ(entryFor("NVIDIA H100 80GB HBM3"), "H100 SXM5");
    EXPECT_EQ(entryFor("NVIDIA H100 PCIe"), "H100 PCIe");
    EXPECT_EQ(entryFor("NVIDIA H100 NVL"), "H100 NVL");
    EXPECT_EQ(entryFor("NVIDIA H200"), "H200 SXM");
    EXPECT_EQ(entryFor("NVIDIA H200 NVL"), "H200 NVL");
    EXPECT_EQ(entryFor("NVIDIA L4"), "L4");
    EXPECT_EQ(entryFor("NVIDIA GeForce RTX 3090"), "GeForce RTX 3090");
    EXPECT_EQ(entryFor("NVIDIA GeForce RTX 4090"), "GeForce RTX 4090");
    EXPECT_EQ(entryFor("NVIDIA GeForce RTX 3080"), "GeForce RTX 3080");
    EXPECT_EQ(entryFor("NVIDIA GeForce RTX 4080"), "GeForce RTX 4080");
}

TEST(Datasheet, LookAlikesDoNotMatch) {
    EXPECT_EQ(entryFor("NVIDIA L40S"), "none");
    EXPECT_EQ(entryFor("NVIDIA GeForce RTX 3090 Ti"), "none");
    EXPECT_EQ(entryFor("NVIDIA GeForce RTX 3080 Ti"), "none");
    EXPECT_EQ(entryFor("NVIDIA GeForce RTX 4080 SUPER"), "none");
    EXPECT_EQ(entryFor("NVIDIA GH200 480GB"), "none");
    EXPECT_EQ(entryFor("Tesla V100-SXM2-16GB"), "none");
    EXPECT_EQ(entryFor(""), "none");
}

TEST(Datasheet, A100PeaksAreTheDatasheetTable) {
    const auto* e = findDatasheetEntry("NVIDIA A100-SXM4-80GB");
    ASSERT_NE(e, nullptr);
    EXPECT_DOUBLE_EQ(datasheetPeak(*e, GemmType::Fp64, false), 9.7);
    EXPECT_DOUBLE_EQ(datasheetPeak(*e, GemmType::Fp64, true), 19.5);
    EXPECT_DOUBLE_EQ(datasheetPeak(*e, GemmType::Fp32), 19.5);
    EXPECT_DOUBLE_EQ(datasheetPeak(*e, GemmType::Tf32), 156);
    EXPECT_DOUBLE_EQ(datasheetPeak(*e, GemmType::Fp16Fp32), 312);
    EXPECT_DOUBLE_EQ(datasheetPeak(*e, GemmType::Bf16Fp32), 312);
    EXPECT_DOUBLE_EQ(datasheetPeak(*e, GemmType::Int8Int32), 624);
    EXPECT_DOUBLE_EQ(datasheetPeak(*e, GemmType::E4m3Fp32), 0) << "no FP8 on Ampere";
}

TEST(Datasheet, HopperDenseIsHalfTheSparseFigure) {
    const auto* sxm = findDatasheetEntry("NVIDIA H100 80GB HBM3");
    const auto* pcie = findDatasheetEntry("NVIDIA H100 PCIe");
    ASSERT_TRUE(sxm && pcie);
    EXPECT_NEAR(datasheetPeak(*sxm, GemmType::Fp16Fp32), 1979 / 2.0, 0.5);
    EXPECT_NEAR(datasheetPeak(*sxm, GemmType::E4m3Fp32), 3958 / 2.0, 0.5);
    EXPECT_NEAR(datasheetPeak(*pcie, GemmType::Tf32), 756 / 2.0, 0.5);
    EXPECT_NEAR(datasheetPeak(*pcie, GemmType::Int8Int32), 3026 / 2.0, 0.5);
}

TEST(Datasheet, GeForceAccumulateInFp16IsTwiceFp32) {
    const auto* e = findDatasheetEntry("NVIDIA GeForce RTX 3090");
    ASSERT_NE(e, nullptr);
    EXPECT_DOUBLE_EQ(datasheetPeak(*e, GemmType::Fp16Fp16), 2 * datasheetPeak(*e, GemmType::Fp16Fp32));
}

TEST(Datasheet, EveryEntryIsSaneAndSourced) {
    std::set<std::string_view> names;
    for (const auto& e : datasheetTable()) {
        EXPECT_TRUE(names.insert(e.name).second) << "duplicate " << e.name;
        EXPECT_FALSE(e.source.empty()) << e.name;
        EXPECT_GT(e.fp32, 0) << e.name;
        // Tensor-core rates are never below the SIMT FP32 rate, FP16 never below TF32.
        EXPECT_GE(e.tf32, e.fp32 * 0.99) << e.name;
        EXPECT_GE(e.fp16, e.tf32) << e.name;
        EXPECT_GE(e.int8, e.fp16) << e.name;
        EXPECT_GE(e.computeCapability, 80) << e.name;
        EXPECT_EQ(e.fp8 > 0, e.computeCapability >= 89) << e.name;
    }
}

} // namespace
} // namespace fplab::gpu
