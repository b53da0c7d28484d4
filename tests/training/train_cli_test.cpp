// `fplab-cli train` in process: the per-step log and summary, CSV and grid files, the dtype
// trace, the GPU backend's message without a GPU, and clear errors for bad options.
#include "gpu/training/gpu_step_kernels.h"
#include "tests/cli/cli_run.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fplab::cli::test {
namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::path(FPLAB_TEST_SCRATCH_DIR);
    fs::create_directories(dir);
    return dir / name;
}

TEST(TrainCli, PrintsAStepLogAndASummary) {
    const CliRun r = runInProcess({"train", "--mode", "fp16-dynamic", "--steps", "5", "--dataset", "tiny-grad"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(
        r.out.find("mode fp16-dynamic: float16 autocast, dynamic loss scale (GradScaler), float32 master weights"),
        std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("  step        loss        scale  skipped  underflow  subnormal  overflow"),
              std::string::npos);
    const std::string first = lineStartingWith(r.out, "     1  ");
    EXPECT_NE(first.find("65536"), std::string::npos) << first;
    EXPECT_NE(first.find("no"), std::string::npos) << first;
    EXPECT_NE(lineStartingWith(r.out, "     5  "), "");
    EXPECT_NE(r.out.find("status: finished (finished 5 steps)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("skipped steps: 0 of 5; final scale 65536"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("memory (bytes): static "), std::string::npos) << r.out;
}

// Issue 26 item 13: the CLI counts memory as the GUI does: with Adam the static memory of FP32 and of mixed
// precision is the same (16 bytes per parameter); the float16 copies of the weights join the activations.
TEST(TrainCli, StaticMemoryIsTheSameInFp32AndMixedPrecision) {
    const auto staticBytes = [](const char* mode) {
        const CliRun r = runInProcess({"train", "--mode", mode, "--steps", "1"});
        EXPECT_EQ(r.code, kExitOk) << r.err;
        const std::string line = lineStartingWith(r.out, "  memory (bytes): static ");
        return std::stoll(line.substr(std::string("  memory (bytes): static ").size()));
    };
    const long long fp32 = staticBytes("fp32");
    EXPECT_GT(fp32, 0);
    EXPECT_EQ(staticBytes("fp16-dynamic"), fp32);
    EXPECT_EQ(staticBytes("bf16"), fp32);
}

TEST(TrainCli, Fp16WithoutScalingShowsTheUnderflow) {
    const CliRun r = runInProcess({"train", "--mode", "fp16", "--steps", "3", "--dataset", "tiny-grad"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::string first = lineStartingWith(r.out, "     1  ");
    EXPECT_NE(first.find("1.0000"), std::string::npos) << first; // every nonzero gradient underflows
    EXPECT_NE(r.out.find("mean underflow fraction (nonzero gradients rounded to zero in float16): 1.0000"),
              std::string::npos)
        << r.out;
}

// The FP8 summary: fractions are measurements (4 significant digits, the CSV keeps each step's value), and an
// element that became zero "rounded to zero": "flushed" is the FTZ mode lesson 9 teaches, a different thing.
TEST(TrainCli, Fp8SummaryWordsAndDigits) {
    const CliRun r = runInProcess({"train", "--mode", "fp8-current", "--steps", "6", "--outlier-step", "3"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out.find("flushed"), std::string::npos) << r.out;
    const std::string line = lineStartingWith(r.out, "    fc1.input");
    ASSERT_NE(line, "") << r.out;
    EXPECT_NE(line.find(", rounded to zero on average "), std::string::npos) << line;
    // No number in the line with more than 4 significant digits.
    std::size_t run = 0;
    bool leading = true;
    for (char c : line) {
        if (c >= '1' && c <= '9') leading = false;
        if (c >= '0' && c <= '9') run += leading ? 0 : 1;
        else if (c != '.') run = 0, leading = true;
        EXPECT_LE(run, 4u) << line;
        if (run > 4) break;
    }
}

TEST(TrainCli, WritesCsvAndGrid) {
    const fs::path csv = scratch("train.csv"), grid = scratch("grid.csv");
    const CliRun r = runInProcess(
        {"train", "--mode", "bf16", "--steps", "4", "--csv", csv.string(), "--grid", grid.string()});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::string text = readFile(csv);
    const std::vector<std::string> lines = linesOf(text);
    ASSERT_EQ(lines.size(), 5u);
    EXPECT_EQ(lines[0].rfind("step,loss,accuracy,scale,scale_after,growth_tracker,skipped,", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("update_ratio_fc1.weight"), std::string::npos);
    EXPECT_EQ(lines[4].rfind("4,", 0), 0u);
    const std::vector<std::string> g = linesOf(readFile(grid));
    ASSERT_EQ(g.size(), 10001u);
    EXPECT_EQ(g[0], "x,y,class");
}

TEST(TrainCli, TracesTheDtypes) {
    const CliRun r = runInProcess({"train", "--mode", "fp16", "--steps", "1", "--trace-dtypes", "--depth", "1"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(lineStartingWith(r.out, "  after fc1 ").find("float16"), std::string::npos) << r.out;
    EXPECT_NE(lineStartingWith(r.out, "  after ln ").find("float32"), std::string::npos);
    EXPECT_NE(lineStartingWith(r.out, "  after fc2 ").find("float16"), std::string::npos);
    EXPECT_NE(lineStartingWith(r.out, "  output ").find("float16"), std::string::npos);
    EXPECT_NE(lineStartingWith(r.out, "  fc1.weight ").find("float32"), std::string::npos);
}

TEST(TrainCli, GpuBackendWithoutAGpuSaysSo) {
    if (gpu::gpuTrainingUnavailableReason().empty()) GTEST_SKIP() << "a GPU is usable here";
    for (const char* form : {"--backend=gpu", "--compare"}) {
        const CliRun r = runInProcess({"train", form, "--steps", "2"});
        EXPECT_EQ(r.code, kExitNoGpu) << form;
        EXPECT_NE(r.err.find(std::string(form) == "--compare" ? "--compare: no GPU: " : "--backend gpu: no GPU: "),
                  std::string::npos)
            << r.err;
        EXPECT_NE(r.err.find("use --backend cpu"), std::string::npos) << r.err;
        EXPECT_EQ(r.out, "");
    }
}

TEST(TrainCli, TheSummaryGivesStepsPerSecond) {
    const CliRun r = runInProcess({"train", "--steps", "3"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::string speed = lineStartingWith(r.out, "  speed (cpu): 3 steps in ");
    EXPECT_NE(speed.find(" steps/s"), std::string::npos) << r.out;
}

TEST(TrainCli, TheDecisionBoundaryNeedsTheEmulator) {
    const CliRun r = runInProcess({"train", "--backend", "gpu", "--grid", "g.csv"});
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_NE(r.err.find("--grid needs the CPU emulator"), std::string::npos) << r.err;
}

TEST(TrainCli, BadOptionsAreNamed) {
    struct Case {
        std::vector<std::string> args;
        std::string message;
    } cases[] = {
        {{"train", "--mode", "fp8"}, "unknown mode 'fp8'"},
        {{"train", "--steps", "0"}, "--steps takes a whole number from 1 to 10000000 (got '0')"},
        {{"train", "--steps"}, "--steps needs a value"},
        {{"train", "--dataset", "mnist"}, "unknown data set 'mnist'"},
        {{"train", "--optimizer", "lion"}, "unknown optimizer 'lion'"},
        {{"train", "--no-master-weights"}, "turning master weights off needs a low-precision mode"},
        {{"train", "--lr", "fast"}, "--lr takes a positive number (got 'fast')"},
        {{"train", "--frobnicate", "1"}, "unknown option '--frobnicate'"},
        {{"train", "extra"}, "unexpected argument 'extra'"},
        {{"train", "--backoff", "2"}, "--backoff takes a number between 0 and 1"},
    };
    for (const Case& c : cases) {
        const CliRun r = runInProcess(c.args);
        EXPECT_EQ(r.code, kExitUsage) << c.message;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    }
    const CliRun h = runInProcess({"train", "--help"});
    EXPECT_EQ(h.code, kExitOk);
    EXPECT_NE(h.out.find("usage: fplab-cli train"), std::string::npos);
}

TEST(TrainCli, ADivergedRunEndsWithItsExplanation) {
    const CliRun r = runInProcess({"train", "--mode", "fp16-static", "--scale", "2^30", "--steps", "10"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("status: diverged (step 2: the loss is NaN or infinite"), std::string::npos) << r.out;
}

} // namespace
} // namespace fplab::cli::test
