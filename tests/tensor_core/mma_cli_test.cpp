// `fplab-cli mma` in process: the test vectors of docs/tensor-core-model.md section 5 through the command line,
// --steps, --info, and every kind of bad input with its message and exit code.
#include "app/cli/block_special_text.h"
#include "app/cli/exit_codes.h"
#include "app/cli/command.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

struct CliRun {
    int code;
    std::string out;
    std::string err;
};

CliRun mma(const std::vector<std::string_view>& args, const std::string& input) {
    std::vector<std::string_view> all{"mma"};
    all.insert(all.end(), args.begin(), args.end());
    std::istringstream in(input);
    std::ostringstream out, err;
    const int code = runCli(all, {in, out, err});
    return {code, out.str(), err.str()};
}

TEST(MmaCli, SpecVectors) {
    const std::vector<std::string_view> a100{"--arch", "sm_80", "--in", "fp16", "--acc", "fp32"};
    const std::vector<std::string_view> h100{"--arch", "sm_90", "--in", "fp16", "--acc", "fp32"};
    auto with = [](std::vector<std::string_view> base, std::vector<std::string_view> more) {
        base.insert(base.end(), more.begin(), more.end());
        return base;
    };
    // 1 and its negation; 2; 4 (K = 3 covers them all, unlisted inputs 0).
    const std::string lines = "3c00 3c00 0 4000 0003 0 0\n"
                              "bc00 bc00 0 4000 0003 0 80000000\n"
                              "0001 0001 0001 3c00 3800 3800 3f800000\n"
                              "0003 0 0 b800 0 0 3f800000\n";
    CliRun r = mma(with(a100, {"--k", "3"}), lines);
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out, "0x40000000\n0xc0000000\n0x3f800000\n0x3f7fffff\n");
    r = mma(with(h100, {"--k", "3"}), lines);
    EXPECT_EQ(r.out, "0x40000000\n0xc0000000\n0x3f800001\n0x3f7ffffe\n");
    // 3: K = 16, the small term at k = 8, then at k = 1.
    const std::string v3 = "3c00 0 0 0 0 0 0 0 0002 0 0 0 0 0 0 0  3c00 0 0 0 0 0 0 0 3c00 0 0 0 0 0 0 0  3f800001\n"
                           "3c00 0002 0 0 0 0 0 0 0 0 0 0 0 0 0 0  3c00 3c00 0 0 0 0 0 0 0 0 0 0 0 0 0 0  3f800001\n";
    EXPECT_EQ(mma(with(a100, {"--k", "16"}), v3).out, "0x40000000\n0x40000001\n");
    EXPECT_EQ(mma(h100, v3).out, "0x40000001\n0x40000001\n"); // sm_90's default K is its block of 16
    // 5: TF32 input conversions.
    const std::vector<std::string_view> tf{"--arch", "sm_80", "--in", "tf32", "--acc", "fp32", "--k", "1"};
    EXPECT_EQ(mma(tf, "3f7fffff 3f7fffff 0\n").out, "0x3f7fc004\n");
    EXPECT_EQ(mma(with(tf, {"--tf32-input", "rna"}), "3f7fffff 3f7fffff 0\n").out, "0x3f800000\n");
    EXPECT_EQ(mma(with(tf, {"--tf32-input=rne"}), "0x3F7FFFFF 0x3F7FFFFF 0x0\n").out, "0x3f800000\n");
    // 6: Hopper FP8.
    EXPECT_EQ(mma({"--arch", "sm_90", "--in", "e4m3", "--acc", "fp32", "--k", "2"}, "38 08 38 02 0\n").out,
              "0x3f800000\n");
}

// Hopper FP8 per instruction: vector 6 of docs/tensor-core-model.md section 5 and a measured H100 cell
// (tests/tensor_core/data/h100, mma_e4m3.txt line 1), which only the mma.sync model reproduces.
TEST(MmaCli, InstructionChoosesTheArithmetic) {
    const std::vector<std::string_view> fp8{"--arch", "sm_90", "--in", "e4m3", "--acc", "fp32"};
    auto with = [&](std::vector<std::string_view> more) {
        std::vector<std::string_view> all = fp8;
        all.insert(all.end(), more.begin(), more.end());
        return all;
    };
    EXPECT_EQ(mma(with({"--k", "2", "--instruction", "mma.sync"}), "38 08 38 02 0\n").out, "0x3f800200\n");
    EXPECT_EQ(mma(with({"--k", "2", "--instruction", "wgmma"}), "38 08 38 02 0\n").out, "0x3f800000\n");
    EXPECT_EQ(mma(with({"--k", "2"}), "38 08 38 02 0\n").out, "0x3f800000\n"); // the default: wgmma
    const std::string measured =
        "ba 79 fd 22 a4 c5 38 2c d5 19 8e 68 c1 0c 4a 74 6b a4 b3 2e f7 99 fb 29 7a b4 ca 66 14 bb 52 99 "
        "89 44 aa 75 64 b4 67 76 c8 8b a2 a4 c1 0c 29 56 00 3f af 84 89 73 5b ca 44 90 4b a1 c1 24 d2 b1 00000000\n";
    CliRun r = mma(with({"--instruction", "mma.sync"}), measured); // K defaults to the instruction's 32
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out, "0xc53d6d6c\n"); // what the H100 returned
    r = mma(with({"--instruction", "mma.sync", "--steps"}), measured);
    EXPECT_NE(r.out.find("line 1, block 1 of 2 (k 0..29)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("line 1, block 2 of 2 (k 2..31)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("then c: "), std::string::npos) << r.out;
    r = mma(with({"--instruction", "mma.sync", "--info"}), "");
    EXPECT_NE(r.out.find("model        sm_90 (H100/H200), mma.sync, e4m3 -> fp32"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("inputs converted exactly to fp16, 2 blocks"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("mma.sync  m16n8k32  2 x 16"), std::string::npos) << r.out;
    EXPECT_NE(mma({"--help"}, "").out.find("--instruction I"), std::string::npos);
}

TEST(MmaCli, IntegersFp16AndCaveats) {
    EXPECT_EQ(mma({"--arch", "sm_80", "--in", "int8", "--acc", "int32", "--k", "1"}, "01 01 7fffffff\n").out,
              "0x80000000\n");
    EXPECT_EQ(
        mma({"--arch", "sm_80", "--in", "int8", "--acc", "int32", "--k", "1", "--satfinite"}, "01 01 7fffffff\n").out,
        "0x7fffffff\n");
    EXPECT_EQ(mma({"--arch", "sm_90", "--in", "fp16", "--acc", "fp16", "--k", "2"}, "7bff 4c00 3c00 3c00 0\n").out,
              "0x7c00\n");
    const CliRun r = mma({"--arch", "sm_80", "--in", "bf16", "--acc", "fp32", "--k", "4"},
                         "1a00 1a00 1a00 1a00 1980 1980 1980 1980 0\n");
    EXPECT_EQ(r.out.rfind("0x00000000  ! unmodelled: every term is tiny", 0), 0u) << r.out;
    EXPECT_EQ(mma({"--arch", "sm_80", "--in", "bf16", "--acc", "fp32", "--k", "4", "--tiny", "khattak"},
                  "1a00 1a00 1a00 1a00 1980 1980 1980 1980 0\n")
                  .out.rfind("0x00000001  ! unmodelled", 0),
              0u);
}

TEST(MmaCli, StepsAndInfo) {
    CliRun r = mma({"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "--k", "2", "--steps"},
                   "3c00 3c00 4000 0003 0\n");
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_NE(r.out.find("line 1, block 1 of 1 (k 0..1)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("exponent -14  cut 0x1  lost 11 bits 0x400"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("S = 16777217"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("guard 1 round 0 sticky 0"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.substr(r.out.size() - 11), "0x40000000\n");
    // Two blocks on A100 for K = 16.
    std::string line;
    for (int i = 0; i < 32; ++i) line += i % 16 == 0 ? "3c00 " : "0 ";
    r = mma({"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "--k", "16", "--steps"}, line + "0\n");
    EXPECT_NE(r.out.find("block 2 of 2 (k 8..15)"), std::string::npos) << r.err;
    r = mma({"--arch", "sm_80", "--in", "tf32", "--acc", "fp32", "--info"}, "");
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_NE(r.out.find("block size   n = 4"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("mma.sync  m16n8k8   2 x 4"), std::string::npos) << r.out;
}

// A NaN or an infinity decides a block: --steps names the case (core's tc::BlockSpecial, the CLI's words).
// The two open corners (issue 27): each example of the issue under each reading, --info's status, bad names.
TEST(MmaCli, CornerReadings) {
    const std::string bf16Line = "0000 0000 0000 0000 8000 0000 0000 0000 0000 0000 0000 0000 7edf 0000 0000 0000 "
                                 "3de9bcf4\n";
    const std::vector<std::string_view> a100{"--arch", "sm_80", "--in", "bf16", "--acc", "fp32"};
    EXPECT_EQ(mma(a100, bf16Line).out, "0x3de9bcf4\n");
    auto with = [](std::vector<std::string_view> base, std::vector<std::string_view> more) {
        base.insert(base.end(), more.begin(), more.end());
        return base;
    };
    EXPECT_EQ(mma(with(a100, {"--zero-products", "counted"}), bf16Line).out, "0x3de9bcf0\n");
    EXPECT_EQ(mma(with(a100, {"--zero-products", "dropped"}), bf16Line).out, "0x3de9bcf4\n");
    const std::vector<std::string_view> tf32{"--arch", "sm_90", "--in",          "tf32",
                                             "--acc",  "fp32",  "--instruction", "wgmma"};
    const std::string tf32Line = "0 0 0 0 0 00000377 0 0 0 0 0 0 0 c127161a 0 0 0000cb7d\n";
    EXPECT_EQ(mma(tf32, tf32Line).out, "0x0000cb7d\n");
    EXPECT_EQ(mma(with(tf32, {"--zero-products", "counted"}), tf32Line).out, "0x0000cb7c\n");
    const std::vector<std::string_view> half{"--arch", "sm_90",         "--in",  "fp16", "--acc",
                                             "fp16",   "--instruction", "wgmma", "--k",  "1"};
    // This one is also in the all-tiny edge case: Khattak-Mikaitis clamp E and cut the product away, giving +0.
    EXPECT_EQ(mma(half, "0001 8001 0000\n").out.substr(0, 8), "0x8000  ");
    EXPECT_EQ(mma(with(half, {"--zero-sign", "positive"}), "0001 8001 0000\n").out, "0x0000\n");
    const std::vector<std::string_view> bf16{"--arch", "sm_90",         "--in",  "bf16", "--acc",
                                             "fp32",   "--instruction", "wgmma", "--k",  "1"};
    EXPECT_EQ(mma(bf16, "1a00 9a00 0\n").out, "0x80000000\n");
    EXPECT_EQ(mma(with(bf16, {"--zero-sign", "positive"}), "1a00 9a00 0\n").out, "0x00000000\n");
    EXPECT_EQ(mma(with(bf16, {"--zero-sign", "sum"}), "1a00 9a00 0\n").out, "0x80000000\n");

    const CliRun info = mma(with(a100, {"--info", "--zero-products", "counted"}), "");
    EXPECT_NE(info.out.find("zero in E    counted: a zero operand counts as 2^-126"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("built-in dropped, open: no GPU has answered yet"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("built-in sum, open: no GPU has answered yet"), std::string::npos) << info.out;
    const CliRun steps = mma(with(a100, {"--steps", "--k", "8", "--zero-products", "counted"}),
                             "0 0 0 0 8000 0 0 0 0 0 0 0 7edf 0 0 0 3de9bcf4\n");
    EXPECT_NE(steps.out.find("k=4  a 0x8000 b 0x7edf  zero product: exponent 0 counts in E"), std::string::npos)
        << steps.out;
    const CliRun help = mma({"--help"}, "");
    EXPECT_NE(help.out.find("--zero-products R"), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("open until a GPU answers"), std::string::npos) << help.out;

    const CliRun bad = mma(with(a100, {"--zero-sign", "-0"}), bf16Line);
    EXPECT_EQ(bad.code, kExitUsage);
    EXPECT_NE(bad.err.find("unknown zero-sign reading '-0' (sum positive)"), std::string::npos) << bad.err;
    EXPECT_EQ(mma(with(a100, {"--zero-products", "all"}), bf16Line).code, kExitUsage);
}

TEST(MmaCli, StepsNameTheSpecialCase) {
    const std::vector<std::string_view> a100{"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "--k", "1", "--steps"};
    CliRun r = mma(a100, "7c00 0 0\n");
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("  special: 0 * inf gives the canonical NaN\n  d = 0x7fffffff"), std::string::npos) << r.out;
    r = mma(a100, "7c00 3c00 0\n");
    EXPECT_NE(r.out.find("  special: an infinite term gives an infinity of its sign"), std::string::npos) << r.out;
    r = mma(a100, "7e01 3c00 0\n");
    EXPECT_NE(r.out.find("  special: a NaN operand gives the canonical NaN"), std::string::npos) << r.out;
    EXPECT_TRUE(blockSpecialText(tc::BlockSpecial::None).empty());
    for (const tc::BlockSpecial s : tc::kAllBlockSpecials) EXPECT_FALSE(blockSpecialText(s).empty()) << int(s);
}

TEST(MmaCli, BadCommandLines) {
    struct Case {
        std::vector<std::string_view> args;
        std::string_view message;
    };
    const std::vector<Case> cases = {
        {{"--arch", "sm_75", "--in", "fp16", "--acc", "fp32"}, "unknown architecture 'sm_75'"},
        {{"--arch", "sm_80", "--in", "fp32", "--acc", "fp32"}, "unknown input type 'fp32'"},
        {{"--arch", "sm_80", "--in", "fp16", "--acc", "fp64"}, "unknown accumulator type 'fp64'"},
        {{"--arch", "sm_80", "--in", "fp16"}, "--arch, --in and --acc are required"},
        {{"--arch", "sm_90", "--in", "e5m2", "--acc", "fp16"}, "unmodelled: sm_90 FP8 with an fp16 accumulator"},
        {{"--arch", "sm_80", "--in", "e4m3", "--acc", "fp32"}, "sm_80 has no FP8"},
        {{"--arch", "sm_80", "--in", "bf16", "--acc", "fp16"}, "accumulate in fp32 only"},
        {{"--arch", "sm_80", "--in", "int8", "--acc", "fp32"}, "int32 only"},
        {{"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "--k", "x"}, "--k must be a whole number"},
        {{"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "--k"}, "--k needs a value"},
        {{"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "--block", "9"}, "larger than the sm_80 block of 8"},
        {{"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "--tf32-input", "rna"}, "applies to --in tf32 only"},
        {{"--arch", "sm_80", "--in", "tf32", "--acc", "fp32", "--tf32-input", "rnz"}, "unknown TF32 input conversion"},
        {{"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "extra"}, "unexpected argument 'extra'"},
        {{"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "--satfinite"}, "--satfinite applies to int8"},
        {{"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "--instruction", "wgmma"}, "wgmma exists only on sm_90"},
        {{"--arch", "sm_90", "--in", "e4m3", "--acc", "fp32", "--instruction", "wmma"}, "wmma has no FP8"},
        {{"--arch", "sm_90", "--in", "e4m3", "--acc", "fp32", "--instruction", "mma"}, "unknown instruction 'mma'"},
        {{"--arch", "sm_90", "--in", "e4m3", "--acc", "fp32", "--instruction", "mma.sync", "--block", "16"},
         "--block does not apply to mma.sync e4m3 on sm_90"},
        {{"--arch", "sm_89", "--in", "e4m3", "--acc", "fp32", "--instruction", "mma.sync"},
         "unmodelled: sm_89 (Ada) runs FP8 mma.sync natively, and no measured data exists"},
        {{"--arch", "sm_89", "--in", "fp16", "--acc", "fp32"}, "sm_89 (Ada) is not modelled: no measured data"},
    };
    for (const Case& c : cases) {
        const CliRun r = mma(c.args, "3c00 3c00 0\n");
        EXPECT_EQ(r.code, kExitUsage) << c.message;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
        EXPECT_TRUE(r.out.empty());
    }
}

TEST(MmaCli, BadInputLinesNameTheLine) {
    const std::vector<std::string_view> args{"--arch", "sm_80", "--in", "fp16", "--acc", "fp32", "--k", "1"};
    struct Case {
        std::string line;
        std::string_view message;
    };
    const std::vector<Case> cases = {
        {"3c00 3c00", "line 3: expected 3 hex values (1 a, 1 b, then c), got 2"},
        {"3c00 3c00 0 0", "line 3: expected 3 hex values (1 a, 1 b, then c), got 4"},
        {"13c00 3c00 0", "line 3: value 1, a[0] (fp16): '13c00' is wider than 16 bits"},
        {"3c00 3g00 0", "line 3: value 2, b[0] (fp16): '3g00' is not a hex number"},
        {"3c00 3c00 1ffffffff", "line 3: value 3, c (fp32): '1ffffffff' is wider than 32 bits"},
        {"3c00 3c00 00000000000000000", "not a hex number of at most 16 digits"},
        {std::string(5000, '1'), "line 3: line too long"},
    };
    for (const Case& c : cases) {
        const CliRun r = mma(args, "3c00 3c00 0\n\n" + c.line + "\n3c00 3c00 0\n");
        EXPECT_EQ(r.code, kExitBadInput) << c.message;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
        EXPECT_EQ(r.out, "0x3f800000\n"); // the good line before it, nothing after
    }
    // int8 operands are 8 bits wide.
    const CliRun r = mma({"--arch", "sm_80", "--in", "int8", "--acc", "int32", "--k", "1"}, "100 1 0\n");
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("'100' is wider than 8 bits"), std::string::npos) << r.err;
}

} // namespace
} // namespace fplab::cli
