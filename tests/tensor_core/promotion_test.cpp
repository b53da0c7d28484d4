// FP32 promotion of the tensor core's partial sums (core/tensor_core/promotion.h), `fplab-cli mma --promote`,
// and the probe that infers a black-box FP8 GEMM's promotion interval, tested on the model with planted
// intervals. The promotion's additions are checked against the host FPU's float addition.
#include "app/cli/command.h"
#include "app/cli/exit_codes.h"
#include "core/random.h"
#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/fingerprint/promotion_probe.h"
#include "core/tensor_core/promotion.h"
#include "tests/tensor_core/tc_test_support.h"

#include <gtest/gtest.h>

#include <bit>
#include <sstream>
#include <stdexcept>

namespace fplab::tc {
namespace {

BlockModel wgmmaE4m3() {
    MmaConfig cfg;
    cfg.arch = Arch::Sm90;
    cfg.input = InputType::E4m3;
    cfg.accum = AccumType::Fp32;
    cfg.instruction = Api::Wgmma;
    return *resolveModel(cfg).model;
}

std::vector<std::uint64_t> randomE4m3(StochasticStream& rng, std::size_t k) {
    std::vector<std::uint64_t> v(k);
    for (auto& x : v) {
        x = rng.next() & 0xFF;
        if ((x & 0x7F) == 0x7F) x = 0x38; // no NaN
    }
    return v;
}

float asFloat(std::uint64_t bits) { return std::bit_cast<float>(std::uint32_t(bits)); }

// Each run's partial sum is the model's unpromoted chain (chainedDot, tested elsewhere); the additions that
// join them are the host's float additions, round to nearest even, and C comes last.
TEST(Promotion, RunsAreJoinedByFp32AdditionsWithCLast) {
    const BlockModel model = wgmmaE4m3();
    StochasticStream rng(7);
    for (int every : {32, 64, 96, 128}) {
        for (int trial = 0; trial < 200; ++trial) {
            const std::size_t k = 256 + 32 * std::size_t(trial % 3);
            const auto a = randomE4m3(rng, k), b = randomE4m3(rng, k);
            const float c = float(int(rng.next() % 2001) - 1000) / 64.0f;
            float acc = 0.0f;
            for (std::size_t k0 = 0; k0 < k; k0 += std::size_t(every)) {
                const std::size_t len = std::min(std::size_t(every), k - k0);
                const auto run = chainedDot(model, std::span(a).subspan(k0, len), std::span(b).subspan(k0, len), 0);
                acc = acc + asFloat(run.bits);
            }
            const float want = acc + c;
            const MmaResult got = promotedDot(model, a, b, std::bit_cast<std::uint32_t>(c), every);
            ASSERT_EQ(std::uint32_t(got.bits), std::bit_cast<std::uint32_t>(want))
                << "every " << every << " trial " << trial;
        }
    }
}

TEST(Promotion, NoneIsTheUnpromotedChainAndTheGemmMatchesTheDot) {
    const BlockModel model = wgmmaE4m3();
    StochasticStream rng(11);
    const auto a = randomE4m3(rng, 512), b = randomE4m3(rng, 512);
    EXPECT_EQ(promotedDot(model, a, b, 0x3f800000, 0), chainedDot(model, a, b, 0x3f800000));

    const int m = 5, n = 3, k = 160;
    std::vector<std::uint32_t> ga(std::size_t(m * k)), gb(std::size_t(k * n)), gc(std::size_t(m * n)), gd(gc.size());
    for (auto& x : ga) x = std::uint32_t(randomE4m3(rng, 1)[0]);
    for (auto& x : gb) x = std::uint32_t(randomE4m3(rng, 1)[0]);
    for (std::size_t t = 0; t < gc.size(); ++t) gc[t] = std::bit_cast<std::uint32_t>(float(t) - 7.5f);
    GemmOptions options;
    options.promoteEvery = 64;
    emulateGemm(model, {m, n, k}, ga, gb, gc, gd, options);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            std::vector<std::uint64_t> row(static_cast<std::size_t>(k)), col(static_cast<std::size_t>(k));
            for (int t = 0; t < k; ++t) {
                row[std::size_t(t)] = ga[std::size_t(i * k + t)];
                col[std::size_t(t)] = gb[std::size_t(t * n + j)];
            }
            EXPECT_EQ(gd[std::size_t(i * n + j)], promotedDot(model, row, col, gc[std::size_t(i * n + j)], 64).bits);
        }
}

TEST(Promotion, RefusesIntervalsThatAreNotWholeInstructionsAndNonFp32Accumulators) {
    EXPECT_THROW(promotedDot(wgmmaE4m3(), std::vector<std::uint64_t>(64), std::vector<std::uint64_t>(64), 0, 48),
                 std::invalid_argument);
    const BlockModel fp16 = test::makeModel(Arch::Sm80, InputType::Fp16, AccumType::Fp16);
    EXPECT_NE(promotionProblem(fp16, 32), "");
    EXPECT_EQ(promotionProblem(fp16, 0), "");
}

// Hand-derived: 2^8 then 63 products of 2^-7. Unpromoted, the tiny ones are cut (15 bits below the large
// one, 13 kept): 256. Promoted every 32, the second run sums 32 * 2^-7 = 0.25 exactly: 256.25.
TEST(Promotion, MmaCommandPromotes) {
    std::string line = "78";
    for (int t = 1; t < 64; ++t) line += " 04";
    for (int t = 0; t < 64; ++t) line += " 38";
    line += " 0\n";
    auto run = [&](std::vector<std::string_view> extra) {
        std::vector<std::string_view> args{"mma", "--arch", "sm_90", "--in", "e4m3", "--acc", "fp32", "--k", "64"};
        args.insert(args.end(), extra.begin(), extra.end());
        std::istringstream in(line);
        std::ostringstream out, err;
        const int code = cli::runCli(args, {in, out, err});
        return std::make_pair(code, out.str() + err.str());
    };
    EXPECT_EQ(run({}), std::make_pair(0, std::string("0x43800000\n")));
    EXPECT_EQ(run({"--promote", "32"}), std::make_pair(0, std::string("0x43802000\n")));
    EXPECT_EQ(run({"--promote", "64"}), std::make_pair(0, std::string("0x43800000\n")));
    const auto bad = run({"--promote", "48"});
    EXPECT_EQ(bad.first, int(cli::kExitUsage));
    EXPECT_NE(bad.second.find("multiple of 32"), std::string::npos) << bad.second;
}

// A black box that is the model promoted every `every` products (0: never).
std::vector<std::uint32_t> plantedGemm(const PromotionProbe& p, int every) {
    std::vector<std::uint32_t> c(std::size_t(p.m * p.n), 0), d(c.size());
    GemmOptions options;
    options.promoteEvery = every;
    emulateGemm(wgmmaE4m3(), {p.m, p.n, p.k}, p.a, p.b, c, d, options);
    return d;
}

TEST(PromotionProbe, InfersPlantedIntervals) {
    const PromotionProbe probe = makePromotionProbe(1024);
    for (int planted : {32, 64, 128, 256, 0}) {
        const PromotionInference r = inferPromotion(probe, plantedGemm(probe, planted));
        EXPECT_TRUE(r.matched) << planted;
        EXPECT_EQ(r.interval, planted);
        EXPECT_TRUE(r.alsoMatching.empty()) << planted;
    }
    // Row 0 holds the large value at k = 0: D = 2^8 + (1024 - 128) * 2^-7 = 263 with promotion every 128.
    EXPECT_EQ(plantedGemm(probe, 128)[0], std::bit_cast<std::uint32_t>(263.0f));
    EXPECT_EQ(promotionInferenceText(probe, inferPromotion(probe, plantedGemm(probe, 128))), "every 128 products");
    EXPECT_EQ(promotionInferenceText(probe, inferPromotion(probe, plantedGemm(probe, 0))), "none within k = 1024");
}

TEST(PromotionProbe, AGemmOfNoIntervalIsSaidSo) {
    const PromotionProbe probe = makePromotionProbe(1024);
    // An exact FP32 sum keeps every tiny product: no run of the model cuts none of them.
    std::vector<std::uint32_t> exact(std::size_t(probe.m * probe.n),
                                     std::bit_cast<std::uint32_t>(256.0f + 1023.0f / 128));
    const PromotionInference r = inferPromotion(probe, exact);
    EXPECT_FALSE(r.matched);
    EXPECT_NE(promotionInferenceText(probe, r).find("no interval matches"), std::string::npos);
    EXPECT_THROW(inferPromotion(probe, std::vector<std::uint32_t>(3)), std::invalid_argument);
}

} // namespace
} // namespace fplab::tc
