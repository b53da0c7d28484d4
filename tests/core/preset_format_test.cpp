// presetFormat against a table written here from the format specifications (IEEE 754 binary64/32/16, bfloat16,
// NVIDIA TF32, OCP FP8 and MX, the FNUZ variants): every preset id gives the preset of that name and field widths,
// and Custom, which no preset has, gives null.
#include "core/preset_format.h"

#include <gtest/gtest.h>

#include <string_view>

namespace fplab {
namespace {

struct Expected {
    FormatId id;
    std::string_view name;
    int exponentBits;
    int mantissaBits;
};

constexpr Expected kSpec[] = {
    {FormatId::Fp64, "fp64", 11, 52},       {FormatId::Fp32, "fp32", 8, 23}, {FormatId::Tf32, "tf32", 8, 10},
    {FormatId::Fp16, "fp16", 5, 10},        {FormatId::Bf16, "bf16", 8, 7},  {FormatId::E4m3, "e4m3", 4, 3},
    {FormatId::E5m2, "e5m2", 5, 2},         {FormatId::E2m3, "e2m3", 2, 3},  {FormatId::E3m2, "e3m2", 3, 2},
    {FormatId::E2m1, "e2m1", 2, 1},         {FormatId::E8m0, "e8m0", 8, 0},  {FormatId::E4m3Fnuz, "e4m3fnuz", 4, 3},
    {FormatId::E5m2Fnuz, "e5m2fnuz", 5, 2},
};

TEST(PresetFormat, EveryPresetIdGivesItsPreset) {
    static_assert(std::size(kSpec) == kPresetFormats.size(), "a preset was added: add its row to kSpec");
    for (const Expected& e : kSpec) {
        const Format* f = presetFormat(e.id);
        ASSERT_NE(f, nullptr) << e.name;
        EXPECT_EQ(f->id, e.id) << e.name;
        EXPECT_EQ(f->name(), e.name);
        EXPECT_EQ(f->exponentBits, e.exponentBits) << e.name;
        EXPECT_EQ(f->mantissaBits, e.mantissaBits) << e.name;
    }
}

TEST(PresetFormat, CustomHasNoPreset) { EXPECT_EQ(presetFormat(FormatId::Custom), nullptr); }

} // namespace
} // namespace fplab
