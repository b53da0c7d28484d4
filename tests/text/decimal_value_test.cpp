// The exact decimal arithmetic behind the error report of show/eval.
#include "core/text/decimal_value.h"

#include <gtest/gtest.h>

namespace fplab {
namespace {

std::string sci(const std::optional<DecimalValue>& v, std::size_t digits = 60) {
    return v ? v->scientific(digits) : "nullopt";
}

TEST(DecimalValue, ReadsDecimalText) {
    EXPECT_EQ(sci(DecimalValue::fromDecimalText("0.1")), "1e-01");
    EXPECT_EQ(sci(DecimalValue::fromDecimalText("-123.4500")), "-1.2345e+02");
    EXPECT_EQ(sci(DecimalValue::fromDecimalText("+007")), "7e+00");
    EXPECT_EQ(sci(DecimalValue::fromDecimalText("1e-999999999")), "1e-999999999");
    EXPECT_EQ(sci(DecimalValue::fromDecimalText(".5E3")), "5e+02");
    EXPECT_EQ(sci(DecimalValue::fromDecimalText("0")), "0");
    EXPECT_EQ(sci(DecimalValue::fromDecimalText("-0.000")), "0");
    for (const char* bad : {"", "-", ".", "1..2", "1e", "1e+", "abc", "1x", "0x10"})
        EXPECT_FALSE(DecimalValue::fromDecimalText(bad)) << bad;
    // Absurd exponents saturate instead of overflowing.
    EXPECT_TRUE(DecimalValue::fromDecimalText("1e99999999999999999999999999"));
}

TEST(DecimalValue, ReadsHexFloatText) {
    EXPECT_EQ(sci(DecimalValue::fromHexFloatText("0x1.8p-3")), "1.875e-01");
    EXPECT_EQ(sci(DecimalValue::fromHexFloatText("-0x10p0")), "-1.6e+01");
    EXPECT_EQ(sci(DecimalValue::fromHexFloatText("0x.8p1")), "1e+00");
    EXPECT_EQ(sci(DecimalValue::fromHexFloatText("0x1p-1074"), 17), "4.9406564584124654e-324");
    EXPECT_FALSE(DecimalValue::fromHexFloatText("0x1p-99999999"));
    EXPECT_FALSE(DecimalValue::fromHexFloatText("0x1.8"));
    EXPECT_FALSE(DecimalValue::fromHexFloatText("1.8p3"));
}

TEST(DecimalValue, ExpandsBinaryExactly) {
    EXPECT_EQ(sci(DecimalValue::fromBinary(false, 1, -27)), "7.450580596923828125e-09");
    EXPECT_EQ(sci(DecimalValue::fromBinary(true, 3, 100)), "-3.802951800684688204490109616128e+30");
    // 2^-1074 has 751 significant digits; the last one is 5.
    const auto tiny = DecimalValue::fromBinary(false, 1, -1074);
    ASSERT_TRUE(tiny);
    const std::string all = tiny->scientific(2000);
    EXPECT_EQ(all.substr(all.size() - 6), "5e-324");
    EXPECT_EQ(all.size(), 751u + 1 + 5);
}

TEST(DecimalValue, SubtractsExactly) {
    const auto stored = DecimalValue::fromDecimalText("0.100000001490116119384765625");
    const auto typed = DecimalValue::fromDecimalText("0.1");
    EXPECT_EQ((*stored - *typed).scientific(60), "1.490116119384765625e-09");
    EXPECT_EQ((*typed - *stored).scientific(60), "-1.490116119384765625e-09");
    EXPECT_EQ((*typed - *typed).scientific(60), "0");
    const auto minusOne = DecimalValue::fromDecimalText("-1");
    EXPECT_EQ((*typed - *minusOne).scientific(60), "1.1e+00");
    EXPECT_EQ((DecimalValue{} - *typed).scientific(60), "-1e-01");
    // Too far apart to align: the larger one, marked approximate.
    const auto far = *DecimalValue::fromDecimalText("1") - *DecimalValue::fromDecimalText("1e-999999999");
    EXPECT_TRUE(far.isApproximate());
    EXPECT_EQ(far.scientific(60), "1e+00");
}

TEST(DecimalValue, RoundsForDisplayToNearestEven) {
    bool rounded = false;
    const auto v = DecimalValue::fromDecimalText("1.2345");
    EXPECT_EQ(v->scientific(4, &rounded), "1.234e+00"); // tie, 4 is even
    EXPECT_TRUE(rounded);
    EXPECT_EQ(DecimalValue::fromDecimalText("1.2355")->scientific(4), "1.236e+00");
    EXPECT_EQ(DecimalValue::fromDecimalText("9.9996")->scientific(4), "1e+01");
    EXPECT_EQ(v->scientific(5, &rounded), "1.2345e+00");
    EXPECT_FALSE(rounded);
}

TEST(DecimalValue, TextIsPositionalForModerateExponents) {
    EXPECT_EQ(DecimalValue::fromDecimalText("32")->text(40), "32");
    EXPECT_EQ(DecimalValue::fromDecimalText("-0.0625")->text(40), "-0.0625");
    EXPECT_EQ(DecimalValue::fromDecimalText("123.5")->text(40), "123.5");
    EXPECT_EQ(DecimalValue::fromDecimalText("0.00001")->text(40), "1e-05");
    EXPECT_EQ(DecimalValue::fromDecimalText("1e21")->text(40), "1e+21");
}

TEST(DecimalValue, Ratios) {
    const auto a = DecimalValue::fromDecimalText("1.490116119384765625e-09");
    EXPECT_DOUBLE_EQ(ratioToPowerOfTwo(*a, -27), 0.2);
    EXPECT_DOUBLE_EQ(ratio(*a, *DecimalValue::fromDecimalText("0.1")), 1.490116119384765625e-08);
    EXPECT_DOUBLE_EQ(ratioToPowerOfTwo(*DecimalValue::fromBinary(false, 1, -1075), -1074), 0.5);
}

} // namespace
} // namespace fplab
