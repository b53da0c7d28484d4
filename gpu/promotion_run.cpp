#include "gpu/promotion_run.h"

#include "gpu/backends.h"
#include "gpu/gemm.h"

namespace fplab::gpu {

namespace {

tc::PromotionInference runOnce(const tc::PromotionProbe& probe, bool fastAccum) {
    GemmProblem p;
    p.type = GemmType::E4m3Fp32;
    p.m = probe.m;
    p.n = probe.n;
    p.k = probe.k;
    p.a.assign(probe.a.begin(), probe.a.end());
    p.b.assign(probe.b.begin(), probe.b.end());
    p.c.assign(std::size_t(p.m) * std::size_t(p.n), 0);
    const GemmOutput out = runCublasGemm(p, fastAccum);
    const std::vector<std::uint32_t> d(out.d.begin(), out.d.end());
    return tc::inferPromotion(probe, d);
}

} // namespace

PromotionRun runPromotionProbeOnGpu(int k) {
    PromotionRun run;
    run.probe = tc::makePromotionProbe(k);
    run.fastAccumOff = runOnce(run.probe, false);
    run.fastAccumOn = runOnce(run.probe, true);
    return run;
}

} // namespace fplab::gpu
