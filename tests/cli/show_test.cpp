// fplab-cli show: the exact lines for known values (FP32/FP16 facts anyone can check),
// overflow as a valid result, --all, and clear errors for bad values and options.
#include "cli_run.h"

#include <gtest/gtest.h>

namespace fplab::cli::test {
namespace {

TEST(CliShow, PointOneInFp32) {
    const CliRun r = runInProcess({"show", "0.1"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.err, "");
    const std::vector<std::string> expected = {
        "fp32 0.1 (rounding rne)",
        "  bits       0 01111011 10011001100110011001101",
        "  fields     sign 0 (+)   exponent 01111011 = 123 (bias 127)   mantissa 10011001100110011001101 = 0x4ccccd",
        "  hex        0x3dcccccd",
        "  class      normal",
        "  value      +1.10011001100110011001101 x 2^-4",
        "  exact      0.100000001490116119384765625",
        "  shortest   0.1",
        "  hex-float  0x1.99999ap-4",
        "  ulp        2^-27 = 7.450580596923828125e-09",
        "  next up    0x3dccccce = 0.10000000894069671630859375",
        "  next down  0x3dcccccc = 0.0999999940395355224609375",
        "  error      stored - typed = +1.490116119384765625e-09",
        "             relative +1.490116e-08, +0.2 ulp",
        "  flags      x (inexact)",
    };
    EXPECT_EQ(linesOf(r.out), expected);
}

TEST(CliShow, Fp16Facts) {
    CliRun r = runInProcess({"show", "65504", "--format", "fp16"});
    ASSERT_EQ(r.code, kExitOk);
    EXPECT_EQ(lineStartingWith(r.out, "  hex"), "  hex        0x7bff");
    EXPECT_EQ(lineStartingWith(r.out, "  error"), "  error      0 (the typed value is stored exactly)");
    EXPECT_EQ(lineStartingWith(r.out, "  ulp"), "  ulp        2^5 = 32");
    EXPECT_EQ(lineStartingWith(r.out, "  next up"), "  next up    0x7c00 = inf");
    EXPECT_EQ(lineStartingWith(r.out, "  flags"), "  flags      - (none)");

    r = runInProcess({"show", "2^-24", "--format=fp16"});
    ASSERT_EQ(r.code, kExitOk);
    EXPECT_EQ(lineStartingWith(r.out, "  hex"), "  hex        0x0001");
    EXPECT_EQ(lineStartingWith(r.out, "  class"), "  class      subnormal");
    EXPECT_EQ(lineStartingWith(r.out, "  exact"), "  exact      0.000000059604644775390625");

    // 0.1 in FP16 is 0x2e66 = 0.0999755859375: 2.44140625e-05 below, 0.4 of its ulp 2^-14.
    r = runInProcess({"show", "0.1", "--format", "fp16"});
    ASSERT_EQ(r.code, kExitOk);
    EXPECT_EQ(lineStartingWith(r.out, "  hex"), "  hex        0x2e66");
    EXPECT_EQ(lineStartingWith(r.out, "  error"), "  error      stored - typed = -2.44140625e-05");
    EXPECT_EQ(lineStartingWith(r.out, "             relative"), "             relative -0.0002441406, -0.4 ulp");
}

TEST(CliShow, RoundingModeChangesTheBits) {
    const CliRun r = runInProcess({"show", "0.1", "--rounding", "rtz"});
    ASSERT_EQ(r.code, kExitOk);
    EXPECT_EQ(lineStartingWith(r.out, "  hex"), "  hex        0x3dcccccc");
    EXPECT_EQ(lineStartingWith(r.out, "fp32"), "fp32 0.1 (rounding rtz)");
}

TEST(CliShow, HugeExponentOverflowsToInfinityWithTheFlag) {
    CliRun r = runInProcess({"show", "1e999999999", "--format", "fp16"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  hex"), "  hex        0x7c00");
    EXPECT_EQ(lineStartingWith(r.out, "  class"), "  class      infinity");
    EXPECT_EQ(lineStartingWith(r.out, "  flags"), "  flags      ox (overflow, inexact)");
    EXPECT_EQ(lineStartingWith(r.out, "  error"),
              "  error      not finite: the typed value is beyond the largest finite value of fp16");
    // E4M3 has no infinity: NaN.
    r = runInProcess({"show", "-1e999999999", "--format", "e4m3"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  hex"), "  hex        0xff");
    EXPECT_EQ(lineStartingWith(r.out, "  flags"), "  flags      ox (overflow, inexact)");
    // Tiny: underflows to zero.
    r = runInProcess({"show", "1e-999999999", "--format", "fp64"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  hex"), "  hex        0x0000000000000000");
    EXPECT_EQ(lineStartingWith(r.out, "  flags"), "  flags      ux (underflow, inexact)");
    EXPECT_EQ(lineStartingWith(r.out, "  error"), "  error      stored - typed = -1e-999999999");
}

TEST(CliShow, RawBitsAndHexFloatAndCustomFormats) {
    CliRun r = runInProcess({"show", "0x3c00", "--format", "fp16"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  exact"), "  exact      1");
    EXPECT_EQ(lineStartingWith(r.out, "  error"), "  error      none: the input was the bits themselves");

    r = runInProcess({"show", "0x1.8p-3", "--format", "bf16"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  exact"), "  exact      0.1875");
    EXPECT_EQ(lineStartingWith(r.out, "  error"), "  error      0 (the typed value is stored exactly)");

    // No subnormals: 1e-5 is below 2^-14 and flushes to zero.
    r = runInProcess({"show", "1e-5", "--format", "e5m10-nosub"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "e5m10-nosub"), "e5m10-nosub 1e-5 (rounding rne)");
    EXPECT_EQ(lineStartingWith(r.out, "  hex"), "  hex        0x0000");
    EXPECT_EQ(lineStartingWith(r.out, "  flags"), "  flags      ux (underflow, inexact)");

    r = runInProcess({"show", "-2.5", "--format", "tf32"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  hex"), "  hex        0x60100  (in an fp32 container: 0xc0200000)");
}

TEST(CliShow, AllFormatsSideBySide) {
    const CliRun r = runInProcess({"show", "0.1", "--all"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> lines = linesOf(r.out);
    ASSERT_EQ(lines.size(), 2u + 13u);
    EXPECT_EQ(lines[0], "0.1 in every format (rounding rne)");
    EXPECT_EQ(lineStartingWith(r.out, "fp16 "),
              "fp16      0x2e66              0.0999755859375               -0.0002441      x");
    EXPECT_EQ(lineStartingWith(r.out, "bf16 "),
              "bf16      0x3dcd              0.10009765625                 +0.0009766      x");
    EXPECT_EQ(lineStartingWith(r.out, "fp64 "),
              "fp64      0x3fb999999999999a  0.10000000000000000555111...  +5.551e-17      x");
}

TEST(CliShow, AllWithRawBitsConvertsFromTheGivenFormat) {
    const CliRun r = runInProcess({"show", "0x7bff", "--format", "fp16", "--all"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(linesOf(r.out).at(0), "0x7bff read as fp16 = 65504, converted to every format (rounding rne)");
    EXPECT_EQ(lineStartingWith(r.out, "fp32 "),
              "fp32      0x477fe000          65504                         0               -");
    // 65504 overflows E4M3 (max 448): NaN.
    EXPECT_EQ(lineStartingWith(r.out, "e4m3 "),
              "e4m3      0x7f                nan                           overflow        ox");
}

TEST(CliShow, BadInput) {
    CliRun r = runInProcess({"show", "abc"});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("'abc'"), std::string::npos) << r.err;

    r = runInProcess({"show", "1.2.3"});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("1.2.3"), std::string::npos) << r.err;

    r = runInProcess({"show", "3^2"});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_EQ(r.err, "fplab-cli show: only powers of 2 and 10 can be written with '^' (got '3^2')\n");

    r = runInProcess({"show", "0x13c00", "--format", "fp16"});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("fplab-cli show: "), std::string::npos);

    r = runInProcess({"show", std::string("1\x00"
                                          "2",
                                          3)});
    EXPECT_EQ(r.code, kExitBadInput);

    r = runInProcess({"show", "1", "--format", "fp17"});
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_EQ(r.err, "fplab-cli show: unknown format 'fp17' (known: fp64 fp32 tf32 fp16 bf16 e4m3 e5m2 e2m3 e3m2 e2m1 "
                     "e8m0 e4m3fnuz e5m2fnuz, or a custom eXmY[-nosub] name)\n");
    r = runInProcess({"show", "1", "--format", "int8"});
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_EQ(r.err, "fplab-cli show: 'int8' is an integer format: here a float format is needed\n");
    EXPECT_EQ(runInProcess({"show", "1", "--rounding", "up"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"show", "1", "--rounding", "sr"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"show", "1", "--format"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"show"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"show", "1", "2"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"show", "1", "--colour"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"show", "1", "--all=yes"}).code, kExitUsage);
}

TEST(CliShow, NegativeValuesAreNotOptions) {
    const CliRun r = runInProcess({"show", "-0.5", "--format", "fp16"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  hex"), "  hex        0xb800");
    EXPECT_EQ(runInProcess({"show", "--", "-inf"}).code, kExitOk);
}

} // namespace
} // namespace fplab::cli::test
