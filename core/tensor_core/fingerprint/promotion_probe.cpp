#include "core/tensor_core/fingerprint/promotion_probe.h"

#include "core/tensor_core/emulated_gemm.h"

#include <cstdio>
#include <stdexcept>

namespace fplab::tc {

namespace {

constexpr std::uint32_t kE4m3Large = 0x78; // 2^8
constexpr std::uint32_t kE4m3Tiny = 0x04;  // 2^-7 (subnormal)
constexpr std::uint32_t kE4m3One = 0x38;   // 1

std::vector<std::uint32_t> modelOutput(const PromotionProbe& p, int promoteEvery) {
    MmaConfig config;
    config.arch = Arch::Sm90;
    config.input = InputType::E4m3;
    config.accum = AccumType::Fp32;
    config.instruction = Api::Wgmma;
    const auto resolved = resolveModel(config);
    const std::size_t cells = std::size_t(p.m) * std::size_t(p.n);
    std::vector<std::uint32_t> c(cells, 0), d(cells);
    GemmOptions options;
    options.promoteEvery = promoteEvery;
    emulateGemm(*resolved.model, {p.m, p.n, p.k}, p.a, p.b, c, d, options);
    return d;
}

} // namespace

PromotionProbe makePromotionProbe(int k) {
    if (k < 64 || k > 8192 || k % 32 != 0)
        throw std::invalid_argument("the promotion probe needs k a multiple of 32 from 64 to 8192");
    PromotionProbe p;
    p.k = k;
    p.a.assign(std::size_t(p.m) * std::size_t(k), kE4m3Tiny);
    p.b.assign(std::size_t(k) * std::size_t(p.n), kE4m3One);
    // Row i puts its large value at a different place in a run: 0, then odd offsets that fall in
    // different instructions and different halves of any run of 32 or more.
    for (int i = 0; i < p.m; ++i) {
        const int at = int((std::int64_t(i) * 199) % k);
        p.a[std::size_t(i) * std::size_t(k) + std::size_t(at)] = kE4m3Large;
    }
    return p;
}

PromotionInference inferPromotion(const PromotionProbe& probe, std::span<const std::uint32_t> d) {
    if (d.size() != std::size_t(probe.m) * std::size_t(probe.n))
        throw std::invalid_argument("the probe's output must have m x n cells");
    PromotionInference r;
    r.cellsAgreeing = -1;
    std::vector<int> candidates;
    for (int every = 32; every < probe.k; every += 32) candidates.push_back(every);
    candidates.push_back(0);
    for (int every : candidates) {
        const std::vector<std::uint32_t> want = modelOutput(probe, every);
        int agree = 0, first = -1;
        for (std::size_t t = 0; t < want.size(); ++t) {
            if (want[t] == d[t]) ++agree;
            else if (first < 0) first = int(t);
        }
        if (first < 0) {
            if (!r.matched) r.interval = every;
            else r.alsoMatching.push_back(every);
            r.matched = true;
        } else if (agree > r.cellsAgreeing) {
            r.cellsAgreeing = agree;
            r.nearestInterval = every;
            r.firstDifferingCell = first;
            r.expected = want[std::size_t(first)];
            r.got = d[std::size_t(first)];
        }
    }
    if (r.matched) r.cellsAgreeing = int(d.size());
    return r;
}

std::string promotionInferenceText(const PromotionProbe& probe, const PromotionInference& r) {
    auto interval = [&](int every) {
        return every == 0 ? "none within k = " + std::to_string(probe.k)
                          : "every " + std::to_string(every) + " products";
    };
    if (r.matched) {
        std::string text = interval(r.interval);
        if (!r.alsoMatching.empty()) {
            text += " (the probe cannot tell it from";
            for (int every : r.alsoMatching) text += " " + std::to_string(every);
            text += ")";
        }
        return text;
    }
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "no interval matches; nearest %s agrees in %d of %d cells, first differing cell "
                  "(%d, %d): model 0x%08x, got 0x%08x",
                  interval(r.nearestInterval).c_str(), r.cellsAgreeing, probe.m * probe.n,
                  r.firstDifferingCell / probe.n, r.firstDifferingCell % probe.n, unsigned(r.expected),
                  unsigned(r.got));
    return buf;
}

} // namespace fplab::tc
