// Format names both ways: lookupFormat(canonicalName(f)) is f for every preset and custom format,
// and bad names get an error that names the problem. Expected layouts are written out by hand.
#include "core/format_names.h"

#include <gtest/gtest.h>

namespace fplab {
namespace {

bool sameFormat(const Format& a, const Format& b) {
    return a.id == b.id && a.exponentBits == b.exponentBits && a.mantissaBits == b.mantissaBits && a.bias == b.bias &&
           a.subnormals == b.subnormals && a.specials == b.specials && a.hasSign == b.hasSign && a.hasZero == b.hasZero;
}

TEST(FormatNames, EveryPresetReadsBackFromItsName) {
    for (const Format* f : kPresetFormats) {
        const std::string name = canonicalName(*f);
        EXPECT_EQ(name, f->name());
        const FormatOrError back = lookupFormat(name);
        ASSERT_TRUE(back.format) << name << ": " << back.error;
        EXPECT_TRUE(sameFormat(*back.format, *f)) << name;
    }
}

TEST(FormatNames, AliasesGiveThePresetAndItsOwnName) {
    EXPECT_EQ(canonicalName(*lookupFormat("half").format), "fp16");
    EXPECT_EQ(canonicalName(*lookupFormat("BFloat16").format), "bf16");
    EXPECT_EQ(canonicalName(*lookupFormat("float8_e4m3fn").format), "e4m3");
}

struct CustomCase {
    const char* typed;
    const char* canonical;
    int exponentBits, mantissaBits, bias;
    bool subnormals;
    SpecialValues specials;
};

TEST(FormatNames, CustomNamesReadBackToTheSameLayout) {
    const CustomCase cases[] = {
        {"e5m10-nosub", "e5m10-nosub", 5, 10, 15, false, SpecialValues::Ieee},
        {"e5m10", "e5m10", 5, 10, 15, true, SpecialValues::Ieee},
        {"E3M4-finite", "e3m4-finite", 3, 4, 3, true, SpecialValues::FiniteOnly},
        {"e4m3-fn", "e4m3-fn", 4, 3, 7, true, SpecialValues::FiniteWithNan},
        {"e4m3-fnuz", "e4m3-fnuz", 4, 3, 8, true, SpecialValues::Fnuz},
        {"e5m2-bias=14-nosub", "e5m2-nosub-bias=14", 5, 2, 14, false, SpecialValues::Ieee},
        {"e8m7-bias=127", "e8m7", 8, 7, 127, true, SpecialValues::Ieee},
        {"e11m52-nosub", "e11m52-nosub", 11, 52, 1023, false, SpecialValues::Ieee},
    };
    for (const CustomCase& c : cases) {
        const FormatOrError typed = lookupFormat(c.typed);
        ASSERT_TRUE(typed.format) << c.typed << ": " << typed.error;
        const Format& f = *typed.format;
        EXPECT_EQ(f.id, FormatId::Custom) << c.typed;
        EXPECT_EQ(f.exponentBits, c.exponentBits) << c.typed;
        EXPECT_EQ(f.mantissaBits, c.mantissaBits) << c.typed;
        EXPECT_EQ(f.bias, c.bias) << c.typed;
        EXPECT_EQ(f.subnormals, c.subnormals) << c.typed;
        EXPECT_EQ(f.specials, c.specials) << c.typed;
        EXPECT_EQ(canonicalName(f), c.canonical) << c.typed;
        const FormatOrError back = lookupFormat(canonicalName(f));
        ASSERT_TRUE(back.format) << c.canonical << ": " << back.error;
        EXPECT_TRUE(sameFormat(*back.format, f)) << c.canonical;
        EXPECT_EQ(canonicalName(*back.format), c.canonical);
    }
}

TEST(FormatNames, BadNamesSayWhatIsWrong) {
    const auto errorOf = [](std::string_view name) {
        const FormatOrError r = lookupFormat(name);
        EXPECT_FALSE(r.format) << name;
        return r.error;
    };
    EXPECT_EQ(errorOf("fp17"), "unknown format 'fp17' (known: " + std::string(knownFormatNames()) + ")");
    EXPECT_EQ(errorOf(""), "unknown format '' (known: " + std::string(knownFormatNames()) + ")");
    EXPECT_EQ(errorOf("int8"), "'int8' is an integer format: here a float format is needed");
    EXPECT_EQ(errorOf("e99m3"), "bad format 'e99m3': exponent width 99 is out of range (2..15 bits)");
    EXPECT_EQ(errorOf("e5m10-wide"), "bad format 'e5m10-wide': unknown format option 'wide' in 'e5m10-wide'");
    EXPECT_EQ(errorOf("fp16\n"), "unknown format 'fp16\\x0a' (known: " + std::string(knownFormatNames()) + ")");
}

} // namespace
} // namespace fplab
