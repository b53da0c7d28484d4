// The scale rules against tables worked out by hand from the specifications.
#include "core/blockscale/quantizer.h"
#include "core/blockscale/scale_rules.h"

#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <vector>

namespace fplab::blockscale {
namespace {

std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }

// OCP MX v1.0 section 6.3: X = floor(log2(amax)) - emax_elem, E8M0 code = X + 127, clamped to [0, 254].
struct SharedExponentCase {
    float amax;
    int emax;
    int expectedCode;
};
constexpr SharedExponentCase kSharedExponent[] = {
    {957.0f, 8, 128},                                         // floor(log2 957) = 9; MXFP8 E4M3 emax 8 -> X = 1
    {960.0f, 8, 128},     {448.0f, 8, 127},                   // 2^8 * 1.75: X = 0, 448 fits E4M3 exactly
    {511.99997f, 8, 127}, {512.0f, 8, 128},   {1.0f, 8, 119}, // X = -8
    {6.0f, 2, 127},                                           // MXFP4: floor(log2 6) = 2 = emax -> X = 0
    {7.9f, 2, 127},       {0.75f, 2, 124},                    // floor(log2 0.75) = -1 -> X = -3
    {57344.0f, 15, 127},                                      // MXFP8 E5M2 max normal
    {28.0f, 4, 127},                                          // MXFP6 E3M2 max normal 28 = 1.75 * 2^4
    {7.5f, 2, 127},                                           // MXFP6 E2M3 max normal
    {1.984375f, 0, 127},                                      // MXINT8: emax 0
    {FLT_MAX, 0, 254},                                        // floor(log2) = 127 -> X = 127, the largest E8M0 number
    {FLT_MAX, 2, 252},    {1e-40f, 2, 0},                     // FP32 subnormal: floor(log2) = -133 -> clamped to -127
    {0x1p-126f, 8, 0},    {0x1p-100f, 8, 19},                 // -100 - 8 = -108
    {0.0f, 8, 0},                                             // an all-zero block: X = -127
};

TEST(MxSharedExponent, MatchesTheSpecificationTable) {
    for (const SharedExponentCase& c : kSharedExponent)
        EXPECT_EQ(e8m0FromExponent(mxSharedExponent(bitsOf(c.amax), c.emax)), c.expectedCode)
            << "amax " << c.amax << " emax " << c.emax;
}

// microsoft/microxcaling issue #4: in this MXFP8 E4M3 block the amax 960 gives X = 1, so 957 / 2 = 478.5
// lies above E4M3's largest value 448 and saturates: 957 is quantized as 896 (and so is 960).
TEST(MxSharedExponent, Microxcaling4_957IsQuantizedAs896) {
    const std::vector<float> block = {957.0f,     957.0f,     902.4f,     960.0f,     832.0f,    291.7882f,  -124.8256f,
                                      783.546f,   927.3255f,  -233.117f,  583.4501f,  57.7898f,  136.0891f,  851.1933f,
                                      -857.9279f, -825.7414f, -959.5632f, 665.2397f,  556.3135f, 740.0243f,  957.2367f,
                                      598.3171f,  -77.0413f,  561.0583f,  -763.4512f, 279.842f,  -713.2934f, 889.3378f,
                                      43.6966f,   -170.6761f, -470.8888f, 548.4674f};
    const QuantizeOutcome q = quantize(Scheme::Mxfp8E4m3, block, {1, block.size()});
    ASSERT_TRUE(q.value) << q.error;
    EXPECT_EQ(q.value->scaleBits[0], 128u);
    EXPECT_EQ(q.value->codes[0], 0x7E); // S.1111.110 = 448
    const Report r = analyse(*q.value, block);
    EXPECT_EQ(r.dequantized[0], 896.0);
    EXPECT_EQ(r.dequantized[3], 896.0);
    EXPECT_EQ(r.error[0], 61.0);
    EXPECT_EQ(r.dequantized[4], 832.0); // 416 = 1.625 * 2^8 is exact
    // Clipped: above (448 + 32 / 2) * 2 = 928, the midpoint to the next step 480: 957, 957, 960, -959.6, 957.2.
    // 902.4 and 927.3 also come back as 896, but by rounding to nearest, not by clipping.
    EXPECT_EQ(r.saturated, 5u);
}

// The OCP MX v1.0 table of FP4 E2M1 values, code by code.
TEST(Mxfp4, ElementValuesAreTheSpecificationTable) {
    constexpr double kE2m1[16] = {0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6};
    for (int code = 0; code < 16; ++code) {
        EXPECT_EQ(elementValue(Scheme::Mxfp4, static_cast<std::uint8_t>(code)), kE2m1[code]) << code;
        EXPECT_EQ(elementValue(Scheme::Nvfp4, static_cast<std::uint8_t>(code)), kE2m1[code]) << code;
    }
    EXPECT_EQ(elementValue(Scheme::Mxint8, 0x81), -127.0 / 64);
    EXPECT_EQ(elementValue(Scheme::Mxint8, 0x7F), 127.0 / 64);
}

// NVFP4 two-level scaling (NVIDIA): s_global = amax_tensor / (448 * 6) in FP32;
// s_block = E4M3(amax_block / 6 / s_global). Values worked by hand.
TEST(Nvfp4Scale, TwoLevelExamples) {
    // amax_tensor 2688 -> s_global = 1 exactly.
    EXPECT_EQ(nvfp4GlobalScale(bitsOf(2688.0f)), bitsOf(1.0f));
    // amax_block 6 -> 1 -> E4M3 1.0 = 0x38; amax_block 2688 -> 448 = 0x7E; the E4M3 numbers near 2 are
    // 2.0 (0x40), 2.25 (0x41), 2.5: 12.5 / 6 = 2.083 -> 2.0, 13 / 6 = 2.167 -> 2.25.
    EXPECT_EQ(nvfp4BlockScale(bitsOf(6.0f), bitsOf(1.0f)), 0x38);
    EXPECT_EQ(nvfp4BlockScale(bitsOf(2688.0f), bitsOf(1.0f)), 0x7E);
    EXPECT_EQ(nvfp4BlockScale(bitsOf(12.5f), bitsOf(1.0f)), 0x40);
    EXPECT_EQ(nvfp4BlockScale(bitsOf(13.0f), bitsOf(1.0f)), 0x41);
    // 13.5 / 6 = 2.25 exactly.
    EXPECT_EQ(nvfp4BlockScale(bitsOf(13.5f), bitsOf(1.0f)), 0x41);
    // 2.125 * 6 = 12.75: halfway between 2.0 and 2.25 -> to even, 2.0.
    EXPECT_EQ(nvfp4BlockScale(bitsOf(12.75f), bitsOf(1.0f)), 0x40);
    // Above 448 * 6 the block scale saturates at 448.
    EXPECT_EQ(nvfp4BlockScale(bitsOf(1e6f), bitsOf(1.0f)), 0x7E);
    // A block far below the tensor's amax: 6 * 2^-10 / 6 = 2^-10 is below E4M3's smallest subnormal 2^-9
    // ... exactly half of it: ties to even gives 0.
    EXPECT_EQ(nvfp4BlockScale(bitsOf(6.0f * 0x1p-10f), bitsOf(1.0f)), 0x00);
    EXPECT_EQ(nvfp4BlockScale(bitsOf(6.0f * 0x1p-9f), bitsOf(1.0f)), 0x01);
    // amax_tensor 1: s_global = 1/2688 rounded to FP32.
    EXPECT_EQ(nvfp4GlobalScale(bitsOf(1.0f)), bitsOf(1.0f / 2688.0f));
    EXPECT_EQ(nvfp4GlobalScale(0), bitsOf(1.0f));
}

TEST(Nvfp4Scale, QuantizedVectorUsesBothLevels) {
    // Two blocks: the first holds the tensor amax 12, the second is 100x smaller.
    std::vector<float> x(32, 0.0f);
    x[0] = 12.0f;
    x[1] = 5.0f;
    x[16] = 0.12f;
    x[17] = -0.05f;
    const QuantizeOutcome q = quantize(Scheme::Nvfp4, x, {1, 32});
    ASSERT_TRUE(q.value) << q.error;
    EXPECT_EQ(q.value->tensorScaleBits, bitsOf(12.0f / 2688.0f));
    EXPECT_EQ(q.value->scaleBits[0], 0x7E); // 12 / 6 / (12/2688) = 448
    const Report r = analyse(*q.value, x);
    EXPECT_EQ(r.dequantized[0], 6.0 * 448 * double(12.0f / 2688.0f));
}

// DeepSeek-V3: scale = amax / 448 in FP32.
TEST(Fp8Scale, AmaxOver448) {
    EXPECT_EQ(fp8AmaxScale(bitsOf(448.0f)), bitsOf(1.0f));
    EXPECT_EQ(fp8AmaxScale(bitsOf(896.0f)), bitsOf(2.0f));
    EXPECT_EQ(fp8AmaxScale(bitsOf(1.0f)), bitsOf(1.0f / 448.0f));
    EXPECT_EQ(fp8AmaxScale(0), bitsOf(1.0f));
}

TEST(Fp8Scale, TilesAndChannels) {
    // 2 x 130: per-channel gives 2 scales, 1x128 gives 4, 128x128 gives 2 (one tile row, two tile columns).
    std::vector<float> x(260);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(i) - 100.0f;
    const auto count = [&](Scheme s) { return quantize(s, x, {2, 130}).value->scaleBits.size(); };
    EXPECT_EQ(count(Scheme::Fp8Tensor), 1u);
    EXPECT_EQ(count(Scheme::Fp8Channel), 2u);
    EXPECT_EQ(count(Scheme::Fp8Block128), 4u);
    EXPECT_EQ(count(Scheme::Fp8Block128x128), 2u);
    // The channel scales are each row's amax / 448: row 0 amax 100, row 1 amax 159.
    const Quantized q = *quantize(Scheme::Fp8Channel, x, {2, 130}).value;
    EXPECT_EQ(q.scaleBits[0], bitsOf(100.0f / 448.0f));
    EXPECT_EQ(q.scaleBits[1], bitsOf(159.0f / 448.0f));
}

TEST(Quantize, RejectsBadInput) {
    const std::vector<float> empty;
    EXPECT_EQ(quantize(Scheme::Mxfp4, empty, {1, 0}).error, "the tensor is empty");
    const std::vector<float> three = {1, 2, 3};
    EXPECT_FALSE(quantize(Scheme::Mxfp4, three, {2, 2}).value);
    const std::vector<float> nan = {1, std::nanf(""), 3};
    const QuantizeOutcome fp8 = quantize(Scheme::Fp8Tensor, nan, {1, 3});
    EXPECT_FALSE(fp8.value);
    EXPECT_NE(fp8.error.find("element 1 is NaN"), std::string::npos);
    // MX: the block with a NaN gets the NaN scale 0xFF and every element in it decodes to NaN.
    const QuantizeOutcome mx = quantize(Scheme::Mxfp8E4m3, nan, {1, 3});
    ASSERT_TRUE(mx.value);
    EXPECT_EQ(mx.value->scaleBits[0], 0xFFu);
    EXPECT_TRUE(std::isnan(analyse(*mx.value, nan).dequantized[0]));
}

TEST(Scheme, NamesRoundTrip) {
    for (const SchemeInfo& info : allSchemes()) {
        EXPECT_EQ(parseScheme(info.name), info.scheme);
        EXPECT_EQ(schemeName(info.scheme), info.name);
    }
    EXPECT_EQ(parseScheme("MXFP4"), Scheme::Mxfp4);
    EXPECT_FALSE(parseScheme("mxfp5"));
}

} // namespace
} // namespace fplab::blockscale
