// `fplab-cli train --scale-rule R`: the fp8-block recipe's block scale rule, and the errors around it.
#include "cli_run.h"

#include <gtest/gtest.h>

namespace fplab::cli::test {
namespace {

// The output without its last line, the speed (a measured time).
std::string withoutSpeed(const std::string& out) {
    const std::size_t at = out.find("  speed (cpu): ");
    return out.substr(0, at);
}

// The per-step lines, from the table's header to the summary.
std::string stepTable(const std::string& out) {
    const std::size_t from = out.find("  step ");
    return out.substr(from, out.find("summary") - from);
}

TEST(TrainScaleRule, TheRuleReachesTheBlockRunAndTheDefaultIsUnchanged) {
    const CliRun plain = runInProcess({"train", "--mode", "fp8-block", "--steps", "4"});
    ASSERT_EQ(plain.code, kExitOk) << plain.err;
    const CliRun fp32 = runInProcess({"train", "--mode", "fp8-block", "--steps", "4", "--scale-rule", "fp32"});
    ASSERT_EQ(fp32.code, kExitOk) << fp32.err;
    EXPECT_EQ(withoutSpeed(fp32.out), withoutSpeed(plain.out));
    EXPECT_EQ(plain.out.find("scale rule"), std::string::npos) << plain.out;

    const CliRun up = runInProcess({"train", "--mode", "fp8-block", "--steps", "4", "--scale-rule", "Round-Up"});
    ASSERT_EQ(up.code, kExitOk) << up.err;
    EXPECT_NE(up.out.find("fp8 block scaling: scale rule round-up\n"), std::string::npos) << up.out;
    EXPECT_NE(stepTable(up.out), stepTable(plain.out));
}

TEST(TrainScaleRule, BadRulesAndOtherModesAreRefused) {
    const CliRun delayed = runInProcess({"train", "--mode", "fp8-delayed", "--scale-rule", "ocp"});
    EXPECT_EQ(delayed.code, kExitUsage);
    EXPECT_EQ(delayed.err,
              "fplab-cli train: --scale-rule is for --mode fp8-block (the block recipe), not fp8-delayed\n");

    const CliRun nvfp4 = runInProcess({"train", "--mode", "fp8-block", "--scale-rule", "max6"});
    EXPECT_EQ(nvfp4.code, kExitUsage);
    EXPECT_EQ(nvfp4.err,
              "fplab-cli train: fp8: the scale rule max6 does not apply to FP8 blocks (fp32|ocp|round-up|nearest)\n");

    const CliRun unknown = runInProcess({"train", "--mode", "fp8-block", "--scale-rule", "ceil"});
    EXPECT_EQ(unknown.code, kExitUsage);
    EXPECT_NE(unknown.err.find("unknown scale rule 'ceil' (known: ocp|round-up|nearest|fp32|max6|max4|4over6)"),
              std::string::npos)
        << unknown.err;
}

TEST(TrainScaleRule, TheGpuRefusesRulesOtherThanFp32) {
    const CliRun gpu = runInProcess(
        {"train", "--mode", "fp8-block", "--backend", "gpu", "--steps", "2", "--scale-rule", "ocp"});
    EXPECT_EQ(gpu.code, kExitNoGpu);
    EXPECT_NE(gpu.err.find("the fp8-block mode's scale rule ocp runs on the CPU emulator only"), std::string::npos)
        << gpu.err;
}

TEST(TrainScaleRule, HelpListsTheOption) {
    const CliRun help = runInProcess({"train", "--help"});
    ASSERT_EQ(help.code, kExitOk) << help.err;
    EXPECT_NE(help.out.find("--scale-rule R"), std::string::npos) << help.out;
}

} // namespace
} // namespace fplab::cli::test
