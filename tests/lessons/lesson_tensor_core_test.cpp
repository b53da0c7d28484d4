// Lesson 10 (tensor cores and TF32): its numbers as bits, against oracles that share no code with core/: TF32
// conversions written on FP32 bits, the test vectors of docs/tensor-core-model.md, the host's fmaf, __float128 exact
// sums, and a block FMA re-written here from docs/tensor-core-model.md for the GEMM error table.
#include "lesson_test_support.h"

#include "core/format.h"
#include "lessons/experiment_registry.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <random>
#include <utility>
#include <vector>

namespace fplab::lessons::test {
namespace {

enum class Conversion { Truncate, TiesAway, TiesEven };

// FP32 bits to the FP32 container of a TF32 value: the low 13 bits dropped, after adding half (ties away),
// or half minus one plus the kept lowest bit (ties to even).
std::uint32_t toTf32(std::uint32_t f, Conversion c) {
    const std::uint32_t bias = c == Conversion::Truncate   ? 0u
                               : c == Conversion::TiesAway ? 0x1000u
                                                           : 0xfffu + ((f >> 13) & 1u);
    return (f + bias) & ~0x1fffu;
}

float tf32Value(float x, Conversion c) { return std::bit_cast<float>(toTf32(bitsOf(x), c)); }

const std::string kLesson = "tensor-cores";

TEST(LessonTensorCores, Tf32FormatFields) {
    EXPECT_EQ(result(kLesson, "tf32", "total_bits").count, 19);
    EXPECT_EQ(result(kLesson, "tf32", "sign_bits").count, 1);
    EXPECT_EQ(result(kLesson, "tf32", "exponent_bits").count, 8);
    EXPECT_EQ(result(kLesson, "tf32", "mantissa_bits").count, 10);
    EXPECT_EQ(result(kLesson, "tf32", "stored").bits, toTf32(bitsOf(0.1f), Conversion::TiesEven) >> 13);
}

TEST(LessonTensorCores, ThreeConversionsTwoCandidates) {
    const float values[] = {0.99999994f, 1.00048828125f, 1.00146484375f};
    for (int i = 0; i < 3; ++i) {
        const std::string p = "v" + std::to_string(i + 1) + "_";
        const std::uint32_t f = bitsOf(values[i]);
        EXPECT_EQ(result(kLesson, "conv", p + "fp32").bits, f) << p;
        EXPECT_EQ(result(kLesson, "conv", p + "low_bits").count, std::int64_t(f & 0x1fffu)) << p;
        EXPECT_EQ(result(kLesson, "conv", p + "truncate").bits, toTf32(f, Conversion::Truncate)) << p;
        EXPECT_EQ(result(kLesson, "conv", p + "rna").bits, toTf32(f, Conversion::TiesAway)) << p;
        EXPECT_EQ(result(kLesson, "conv", p + "rne").bits, toTf32(f, Conversion::TiesEven)) << p;
        EXPECT_EQ(result(kLesson, "conv", p + "distinct").count, 2) << p;
        const double rel = (double(tf32Value(values[i], Conversion::Truncate)) - double(values[i])) / double(values[i]);
        EXPECT_EQ(result(kLesson, "conv", p + "truncate_error").real, rel) << p;
    }
    // What the narration says of each value.
    EXPECT_EQ(result(kLesson, "conv", "v1_fp32").bits, 0x3f7fffffu);
    EXPECT_EQ(result(kLesson, "conv", "v1_low_bits").count, 8191);
    EXPECT_EQ(result(kLesson, "conv", "v2_fp32").bits, bitsOf(1.0f + std::ldexp(1.0f, -11)));
    EXPECT_EQ(result(kLesson, "conv", "v2_tie").text.en, "yes");
    EXPECT_EQ(result(kLesson, "conv", "v2_rne").bits, result(kLesson, "conv", "v2_truncate").bits);
    EXPECT_NE(result(kLesson, "conv", "v2_rna").bits, result(kLesson, "conv", "v2_rne").bits);
    EXPECT_EQ(result(kLesson, "conv", "v3_fp32").bits, bitsOf(1.0f + 3 * std::ldexp(1.0f, -11)));
    EXPECT_EQ(result(kLesson, "conv", "v3_rna").bits, result(kLesson, "conv", "v3_rne").bits);
    EXPECT_NE(result(kLesson, "conv", "v3_truncate").bits, result(kLesson, "conv", "v3_rne").bits);
}

// docs/tensor-core-model.md section 5, vectors 4 (cutting is per term), 2 (extra alignment bits), 5 (TF32).
TEST(LessonTensorCores, BlockFmaTestVectors) {
    const float tiny = std::ldexp(1.0f, -24);
    EXPECT_EQ(result(kLesson, "cut", "sm80").bits, 0x3f7fffffu);
    EXPECT_EQ(result(kLesson, "cut", "sm90").bits, 0x3f7ffffeu);
    EXPECT_EQ(result(kLesson, "cut", "exact_rounded").bits, 0x3f7ffffeu);
    EXPECT_EQ(result(kLesson, "cut", "fp32_fma").bits, bitsOf(std::fmaf(3 * tiny, -0.5f, 1.0f)));
    EXPECT_EQ(result(kLesson, "cut", "exact").bits, bitsOf(1.0 - 1.5 * std::ldexp(1.0, -24)));
    EXPECT_EQ(result(kLesson, "cut", "sm80_e").count, 0);
    EXPECT_EQ(result(kLesson, "cut", "sm80_sum").count, (1 << 24) - 1);
    EXPECT_EQ(result(kLesson, "cut", "sm90_sum").count, (1 << 25) - 3);
    EXPECT_EQ(result(kLesson, "cut", "sm80_f").count, 24);
    EXPECT_EQ(result(kLesson, "cut", "sm90_f").count, 25);
    EXPECT_EQ(result(kLesson, "cut", "sm80_block").count, 8);
    EXPECT_EQ(result(kLesson, "cut", "sm90_block").count, 16);

    EXPECT_EQ(result(kLesson, "align", "sm80").bits, 0x3f800000u);
    EXPECT_EQ(result(kLesson, "align", "sm90").bits, 0x3f800001u);
    EXPECT_EQ(result(kLesson, "align", "sm80_cut_terms").count, 2);
    EXPECT_EQ(result(kLesson, "align", "exact").bits, bitsOf(1.0 + std::ldexp(1.0, -23)));
    EXPECT_EQ(result(kLesson, "align", "fp32_fma").bits,
              bitsOf(std::fmaf(tiny, 0.5f, std::fmaf(tiny, 0.5f, std::fmaf(tiny, 1.0f, 1.0f)))));

    const float x = std::bit_cast<float>(0x3f7fffffu);
    EXPECT_EQ(result(kLesson, "raw", "sm80").bits, 0x3f7fc004u);
    EXPECT_EQ(result(kLesson, "raw", "sm90").bits, 0x3f7fc004u);
    EXPECT_EQ(result(kLesson, "raw", "a0_unit").bits, toTf32(0x3f7fffffu, Conversion::Truncate) >> 13);
    EXPECT_EQ(result(kLesson, "raw", "fp32_fma").bits, bitsOf(std::fmaf(x, x, 0.0f)));
    EXPECT_EQ(result(kLesson, "raw", "fp32_fma").bits, 0x3f7ffffeu);
    EXPECT_EQ(result(kLesson, "raw", "sm80_block").count, 4);
    EXPECT_EQ(result(kLesson, "raw", "sm90_block").count, 8);
    EXPECT_EQ(result(kLesson, "rne", "a0_unit").bits, toTf32(0x3f7fffffu, Conversion::TiesEven) >> 13);
    EXPECT_EQ(result(kLesson, "rne", "sm80").bits, 0x3f800000u);
}

#ifdef __SIZEOF_FLOAT128__
// The experiment's inputs, as its parameters define them: torch.rand-like, 24 random bits of
// std::mt19937_64(seed) times 2^-24, A (m x k) then B (k x n) for each K in turn.
std::vector<float> randomMatrix(std::mt19937_64& rng, std::size_t count) {
    std::vector<float> v(count);
    for (float& x : v) x = std::ldexp(float(rng() >> 40), -24);
    return v;
}

// A100 TF32 block FMA written from docs/tensor-core-model.md (section 1): exact products, E = the largest exponent,
// every term cut toward zero to F = 24 bits below 2^E, an exact sum, RZ to FP32; blocks of 4 chained.
float tensorCoreDot(const float* a, const float* b, int n, int k, Conversion c) {
    constexpr int kF = 24, kBlock = 4;
    float d = 0;
    for (int k0 = 0; k0 < k; k0 += kBlock) {
        std::vector<std::pair<double, int>> terms; // value, exponent
        for (int i = k0; i < std::min(k, k0 + kBlock); ++i) {
            const float x = tf32Value(a[i], c), y = tf32Value(b[std::size_t(i) * std::size_t(n)], c);
            if (x != 0 && y != 0) terms.push_back({double(x) * double(y), std::ilogb(x) + std::ilogb(y)});
        }
        if (d != 0) terms.push_back({double(d), std::ilogb(d)});
        if (terms.empty()) {
            d = 0;
            continue;
        }
        int e = INT_MIN;
        for (const auto& t : terms) e = std::max(e, t.second);
        double s = 0;
        for (const auto& t : terms) s += std::trunc(std::ldexp(t.first, kF - e));
        const double exact = std::ldexp(s, e - kF);
        float r = float(exact);
        if (std::abs(double(r)) > std::abs(exact)) r = std::nextafter(r, 0.0f);
        d = r;
    }
    return d;
}

struct Stats {
    double max = 0, mean = 0;
};

struct GemmOracle {
    Stats fp32, tf32, inputs;
};

GemmOracle oracleFor(std::mt19937_64& rng, int m, int n, int k, Conversion c) {
    const std::vector<float> a = randomMatrix(rng, std::size_t(m) * std::size_t(k));
    const std::vector<float> b = randomMatrix(rng, std::size_t(k) * std::size_t(n));
    GemmOracle o;
    double totals[3] = {0, 0, 0};
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            const float* row = &a[std::size_t(i) * std::size_t(k)];
            const float* col = &b[std::size_t(j)];
            __float128 exact = 0, magnitude = 0, rounded = 0;
            float fp32 = 0;
            for (int kk = 0; kk < k; ++kk) {
                const float x = row[kk], y = col[std::size_t(kk) * std::size_t(n)];
                exact += __float128(x) * __float128(y);
                magnitude += __float128(std::abs(x)) * __float128(std::abs(y));
                rounded += __float128(tf32Value(x, c)) * __float128(tf32Value(y, c));
                fp32 = std::fmaf(x, y, fp32);
            }
            const float cells[3] = {fp32, tensorCoreDot(row, col, n, k, c), float(rounded)};
            Stats* stats[3] = {&o.fp32, &o.tf32, &o.inputs};
            for (int v = 0; v < 3; ++v) {
                const double err = std::abs(double(cells[v]) - double(exact)) / double(magnitude);
                stats[v]->max = std::max(stats[v]->max, err);
                totals[v] += err;
            }
        }
    o.fp32.mean = totals[0] / double(m * n);
    o.tf32.mean = totals[1] / double(m * n);
    o.inputs.mean = totals[2] / double(m * n);
    return o;
}

void checkGemmBlock(const std::string& block, Conversion c) {
    const int ks[] = {16, 64, 256, 1024, 4096};
    std::mt19937_64 rng(1);
    double least = 0;
    int kAtLeast = 0;
    for (std::size_t i = 0; i < std::size(ks); ++i) {
        const GemmOracle o = oracleFor(rng, 8, 8, ks[i], c);
        if (i == 0 || o.tf32.mean < least) {
            least = o.tf32.mean;
            kAtLeast = ks[i];
        }
        if (i != 0 && i + 1 != std::size(ks)) continue;
        const std::string s = i == 0 ? "_first" : "_last";
        EXPECT_EQ(result(kLesson, block, "k" + s).count, ks[i]);
        EXPECT_EQ(result(kLesson, block, "fp32_max" + s).real, o.fp32.max) << block << s;
        EXPECT_EQ(result(kLesson, block, "fp32_mean" + s).real, o.fp32.mean) << block << s;
        EXPECT_EQ(result(kLesson, block, "tf32_max" + s).real, o.tf32.max) << block << s;
        EXPECT_EQ(result(kLesson, block, "tf32_mean" + s).real, o.tf32.mean) << block << s;
        EXPECT_EQ(result(kLesson, block, "inputs_max" + s).real, o.inputs.max) << block << s;
        EXPECT_EQ(result(kLesson, block, "inputs_mean" + s).real, o.inputs.mean) << block << s;
        EXPECT_EQ(result(kLesson, block, "ratio" + s).real, o.tf32.mean / o.fp32.mean) << block << s;
    }
    EXPECT_EQ(result(kLesson, block, "tf32_mean_least").real, least) << block;
    EXPECT_EQ(result(kLesson, block, "k_at_least").count, kAtLeast) << block;
}
#endif

#define REQUIRE_FLOAT128()                                                                                             \
    if (!kHaveFloat128) GTEST_SKIP() << "this compiler has no __float128 for the exact sums of the oracle"
#ifdef __SIZEOF_FLOAT128__
constexpr bool kHaveFloat128 = true;
#else
constexpr bool kHaveFloat128 = false;
#endif

TEST(LessonTensorCores, GemmErrorAgainstIndependentOracle) {
    REQUIRE_FLOAT128();
#ifdef __SIZEOF_FLOAT128__
    checkGemmBlock("gemm", Conversion::TiesEven);
    checkGemmBlock("trunc", Conversion::Truncate);
#endif
}

// The claims the narration makes about the table (whatever the exact digits).
TEST(LessonTensorCores, GemmErrorTellsTheLessonsStory) {
    const auto r = [](const std::string& block, const std::string& key) { return result(kLesson, block, key).real; };
    EXPECT_GT(r("gemm", "ratio_first"), 100.0);
    EXPECT_GT(r("gemm", "inputs_mean_first") / r("gemm", "tf32_mean_first"), 0.99); // nearly all from the inputs
    EXPECT_GT(r("gemm", "fp32_mean_last"), r("gemm", "fp32_mean_first"));           // FP32 grows with K
    EXPECT_LT(r("gemm", "tf32_mean_least"), r("gemm", "tf32_mean_first"));          // TF32 falls at first...
    EXPECT_GT(result(kLesson, "gemm", "k_at_least").count, result(kLesson, "gemm", "k_first").count);
    EXPECT_LT(result(kLesson, "gemm", "k_at_least").count, result(kLesson, "gemm", "k_last").count);
    EXPECT_GT(r("gemm", "tf32_mean_last"), 2 * r("gemm", "tf32_mean_least"));     // ...then grows again,
    EXPECT_GT(r("gemm", "tf32_mean_last"), 5 * r("gemm", "inputs_mean_last"));    // from the accumulation
    EXPECT_GT(r("trunc", "tf32_mean_last"), r("trunc", "tf32_mean_first") * 0.9); // truncation: no cancelling
    EXPECT_GT(r("trunc", "tf32_mean_first"), 5 * r("gemm", "tf32_mean_first"));
}

// FP8 on sm_90, per instruction: mma.sync keeps what FP16 blocks keep and adds C with the host's FP32
// addition (round to nearest even); wgmma keeps a 14-bit significand (the low 10 mantissa bits cleared).
TEST(LessonTensorCores, Fp8MmaSyncAndWgmmaDiffer) {
    const float vector6 = 1.0f + std::ldexp(1.0f, -14); // 1*1 + 2^-6 * 2^-8, exact in FP32
    EXPECT_EQ(result(kLesson, "fp8", "mma_sync").bits, bitsOf(vector6));
    EXPECT_EQ(result(kLesson, "fp8", "wgmma").bits, bitsOf(vector6) & ~0x3ffu);
    EXPECT_EQ(result(kLesson, "fp8", "wgmma").bits, 0x3f800000u);
    EXPECT_EQ(result(kLesson, "fp8", "exact_rounded").bits, bitsOf(vector6));
    EXPECT_EQ(result(kLesson, "fp8", "differ").text.en, "yes");
    EXPECT_EQ(result(kLesson, "fp8", "a0_unit").bits, 0x3c00u); // FP16 1.0
    const float product = std::ldexp(3.0f, -18);                // 3*2^-9 * 2^-9
    volatile float c = 128.0f;
    EXPECT_EQ(result(kLesson, "fp8c", "block2").bits, bitsOf(product));
    EXPECT_EQ(result(kLesson, "fp8c", "mma_sync").bits, bitsOf(c + product)); // the host FPU, nearest even
    EXPECT_EQ(result(kLesson, "fp8c", "mma_sync").bits, 0x43000001u);
    EXPECT_EQ(result(kLesson, "fp8c", "wgmma").bits, bitsOf(128.0f));
}

// "Where the models disagree": the two corners under each reading, worked out by hand from the model.
TEST(LessonTensorCores, WhereTheModelsDisagree) {
    // A100 BF16 (F = 24): C = 0x3de9bcf4 = 0xe9bcf4 * 2^-27 has exponent -4, so with the zero product dropped
    // E = -4, the grid is 2^-28 and C stays. Counted, -0 * 1.7421875 * 2^126 has exponent -126 + 126 = 0: E = 0,
    // the grid is 2^-24, and C's significand loses its low 3 bits (0xf4 -> 0xf0).
    EXPECT_EQ(result(kLesson, "zero", "e_fplab").count, -4);
    EXPECT_EQ(result(kLesson, "zero", "e_mmasim").count, 0);
    EXPECT_EQ(result(kLesson, "zero", "fplab").bits, 0x3de9bcf4u);
    EXPECT_EQ(result(kLesson, "zero", "mmasim").bits, 0x3de9bcf4u & ~0x7u);
    EXPECT_EQ(result(kLesson, "zero", "differ").text.en, "yes");
    // H100 BF16 wgmma: 2^-75 * -2^-75 = -2^-150, below FP32's smallest subnormal 2^-149: rounding toward zero gives
    // zero, -0 (0x80000000) with the sum's sign, +0 under MMA-Sim's reading.
    EXPECT_EQ(result(kLesson, "sign", "fplab").bits, 0x80000000u);
    EXPECT_EQ(result(kLesson, "sign", "mmasim").bits, 0u);
    EXPECT_EQ(result(kLesson, "sign", "differ").text.en, "yes");
}

TEST(LessonTensorCores, ChineseVersionRunsTheSameBlocks) {
    const LessonRun& zh = shippedRun(kLesson, Language::Chinese);
    for (const char* block : {"conv", "cut", "align", "raw", "rne", "gemm", "trunc", "fp8", "fp8c", "zero", "sign"}) {
        const ExperimentRun* run = zh.find(block);
        ASSERT_NE(run, nullptr) << block;
        ASSERT_TRUE(run->result) << block;
    }
    EXPECT_EQ(zh.find("cut")->result->find("sm80")->bits, 0x3f7fffffu);
    EXPECT_EQ(zh.find("gemm")->result->find("tf32_mean_last")->real, result(kLesson, "gemm", "tf32_mean_last").real);
}

TEST(LessonTensorCores, BadOperandsAreReported) {
    const ExperimentOutcome mismatch = runExperiment("mma_block_steps", {{"a", "1, 2"}, {"b", "1"}});
    EXPECT_FALSE(mismatch.result);
    EXPECT_NE(mismatch.error.find("a holds 2 values but b holds 1"), std::string::npos) << mismatch.error;
    const ExperimentOutcome tooMany = runExperiment("mma_block_steps",
                                                    {{"a", "1,1,1,1,1,1,1,1,1"}, {"b", "1,1,1,1,1,1,1,1,1"}});
    EXPECT_TRUE(tooMany.result) << tooMany.error; // 9 fp16 products: two blocks on sm_80, one on sm_90
    if (tooMany.result) {
        EXPECT_EQ(tooMany.result->find("sm80_blocks")->count, 2);
        EXPECT_EQ(tooMany.result->find("sm90_blocks")->count, 1);
        EXPECT_EQ(tooMany.result->find("sm80")->bits, bitsOf(10.0f));
    }
    const ExperimentOutcome cornerMismatch = runExperiment("mma_corner_readings", {{"a", "1, 2"}, {"b", "1"}});
    EXPECT_NE(cornerMismatch.error.find("a holds 2 values but b holds 1"), std::string::npos) << cornerMismatch.error;
    const ExperimentOutcome cornerBf16Fp16 = runExperiment("mma_corner_readings", {{"accum", "fp16"}, {"c", "0"}});
    EXPECT_NE(cornerBf16Fp16.error.find("accumulate in fp32 only"), std::string::npos) << cornerBf16Fp16.error;
    const ExperimentOutcome fp8Mismatch = runExperiment("fp8_two_instructions", {{"a", "1, 2"}, {"b", "1"}});
    EXPECT_NE(fp8Mismatch.error.find("a holds 2 values but b holds 1"), std::string::npos) << fp8Mismatch.error;
    std::string many = "1";
    for (int i = 0; i < 32; ++i) many += ", 1";
    const ExperimentOutcome fp8TooMany = runExperiment("fp8_two_instructions", {{"a", many}, {"b", many}});
    EXPECT_NE(fp8TooMany.error.find("at most 32 entries"), std::string::npos) << fp8TooMany.error;
    // 0 × inf decides D without arithmetic: the result says so in both languages (core's BlockSpecial, the
    // lessons' words) and D is the canonical NaN.
    const ExperimentOutcome nan = runExperiment("mma_block_steps", {{"a", "inf"}, {"b", "0"}});
    ASSERT_TRUE(nan.result) << nan.error;
    ASSERT_NE(nan.result->find("sm80_special"), nullptr);
    EXPECT_EQ(nan.result->find("sm80_special")->text.en, "0 × inf gives the canonical NaN");
    EXPECT_EQ(nan.result->find("sm90_special")->text.zh, "0 × inf：结果是规范 NaN");
    EXPECT_EQ(nan.result->find("sm80")->bits, 0x7fffffffu);
    EXPECT_EQ(nan.result->find("sm80_e"), nullptr);
    const ExperimentOutcome big = runExperiment("tf32_gemm_error", {{"m", "64"}, {"n", "64"}, {"k_values", "16384"}});
    EXPECT_FALSE(big.result);
    EXPECT_NE(big.error.find("must stay below"), std::string::npos) << big.error;
    const ExperimentOutcome badK = runExperiment("tf32_gemm_error", {{"k_values", "0"}});
    EXPECT_FALSE(badK.result);
    EXPECT_NE(badK.error.find("between 1 and 16384"), std::string::npos) << badK.error;
}

} // namespace
} // namespace fplab::lessons::test
