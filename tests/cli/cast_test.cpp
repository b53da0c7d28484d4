// `fplab-cli cast` (FP8 casts saturating or not) and `fplab-cli bytes` (a byte in three scale formats).
#include "cli_run.h"

#include <gtest/gtest.h>

namespace fplab::cli::test {
namespace {

TEST(Cast, NotSaturatingMakesNanBytes) {
    const CliRun r = runInProcess({"cast", "--overflow", "special"}, "448\n464.1\n-1000\n4.25\n");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out, "e4m3, not saturating (overflow to NaN): 4 values\n\n"
                     "index  input            byte  value      note\n"
                     "0      448              0x7e  448\n"
                     "1      464.1            0x7f  nan        NaN byte: overflow (E4M3 has no infinity)\n"
                     "2      -1000            0xff  -nan       NaN byte: overflow (E4M3 has no infinity)\n"
                     "3      4.25             0x48  4          a tie: to the even neighbour\n\n"
                     "NaN bytes from finite inputs: 2, saturated: 0, ties: 1\n");
}

TEST(Cast, SaturatingClampsAndE5m2Overflows) {
    CliRun r = runInProcess({"cast"}, "-1000\n");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("0      -1000            0xfe  -448       saturated to the largest finite value, 448\n"),
              std::string::npos)
        << r.out;
    r = runInProcess({"cast", "--to", "e5m2", "--overflow", "special"}, "61440\n");
    EXPECT_NE(r.out.find("0x7c  inf        infinity: overflow"), std::string::npos) << r.out;
    r = runInProcess({"cast", "--overflow", "wrap"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    r = runInProcess({"cast", "--to", "e2m1"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    r = runInProcess({"cast"}, "abc\n");
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("line 1"), std::string::npos);
}

TEST(Bytes, OneByteInThreeScaleFormats) {
    const CliRun r = runInProcess({"bytes", "0x7f", "0x7e", "128"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out, "byte   as e8m0                as ue4m3               as e4m3\n"
                     "0x7f   1                      nan                    nan\n"
                     "0x7e   0.5                    448                    448\n"
                     "0x80   2                      not ue4m3 (sign bit)   -0\n");
    EXPECT_EQ(runInProcess({"bytes", "0x100"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"bytes"}).code, kExitUsage);
}

} // namespace
} // namespace fplab::cli::test
