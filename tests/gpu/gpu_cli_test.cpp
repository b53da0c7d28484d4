// `fplab-cli gpu ...` in process: usage errors, the no-GPU messages and exit status 4, and the
// CPU-only paths that work on any machine. With a GPU the no-GPU expectations are skipped.
#include "../cli/cli_run.h"
#include "gpu_test_support.h"
#include "app/cli/exit_codes.h"
#include "gpu/backend_choice.h"

namespace fplab::gpu {
namespace {

using cli::test::CliRun;
using cli::test::runInProcess;

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

TEST(GpuCli, UsageAndBadArguments) {
    EXPECT_EQ(runInProcess({"gpu"}).code, cli::kExitUsage);
    const CliRun help = runInProcess({"gpu", "--help"});
    EXPECT_EQ(help.code, cli::kExitOk);
    EXPECT_TRUE(contains(help.out, "usage: fplab-cli gpu COMMAND"));
    EXPECT_EQ(runInProcess({"help", "gpu"}).out, help.out);
    const CliRun unknown = runInProcess({"gpu", "frobnicate"});
    EXPECT_EQ(unknown.code, cli::kExitUsage);
    EXPECT_TRUE(contains(unknown.err, "unknown command 'frobnicate'"));
    const CliRun badType = runInProcess({"gpu", "gemm", "--type", "fp12"});
    EXPECT_EQ(badType.code, cli::kExitUsage);
    EXPECT_TRUE(contains(badType.err, "unknown GEMM type 'fp12'")) << badType.err;
    EXPECT_EQ(runInProcess({"gpu", "gemm"}).code, cli::kExitUsage) << "--type is required";
    EXPECT_EQ(runInProcess({"gpu", "gemm", "--type", "fp16", "--m", "0"}).code, cli::kExitUsage);
    EXPECT_EQ(runInProcess({"gpu", "gemm", "--type", "fp16", "--m"}).code, cli::kExitUsage);
    EXPECT_EQ(runInProcess({"gpu", "bench", "--sizes", "1000"}).code, cli::kExitUsage) << "not a multiple of 16";
    EXPECT_EQ(runInProcess({"gpu", "bench", "--impl", "magic"}).code, cli::kExitUsage);
    const CliRun ladderType = runInProcess({"gpu", "bench", "--impl", "ladder", "--types", "tf32"});
    EXPECT_EQ(ladderType.code, cli::kExitUsage);
    EXPECT_TRUE(contains(ladderType.err, "the ladder runs fp16-fp32 and bf16-fp32, not tf32")) << ladderType.err;
    EXPECT_EQ(runInProcess({"gpu", "info", "--frob"}).code, cli::kExitUsage);
    EXPECT_EQ(runInProcess({"gpu", "compare", "--type", "fp16", "--arch", "sm_70"}).code, cli::kExitUsage);
}

TEST(GpuCli, InfoAlwaysSucceeds) {
    const CliRun r = runInProcess({"gpu", "info"});
    EXPECT_EQ(r.code, cli::kExitOk) << r.err;
    EXPECT_TRUE(contains(r.out, "built with CUDA: "));
    if (!test::noGpuReason().empty()) {
        EXPECT_TRUE(contains(r.out, "gpu: no GPU: ")) << r.out;
    }
    const CliRun json = runInProcess({"gpu", "info", "--json"});
    EXPECT_EQ(json.code, cli::kExitOk);
    EXPECT_EQ(json.out.rfind("{", 0), 0u) << json.out;
    EXPECT_TRUE(contains(json.out, "\"built with CUDA\": "));
}

TEST(GpuCli, WithoutAGpuEachCommandSaysWhyAndExits4) {
    const std::string why = test::noGpuReason();
    if (why.empty()) GTEST_SKIP() << "a GPU is usable here";
    for (const std::vector<std::string>& args : {std::vector<std::string>{"gpu", "gemm", "--type", "fp16"},
                                                 {"gpu", "compare", "--type", "int8"},
                                                 {"gpu", "compare", "--type", "fp16", "--mma"},
                                                 {"gpu", "compare", "--vectors"},
                                                 {"gpu", "bench"},
                                                 {"gpu", "bench", "--impl", "ladder", "--sizes", "4096,8192", "--csv"},
                                                 {"gpu", "accumulate"}}) {
        const CliRun r = runInProcess(args);
        EXPECT_EQ(r.code, cli::kExitNoGpu) << args[1] << ": " << r.err;
        EXPECT_TRUE(contains(r.err, why)) << args[1] << ": " << r.err;
    }
    // accumulate still shows the CPU column.
    EXPECT_TRUE(contains(runInProcess({"gpu", "accumulate"}).out, "10.000133514404297"));
}

TEST(GpuCli, CpuBackendsWorkAnywhere) {
    const CliRun gemm = runInProcess(
        {"gpu", "gemm", "--type", "int8", "--impl", "model", "--m", "16", "--n", "8", "--k", "64"});
    EXPECT_EQ(gemm.code, cli::kExitOk) << gemm.err;
    EXPECT_TRUE(contains(gemm.out, "cells identical to reference: 128")) << gemm.out;
    const CliRun cmp = runInProcess(
        {"gpu", "compare", "--type", "all", "--cpu", "--dist", "int", "--m", "20", "--n", "12", "--k", "40", "--csv"});
    EXPECT_EQ(cmp.code, cli::kExitOk) << cmp.err;
    EXPECT_TRUE(contains(cmp.out, "e4m3-fp32,reference,cpu-sequential,240,240,")) << cmp.out;
    EXPECT_FALSE(contains(cmp.out, "MISMATCH")) << cmp.out;
    // Every row names its instruction; on sm_90 FP8 has the mma.sync model and the wgmma model.
    const CliRun fp8 = runInProcess({"gpu", "compare", "--type", "e4m3-fp32", "--cpu", "--arch", "sm_90", "--m", "16",
                                     "--n", "8", "--k", "32", "--csv"});
    EXPECT_EQ(fp8.code, cli::kExitOk) << fp8.err;
    EXPECT_TRUE(contains(fp8.out, "type,backend,instruction,milliseconds,note")) << fp8.out;
    EXPECT_TRUE(contains(fp8.out, "e4m3-fp32,cpu-model-sm_90,model of mma.sync.aligned.m16n8k32")) << fp8.out;
    EXPECT_TRUE(contains(fp8.out, "e4m3-fp32,cpu-model-sm_90-wgmma,model of wgmma m64nNk32 (sm_90)")) << fp8.out;
    EXPECT_TRUE(contains(fp8.out, "model of its instruction")) << fp8.out;
    const CliRun vec = runInProcess({"gpu", "compare", "--vectors", "--cpu", "--arch", "sm_90", "--json"});
    EXPECT_EQ(vec.code, cli::kExitOk) << vec.err;
    EXPECT_TRUE(contains(vec.out, "\"vector\": \"block-size\"")) << vec.out;
}

// One list of backend names (gpu/backend_choice.cpp): every name makes a backend, and gemm's help and its
// error for an unknown --impl name them all.
TEST(GpuCli, GemmNamesEveryBackendFromTheOneList) {
    const CliRun help = runInProcess({"gpu", "gemm", "--help"});
    const CliRun bad = runInProcess({"gpu", "gemm", "--type", "fp16-fp32", "--impl", "magic"});
    EXPECT_EQ(bad.code, cli::kExitUsage);
    EXPECT_FALSE(backendKeys().empty());
    for (std::string_view key : backendKeys()) {
        EXPECT_NE(makeBackend(key, tc::Arch::Sm80), nullptr) << key;
        EXPECT_TRUE(contains(help.out, std::string(key))) << key << "\n" << help.out;
        EXPECT_TRUE(contains(bad.err, std::string(key))) << key << "\n" << bad.err;
    }
    EXPECT_EQ(bad.err, "fplab-cli gpu gemm: --impl must be one of " + backendKeyList() + " (got 'magic')\n");
}

} // namespace
} // namespace fplab::gpu
