// The GEMM type table: indexed by the enum, names unique and found, formats and widths consistent.
#include "gpu/gemm_types.h"

#include <gtest/gtest.h>

#include <set>

namespace fplab::gpu {
namespace {

TEST(GemmTypes, TableIsIndexedByTheEnum) {
    ASSERT_EQ(allGemmTypes().size(), std::size_t(kGemmTypeCount));
    for (std::size_t i = 0; i < allGemmTypes().size(); ++i) {
        EXPECT_EQ(std::size_t(allGemmTypes()[i].type), i);
        EXPECT_EQ(&gemmTypeInfo(allGemmTypes()[i].type), &allGemmTypes()[i]);
    }
}

TEST(GemmTypes, NamesRoundTripAndAliasesWork) {
    std::set<std::string_view> names;
    for (const auto& t : allGemmTypes()) {
        EXPECT_TRUE(names.insert(t.name).second) << t.name;
        EXPECT_EQ(findGemmType(t.name), t.type) << t.name;
    }
    EXPECT_EQ(findGemmType("FP16"), GemmType::Fp16Fp32);
    EXPECT_EQ(findGemmType("fp8"), GemmType::E4m3Fp32);
    EXPECT_EQ(findGemmType("int8"), GemmType::Int8Int32);
    EXPECT_EQ(findGemmType("fp12"), std::nullopt);
    EXPECT_NE(gemmTypeNameList().find("bf16-fp32"), std::string::npos);
}

TEST(GemmTypes, WidthsMatchTheFormats) {
    for (const auto& t : allGemmTypes()) {
        if (t.input) {
            EXPECT_EQ(t.inputBits, t.input->totalBits()) << t.name;
        }
        if (t.output) {
            EXPECT_EQ(t.outputBits, t.output->totalBits()) << t.name;
        }
        EXPECT_EQ(t.input == nullptr, isIntegerType(t.type)) << t.name;
        EXPECT_EQ(t.shape != MmaShape::None, isTensorCoreType(t.type)) << t.name;
        EXPECT_EQ(t.mmaK > 0, isTensorCoreType(t.type)) << t.name;
        EXPECT_NE(t.instruction.find(t.shape == MmaShape::None ? "fma" : "mma.sync"), std::string_view::npos) << t.name;
    }
}

} // namespace
} // namespace fplab::gpu
