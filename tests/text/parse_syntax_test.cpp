// parseValue: the accepted syntax, values from the format specifications, far-out exponents,
// very long inputs, stochastic rounding, bad input, and the host's strtod/strtof as a second
// oracle for FP64/FP32 in the four rounding modes the C library supports.
#include "text_test_util.h"

#include "core/random.h"
#include "core/text/exact_round.h"
#include "core/text/parse.h"

#include <gtest/gtest.h>

#include <cfenv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

namespace fplab::texttest {
namespace {

constexpr Flags kOx = kOverflow | kInexact;
constexpr Flags kUx = kUnderflow | kInexact;

Env mode(RoundingMode r) {
    Env env;
    env.rounding = r;
    return env;
}

void expectValue(const Format& f, std::string_view text, std::uint64_t bits, Flags flags, const Env& env = {}) {
    const ParseOutcome r = parseValue(text, f, env);
    ASSERT_TRUE(r.ok()) << f.name() << " '" << shorten(std::string(text)) << "': " << r.error;
    EXPECT_EQ(describe(f, r.value->bits, r.value->flags), describe(f, bits, flags))
        << f.name() << " " << roundingName(env.rounding) << " '" << shorten(std::string(text)) << "'";
}

void expectError(const Format& f, std::string_view text, const std::string& mentions) {
    const ParseOutcome r = parseValue(text, f);
    ASSERT_FALSE(r.ok()) << "'" << shorten(std::string(text)) << "' was accepted as " << hexBits(f, r.value->bits);
    EXPECT_NE(r.error.find(mentions), std::string::npos)
        << "error for '" << shorten(std::string(text)) << "' is \"" << r.error << "\", expected it to mention \""
        << mentions << "\"";
}

TEST(ParseSyntax, DecimalSpellingsFromTheIssue) {
    expectValue(kFp16, "0.1", 0x2e66, kInexact);
    expectValue(kFp16, "1e-8", 0x0000, kUx);
    expectValue(kFp16, "-0", 0x8000, 0);
    expectValue(kFp16, "65504", 0x7bff, 0);
    expectValue(kFp16, "6.1e-5", 0x03ff, kUx);
    expectValue(kFp16, ".5", 0x3800, 0);
    expectValue(kFp16, "5.", 0x4500, 0);
    expectValue(kFp16, "+3", 0x4200, 0);
    expectValue(kFp16, " \t0.1\r\n", 0x2e66, kInexact);
    expectValue(kFp16, "1E0", 0x3c00, 0);
    expectValue(kFp16, "0001.2500e+0002", 0x57d0, 0); // 125
    expectValue(kFp32, "0.1", 0x3dcccccd, kInexact);
    expectValue(kFp64, "0.1", 0x3fb999999999999a, kInexact);
    expectValue(kFp32, "16777217", 0x4b800000, kInexact); // a tie: to even
    expectValue(kFp32, "16777219", 0x4b800002, kInexact); // a tie: to even, upward
    expectValue(kFp64, "4.9406564584124654e-324", 0x1, kUx);
}

TEST(ParseSyntax, EdgesOfFp16) {
    expectValue(kFp16, "65519.99", 0x7bff, kInexact);
    expectValue(kFp16, "65520", 0x7c00, kOx); // halfway to 2^16 rounds to even: overflow
    expectValue(kFp16, "65520", 0x7bff, kInexact, mode(RoundingMode::TowardZero)); // truncation stays in range
    expectValue(kFp16, "6.103515625e-5", 0x0400, 0);                               // 2^-14, the smallest normal
    expectValue(kFp16, "5.9604644775390625e-8", 0x0001, 0);                        // 2^-24, the smallest subnormal
    expectValue(kFp16, "2.98023223876953125e-8", 0x0000, kUx);                     // half of it: a tie, to even (zero)
    expectValue(kFp16, "2.98023223876953125e-8", 0x0001, kUx, mode(RoundingMode::NearestAway));
    expectValue(kFp16, "2.980232238769531250001e-8", 0x0001, kUx); // just above the tie
}

TEST(ParseSyntax, InfinityAndNanInEveryPolicy) {
    for (const char* s : {"inf", "infinity", "+inf", "INF", "Infinity", "  inf  "}) expectValue(kFp16, s, 0x7c00, 0);
    expectValue(kFp16, "-inf", 0xfc00, 0);
    expectValue(kFp16, "-Infinity", 0xfc00, 0);
    for (const char* s : {"nan", "NaN", "+nan", "NAN"}) expectValue(kFp16, s, 0x7e00, 0);
    expectValue(kFp16, "-nan", 0xfe00, 0);
    expectValue(kFp64, "nan", 0x7ff8000000000000, 0);
    expectValue(kBf16, "nan", 0x7fc0, 0);
    // OCP FP8: E4M3 has one NaN pattern per sign (S.1111.111) and no infinity.
    expectValue(kE4m3, "nan", 0x7f, 0);
    expectValue(kE4m3, "-nan", 0xff, 0);
    expectValue(kE5m2, "nan", 0x7e, 0);
    expectValue(kE4m3, "inf", 0x7f, kInvalid);
    expectValue(kE4m3, "-inf", 0xff, kInvalid);
    Env saturating;
    saturating.saturate = true;
    expectValue(kE4m3, "inf", 0x7e, kInvalid, saturating);
    // FP6/FP4 have no NaN and no infinity: infinity saturates, NaN is refused.
    expectValue(kE2m1, "inf", 0x7, kInvalid);
    expectValue(kE2m1, "-inf", 0xf, kInvalid);
    expectError(kE2m1, "nan", "has no NaN");
    expectError(kE3m2, "-nan", "has no NaN");
    // fnuz: the single NaN is the negative-zero pattern.
    expectValue(kE4m3Fnuz, "nan", 0x80, 0);
    expectValue(kE4m3Fnuz, "-nan", 0x80, 0);
    expectValue(kE4m3Fnuz, "-0", 0x00, 0);
    expectValue(kE4m3Fnuz, "inf", 0x80, kInvalid);
    // E8M0: NaN is 0xFF; it has no sign.
    expectValue(kE8m0, "nan", 0xff, 0);
    expectValue(kE8m0, "inf", 0xff, kInvalid);
    expectValue(kE8m0, "-inf", 0xff, kInvalid);
}

// NaN sign and payload as nanText writes them: the trailing significand field, quiet bit included.
TEST(ParseSyntax, NanWithPayload) {
    expectValue(kFp16, "-nan(0x201)", 0xfe01, 0); // issue 15: sign, quiet bit, last mantissa bit
    expectValue(kFp16, "nan(0x1)", 0x7c01, 0);    // a signalling NaN: quiet bit clear
    expectValue(kFp16, "NaN(0X3FF)", 0x7fff, 0);
    expectValue(kBf16, "-nan(0x41)", 0xffc1, 0);
    expectValue(kFp32, "nan(0x400001)", 0x7fc00001, 0);
    expectValue(kFp64, "-nan(0x8000000000001)", 0xfff8000000000001, 0);
    EXPECT_EQ(parseValue("-nan(0x201)", kFp16).kind, InputKind::NaN);
}

TEST(ParseSyntax, HexFloats) {
    expectValue(kFp16, "0x1.8p-3", 0x3200, 0);
    expectValue(kFp16, "-0x1p+0", 0xbc00, 0);
    expectValue(kFp16, "0x.8p1", 0x3c00, 0);
    expectValue(kFp16, "0X1P0", 0x3c00, 0);
    expectValue(kFp16, "0x1.ffcp15", 0x7bff, 0);
    expectValue(kFp16, "0x1p-24", 0x0001, 0);
    expectValue(kFp16, "0x1p-25", 0x0000, kUx);
    expectValue(kFp16, "-0x0p0", 0x8000, 0);
    expectValue(kFp16, "0x0000000000000000000000000000000000001p0", 0x3c00, 0);
    // A long tail past the 32 hex digits kept is still seen as sticky.
    const std::string tail = "0x1." + std::string(40, '0') + "1p0";
    expectValue(kFp16, tail, 0x3c00, kInexact);
    expectValue(kFp16, tail, 0x3c01, kInexact, mode(RoundingMode::TowardPositive));
    expectValue(kFp64, "0x1.fffffffffffff8p0", 0x4000000000000000, kInexact); // a tie, to even
    expectValue(kFp64, "0x1.fffffffffffff7ffffffffffffffffffffp0", 0x3fffffffffffffff, kInexact);
}

TEST(ParseSyntax, RawBits) {
    expectValue(kFp16, "0x3c00", 0x3c00, 0);
    expectValue(kFp16, "0x003C00", 0x3c00, 0);
    expectValue(kFp16, "0x3c_00", 0x3c00, 0);
    expectValue(kFp16, "0xffff", 0xffff, 0);
    expectValue(kFp16, "0b0_01111_0000000000", 0x3c00, 0);
    expectValue(kFp16, "0B1", 0x0001, 0);
    expectValue(kFp16, "0b1111111111111111", 0xffff, 0);
    expectValue(kTf32, "0x1fc00", 0x1fc00, 0); // 1.0 in TF32's 19-bit encoding
    expectValue(kFp64, "0xffffffffffffffff", 0xffffffffffffffff, 0);
    expectValue(kE2m1, "0xf", 0xf, 0);
    EXPECT_EQ(parseValue("0x3c00", kFp16).kind, InputKind::RawHex);
    EXPECT_EQ(parseValue("0b1", kFp16).kind, InputKind::RawBinary);
    EXPECT_EQ(parseValue("0x1p0", kFp16).kind, InputKind::HexFloat);
    EXPECT_EQ(parseValue("-inf", kFp16).kind, InputKind::Infinity);
    EXPECT_EQ(parseValue("nan", kFp16).kind, InputKind::NaN);
    EXPECT_EQ(parseValue("1e5", kFp16).kind, InputKind::Decimal);
    // A signalling NaN can be typed as bits.
    expectValue(kFp16, "0x7c01", 0x7c01, 0);
}

TEST(ParseSyntax, FarOutExponentsGiveTheRoundedOverflowOrUnderflow) {
    expectValue(kFp16, "1e999999999", 0x7c00, kOx);
    expectValue(kFp16, "1e999999999", 0x7bff, kOx, mode(RoundingMode::TowardZero));
    expectValue(kFp16, "-1e999999999", 0xfbff, kOx, mode(RoundingMode::TowardPositive));
    expectValue(kFp16, "-1e999999999", 0xfc00, kOx, mode(RoundingMode::TowardNegative));
    expectValue(kFp16, "1e-99999999999999999999", 0x0000, kUx);
    expectValue(kFp16, "1e-99999999999999999999", 0x0001, kUx, mode(RoundingMode::TowardPositive));
    expectValue(kFp16, "-1e-99999999999999999999", 0x8001, kUx, mode(RoundingMode::TowardNegative));
    expectValue(kFp16, "-1e-99999999999999999999", 0x8000, kUx, mode(RoundingMode::TowardZero));
    expectValue(kFp16, "1e-99999999999999999999", 0x0001, kUx, mode(RoundingMode::ToOdd));
    expectValue(kFp16, "0x1p99999999999", 0x7c00, kOx);
    expectValue(kFp16, "0x1p-99999999999", 0x0000, kUx);
    expectValue(kFp16, "0e99999999999999", 0x0000, 0);
    expectValue(kFp16, "-0.0000e-999", 0x8000, 0);
    expectValue(kE4m3, "1e999999999", 0x7f, kOx);
    expectValue(kE4m3, "-1e999999999", 0xff, kOx);
    expectValue(kE2m1, "1e999999999", 0x7, kOx);
    expectValue(kE8m0, "1e999999999", 0xff, kOx);
    expectValue(kE8m0, "1e-999999999", 0x00, kUx);
    expectValue(kE4m3Fnuz, "-1e999999999", 0x80, kOx);
    // Huge exponent digits cancelled by a huge number of places: 10^(-10^6) * 10^(10^6 + 0) = 1.
    expectValue(kFp16, "0." + std::string(999999, '0') + "1e1000000", 0x3c00, 0);
}

TEST(ParseSyntax, LongDigitStringsAreExactAndBounded) {
    // 10,000 digits that equal 1 exactly, and ones a hair above 1 and above the FP16 tie.
    expectValue(kFp16, "1" + std::string(10000, '0') + "e-10000", 0x3c00, 0);
    const std::string hairAbove1 = "1." + std::string(9998, '0') + "1";
    expectValue(kFp16, hairAbove1, 0x3c00, kInexact);
    expectValue(kFp16, hairAbove1, 0x3c01, kInexact, mode(RoundingMode::TowardPositive));
    // 1 + 2^-11 (the FP16 tie above 1) then 10,000 more digits ending in 1.
    const std::string tie = "1.00048828125";
    expectValue(kFp16, tie, 0x3c00, kInexact);
    expectValue(kFp16, tie + std::string(10000, '0') + "1", 0x3c01, kInexact);
    expectValue(kFp16, tie + std::string(10000, '0'), 0x3c00, kInexact);

    // A million digits: the work is bounded by the digits kept, not by the input's length.
    const auto start = std::chrono::steady_clock::now();
    expectValue(kFp64, "1." + std::string(999998, '0') + "1", 0x3ff0000000000000, kInexact);
    expectValue(kFp64, "1." + std::string(999998, '0') + "1", 0x3ff0000000000001, kInexact,
                mode(RoundingMode::TowardPositive));
    expectValue(kFp64, "1" + std::string(1000000, '7'), 0x7ff0000000000000, kOx);
    expectValue(kFp64, "0." + std::string(1000000, '0') + "1", 0x0, kUx);
    expectValue(kFp64, std::string(400, '9') + std::string(1000000, '0') + "e-1000300", 0x54b249ad2594c37d,
                kInexact); // 10^100 - 10^-300
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 2.0) << "five million-digit inputs took " << seconds << " s";
    EXPECT_EQ(text::decimalDigitsKept(kFp64), 837); // the figures docs/text-formats.md quotes
    EXPECT_EQ(text::decimalDigitsKept(kFp16), 102);
}

TEST(ParseSyntax, SpecTablesForFp8Fp6Fp4) {
    // OCP OFP8 E4M3: max 448 (S.1111.110); 464 is the tie between 448 and the NaN pattern.
    expectValue(kE4m3, "448", 0x7e, 0);
    expectValue(kE4m3, "464", 0x7e, kInexact);
    expectValue(kE4m3, "465", 0x7f, kOx);
    expectValue(kE4m3, "-465", 0xff, kOx);
    Env saturating;
    saturating.saturate = true;
    expectValue(kE4m3, "465", 0x7e, kOx, saturating);
    expectValue(kE4m3, "0.001953125", 0x01, 0); // 2^-9, the smallest subnormal
    // OCP OFP8 E5M2: max 57344; 61440 is halfway to 2^16: overflow to infinity.
    expectValue(kE5m2, "57344", 0x7b, 0);
    expectValue(kE5m2, "61440", 0x7c, kOx);
    // OCP MX FP4 E2M1: 0, 0.5, 1, 1.5, 2, 3, 4, 6; overflow saturates.
    expectValue(kE2m1, "6", 0x7, 0);
    expectValue(kE2m1, "7", 0x7, kOx);
    expectValue(kE2m1, "100", 0x7, kOx);
    expectValue(kE2m1, "0.25", 0x0, kUx);
    expectValue(kE2m1, "0.26", 0x1, kUx);
    expectValue(kE2m1, "2.5", 0x4, kInexact); // tie between 2 (even) and 3
    expectValue(kE2m1, "-0", 0x8, 0);
    // FP6: E3M2 max 28, E2M3 max 7.5.
    expectValue(kE3m2, "28", 0x1f, 0);
    expectValue(kE3m2, "30", 0x1f, kOx);
    expectValue(kE2m3, "7.5", 0x1f, 0);
    expectValue(kE2m3, "0.125", 0x01, 0);
    // fnuz: max 240 (E4M3FNUZ), overflow gives the NaN.
    expectValue(kE4m3Fnuz, "240", 0x7f, 0);
    expectValue(kE4m3Fnuz, "1e9", 0x80, kOx);
    expectValue(kE4m3Fnuz, "-1e9", 0xff, kOx, mode(RoundingMode::TowardZero));
}

// OCP MX E8M0 (2^-127 .. 2^127, NaN 0xFF, no zero, no sign). Its one-bit significand makes
// every tie odd on both sides; the core sends ties up (away from zero).
TEST(ParseSyntax, SpecTableForE8m0) {
    expectValue(kE8m0, "1", 0x7f, 0);
    expectValue(kE8m0, "2", 0x80, 0);
    expectValue(kE8m0, "0.5", 0x7e, 0);
    expectValue(kE8m0, "1.4", 0x7f, kInexact);
    expectValue(kE8m0, "1.5", 0x80, kInexact);
    expectValue(kE8m0, "1.6", 0x80, kInexact);
    expectValue(kE8m0, "0.75", 0x7f, kInexact);
    expectValue(kE8m0, "1.5", 0x7f, kInexact, mode(RoundingMode::TowardZero));
    expectValue(kE8m0, "0x1p-127", 0x00, 0);
    expectValue(kE8m0, "5.8774717541114375398436826861112283890933277838604376075437585313920862972736358642578125e-39",
                0x00, 0);
    expectValue(kE8m0, "1e-39", 0x00, kUx); // below the smallest value: it stands in
    expectValue(kE8m0, "0", 0x00, kUx);     // no zero either
    expectValue(kE8m0, "-0", 0x00, kUx);
    expectValue(kE8m0, "0x1.8p-128", 0x00, kInexact); // rounds up to 2^-127: not tiny after rounding
    expectValue(kE8m0, "0x1p-128", 0x00, kUx);
    expectValue(kE8m0, "-1", 0xff, kInvalid);                               // no negative values
    expectValue(kE8m0, "170141183460469231731687303715884105728", 0xfe, 0); // 2^127
    expectValue(kE8m0, "3e38", 0xff, kOx);
    expectValue(kE8m0, "3e38", 0xfe, kInexact, mode(RoundingMode::TowardZero));
    expectValue(kE8m0, "4e38", 0xfe, kOx, mode(RoundingMode::TowardZero));
    expectValue(kE8m0, "0xff", 0xff, 0);
}

TEST(ParseSyntax, StochasticRoundingUsesTheExactDiscardedFraction) {
    // 1 + 2^-12 is a quarter of an FP16 ulp above 1: 53 discarded carrier bits, the top two 01.
    const std::string quarter = "1.000244140625";
    Env env;
    env.rounding = RoundingMode::Stochastic;
    const std::uint64_t threshold = std::uint64_t{1} << 51;
    env.randomBits = threshold - 1;
    expectValue(kFp16, quarter, 0x3c01, kInexact, env);
    env.randomBits = threshold;
    expectValue(kFp16, quarter, 0x3c00, kInexact, env);
    env.randomBits = (std::uint64_t{0x5a5} << 53) | (threshold - 1); // bits above the 53 used are ignored
    expectValue(kFp16, quarter, 0x3c01, kInexact, env);
    // A hair above the quarter: the sticky bit makes the fraction exceed 2^51 by a little.
    env.randomBits = threshold;
    expectValue(kFp16, quarter + std::string(300, '0') + "1", 0x3c01, kInexact, env);
    // A hair below: the fraction is just under 2^51 (all ones below it, plus sticky).
    const std::string below = "1.000244140624" + std::string(300, '9');
    env.randomBits = threshold - 1;
    expectValue(kFp16, below, 0x3c00, kInexact, env);
    env.randomBits = threshold - 2;
    expectValue(kFp16, below, 0x3c01, kInexact, env);

    // Over many draws, up about a quarter of the time.
    StochasticStream stream(2024);
    int up = 0;
    const int draws = 20000;
    for (int i = 0; i < draws; ++i) {
        const ParseOutcome r = parseValue(quarter, kFp16, stream.nextEnv());
        ASSERT_TRUE(r.ok());
        up += r.value->bits == 0x3c01;
    }
    EXPECT_NEAR(double(up) / draws, 0.25, 0.015);
}

TEST(ParseSyntax, BadInputIsRefusedWithTheProblemNamed) {
    expectError(kFp16, "", "empty input");
    expectError(kFp16, "   \t ", "empty input");
    expectError(kFp16, "abc", "unknown word 'abc'");
    expectError(kFp16, "1.2.3", "a second '.'");
    expectError(kFp16, "1e", "the exponent has no digits");
    expectError(kFp16, "1e+", "the exponent has no digits");
    expectError(kFp16, "1ex", "the exponent has no digits");
    expectError(kFp16, "0x", "no hex digits");
    expectError(kFp16, "0b", "no binary digits");
    expectError(kFp16, "0b__", "no binary digits");
    expectError(kFp16, "0b102", "'2' is not a binary digit");
    expectError(kFp16, "0x3g00", "'g' is not a hex digit");
    expectError(kFp16, "--1", "two signs");
    expectError(kFp16, "+-1", "two signs");
    expectError(kFp16, "-", "a sign with no number");
    expectError(kFp16, "1.5x", "unexpected 'x' after the number");
    expectError(kFp16, "1 2", "unexpected ' '");
    expectError(kFp16, "1e5e5", "unexpected 'e' after the exponent");
    expectError(kFp16, "1e5.5", "a '.' in the exponent");
    expectError(kFp16, ".", "no digits");
    expectError(kFp16, "e5", "no digits before the exponent");
    expectError(kFp16, "1_000", "unexpected '_'");
    expectError(kFp16, "0x1ffff", "0x1ffff is 17 bits wide but fp16 has 16");
    expectError(kFp16, "0b1_0_11111_1111111111", "17 bits wide but fp16 has 16");
    expectError(kTf32, "0xfffff", "0xfffff is 20 bits wide but tf32 has 19");
    expectError(kE8m0, "0x100", "9 bits wide but e8m0 has 8");
    expectError(kFp64, "0x10000000000000000", "65 bits wide but fp64 has 64");
    expectError(kFp16, "0x1.8", "needs a 'p' exponent");
    expectError(kFp16, "0x1p", "the exponent has no digits");
    expectError(kFp16, "0xp3", "no hex digits");
    expectError(kFp16, "0x1.8p3.5", "unexpected '.' after the exponent");
    expectError(kFp16, "0x1_0p3", "'_' is allowed in raw bits only");
    expectError(kFp16, "-0x3c00", "raw bits take no sign");
    expectError(kFp16, "nan(1)", "the significand field in hex");
    expectError(kFp16, "nan(0x201", "ends with ')'");
    expectError(kFp16, "nan(0x0)", "infinity's encoding");
    expectError(kFp16, "nan(0x400)", "does not fit in fp16's 10 significand bits");
    expectError(kFp16, "nan(0xg)", "not a hex digit");
    expectError(kE4m3, "nan(0x1)", "no payload");
    expectError(kE2m1, "nan(0x1)", "has no NaN");
    expectError(kFp16, "infinite", "unknown word 'infinite'");
    expectError(kFp16, std::string("1\0", 2), "NUL byte \\x00 at position 2");
    expectError(kFp16, std::string("0.\x01", 3), "control byte \\x01");
    expectError(kFp16, "1\xe2\x88\x92", "non-ASCII byte \\xe2");
    expectError(kFp16, "\xff\xfe", "non-ASCII");
    // The message quotes the input, shortened when long.
    const ParseOutcome longBad = parseValue(std::string(5000, '1') + "x", kFp16);
    ASSERT_FALSE(longBad.ok());
    EXPECT_LT(longBad.error.size(), 200u);
}

TEST(ParseSyntax, RandomBytesNeverCrashAndAlwaysExplain) {
    std::mt19937_64 rng(5);
    const std::string alphabet = "0123456789abcdefxXpPeE.+-_ infnaINFNAb\t\x01\x7f\xff";
    for (int i = 0; i < 20000; ++i) {
        std::string s(std::size_t(rng() % 12), ' ');
        for (char& c : s) c = alphabet[rng() % alphabet.size()];
        for (const Format* f : kPresetFormats) {
            const ParseOutcome r = parseValue(s, *f, mode(RoundingMode(rng() % 7)));
            if (r.ok()) {
                EXPECT_EQ(r.value->bits & ~f->bitMask(), 0u) << "'" << s << "' in " << f->name();
            } else {
                EXPECT_FALSE(r.error.empty()) << "'" << s << "'";
            }
        }
    }
}

// The host C library (glibc: correctly rounded in every mode) as a second oracle for FP64 and FP32.
TEST(ParseSyntax, MatchesHostStrtodAndStrtofInFourModes) {
    std::mt19937_64 rng(11);
    std::vector<std::string> doubles, floats;
    char buf[1400];
    for (int i = 0; i < 400; ++i) {
        double d;
        std::uint64_t bits = rng() & 0x7fffffffffffffffull;
        if (i % 4 == 0) bits &= 0x000fffffffffffffull; // subnormals
        std::memcpy(&d, &bits, sizeof d);
        if (!std::isfinite(d)) continue;
        const double next = std::nextafter(d, INFINITY);
        const long double mid = ((long double)d + (long double)next) / 2; // exact in x87 extended
        std::snprintf(buf, sizeof buf, "%.1100Le", mid);
        const std::string tie = buf;
        doubles.push_back(tie);
        const std::size_t e = tie.find('e');
        doubles.push_back(tie.substr(0, e) + "1" + tie.substr(e)); // a hair above the tie
        std::snprintf(buf, sizeof buf, "%.*e", int(rng() % 20), d);
        doubles.push_back(buf);
        float fl;
        std::uint32_t fbits = std::uint32_t(rng()) & 0x7fffffffu;
        if (i % 4 == 0) fbits &= 0x007fffffu;
        std::memcpy(&fl, &fbits, sizeof fl);
        if (!std::isfinite(fl)) continue;
        const double fmid = (double(fl) + double(std::nextafter(fl, INFINITY))) / 2;
        std::snprintf(buf, sizeof buf, "%.200e", fmid);
        floats.push_back(buf);
        std::snprintf(buf, sizeof buf, "%.*e", int(rng() % 12), double(fl));
        floats.push_back(buf);
    }
    struct HostMode {
        int fe;
        RoundingMode mode;
    };
    const HostMode modes[] = {{FE_TONEAREST, RoundingMode::NearestEven},
                              {FE_TOWARDZERO, RoundingMode::TowardZero},
                              {FE_UPWARD, RoundingMode::TowardPositive},
                              {FE_DOWNWARD, RoundingMode::TowardNegative}};
    for (const HostMode& m : modes) {
        for (const std::string& s : doubles) {
            std::fesetround(m.fe);
            const double host = std::strtod(s.c_str(), nullptr);
            std::fesetround(FE_TONEAREST);
            std::uint64_t want;
            std::memcpy(&want, &host, sizeof want);
            const ParseOutcome got = parseValue(s, kFp64, mode(m.mode));
            ASSERT_TRUE(got.ok()) << got.error;
            EXPECT_EQ(hexBits(kFp64, got.value->bits), hexBits(kFp64, want))
                << roundingName(m.mode) << " " << shorten(s);
        }
        for (const std::string& s : floats) {
            std::fesetround(m.fe);
            const float host = std::strtof(s.c_str(), nullptr);
            std::fesetround(FE_TONEAREST);
            std::uint32_t want;
            std::memcpy(&want, &host, sizeof want);
            const ParseOutcome got = parseValue(s, kFp32, mode(m.mode));
            ASSERT_TRUE(got.ok()) << got.error;
            EXPECT_EQ(hexBits(kFp32, got.value->bits), hexBits(kFp32, want))
                << roundingName(m.mode) << " " << shorten(s);
        }
    }
}

} // namespace
} // namespace fplab::texttest
