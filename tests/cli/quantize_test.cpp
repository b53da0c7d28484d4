// `fplab-cli quantize`: the CSV/JSON/text outputs, .npy in and out, and the errors for bad input.
#include "cli_run.h"
#include "core/blockscale/npy.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace fplab::cli::test {
namespace {

std::string tempPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("fplab_quantize_test_" + name)).string();
}

void writeBytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

std::vector<std::uint8_t> readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(Quantize, CsvHasOneRowPerElement) {
    std::string input;
    for (int i = 0; i < 40; ++i) input += std::to_string(i * 0.37 - 5) + "\n";
    const CliRun r = runInProcess({"quantize", "--scheme", "mxfp4", "--csv"}, input);
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> lines = linesOf(r.out);
    ASSERT_EQ(lines.size(), 41u);
    EXPECT_EQ(lines[0], "index,block,scale,code,dequantized,error");
    EXPECT_EQ(lines[1].substr(0, 4), "0,0,");
    EXPECT_EQ(lines[40].substr(0, 5), "39,1,"); // 32 elements per MX block
}

TEST(Quantize, Microxcaling4InText) {
    const CliRun r = runInProcess({"quantize", "--scheme", "mxfp8-e4m3"}, "957\n960\n1\n");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("0      0      0x7e  896                      61"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("saturated 2"), std::string::npos);
}

// The summary line: the rms error is a measurement (6 significant digits, --json keeps every digit), and a
// nonzero input below half the smallest element "rounded to zero": "flushed" is the FTZ mode lesson 9 teaches.
TEST(Quantize, SummaryWordsAndDigits) {
    const CliRun r = runInProcess({"quantize", "--scheme", "mxfp8-e4m3"}, "957\n960\n1\n0.0001\n");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find(", rounded to zero 1\n"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("flushed"), std::string::npos) << r.out;
    const std::size_t at = r.out.find("rms error ");
    ASSERT_NE(at, std::string::npos);
    const std::string rms = r.out.substr(at + 10, r.out.find(',', at) - at - 10);
    std::size_t digits = 0;
    for (char c : rms) digits += c >= '0' && c <= '9';
    EXPECT_LE(digits, 6u) << rms;
}

TEST(Quantize, JsonHasScalesAndStats) {
    const CliRun r = runInProcess({"quantize", "--scheme", "nvfp4", "--json"}, "12\n5\n");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("\"scheme\": \"nvfp4\""), std::string::npos);
    EXPECT_NE(r.out.find("\"scale_bits\": \"0x7e\""), std::string::npos); // 12/6/(12/2688) = 448
    EXPECT_NE(r.out.find("\"rms_error\""), std::string::npos);
}

TEST(Quantize, NpyInAndOut) {
    const std::string in = tempPath("in.npy"), out = tempPath("out.npy");
    // bfloat16 as ml_dtypes' np.save writes it: descr '<V2'. Values 1, -6, 0.5, 3 in a 2x2 tensor.
    writeBytes(in, npy2x2("<V2", {0x80, 0x3F, 0xC0, 0xC0, 0x00, 0x3F, 0x40, 0x40}));
    const CliRun r = runInProcess({"quantize", "--scheme", "fp8-channel", "--csv", "--out", out, in});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(linesOf(r.out).size(), 5u);
    EXPECT_EQ(lineStartingWith(r.out, "2,").substr(0, 4), "2,1,"); // row 1 has its own scale
    const blockscale::NpyOutcome back = blockscale::parseNpy(readBytes(out));
    ASSERT_TRUE(back.array) << back.error;
    EXPECT_EQ(back.array->header.shape, (std::vector<std::size_t>{2, 2}));
    EXPECT_EQ(back.array->header.descr, "<f4");
    EXPECT_FLOAT_EQ(back.array->values[1], -6.0f);
    std::filesystem::remove(in);
    std::filesystem::remove(out);
}

TEST(Quantize, AFailedOutWriteIsAnErrorAndPrintsNothing) {
    const CliRun full = runInProcess({"quantize", "--scheme", "mxfp4", "--out", "/dev/full"}, "1\n2\n");
    EXPECT_EQ(full.code, kExitOutput);
    EXPECT_NE(full.err.find("cannot write '/dev/full': No space left on device"), std::string::npos) << full.err;
    EXPECT_EQ(full.out, "");
    const CliRun missing = runInProcess({"quantize", "--scheme", "mxfp4", "--out", "/nonexistent-folder/x.npy"}, "1\n");
    EXPECT_EQ(missing.code, kExitOutput);
    EXPECT_NE(missing.err.find("cannot write '/nonexistent-folder/x.npy'"), std::string::npos) << missing.err;
}

TEST(Quantize, BadInputGetsClearErrors) {
    CliRun r = runInProcess({"quantize", "--scheme", "mxfp5"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_NE(r.err.find("unknown scheme 'mxfp5'"), std::string::npos);
    r = runInProcess({"quantize"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    r = runInProcess({"quantize", "--scheme", "mxfp4"}, "");
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("the tensor is empty"), std::string::npos);
    r = runInProcess({"quantize", "--scheme", "mxfp4", "--scale-rule", "fp32"}, "1\nnan\n");
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("element 1 is NaN (mxfp4 under the scale rule fp32 has no rule"), std::string::npos) << r.err;
    r = runInProcess({"quantize", "--scheme", "nvfp4"}, "-inf\n");
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("element 0 is infinite"), std::string::npos);
    r = runInProcess({"quantize", "--scheme", "mxfp4", "--scale-rule", "max4"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_NE(r.err.find("the scale rule max4 is not one of mxfp4's (ocp|round-up|nearest|fp32)"), std::string::npos);
    r = runInProcess({"quantize", "--scheme", "mxfp4", "--scale-rule", "ceil"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_NE(r.err.find("unknown scale rule 'ceil'"), std::string::npos) << r.err;
    r = runInProcess({"quantize", "--scheme", "mxfp4", "--blocks", "16x16"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_NE(r.err.find("16x16 blocks are offered to nvfp4 only"), std::string::npos);
    r = runInProcess({"quantize", "--scheme", "nvfp4", "--blocks", "32x32"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    r = runInProcess({"quantize", "--scheme", "nvfp4", "--compare-rules", "--csv"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    r = runInProcess({"quantize", "--scheme", "mxfp4"}, "1\nabc\n");
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("line 2"), std::string::npos);
    r = runInProcess({"quantize", "--scheme", "mxfp4", "--shape", "2x2"}, "1\n2\n3\n");
    EXPECT_EQ(r.code, kExitBadInput);
    r = runInProcess({"quantize", "--scheme", "mxfp4", "--shape", "2by2"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    const std::string bad = tempPath("bad.npy");
    writeBytes(bad, {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 4, 0, '{', '}', ' ', '\n'});
    r = runInProcess({"quantize", "--scheme", "mxfp4", bad});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("lacks"), std::string::npos) << r.err;
    std::filesystem::remove(bad);
    r = runInProcess({"quantize", "--scheme", "mxfp4", tempPath("missing.npy")});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("cannot open"), std::string::npos);
}

} // namespace
} // namespace fplab::cli::test

namespace fplab::cli::test {
namespace {

// OCP MX v1.0: a NaN makes its block's scale the E8M0 NaN; the block decodes to NaN, which is shown, not refused.
TEST(Quantize, NanInAnMxBlockIsShown) {
    const CliRun r = runInProcess({"quantize", "--scheme", "mxfp4", "--csv"}, "1\nnan\n");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out, "index,block,scale,code,dequantized,error\n0,0,nan,0x00,nan,nan\n1,0,nan,0x00,nan,nan\n");
    const CliRun text = runInProcess({"quantize", "--scheme", "mxfp4"}, "1\nnan\n");
    EXPECT_NE(text.out.find("0      0xff        nan"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("NaN 2 (in blocks whose scale is NaN; left out of the errors)"), std::string::npos);
}

// The microxcaling #4 block under round-up (Mishra et al.): X = 2, 957 / 4 = 239.25 -> 240, back as 960.
TEST(Quantize, ScaleRuleRoundUp) {
    const CliRun r = runInProcess({"quantize", "--scheme", "mxfp8-e4m3", "--scale-rule", "round-up", "--csv"}, "957\n");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out, "index,block,scale,code,dequantized,error\n0,0,4,0x77,960,-3\n");
}

// NVFP4's 16x16 tiles: a 16 x 32 tensor has two blocks; 4over6 is named in the JSON.
TEST(Quantize, Nvfp4TilesAndFourOverSix) {
    std::string input;
    for (int i = 0; i < 16 * 32; ++i) input += std::to_string(i % 7) + "\n";
    const CliRun r = runInProcess(
        {"quantize", "--scheme", "nvfp4", "--scale-rule", "4over6", "--blocks", "16x16", "--shape", "16x32", "--json"},
        input);
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("\"scale_rule\": \"4over6\""), std::string::npos);
    EXPECT_NE(r.out.find("\"blocks\": \"16x16\""), std::string::npos);
    EXPECT_NE(r.out.find("\"index\": 1,"), std::string::npos);
    EXPECT_EQ(r.out.find("\"index\": 2,"), std::string::npos);
}

// --hadamard: a spike 16 in a 16-element segment becomes +-4 everywhere, which NVFP4 holds exactly, so the
// inverse gives 16 and zeros back, 16 to within the rounding of NVFP4's FP32 tensor scale 4 / 2688.
TEST(Quantize, HadamardTransform) {
    std::string input = "16\n";
    for (int i = 1; i < 16; ++i) input += "0\n";
    const CliRun r = runInProcess({"quantize", "--scheme", "nvfp4", "--hadamard", "5"}, input);
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("through the random Hadamard transform (seed 5)"), std::string::npos) << r.out;
    EXPECT_NE(
        r.out.find("\n0      0      0x07  16.000000298023224       -2.980232238769531e-07\n1      0      0x07  -0 "),
        std::string::npos)
        << r.out;
    const CliRun bad = runInProcess({"quantize", "--scheme", "nvfp4", "--hadamard", "5"}, "1\n2\n");
    EXPECT_EQ(bad.code, kExitBadInput);
    EXPECT_NE(bad.err.find("not a multiple of 16"), std::string::npos);
    EXPECT_EQ(runInProcess({"quantize", "--scheme", "nvfp4", "--hadamard", "x"}, "1\n").code, kExitUsage);
}

// --compare-rules: the [600, 1] block of rule_comparison_test.cpp, one row per rule.
TEST(Quantize, CompareRules) {
    const CliRun r = runInProcess({"quantize", "--scheme", "mxfp8-e4m3", "--compare-rules"}, "600\n1\n");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("the largest |x| is 600 (element 0, block 0)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nocp       e8m0    0          0        0    24 "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nnearest   e8m0    1          0        0    152 "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nfp32      fp32    "), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find(" \n"), std::string::npos); // no trailing spaces
}

// --compare-rules --hadamard: [16, 0.5, 0 ...] in one segment. Without the transform 0.5 rounds to zero under every
// NVFP4 rule (max6: d = 16 / 6, and 0.5 / d = 0.1875 is below E2M1's 0.25; max4 and 4over6 alike). Through it, every
// element becomes (+-16 +- 0.5) / 4, 4.125 or 3.875 in magnitude, and none rounds to zero (max6: d = 4.125 / 6,
// 3.875 / d = 5.6 -> 6). Zero inputs are not counted as rounded to zero. A row the transform cannot take is refused.
TEST(Quantize, CompareRulesThroughTheHadamardTransform) {
    std::string input = "16\n0.5\n";
    for (int i = 2; i < 16; ++i) input += "0\n";
    const CliRun r = runInProcess({"quantize", "--scheme", "nvfp4", "--compare-rules", "--hadamard", "9"}, input);
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("\nthrough the random Hadamard transform (seed 9): scales, saturated and to-zero counts are "
                         "the\ntransformed tensor's; errors are against the input, after the inverse\n\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\nmax6      e4m3    0          0        0    "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nmax4      e4m3    0          0        0    "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\n4over6    e4m3    0          0        0    "), std::string::npos) << r.out;
    const CliRun plain = runInProcess({"quantize", "--scheme", "nvfp4", "--compare-rules"}, input);
    EXPECT_EQ(plain.out.find("Hadamard"), std::string::npos) << plain.out;
    EXPECT_NE(plain.out.find("\nmax6      e4m3    0          1        0    "), std::string::npos) << plain.out;
    EXPECT_NE(plain.out.find("\nmax4      e4m3    0          1        0    "), std::string::npos) << plain.out;
    EXPECT_NE(plain.out.find("\n4over6    e4m3    0          1        0    "), std::string::npos) << plain.out;
    const CliRun bad = runInProcess({"quantize", "--scheme", "mxfp4", "--compare-rules", "--hadamard", "9"}, "1\n2\n");
    EXPECT_EQ(bad.code, kExitBadInput);
    EXPECT_NE(bad.err.find("a row of 2 elements is not a multiple of 16"), std::string::npos) << bad.err;
    EXPECT_EQ(runInProcess({"quantize", "--scheme", "nvfp4", "--compare-rules", "--scale-rule", "max4"}, input).code,
              kExitUsage);
}

// --compare-rules --blocks 16x16: the tensor of rule_comparison_test.cpp's tiles test (16 x 32 ones, 2688 at the
// corner): the outlier's tile rounds its 255 ones to zero under every rule, where 1D blocks of 16 round 15.
TEST(Quantize, CompareRulesIn16x16Tiles) {
    std::string input = "2688\n";
    for (int i = 1; i < 16 * 32; ++i) input += "1\n";
    const CliRun tiles = runInProcess(
        {"quantize", "--scheme", "nvfp4", "--compare-rules", "--blocks", "16x16", "--shape", "16x32"}, input);
    ASSERT_EQ(tiles.code, kExitOk) << tiles.err;
    EXPECT_NE(tiles.out.find("nvfp4: 512 elements (16x32), 2 blocks of 16x16; the largest |x| is 2688 (element 0, "
                             "block 0)\n"),
              std::string::npos)
        << tiles.out;
    EXPECT_NE(tiles.out.find("\nmax6      e4m3    0          255      0    1 "), std::string::npos) << tiles.out;
    EXPECT_NE(tiles.out.find("\n4over6    e4m3    0          255      0    1 "), std::string::npos) << tiles.out;
    const CliRun rows = runInProcess({"quantize", "--scheme", "nvfp4", "--compare-rules", "--shape", "16x32"}, input);
    EXPECT_NE(rows.out.find("\nmax6      e4m3    0          15       0    1 "), std::string::npos) << rows.out;
}

} // namespace
} // namespace fplab::cli::test
