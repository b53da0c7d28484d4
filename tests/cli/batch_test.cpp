// fplab-cli batch: exact output for known cases (values from the IEEE/OCP rules and the host FPU),
// and one clear error with the line number for every kind of bad input.
#include "cli_run.h"

#include <gtest/gtest.h>

namespace fplab::cli::test {
namespace {

std::string batch(const std::string& input, std::vector<std::string> options = {}) {
    std::vector<std::string> args = {"batch"};
    args.insert(args.end(), options.begin(), options.end());
    const CliRun r = runInProcess(args, input);
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.err, "");
    return r.out;
}

TEST(CliBatch, KnownResults) {
    const std::pair<const char*, const char*> cases[] = {
        {"add fp16 rne 3c00 3c00", "4000 -"},
        // 448 * 448 overflows E4M3, which has no infinity: NaN (OCP, non-saturating).
        {"mul e4m3 rne 7e 7e", "7f ox"},
        {"convert fp32 fp16 rne 477fe000", "7bff -"},  // 65504, FP16's largest value
        {"convert fp32 fp16 rne 477ff000", "7c00 ox"}, // 65520: a tie that rounds to 65536, past the largest
        {"convert fp32 fp16 rtz 477ff000", "7bff x"},  // truncated it stays finite: no overflow
        {"sqrt fp32 rne 40000000", "3fb504f3 x"},      // sqrtf(2)
        {"div fp32 rne 3f800000 00000000", "7f800000 z"},
        {"sub fp32 rne 7f800000 7f800000", "ffc00000 v"}, // x86 default NaN
        {"fma fp16 rne 3c00 4000 4200", "4500 -"},        // 1*2+3 = 5
        {"add tf32 rne 1fc00 1fc00", "20000 -"},          // TF32 in its own 19 bits: 1+1 = 2
        {"add e2m1 rne 2 2", "4 -"},                      // FP4: 1+1 = 2, one hex digit
        {"add e2m3 rne 08 08", "10 -"},                   // FP6: 1+1 = 2
        {"convert fp32 e8m0 rne 3f800000", "7f -"},
        {"add fp16 rup 3c00 0001", "3c01 x"},
        {"add fp16 rdn 3c00 0001", "3c00 x"},
        {"add fp16 rtz 3c00 0001", "3c00 x"},
        {"add fp16 rna 3c00 0001", "3c00 x"},
        {"add fp16 rto 3c00 0001", "3c01 x"},
        {"add fp16 rne 3c00 1000", "3c00 x"}, // 1 + 2^-11: a tie, to even
        {"add fp16 rna 3c00 1000", "3c01 x"}, // ... ties away
        {"mul fp16 rne 03ff 3c01", "0400 x"}, // rounds up to the smallest normal: not tiny after rounding
        {"add fp64 rne 3fb999999999999a 3fc999999999999a", "3fd3333333333334 x"}, // 0.1 + 0.2
        {"add e5m10-nosub rne 3c00 3c00", "4000 -"},
        {"mul e5m10-nosub rne 0400 3800", "0000 ux"},      // 2^-15 flushes to zero
        {"convert fp32 int8 rne 42fe0000", "7f -"},        // 127
        {"convert fp32 int8 rne 43000000", "7f v"},        // 128 saturates
        {"convert fp32 int8 rne 7fc00000", "00 v"},        // NaN gives 0
        {"convert fp32 uint8 rtz bf800000", "00 v"},       // -1
        {"convert fp32 int32 rne 3fc00000", "00000002 x"}, // 1.5 ties to even
        {"convert fp32 int32 rtz 3fc00000", "00000001 x"},
        {"convert fp64 int64 rne 43e0000000000000", "7fffffffffffffff v"}, // 2^63
        {"convert int8 fp32 rne ff", "bf800000 -"},
        {"convert int32 fp16 rne 0000ffff", "7c00 ox"}, // 65535 rounds to 65536: overflow
    };
    for (const auto& [line, expected] : cases) {
        EXPECT_EQ(batch(std::string(line) + "\n"), std::string(expected) + "\n") << line;
    }
}

TEST(CliBatch, IntegerToE4m3RoundsAndOverflowsLikeTheSpec) {
    // E4M3 values near 255: 240 (1.111 x 2^7), then 256 (1.000 x 2^8). 255 rounds to 256; 256 <= 448 is finite.
    EXPECT_EQ(batch("convert uint8 e4m3 rne ff\n"), "78 x\n");
    EXPECT_EQ(batch("convert uint8 e4m3 rtz ff\n"), "77 x\n");
}

TEST(CliBatch, TininessOption) {
    EXPECT_EQ(batch("mul fp16 rne 03ff 3c01\n", {"--tininess", "after"}), "0400 x\n");
    EXPECT_EQ(batch("mul fp16 rne 03ff 3c01\n", {"--tininess", "before"}), "0400 ux\n");
    EXPECT_EQ(batch("mul fp16 rne 03ff 3c01\n", {"--tininess=before"}), "0400 ux\n");
}

TEST(CliBatch, SaturateOption) { EXPECT_EQ(batch("mul e4m3 rne 7e 7e\n", {"--saturate"}), "7e ox\n"); }

TEST(CliBatch, AcceptsPrefixCaseLeadingZerosTabsCrlfAndNoFinalNewline) {
    EXPECT_EQ(batch("add fp16 rne 0x3C00 0X3c00\n"), "4000 -\n");
    EXPECT_EQ(batch("add fp16 rne 00003c00 3c00\n"), "4000 -\n");
    EXPECT_EQ(batch("  add\tfp16 rne   3c00 3c00  \r\n"), "4000 -\n");
    EXPECT_EQ(batch("add fp16 rne 3c00 3c00\nadd fp16 rne 4000 4000"), "4000 -\n4400 -\n");
    EXPECT_EQ(batch(""), "");
}

// Batch lines read rounding modes with core's one parser, aliases included, as every command does.
TEST(CliBatch, RoundingModesAreReadByCoresParser) {
    // 1 + 2^-11 (0x3c00 + 0x1000) lies halfway between 1 (3c00) and 1 + 2^-10 (3c01).
    EXPECT_EQ(batch("add fp16 rtz 3c00 1000\nadd fp16 rz 3c00 1000\nadd fp16 ru 3c00 1000\nadd fp16 rup 3c00 1000\n"),
              "3c00 x\n3c00 x\n3c01 x\n3c01 x\n");
    EXPECT_EQ(batch("add fp16 rn 3c00 3c00\nadd fp16 nearest 3c00 3c00\nadd fp16 rd 3c00 3c00\n"),
              "4000 -\n4000 -\n4000 -\n");
    const CliRun r = runInProcess({"batch"}, "add fp16 stochastic 3c00 3c00\n");
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.err,
              "fplab-cli batch: line 1: stochastic rounding 'stochastic' is not offered in batch (results would not be "
              "reproducible)\n");
}

TEST(CliBatch, ManyLinesCrossTheReadBlocks) {
    std::string input, expected;
    for (int i = 0; i < 200000; ++i) {
        input += i % 2 ? "add fp16 rne 3c00 3c00\n" : "mul bf16 rtz 4000 4040\n";
        expected += i % 2 ? "4000 -\n" : "40c0 -\n";
    }
    EXPECT_EQ(batch(input), expected);
}

struct BadLine {
    const char* line;
    const char* message; // what stderr must say after "line N: "
};

class CliBatchBadInput : public ::testing::TestWithParam<BadLine> {};

TEST_P(CliBatchBadInput, StopsWithTheLineNumberAndAClearMessage) {
    const BadLine& bad = GetParam();
    // Six good lines, then the bad one at line 7, then a good one that must not run.
    std::string input;
    for (int i = 0; i < 6; ++i) input += "add fp16 rne 3c00 3c00\n";
    input += std::string(bad.line) + "\nadd fp16 rne 3c00 3c00\n";
    const CliRun r = runInProcess({"batch"}, input);
    EXPECT_EQ(r.code, kExitBadInput);
    std::string expectedOut;
    for (int i = 0; i < 6; ++i) expectedOut += "4000 -\n";
    EXPECT_EQ(r.out, expectedOut);
    EXPECT_EQ(r.err, "fplab-cli batch: line 7: " + std::string(bad.message) + "\n");
}

INSTANTIATE_TEST_SUITE_P(
    AllKinds, CliBatchBadInput,
    ::testing::Values(
        BadLine{"add fp17 rne 3c00 3c00",
                "unknown format 'fp17' (known: fp64 fp32 tf32 fp16 bf16 e4m3 e5m2 e2m3 e3m2 e2m1 "
                "e8m0 e4m3fnuz e5m2fnuz, or a custom eXmY[-nosub] name)"},
        BadLine{"add e99m3 rne 3c00 3c00", "bad format 'e99m3': exponent width 99 is out of range (2..15 bits)"},
        BadLine{"pow fp16 rne 3c00 3c00", "unknown operation 'pow' (known: add sub mul div fma sqrt convert)"},
        BadLine{"add fp16 rnx 3c00 3c00", "unknown rounding mode 'rnx' (known: rne rna rtz rup rdn rto)"},
        BadLine{"add fp16 sr 3c00 3c00",
                "stochastic rounding 'sr' is not offered in batch (results would not be reproducible)"},
        BadLine{"add fp16 rne 3c0g 3c00", "'3c0g' is not a hex number"},
        BadLine{"add fp16 rne -3c00 3c00", "'-3c00' is not a hex number"},
        BadLine{"add fp16 rne 0x 3c00", "'0x' is not a hex number"},
        BadLine{"add fp16 rne 13c00 3c00", "'13c00' is wider than fp16 (16 bits, at most 4 hex digits)"},
        BadLine{"add e2m3 rne 40 08", "'40' is wider than e2m3 (6 bits, at most 2 hex digits)"},
        BadLine{"add fp64 rne 10000000000000000 0",
                "'10000000000000000' is wider than fp64 (64 bits, at most 16 hex digits)"},
        BadLine{"convert fp32 int8 rne 1ffffffff", "'1ffffffff' is wider than fp32 (32 bits, at most 8 hex digits)"},
        BadLine{"convert int8 fp32 rne 1ff", "'1ff' is wider than int8 (8 bits, at most 2 hex digits)"},
        BadLine{"add fp16 rne 3c00", "add needs FORMAT ROUNDING and 2 operands, got 1 operand"},
        BadLine{"add fp16 rne 3c00 3c00 3c00", "add needs FORMAT ROUNDING and 2 operands, got 3 operands"},
        BadLine{"sqrt fp16 rne 3c00 3c00", "sqrt needs FORMAT ROUNDING and 1 operand, got 2 operands"},
        BadLine{"fma fp16 rne 3c00 3c00", "fma needs FORMAT ROUNDING and 3 operands, got 2 operands"},
        BadLine{"add fp16", "add needs FORMAT ROUNDING and 2 operands, got 1 field"},
        BadLine{"add", "add needs FORMAT ROUNDING and 2 operands, got 0 fields"},
        BadLine{"add fp16 rne 1 2 3 4 5 6", "add needs FORMAT ROUNDING and 2 operands, got more than 3 operands"},
        BadLine{"convert fp32 fp16 3c00", "convert needs SRC DST ROUNDING HEX (4 fields after 'convert'), got 3"},
        BadLine{"convert int8 int32 rne 01", "convert between two integer formats (int8 -> int32) is not supported"},
        BadLine{"add int8 rne 01 01",
                "int8 is an integer format: add works on float formats (integers are allowed in convert)"},
        BadLine{"", "empty line"}, BadLine{"   \t ", "empty line"},
        BadLine{"\x01\x02\xff", "unknown operation '\\x01\\x02\\xff' (known: add sub mul div fma sqrt convert)"}));

TEST(CliBatch, NulBytesInsideALineAreReported) {
    // std::string literals above stop at NUL; build this one with its length.
    const std::string input("add fp16\0 rne 3c00 3c00\n", 24);
    const CliRun r = runInProcess({"batch"}, input);
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("line 1: unknown format 'fp16\\x00'"), std::string::npos) << r.err;
}

TEST(CliBatch, LongLinesAreRefusedNotBuffered) {
    const std::string longLine(10000, 'a');
    CliRun r = runInProcess({"batch"}, "add fp16 rne 3c00 3c00\n" + longLine + "\nadd fp16 rne 3c00 3c00\n");
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_EQ(r.out, "4000 -\n");
    EXPECT_EQ(r.err, "fplab-cli batch: line 2: line longer than 4096 bytes\n");
    // A long line that crosses read blocks, with --keep-going: the next line still runs.
    const std::string huge(3 << 20, 'x');
    r = runInProcess({"batch", "--keep-going"}, huge + "\nadd fp16 rne 3c00 3c00\n" + huge);
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_EQ(r.out, "error\n4000 -\nerror\n");
    EXPECT_EQ(r.err, "fplab-cli batch: line 1: line longer than 4096 bytes\n"
                     "fplab-cli batch: line 3: line longer than 4096 bytes\n"
                     "fplab-cli batch: 2 bad lines of 3\n");
}

TEST(CliBatch, KeepGoingReportsEveryBadLineAndKeepsTheLinesAligned) {
    const CliRun r = runInProcess({"batch", "--keep-going"}, "add fp16 rne 3c00 3c00\nadd fp17 rne 3c00 3c00\n\nmul "
                                                             "fp16 rne 4000 4000\nsqrt fp16 rne\n");
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_EQ(r.out, "4000 -\nerror\nerror\n4400 -\nerror\n");
    EXPECT_NE(r.err.find("line 2: unknown format 'fp17'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("line 3: empty line"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("line 5: sqrt needs FORMAT ROUNDING and 1 operand, got 0 operands"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("3 bad lines of 5"), std::string::npos) << r.err;
}

TEST(CliBatch, KeepGoingWithOnlyGoodLinesExitsZero) {
    const CliRun r = runInProcess({"batch", "--keep-going"}, "add fp16 rne 3c00 3c00\n");
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_EQ(r.out, "4000 -\n");
}

TEST(CliBatch, BinaryGarbageNeverCrashesOrHangs) {
    std::string garbage;
    std::uint32_t x = 12345;
    for (int i = 0; i < 200000; ++i) {
        x = x * 1664525u + 1013904223u;
        garbage += char(x >> 24);
    }
    CliRun r = runInProcess({"batch", "--keep-going"}, garbage);
    EXPECT_EQ(r.code, kExitBadInput);
    r = runInProcess({"batch"}, garbage);
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("line 1: "), std::string::npos);
}

TEST(CliBatch, BadOptionsAreUsageErrors) {
    EXPECT_EQ(runInProcess({"batch", "--tininess", "sometimes"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"batch", "--tininess"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"batch", "--fast"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"batch", "add"}).code, kExitUsage);
    const CliRun help = runInProcess({"batch", "--help"});
    EXPECT_EQ(help.code, kExitOk);
    EXPECT_NE(help.out.find("OP FORMAT ROUNDING HEX"), std::string::npos);
}

} // namespace
} // namespace fplab::cli::test
