// `fplab-cli reveal`: built-in targets, any program through --exec (awk, which every Debian has), and
// programs that die, hang, print garbage or too many lines.
#include "tests/cli/cli_run.h"

#include "app/summation_targets/summation_targets.h"
#include "core/reveal/revealer.h"
#include "core/reveal/validation.h"

#include <gtest/gtest.h>

using namespace fplab::cli;
using namespace fplab::cli::test;

namespace {

// Sums each line left to right in double and prints every digit: a sequential FP64 sum. (A loop, not
// sum(): Python 3.12's sum() of floats compensates.)
const std::string kPythonSum = "python3 -u -c 'import sys\nfor line in iter(sys.stdin.readline, \"\"):\n s = 0.0\n for "
                               "x in line.split(): s += "
                               "float(x)\n print(repr(s), flush=True)'";
const std::string kPythonTwice = "python3 -u -c 'import sys\nfor line in iter(sys.stdin.readline, \"\"):\n s = 0.0\n "
                                 "for x in line.split(): s += "
                                 "float(x)\n print(repr(s)); print(repr(s), flush=True)'";

} // namespace

TEST(CliReveal, ABuiltInTargetPrintsItsTreeAndTheCheck) {
    const CliRun r = runInProcess({"reveal", "--target", "pairwise", "--n", "4"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out, "target     pairwise, 4 fp32 terms\n"
                     "probes     4\n"
                     "tree       ((0 1) (2 3))\n"
                     "validated  100 random inputs give the same bits in this order\n");
}

TEST(CliReveal, JsonHoldsTheNamedFields) {
    const CliRun r = runInProcess({"reveal", "--target", "fused-4", "--n", "6", "--type", "bf16", "--json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("\"n\": 6"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"type\": \"bf16\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"tree\": \"((0 1 2 3) 4 5)\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"validated\": true"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"probes\": "), std::string::npos) << r.out;
}

TEST(CliReveal, AnyProgramIsATarget) {
    // Python adds in double: the check finds that FP32 additions do not reproduce it and FP64 ones do.
    const CliRun r = runInProcess({"reveal", "--exec", kPythonSum, "--n", "6"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "tree"), "tree       (((((0 1) 2) 3) 4) 5)");
    EXPECT_EQ(lineStartingWith(r.out, "validated"), "validated  100 random inputs give the same bits in this order, "
                                                    "adding in fp64 (the target keeps a wider sum than it returns)");
    // Told to add in FP32, the check finds the double sum's other roundings.
    const CliRun wrong = runInProcess({"reveal", "--exec", kPythonSum, "--n", "6", "--accumulator", "fp32"});
    EXPECT_EQ(wrong.code, kExitMismatch) << wrong.out << wrong.err;
    EXPECT_NE(lineStartingWith(wrong.out, "validated").find("NO: trial"), std::string::npos) << wrong.out;
}

TEST(CliReveal, AProgramThatAnswersOnceAndExitsIsRestarted) {
    const CliRun r = runInProcess({"reveal", "--exec", "head -n 1 | " + kPythonSum, "--n", "4", "--trials", "5"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "tree"), "tree       (((0 1) 2) 3)");
}

TEST(CliReveal, HexFloatInputsReachTheProgram) {
    const std::string hexSum = "python3 -u -c 'import sys\nfor line in iter(sys.stdin.readline, \"\"):\n s = 0.0\n for "
                               "x "
                               "in line.split(): s += float.fromhex(x)\n print(s.hex(), flush=True)'";
    const CliRun r = runInProcess({"reveal", "--exec", hexSum, "--n", "5", "--hex"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "tree"), "tree       ((((0 1) 2) 3) 4)");
}

TEST(CliReveal, AProgramThatDiesIsNamedWithTheProbe) {
    const CliRun r = runInProcess({"reveal", "--exec", "exit 3", "--n", "4"});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("probe 1 (M at term"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("input line 1: the program exited with status 3 without answering"), std::string::npos)
        << r.err;
}

TEST(CliReveal, AProgramThatHangsTimesOut) {
    const CliRun r = runInProcess({"reveal", "--exec", "sleep 30", "--n", "4", "--timeout", "1"});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("the program gave no answer within 1 s (--timeout)"), std::string::npos) << r.err;
}

TEST(CliReveal, GarbageIsNotANumber) {
    const CliRun r = runInProcess({"reveal", "--exec", "while read l; do echo hello; done", "--n", "4"});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("the program printed 'hello', which is not one number"), std::string::npos) << r.err;
    const CliRun raw = runInProcess({"reveal", "--exec", "while read l; do echo 0x3c00; done", "--n", "4"});
    EXPECT_EQ(raw.code, kExitBadInput);
    EXPECT_NE(raw.err.find("'0x3c00', which is not one number"), std::string::npos) << raw.err;
}

TEST(CliReveal, TwoLinesPerInputAreCounted) {
    const CliRun r = runInProcess(
        {"reveal", "--exec", kPythonTwice, "--n", "2", "--trials", "3", "--accumulator", "fp64"});
    EXPECT_EQ(r.code, kExitBadInput) << r.out;
    EXPECT_NE(r.err.find("lines for 2 input lines: it must print exactly one line per input line"), std::string::npos)
        << r.err;
}

TEST(CliReveal, ATargetThatDoesNotAbsorbTheUnitsIsToldSo) {
    // FP16 probes (M = 2^15, u = 2^-24) in a double sum: the units survive beside M and the counts join nothing.
    const CliRun r = runInProcess({"reveal", "--exec", kPythonSum, "--n", "4", "--type", "fp16"});
    EXPECT_EQ(r.code, kExitBadInput) << r.out;
    EXPECT_NE(r.err.find("the units were not absorbed into M"), std::string::npos) << r.err;
}

TEST(CliReveal, UsageErrors) {
    EXPECT_EQ(runInProcess({"reveal", "--n", "4"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"reveal", "--target", "sequential"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"reveal", "--target", "sequential", "--exec", "cat", "--n", "4"}).code, kExitUsage);
    const CliRun unknown = runInProcess({"reveal", "--target", "nope", "--n", "4"});
    EXPECT_EQ(unknown.code, kExitUsage);
    EXPECT_NE(unknown.err.find("unknown target 'nope' (sequential, reversed"), std::string::npos) << unknown.err;
    const CliRun bf16 = runInProcess({"reveal", "--target", "sequential", "--n", "300", "--type", "bf16"});
    EXPECT_EQ(bf16.code, kExitUsage);
    EXPECT_NE(bf16.err.find("1 to 256 terms"), std::string::npos) << bf16.err;
    EXPECT_EQ(runInProcess({"reveal", "--target", "std-reduce", "--n", "4", "--type", "fp16"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"reveal", "--target", "sequential", "--n", "4", "--type", "e4m3"}).code, kExitUsage);
}

// OpenBLAS's orders depend on the kernel it picks for the processor, so they are not written down here:
// each revealed tree must reproduce OpenBLAS's bits on random inputs, and M = 1 must differ from M = 64.
TEST(RevealOpenBlas, RevealedTreesReplayOpenBlasBitForBit) {
    using namespace fplab;
    if (!summation_targets::blasAvailable()) GTEST_SKIP() << "built without OpenBLAS";
    for (const auto t : summation_targets::kBlasTargets) {
        for (const int n : {5, 64, 257}) {
            SCOPED_TRACE(std::string(summation_targets::blasTargetName(t)) + " n=" + std::to_string(n) + " on " +
                         std::string(summation_targets::blasCoreName()));
            auto target = summation_targets::makeBlasTarget(t, n);
            reveal::RevealOptions options;
            options.terms = n;
            const reveal::RevealResult r = reveal::revealOrder(*target, options);
            // OpenBLAS's sdot adds what is left over after its vector loop in double: one of the two
            // accumulators must reproduce every trial.
            reveal::ReplayRules rules = reveal::replayRulesFor(*target);
            const bool inFp32 = reveal::validateOrder(*target, r.tree, rules, 300, 11).allAgreed();
            rules.accumulator = kFp64;
            const bool inFp64 = reveal::validateOrder(*target, r.tree, rules, 300, 11).allAgreed();
            EXPECT_TRUE(inFp32 || inFp64) << reveal::bracketText(r.tree);
        }
    }
}

// Without a usable GPU the GPU targets say why, with the exit code of every GPU command (4).
TEST(CliReveal, GpuTargetsWithoutAGpuSayWhy) {
    if (fplab::summation_targets::gpuTargetUnavailable().empty())
        GTEST_SKIP() << "a GPU is here: gpu-run.sh reveals on it";
    const CliRun r = runInProcess({"reveal", "--target", "cublas-sgemm-m64", "--n", "64"});
    EXPECT_EQ(r.code, kExitNoGpu);
    EXPECT_NE(r.err.find("the cublas-sgemm-m64 target needs a GPU: "), std::string::npos) << r.err;
    EXPECT_EQ(runInProcess({"reveal", "--target", "gpu-single-mma", "--n", "16", "--type", "fp32"}).code, kExitUsage);
}
