// The GPU transformer kernels where no GPU is needed: the precisions they refuse, with their reasons, before any
// GPU is asked for, and the "no GPU" error of a machine without one (or a build without CUDA).
#include "../cli/cli_run.h"
#include "core/training/transformer/transformer_model.h"
#include "gpu/gpu_error.h"
#include "gpu/training/gpu_step_kernels.h"
#include "gpu/training/transformer/gpu_transformer_kernels.h"

#include <gtest/gtest.h>

#include <string>

namespace fplab::gpu::test {
namespace {

using namespace fplab::training;

TransformerShape smallShape() {
    TransformerShape s;
    s.vocab = 14;
    s.context = 8;
    s.dim = 16;
    s.heads = 2;
    s.layers = 2;
    return s;
}

// The factory's GpuError for `precision` (it must throw: a refusal, or "no GPU" on this machine).
GpuError factoryError(const TransformerPrecision& precision) {
    const TransformerModel model(smallShape(), 1);
    try {
        cudaTransformerKernelsFactory()(model, precision, OptimizerSettings{}, 4, 1);
    } catch (const GpuError& e) {
        return e;
    }
    throw std::logic_error("the factory made kernels");
}

TEST(TransformerGpuHost, TheFourPresetsAreNotRefused) {
    for (TransformerPreset p : {TransformerPreset::Fp32, TransformerPreset::AutocastFp16,
                                TransformerPreset::AutocastBf16, TransformerPreset::PureFp16}) {
        TransformerPrecision precision = transformerPreset(p);
        EXPECT_EQ(transformerGpuUnsupportedReason(precision), "") << transformerPresetName(p);
        precision.weights = WeightStorage::Bf16Nearest;
        EXPECT_EQ(transformerGpuUnsupportedReason(precision), "") << transformerPresetName(p) << " bf16 weights";
    }
    // Per-layer overrides of the formats the kernels take are honoured, not refused.
    TransformerPrecision precision = transformerPreset(TransformerPreset::AutocastBf16);
    ASSERT_EQ(applyPrecisionOverrides(precision, "softmax@1=fp16,residual@0=bf16,query@1=fp16"), "");
    EXPECT_EQ(transformerGpuUnsupportedReason(precision), "");
}

TEST(TransformerGpuHost, TheFp8PresetsAreRefusedBeforeTheGpu) {
    for (TransformerPreset p :
         {TransformerPreset::Fp8Delayed, TransformerPreset::Fp8Block, TransformerPreset::Fp8Bf16Edges}) {
        const GpuError e = factoryError(transformerPreset(p));
        EXPECT_EQ(e.kind(), GpuError::Kind::Unsupported) << transformerPresetName(p);
        EXPECT_EQ(std::string(e.what()), transformerGpuUnsupportedReason(transformerPreset(p)));
    }
    EXPECT_EQ(transformerGpuUnsupportedReason(transformerPreset(TransformerPreset::Fp8Delayed)),
              "query: the FP8 recipes run on the CPU emulator only (the GPU transformer has no FP8 GEMMs)");
    // fp8-bf16-edges: its first block is BF16 autocast; the default (the middle blocks) is FP8.
    EXPECT_EQ(transformerGpuUnsupportedReason(transformerPreset(TransformerPreset::Fp8Bf16Edges, 3)),
              "query: the FP8 recipes run on the CPU emulator only (the GPU transformer has no FP8 GEMMs)");
}

TEST(TransformerGpuHost, WhatTheKernelsCannotHonourIsRefusedWithItsReason) {
    TransformerPrecision tc = transformerPreset(TransformerPreset::AutocastFp16);
    useTensorCores(tc, tc::Arch::Sm80);
    EXPECT_EQ(factoryError(tc).kind(), GpuError::Kind::Unsupported);
    EXPECT_EQ(transformerGpuUnsupportedReason(tc), "query: the tensor-core model (--tensor-core) is the emulator's; "
                                                   "on the GPU the matmuls run on cuBLASLt's own kernels");

    TransformerPrecision stochastic = transformerPreset(TransformerPreset::AutocastBf16);
    stochastic.weights = WeightStorage::Bf16Stochastic;
    EXPECT_EQ(factoryError(stochastic).kind(), GpuError::Kind::Unsupported);
    EXPECT_EQ(transformerGpuUnsupportedReason(stochastic),
              "stochastically rounded BF16 weights run on the CPU emulator only (the GPU rounds them to nearest)");

    TransformerPrecision state;
    ASSERT_EQ(applyPrecisionOverrides(state, "optimizer=bf16"), "");
    EXPECT_EQ(transformerGpuUnsupportedReason(state),
              "Adam's state in bf16 runs on the CPU emulator only (the GPU keeps it in fp32)");

    // An accumulation cuBLASLt does not offer, in one layer's override.
    TransformerPrecision accumulate;
    accumulate.layers[1] = accumulate.layer;
    accumulate.layers[1].mlpDown = {FormatId::Bf16,  FormatId::Bf16, FormatId::Bf16,
                                    Fp8Recipe::None, false,          std::nullopt};
    ASSERT_EQ(checkPrecision(accumulate), "");
    EXPECT_EQ(factoryError(accumulate).kind(), GpuError::Kind::Unsupported);
    EXPECT_EQ(transformerGpuUnsupportedReason(accumulate),
              "layer 1 mlp-down: cuBLASLt multiplies fp32, fp16 or bf16 operands accumulating in fp32, or fp16 "
              "accumulating in fp16, not bf16 operands accumulating in bf16");
}

TEST(TransformerGpuHost, WithoutAGpuTheFactorySaysWhy) {
    const std::string why = gpuTrainingUnavailableReason();
    if (why.empty()) GTEST_SKIP() << "a GPU is usable here; this test is for machines without one";
    const GpuError e = factoryError(transformerPreset(TransformerPreset::Fp32));
    EXPECT_TRUE(e.kind() == GpuError::Kind::NoDevice || e.kind() == GpuError::Kind::NotBuilt);
    EXPECT_EQ(std::string(e.what()), why);
    EXPECT_EQ(why.rfind("no GPU: ", 0), 0u) << why;
}

// The CLI refuses what the GPU cannot run, with the reason and exit code 4, before any GPU is asked for; the
// emulator's measurements with exit code 2.
TEST(TransformerGpuHost, TheCliRefusesWhatTheGpuCannotRun) {
    for (const char* backend : {"--compare", "--backend=gpu"}) {
        std::vector<std::string> args{"train", "--model", "transformer", "--steps", "2", "--preset", "fp8-delayed"};
        if (std::string(backend) == "--compare") args.push_back("--compare");
        else args.insert(args.end(), {"--backend", "gpu"});
        const cli::test::CliRun r = cli::test::runInProcess(args);
        EXPECT_EQ(r.code, cli::kExitNoGpu) << backend;
        EXPECT_EQ(r.out, "") << backend;
        EXPECT_NE(r.err.find("the FP8 recipes run on the CPU emulator only"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("; use --backend cpu"), std::string::npos) << r.err;
    }
    for (const char* option : {"--flags", "--trace-dtypes"}) {
        const cli::test::CliRun r = cli::test::runInProcess({"train", "--model", "transformer", "--compare", option});
        EXPECT_EQ(r.code, cli::kExitUsage) << option;
        EXPECT_EQ(r.err, "fplab-cli train: " + std::string(option) +
                             " needs the emulator (--backend cpu, no --compare): only it records what the option "
                             "shows\n");
    }
}

TEST(TransformerGpuHost, WithoutAGpuTheCliSaysWhyAndExits4) {
    const std::string why = gpuTrainingUnavailableReason();
    if (why.empty()) GTEST_SKIP() << "a GPU is usable here; this test is for machines without one";
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"train", "--model", "transformer", "--backend", "gpu", "--steps", "2"},
          std::vector<std::string>{"train", "--model", "transformer", "--compare", "--preset", "fp16"}}) {
        const cli::test::CliRun r = cli::test::runInProcess(args);
        EXPECT_EQ(r.code, cli::kExitNoGpu);
        EXPECT_EQ(r.out, "");
        const std::string what = args[3] == "--compare" ? "--compare" : "--backend gpu";
        EXPECT_EQ(r.err, "fplab-cli train: " + what + ": " + why +
                             "; the CPU emulator runs the same training: use --backend cpu\n");
    }
}

} // namespace
} // namespace fplab::gpu::test
