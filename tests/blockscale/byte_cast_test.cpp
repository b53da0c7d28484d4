// FP8 casts saturating or not, and scale bytes read in three formats, against values worked by hand from
// the OCP FP8 and MX specifications (E4M3: largest 448 = 0x7e, NaN 0x7f/0xff, no infinity; E5M2: largest
// 57344 = 0x7b, infinity 0x7c; E8M0: 2^(byte - 127), NaN 0xff).
#include "core/blockscale/byte_cast.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

namespace fplab::blockscale {
namespace {

std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }

TEST(Fp8Cast, E4m3OverflowIsNanOrSaturates) {
    // 464 is halfway between 448 (mantissa 110, even) and 480 (111, which would be the NaN byte): to 448.
    for (const float x : {448.0f, 460.0f, 464.0f}) {
        const Fp8Byte b = castFp32ToFp8(bitsOf(x), Fp8Element::E4m3, Fp8Overflow::Special);
        EXPECT_EQ(b.byte, 0x7E) << x;
        EXPECT_FALSE(b.nanByte || b.saturated) << x;
        EXPECT_EQ(b.tie, x == 464.0f) << x;
    }
    const Fp8Byte over = castFp32ToFp8(bitsOf(464.00003f), Fp8Element::E4m3, Fp8Overflow::Special);
    EXPECT_EQ(over.byte, 0x7F);
    EXPECT_TRUE(over.nanByte);
    EXPECT_TRUE(std::isnan(over.value));
    const Fp8Byte negative = castFp32ToFp8(bitsOf(-1000.0f), Fp8Element::E4m3, Fp8Overflow::Special);
    EXPECT_EQ(negative.byte, 0xFF);
    EXPECT_TRUE(negative.nanByte);
    const Fp8Byte saturated = castFp32ToFp8(bitsOf(-1000.0f), Fp8Element::E4m3, Fp8Overflow::Saturate);
    EXPECT_EQ(saturated.byte, 0xFE);
    EXPECT_EQ(saturated.value, -448.0);
    EXPECT_TRUE(saturated.saturated);
    EXPECT_FALSE(saturated.nanByte);
    const Fp8Byte nan = castFp32ToFp8(bitsOf(std::numeric_limits<float>::quiet_NaN()), Fp8Element::E4m3,
                                      Fp8Overflow::Saturate);
    EXPECT_EQ(nan.byte & 0x7F, 0x7F);
    EXPECT_FALSE(nan.nanByte); // NaN in, NaN out: not a NaN made by the cast
}

TEST(Fp8Cast, E5m2OverflowIsInfinity) {
    // 57344 = 1.11b * 2^15; the next step would be 2^16, so the midpoint 61440 ties to 2^16: overflow.
    EXPECT_EQ(castFp32ToFp8(bitsOf(60000.0f), Fp8Element::E5m2, Fp8Overflow::Special).byte, 0x7B);
    const Fp8Byte inf = castFp32ToFp8(bitsOf(61440.0f), Fp8Element::E5m2, Fp8Overflow::Special);
    EXPECT_EQ(inf.byte, 0x7C);
    EXPECT_TRUE(inf.infinityByte);
    EXPECT_EQ(castFp32ToFp8(bitsOf(61440.0f), Fp8Element::E5m2, Fp8Overflow::Saturate).byte, 0x7B);
}

// jax-ml/ml_dtypes #221: in [4, 8) E4M3 steps by 0.5, so 4.25 is a tie and goes to the even 4 (0x48), 4.75 to 5.
TEST(Fp8Cast, TiesGoToTheEvenNeighbour) {
    const Fp8Byte a = castFp32ToFp8(bitsOf(4.25f), Fp8Element::E4m3, Fp8Overflow::Saturate);
    EXPECT_EQ(a.byte, 0x48);
    EXPECT_EQ(a.value, 4.0);
    EXPECT_TRUE(a.tie);
    const Fp8Byte b = castFp32ToFp8(bitsOf(4.75f), Fp8Element::E4m3, Fp8Overflow::Saturate);
    EXPECT_EQ(b.value, 5.0);
    EXPECT_TRUE(b.tie);
    EXPECT_FALSE(castFp32ToFp8(bitsOf(4.3f), Fp8Element::E4m3, Fp8Overflow::Saturate).tie);
}

TEST(ScaleBytes, OneByteInThreeFormats) {
    struct Case {
        std::uint8_t byte;
        double e8m0, e4m3;
        bool ue4m3Valid;
    };
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Case cases[] = {
        {0x7F, 1.0, nan, true},                  // E8M0 2^0; E4M3's NaN
        {0x7E, 0.5, 448.0, true},                // 2^-1; E4M3's largest
        {0x38, std::ldexp(1.0, -71), 1.0, true}, // 56 - 127 = -71; 0 0111 000 = 1
        {0x80, 2.0, -0.0, false},                // the sign bit: not UE4M3
        {0xFF, nan, nan, false},                 // E8M0's only NaN
        {0x00, std::ldexp(1.0, -127), 0.0, true},
    };
    for (const Case& c : cases) {
        const ByteReading e8m0 = readScaleByte(c.byte, ScaleByteFormat::E8m0);
        const ByteReading e4m3 = readScaleByte(c.byte, ScaleByteFormat::E4m3);
        const ByteReading ue4m3 = readScaleByte(c.byte, ScaleByteFormat::Ue4m3);
        if (std::isnan(c.e8m0)) EXPECT_TRUE(std::isnan(e8m0.value));
        else EXPECT_EQ(e8m0.value, c.e8m0) << int(c.byte);
        if (std::isnan(c.e4m3)) EXPECT_TRUE(std::isnan(e4m3.value));
        else EXPECT_EQ(e4m3.value, c.e4m3) << int(c.byte);
        EXPECT_EQ(ue4m3.valid, c.ue4m3Valid) << int(c.byte);
        EXPECT_TRUE(e8m0.valid && e4m3.valid);
    }
    EXPECT_TRUE(std::signbit(readScaleByte(0x80, ScaleByteFormat::E4m3).value));
}

} // namespace
} // namespace fplab::blockscale
