// `fplab-cli gpu fingerprint --probe-corners`: the no-GPU exit, the probes answered by the CPU model with
// each reading planted (the report must name the planted reading), bad command lines; the CPU model backend
// under each reading; with a GPU, a real run.
#include "../cli/cli_run.h"
#include "gpu/backend_choice.h"
#include "gpu/backends.h"
#include "gpu/fingerprint.h"
#include "gpu_test_support.h"

namespace fplab::gpu {
namespace {

using cli::test::CliRun;
using cli::test::runInProcess;

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

TEST(CornerProbesCli, WithoutAGpuItExitsFourWithTheReason) {
    if (test::noGpuReason().empty()) GTEST_SKIP() << "a GPU is present";
    const CliRun r = runInProcess({"gpu", "fingerprint", "--probe-corners"});
    EXPECT_EQ(r.code, cli::kExitNoGpu);
    EXPECT_TRUE(contains(r.err, "fplab-cli gpu fingerprint --probe-corners: " + test::noGpuReason())) << r.err;
}

// The model answers with FP Lab's readings, then with MMA-Sim's: the report names the one planted, for each
// type where the corner can show, and says "no probe" where it cannot.
TEST(CornerProbesCli, TheModelsOwnReadingIsReported) {
    struct Planted {
        std::vector<std::string> options;
        std::string_view zeroProducts, zeroSign;
    };
    const std::vector<Planted> plantings = {
        {{}, "dropped", "sum"},
        {{"--zero-products", "counted", "--zero-sign", "positive"}, "counted", "positive"},
        {{"--zero-products", "counted"}, "counted", "sum"},
        {{"--zero-sign", "positive"}, "dropped", "positive"},
    };
    for (std::string_view arch : {"sm_80", "sm_90"})
        for (const Planted& p : plantings) {
            std::vector<std::string> args{"gpu",   "fingerprint", "--probe-corners", "--backend",
                                          "model", "--arch",      std::string(arch)};
            args.insert(args.end(), p.options.begin(), p.options.end());
            const CliRun r = runInProcess(args);
            ASSERT_EQ(r.code, cli::kExitOk) << r.err;
            const std::string a(arch);
            EXPECT_TRUE(contains(r.out, "answered by the CPU model, not a GPU")) << r.out;
            for (std::string_view type : {"tf32", "fp16-fp32", "bf16-fp32"})
                EXPECT_TRUE(contains(r.out, "answer " + a + " mma.sync " + std::string(type) + " zero-products " +
                                                std::string(p.zeroProducts) + "\n"))
                    << a << " " << type << "\n"
                    << r.out;
            for (std::string_view type : {"tf32", "fp16-fp16", "bf16-fp32"})
                EXPECT_TRUE(contains(r.out, "answer " + a + " mma.sync " + std::string(type) + " zero-sign " +
                                                std::string(p.zeroSign) + "\n"))
                    << a << " " << type << "\n"
                    << r.out;
            EXPECT_FALSE(contains(r.out, "neither")) << r.out;
            // fp16 products never round to zero in FP32; a zero product never reaches E with an fp16 accumulator.
            EXPECT_FALSE(contains(r.out, "fp16-fp32 zero-sign")) << r.out;
            EXPECT_FALSE(contains(r.out, "fp16-fp16 zero-products")) << r.out;
            EXPECT_TRUE(contains(r.out, "no probe: the two readings give the same bits on this instruction")) << r.out;
            // FP8 has no model on sm_80; on sm_90 mma.sync adds C after its FP16 blocks and neither corner shows.
            if (arch == "sm_80") EXPECT_TRUE(contains(r.err, "e4m3-fp32: skipped: the CPU model has no")) << r.err;
            else EXPECT_FALSE(contains(r.out, "e4m3-fp32 zero-")) << r.out;
        }
}

TEST(CornerProbesCli, OneTypeAndItsProbeBits) {
    const CliRun r = runInProcess(
        {"gpu", "fingerprint", "--probe-corners", "--backend", "model", "--arch", "sm_80", "--type", "bf16-fp32"});
    ASSERT_EQ(r.code, cli::kExitOk) << r.err;
    // Hand-checked: 0 * 0x7f7f (2^127 * 1.99) has exponent -126 + 127 = 1 when counted: c = 0x007fffff (below
    // 2^-126) is cut to 0 on the 2^-23 grid. 2^-75 * -2^-75 = -2^-150 rounds toward zero to -0 in FP32.
    EXPECT_TRUE(contains(r.out, "zero in E  a[15] 0x0000  b[15] 0x7f7f  c 0x007fffff  d 0x007fffff\n"
                                "             FP Lab's reading gives 0x007fffff, MMA-Sim's 0x00000000: "
                                "dropped (FP Lab's reading)"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "zero sign  a[15] 0x1a00  b[15] 0x9a00  c 0x00000000  d 0x80000000\n"
                                "             FP Lab's reading gives 0x80000000, MMA-Sim's 0x00000000: "
                                "sum (FP Lab's reading)"))
        << r.out;
    EXPECT_FALSE(contains(r.out, "tf32")) << r.out;
}

TEST(CornerProbesCli, BadCommandLinesAreNamed) {
    struct Bad {
        std::vector<std::string> args;
        std::string_view message;
    };
    const std::vector<Bad> bad = {
        {{"--probe-corners", "--zero-sign", "positive"}, "give --backend model"},
        {{"--zero-products", "counted"}, "apply to --probe-corners only"},
        {{"--probe-corners", "--json"}, "--probe-corners takes no --load, --save or --json"},
        {{"--probe-corners", "--instruction", "wgmma"}, "mma.sync tiles only"},
        {{"--probe-corners", "--backend", "cpu"}, "--backend must be gpu or model (got 'cpu')"},
        {{"--probe-corners", "--backend", "model", "--zero-sign", "negative"}, "unknown zero-sign reading 'negative'"},
    };
    for (const Bad& b : bad) {
        std::vector<std::string> args{"gpu", "fingerprint"};
        args.insert(args.end(), b.args.begin(), b.args.end());
        const CliRun r = runInProcess(args);
        EXPECT_EQ(r.code, cli::kExitUsage) << b.message;
        EXPECT_TRUE(contains(r.err, b.message)) << r.err;
    }
}

// The CPU model backend (the GPU Lab's GEMM) follows the readings it is given: the A100 BF16 example of the
// zero-product corner (docs/tensor-core-model.md) as a 1 x 1 GEMM with k = 8.
TEST(CornerReadingsBackend, TheCpuModelFollowsItsReadings) {
    GemmProblem p;
    p.type = GemmType::Bf16Fp32;
    p.m = p.n = 1;
    p.k = 8;
    p.a = {0, 0, 0, 0, 0x8000, 0, 0, 0};
    p.b = {0, 0, 0, 0, 0x7edf, 0, 0, 0};
    p.c = {0x3de9bcf4};
    CpuModelBackend model(tc::Arch::Sm80);
    EXPECT_EQ(model.run(p).d.at(0), 0x3de9bcf4u);
    model.setCornerReadings(tc::kMmaSimReadings);
    EXPECT_EQ(model.run(p).d.at(0), 0x3de9bcf0u);
    auto chosen = makeBackend(BackendChoice::Model, tc::Arch::Sm80, tc::kMmaSimReadings);
    EXPECT_EQ(chosen->run(p).d.at(0), 0x3de9bcf0u);
}

// On a GPU: every probe runs and each corner gets an answer line (the answers are what the run is for).
TEST(CornerProbesGpu, EveryTypeAnswers) {
    if (auto why = test::noGpuReason(); !why.empty()) GTEST_SKIP() << why;
    const CliRun r = runInProcess({"gpu", "fingerprint", "--probe-corners"});
    ASSERT_EQ(r.code, cli::kExitOk) << r.err;
    EXPECT_TRUE(contains(r.out, " bf16-fp32 zero-products ")) << r.out;
    EXPECT_TRUE(contains(r.out, " bf16-fp32 zero-sign ")) << r.out;
}

} // namespace
} // namespace fplab::gpu
