// On a GPU: every rung of the GEMM ladder against the CPU model of the instruction it runs, bit for bit
// at 256^3 on random data (rung 1, the FMA chain, against cpu-sequential), and within the model's error
// bound (core/tensor_core/error_bound.h) of the exact FP64 sum at 4096^3 on sampled cells. Skips, with
// the reason, when no GPU is usable.
#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/error_bound.h"
#include "gpu/backends.h"
#include "gpu/compare.h"
#include "gpu/ladder.h"
#include "gpu_test_support.h"

#include <cmath>
#include <iostream>

namespace fplab::gpu {
namespace {

using LadderOnGpu = test::GpuTest;

tc::Arch deviceArch() { return modelArchFor(requireDevice().computeCapability()); }

// The model of the rung's instruction for the type: mma.sync through the model backend, wgmma (whose FP16/BF16
// blocks the backend shows only for FP8) straight from core with the instruction's block size.
tc::BlockModel modelOf(const LadderRungInfo& rung, GemmType type, tc::Arch arch) {
    const auto config = mmaConfigFor(type, arch, tc::Tf32Input::NearestAway, rung.api);
    const auto resolved = tc::resolveModel(*config);
    if (!resolved.model) throw std::runtime_error(resolved.message);
    return *resolved.model;
}

GemmOutput runModel(const LadderRungInfo& rung, const GemmProblem& p, tc::Arch arch) {
    if (!rung.tensorCore) return CpuSequentialBackend().run(p);
    if (rung.api == tc::Api::MmaSync) return CpuModelBackend(arch).run(p);
    const tc::BlockModel model = modelOf(rung, p.type, arch);
    auto narrow = [](const std::vector<std::uint64_t>& v) { return std::vector<std::uint32_t>(v.begin(), v.end()); };
    const auto a = narrow(p.a), b = narrow(p.b), c = narrow(p.c);
    std::vector<std::uint32_t> d(c.size());
    tc::emulateGemm(model, {p.m, p.n, p.k}, a, b, c, d, {modelBlockK(model, p.type), 0});
    return {"cpu-model-wgmma", std::vector<std::uint64_t>(d.begin(), d.end()), 0, {}};
}

// Skips a rung the device or build cannot run, with the reason; on an sm_90 GPU only a build without
// sm_90a code may skip rung 5, anything else is a failure.
bool runnable(const LadderRungInfo& rung, GemmType type) {
    const std::string why = ladderUnavailableReason(rung.rung, type);
    if (why.empty()) return true;
    std::cout << "[ skipped  ] rung " << rung.number << " (" << rung.name << "): " << why << "\n";
    if (requireDevice().computeCapability() == 90 && why.find("no sm_90a code") == std::string::npos)
        ADD_FAILURE() << "an sm_90 GPU must run rung " << rung.number << ": " << why;
    return false;
}

TEST_F(LadderOnGpu, EveryRungIsBitIdenticalToTheModelOfItsInstructionAt256) {
    const tc::Arch arch = deviceArch();
    for (GemmType type : {GemmType::Fp16Fp32, GemmType::Bf16Fp32}) {
        ProblemSpec spec;
        spec.type = type;
        spec.m = spec.n = spec.k = 256;
        spec.seed = 2026;
        const GemmProblem problem = makeRandomProblem(spec);
        for (const LadderRungInfo& rung : ladderRungs()) {
            if (!runnable(rung, type)) continue;
            const GemmOutput gpu = runLadderGemm(problem, rung.rung);
            const GemmOutput cpu = runModel(rung, problem, arch);
            const auto c = compareOutputs(type, problem.m, problem.n, gpu, cpu);
            EXPECT_TRUE(c.allIdentical())
                << gemmTypeName(type) << " rung " << rung.number << " (" << rung.name << "): " << c.identicalCount
                << "/" << c.cellCount() << " cells identical to " << cpu.backend << ", max " << c.maxAbsUlps << " ulps";
        }
    }
}

TEST_F(LadderOnGpu, EveryRungIsWithinTheModelsErrorBoundOfFp64At4096) {
    const tc::Arch arch = deviceArch();
    ProblemSpec spec;
    spec.type = GemmType::Fp16Fp32;
    spec.m = spec.n = spec.k = 4096;
    spec.seed = 4096;
    const GemmProblem p = makeRandomProblem(spec);
    const double tiny = std::ldexp(1.0, -14); // FP16's smallest normal: mag() of the bound
    for (const LadderRungInfo& rung : ladderRungs()) {
        if (!runnable(rung, p.type)) continue;
        const GemmOutput gpu = runLadderGemm(p, rung.rung);
        const tc::BlockModel model = modelOf(rung, p.type, arch);
        double worst = 0;
        for (int s = 0; s < 256; ++s) {
            const int i = (s * 2654435761u) % unsigned(p.m), j = (s * 40503u + 17) % unsigned(p.n);
            double exact = outputToDouble(p.type, p.c[std::size_t(i) * p.n + j]), absSum = std::fabs(exact);
            for (int kk = 0; kk < p.k; ++kk) {
                const double x = inputToDouble(p.type, p.a[std::size_t(i) * p.k + kk]);
                const double y = inputToDouble(p.type, p.b[std::size_t(kk) * p.n + j]);
                exact += x * y;
                absSum += std::max(std::fabs(x), tiny) * std::max(std::fabs(y), tiny);
            }
            // Rung 1 is an FP32 FMA chain: k roundings to nearest, 2^-24 relative each.
            const double bound = rung.tensorCore ? tc::chainErrorBound(model, p.k, modelBlockK(model, p.type), absSum)
                                                 : p.k * (std::ldexp(absSum, -24) * (1 + std::ldexp(1.0, -10)) +
                                                          std::ldexp(1.0, -149));
            const double err = std::fabs(outputToDouble(p.type, gpu.d[std::size_t(i) * p.n + j]) - exact);
            EXPECT_LE(err, bound) << "rung " << rung.number << " cell " << i << "," << j;
            worst = std::max(worst, err / bound);
        }
        std::cout << "rung " << rung.number << " (" << rung.name << "): largest error " << worst
                  << " of the bound on 256 cells of 4096^3\n";
    }
}

TEST_F(LadderOnGpu, AProblemARungCannotTakeIsRefused) {
    ProblemSpec spec;
    spec.type = GemmType::Fp16Fp32;
    spec.m = 100, spec.n = 64, spec.k = 64;
    const GemmProblem p = makeRandomProblem(spec);
    try {
        runLadderGemm(p, LadderRung::LdmatrixBlocked);
        FAIL() << "a 100 x 64 x 64 problem ran on 128 x 128 tiles";
    } catch (const GpuError& e) {
        EXPECT_EQ(e.kind(), GpuError::Kind::InvalidArgument);
        EXPECT_NE(std::string(e.what()).find("multiple of 128"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace fplab::gpu
