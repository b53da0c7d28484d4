// The numbers each shipped lesson must reproduce (docs: the lesson catalogue), read through
// the headless runner and checked as bits against the host FPU (float, _Float16) or
// against closed-form counts that share no code with the experiments.
#include "lesson_test_support.h"

#include "core/format.h"
#include "lessons/value_text.h"

#include <cfloat>
#include <cmath>
#include <functional>

namespace fplab::lessons::test {
namespace {

// The tests whose oracle is _Float16 are built only where the compiler has it (GCC on x86-64 and
// aarch64; not Clang 14 on x86-64, the sanitizer build's compiler).
#ifdef __FLT16_MAX__
using Half = _Float16;
std::uint16_t halfBits(Half h) { return std::bit_cast<std::uint16_t>(h); }
#else
TEST(LessonNumbers, Fp16ChecksNeedFloat16) {
    GTEST_SKIP() << "this compiler has no _Float16 to act as the FP16 oracle: the FP16 checks are not built";
}
#endif

// Each FP16 operation on the host: computed in float (exact for one FP16 add) and rounded once to FP16.
#ifdef __FLT16_MAX__
Half addHalf(Half a, Half b) { return Half(float(a) + float(b)); }
Half subHalf(Half a, Half b) { return Half(float(a) - float(b)); }
#endif

// ---- Lesson 1: anatomy ----------------------------------------------------------------------------------

TEST(LessonAnatomy, Fp32FieldsOfOneTenth) {
    const Quantity& stored = result("anatomy", "fp32", "stored");
    EXPECT_EQ(stored.bits, bitsOf(0.1f));
    EXPECT_EQ(stored.bits, 0x3dcccccdu);
    EXPECT_EQ(result("anatomy", "fp32", "total_bits").count, 32);
    EXPECT_EQ(result("anatomy", "fp32", "exponent_bits").count, 8);
    EXPECT_EQ(result("anatomy", "fp32", "mantissa_bits").count, 23);
    EXPECT_EQ(result("anatomy", "fp32", "bias").count, 127);
    EXPECT_EQ(result("anatomy", "fp32", "exponent_field").count, 123);
    EXPECT_EQ(result("anatomy", "fp32", "exponent").count, -4);
    EXPECT_EQ(result("anatomy", "fp32", "mantissa_field").count, std::int64_t(bitsOf(0.1f) & 0x7fffff));
    EXPECT_EQ(result("anatomy", "fp32", "significand").text.en, "1.60000002384185791015625");
}

#ifdef __FLT16_MAX__
TEST(LessonAnatomy, NegativeNumberAndHalfPrecision) {
    EXPECT_EQ(result("anatomy", "neg", "stored").bits, bitsOf(-6.25f));
    EXPECT_EQ(result("anatomy", "neg", "sign").count, 1);
    EXPECT_EQ(result("anatomy", "neg", "exponent_field").count, 129);
    EXPECT_EQ(result("anatomy", "fp16", "stored").bits, halfBits(Half(0.1f)));
    EXPECT_EQ(result("anatomy", "fp16", "bias").count, 15);
    EXPECT_EQ(result("anatomy", "fp16", "mantissa_bits").count, 10);
    EXPECT_EQ(result("anatomy", "tiny", "stored").bits, 0x0001u);
    EXPECT_EQ(result("anatomy", "tiny", "class").text.en, "subnormal");
    EXPECT_EQ(result("anatomy", "tiny", "exponent").count, -14);
}

TEST(LessonAnatomy, FormatsSideBySide) {
    EXPECT_EQ(result("anatomy", "table", "fp64").bits, bitsOf(0.1));
    EXPECT_EQ(result("anatomy", "table", "fp32").bits, bitsOf(0.1f));
    EXPECT_EQ(result("anatomy", "table", "fp16").bits, halfBits(Half(0.1f)));
    // BF16 = FP32 rounded to its top 16 bits (0x3dcccccd -> 0x3dcd); TF32 = FP32 rounded to 19 bits.
    const std::uint32_t f = bitsOf(0.1f);
    EXPECT_EQ(result("anatomy", "table", "bf16").bits, (f + 0x7fff + ((f >> 16) & 1)) >> 16);
    EXPECT_EQ(result("anatomy", "table", "tf32").bits, (f + 0xfff + ((f >> 13) & 1)) >> 13);
    // OCP FP8: E4M3 tops out at 448 (S.1111.110), E5M2 at 57344.
    EXPECT_EQ(valueText(result("anatomy", "table", "e4m3_max")), "448.0");
    EXPECT_EQ(result("anatomy", "table", "e4m3_max").bits, 0x7eu);
    EXPECT_EQ(valueText(result("anatomy", "table", "e5m2_max")), "57344.0");
    EXPECT_EQ(result("anatomy", "table", "int8").bits, 0u);
    EXPECT_EQ(result("anatomy", "table", "int8").kind, QuantityKind::Integer);
}
#endif

// ---- Lesson 2: range versus precision ----------------------------------------------------------------------

TEST(LessonRange, Fp16AndBf16Extremes) {
    EXPECT_EQ(result("range", "range", "fp16_max").bits, 0x7bffu);
    EXPECT_EQ(valueText(result("range", "range", "fp16_max")), "65504.0");
    EXPECT_EQ(toValue(result("range", "range", "fp16_min_normal")), std::ldexp(1.0, -14));
    EXPECT_EQ(toValue(result("range", "range", "fp16_min_subnormal")), std::ldexp(1.0, -24));
    EXPECT_EQ(toValue(result("range", "range", "fp16_epsilon")), std::ldexp(1.0, -10));
    EXPECT_EQ(toValue(result("range", "range", "bf16_epsilon")), std::ldexp(1.0, -7));
    EXPECT_EQ(toValue(result("range", "range", "fp32_epsilon")), double(FLT_EPSILON));
    // BF16's largest value is FP32's largest with the low 16 mantissa bits cleared: (2 - 2^-7) * 2^127.
    EXPECT_EQ(toValue(result("range", "range", "bf16_max")), std::ldexp(2.0 - std::ldexp(1.0, -7), 127));
    // 36 significant digits: shown shortened and marked (lessons/value_text.h), the shortest digits BF16 reads back.
    EXPECT_EQ(valueText(result("range", "range", "bf16_max")), "\u22483.39e+38");
    EXPECT_EQ(toValue(result("range", "range", "fp32_max")), double(FLT_MAX));
    EXPECT_EQ(toValue(result("range", "range", "bf16_min_normal")), double(FLT_MIN));
    EXPECT_EQ(toValue(result("range", "range", "tf32_max")), std::ldexp(2.0 - std::ldexp(1.0, -10), 127));
    EXPECT_EQ(result("range", "range", "fp16_per_binade").count, 1024);
    EXPECT_EQ(result("range", "range", "bf16_per_binade").count, 128);
}

#ifdef __FLT16_MAX__
TEST(LessonRange, OneValueInFourFormats) {
    EXPECT_EQ(result("range", "big", "fp16").bits, 0x7c00u); // 70000 overflows FP16
    EXPECT_EQ(toValue(result("range", "big", "bf16")), 70144.0);
    EXPECT_EQ(toValue(result("range", "big", "tf32")), 70016.0);
    EXPECT_EQ(result("range", "big", "fp32").bits, bitsOf(70000.0f));
    EXPECT_EQ(result("range", "small", "fp16").bits, halfBits(Half(1e-8f)));
    EXPECT_EQ(result("range", "small", "fp16").bits, 0u);
    EXPECT_NE(toValue(result("range", "small", "bf16")), 0.0);
    // The myth step: 4096 x 16 in an FP16 tensor is inf, in a BF16 tensor 65536.
    EXPECT_EQ(result("range", "fp16sum", "stored_sum").bits, 0x7c00u);
    EXPECT_EQ(toValue(result("range", "bf16sum", "stored_sum")), 65536.0);
}
#endif

// ---- Lesson 3: overflow ---------------------------------------------------------------------------------

#ifdef __FLT16_MAX__
TEST(LessonOverflow, SumOf4096Sixteens) {
    // PyTorch: FP32 accumulator, result stored in FP16.
    float acc = 0;
    for (int i = 0; i < 4096; ++i) acc += 16.0f;
    EXPECT_EQ(result("overflow", "sum", "accumulator_sum").bits, bitsOf(acc));
    EXPECT_EQ(toValue(result("overflow", "sum", "accumulator_sum")), 65536.0);
    const Quantity& stored = result("overflow", "sum", "stored_sum");
    EXPECT_EQ(stored.bits, halfBits(Half(acc)));
    EXPECT_EQ(stored.bits, 0x7c00u);
    ASSERT_TRUE(stored.flags.has_value());
    EXPECT_TRUE(*stored.flags & kOverflow);
    EXPECT_EQ(valueText(stored), "inf");
}

TEST(LessonOverflow, NaiveRunningSumStallsAt32768) {
    Half s = 0;
    int stall = 0;
    for (int i = 1; i <= 4096; ++i) {
        const Half next = addHalf(s, Half(16));
        if (stall == 0 && halfBits(next) == halfBits(s)) stall = i;
        s = next;
    }
    EXPECT_EQ(result("overflow", "sum", "naive_sum").bits, halfBits(s));
    EXPECT_EQ(valueText(result("overflow", "sum", "naive_sum")), "32768.0");
    EXPECT_EQ(result("overflow", "sum", "stall_step").count, stall);
    EXPECT_EQ(result("overflow", "sum", "stall_step").count, 2049);
    EXPECT_EQ(toValue(result("overflow", "sum", "spacing_at_stall")), 32.0);
    EXPECT_EQ(toValue(result("overflow", "sum", "next_above_stall")), 32800.0);
}

TEST(LessonOverflow, RoundingNextToTheLargestValue) {
    EXPECT_EQ(result("overflow", "edge", "x1").bits, 0x7bffu);                  // 65504
    EXPECT_EQ(result("overflow", "edge", "x2").bits, halfBits(Half(65519.0f))); // 65519 -> 65504
    EXPECT_EQ(result("overflow", "edge", "x2").bits, 0x7bffu);
    EXPECT_EQ(result("overflow", "edge", "x3").bits, halfBits(Half(65520.0f))); // 65520 -> inf
    EXPECT_EQ(result("overflow", "edge", "x3").bits, 0x7c00u);
    EXPECT_EQ(result("overflow", "edge", "overflow_threshold").real, 65520.0);
    EXPECT_EQ(result("overflow", "edge_rtz", "x2").bits, 0x7bffu); // toward zero: 70000 -> 65504
    EXPECT_EQ(toValue(result("overflow", "scaled", "stored_sum")), 1024.0);
}
#endif

// ---- Lesson 4: underflow and swamping -----------------------------------------------------------------------

#ifdef __FLT16_MAX__
TEST(LessonSwamping, SmallAddendsAreLost) {
    EXPECT_EQ(result("swamping", "tiny", "fp16").bits, halfBits(addHalf(Half(1.0f), Half(std::ldexp(1.0f, -24)))));
    EXPECT_EQ(result("swamping", "tiny", "fp16").bits, 0x3c00u);
    EXPECT_EQ(result("swamping", "tiny", "fp16_b").bits, 0x0001u);
    volatile float one = 1.0f, tiny = std::ldexp(1.0f, -24);
    EXPECT_EQ(result("swamping", "tiny", "fp32").bits, bitsOf(one + tiny)); // a tie in FP32 too
    EXPECT_EQ(result("swamping", "small", "fp16").bits, 0x3c00u);
    volatile float update = 0.0001f;
    const float sum = one + update;
    EXPECT_EQ(result("swamping", "small", "fp32").bits, bitsOf(sum));
    EXPECT_EQ(result("swamping", "small", "fp32").bits, 0x3f800347u);
    EXPECT_EQ(quantityView(result("swamping", "small", "fp32"), "exact", Language::English),
              "1.00010001659393310546875");
}
#endif

TEST(LessonSwamping, UpdateThresholdIsTwoToTheMinus11) {
    EXPECT_EQ(toValue(result("swamping", "threshold", "half_ulp")), std::ldexp(1.0, -11));
    EXPECT_EQ(toValue(result("swamping", "threshold", "largest_lost")), std::ldexp(1.0, -11));
    EXPECT_EQ(toValue(result("swamping", "threshold", "smallest_kept")), std::ldexp(1.0, -11) + std::ldexp(1.0, -21));
    EXPECT_EQ(result("swamping", "threshold", "threshold_log2").count, -11);
}

#ifdef __FLT16_MAX__
TEST(LessonSwamping, MasterWeightsKeepTheUpdates) {
    const Half u = Half(0.0001f);
    Half w16 = 1;
    float master = 1;
    for (int i = 0; i < 1000; ++i) {
        w16 = addHalf(w16, u);
        volatile float next = master + float(u);
        master = next;
    }
    EXPECT_EQ(result("swamping", "master", "low_weight").bits, halfBits(w16));
    EXPECT_EQ(result("swamping", "master", "master_weight").bits, bitsOf(master));
    EXPECT_EQ(result("swamping", "master", "low_copy").bits, halfBits(Half(master)));
}

TEST(LessonSwamping, UnderflowAndFlushToZero) {
    EXPECT_EQ(result("swamping", "under", "last_nonzero").bits, 0x0001u);     // 2^-24
    EXPECT_EQ(result("swamping", "under", "last_nonzero_ftz").bits, 0x0400u); // 2^-14
    EXPECT_EQ(result("swamping", "under", "square").bits, 0x0001u);           // 2^-12 * 2^-12 = 2^-24
    EXPECT_EQ(result("swamping", "under", "square_ftz").bits, 0x0000u);
    EXPECT_EQ(result("swamping", "under", "gradient").bits, halfBits(Half(1e-8f)));
    EXPECT_EQ(result("swamping", "under", "scaled_gradient").bits, halfBits(Half(1e-8 * 65536.0)));
    EXPECT_EQ(result("swamping", "edge", "x2").bits, 0x0000u); // 2^-25: a tie, to even zero
    EXPECT_EQ(result("swamping", "edge", "x3").bits, 0x0001u); // 3 * 2^-26 rounds up to 2^-24
}
#endif

// ---- Lesson 5: accumulation -------------------------------------------------------------------------------

#ifdef __FLT16_MAX__
TEST(LessonAccumulation, TheFourLoopsOfTheCs336Answers) {
    float high = 0, mixed = 0;
    Half low = 0;
    const Half addendLow = Half(0.01f);
    double worst = 0; // the FP16 sum's largest error against i/100, in exact steps: (100·s − i)/100
    int worstStep = 0;
    for (int i = 0; i < 1000; ++i) {
        volatile float h = high + 0.01f;
        high = h;
        low = addHalf(low, addendLow);
        if (const double e = (100.0 * double(low) - (i + 1)) / 100.0; std::abs(e) > std::abs(worst)) {
            worst = e;
            worstStep = i + 1;
        }
        volatile float m = mixed + float(addendLow);
        mixed = m;
    }
    EXPECT_EQ(result("accumulation", "acc", "high").bits, bitsOf(high));
    EXPECT_EQ(result("accumulation", "acc", "high").bits, 0x4120008cu);
    EXPECT_EQ(valueText(result("accumulation", "acc", "high")), "10.000133514404296875"); // exact
    EXPECT_EQ(result("accumulation", "acc", "low").bits, halfBits(low));
    EXPECT_EQ(result("accumulation", "acc", "low").bits, 0x48fau);
    EXPECT_EQ(valueText(result("accumulation", "acc", "low")), "9.953125");
    EXPECT_EQ(result("accumulation", "acc", "mixed").bits, bitsOf(mixed));
    EXPECT_EQ(result("accumulation", "acc", "mixed").bits, 0x412008c0u);
    EXPECT_EQ(valueText(result("accumulation", "acc", "mixed")), "10.00213623046875");
    EXPECT_EQ(result("accumulation", "acc", "mixed_cast").bits, result("accumulation", "acc", "mixed").bits);
    EXPECT_EQ(result("accumulation", "acc", "exact_low").real, 1000.0 * double(addendLow));
    EXPECT_EQ(result("accumulation", "acc", "low_worst_error").real, worst);
    EXPECT_EQ(valueText(result("accumulation", "acc", "low_worst_error")), "0.5021875");
    EXPECT_EQ(result("accumulation", "acc", "low_worst_step").count, worstStep);
}

TEST(LessonAccumulation, FixesCompared) {
    const Half a = Half(0.01f);
    // Kahan summation in FP16, each operation rounded to FP16.
    Half s = 0, c = 0;
    for (int i = 0; i < 1000; ++i) {
        const Half y = subHalf(a, c);
        const Half t = addHalf(s, y);
        c = subHalf(subHalf(t, s), y);
        s = t;
    }
    EXPECT_EQ(result("accumulation", "fixes", "kahan").bits, halfBits(s));
    // Pairwise: halves of 1000 copies, recursively.
    std::function<Half(int)> pairwise = [&](int n) -> Half {
        if (n == 1) return a;
        return addHalf(pairwise(n / 2), pairwise(n - n / 2));
    };
    EXPECT_EQ(result("accumulation", "fixes", "pairwise").bits, halfBits(pairwise(1000)));
    EXPECT_EQ(result("accumulation", "fixes", "wide").bits, 0x412008c0u);
    EXPECT_EQ(result("accumulation", "fixes", "naive").bits, 0x48fau);
    // Stochastic rounding: unbiased, so the mean of the runs is near the exact sum, far nearer than the naive sum.
    const double exact = result("accumulation", "fixes", "exact").real;
    EXPECT_EQ(exact, 1000.0 * double(a));
    EXPECT_LT(std::abs(result("accumulation", "fixes", "stochastic_mean").real - exact), 0.04);
    EXPECT_LT(std::abs(result("accumulation", "fixes", "stochastic_error").real),
              std::abs(result("accumulation", "fixes", "naive_error").real));
}
#endif

TEST(LessonAccumulation, StochasticRoundingIsReproducibleFromItsSeed) {
    const ParamList params = {{"seed", "7"}, {"runs", "1"}};
    const ExperimentOutcome a = runExperiment("accumulate_fixes", params);
    const ExperimentOutcome b = runExperiment("accumulate_fixes", params);
    ASSERT_TRUE(a.result && b.result) << a.error << b.error;
    EXPECT_EQ(a.result->find("stochastic")->bits, b.result->find("stochastic")->bits);
}

// ---- Lesson 6: rounding ------------------------------------------------------------------------------------

#ifdef __FLT16_MAX__
TEST(LessonRounding, ModesAndTies) {
    EXPECT_EQ(result("rounding", "tenth", "rne").bits, halfBits(Half(0.1)));
    EXPECT_EQ(result("rounding", "tenth", "rtz").bits, 0x2e66u);
    EXPECT_EQ(result("rounding", "tenth", "rup").bits, 0x2e67u);
    EXPECT_EQ(result("rounding", "neg", "rdn").bits, 0xae67u);
    EXPECT_EQ(result("rounding", "neg", "rtz").bits, 0xae66u);
    EXPECT_EQ(toValue(result("rounding", "tie", "rne")), 2048.0);
    EXPECT_EQ(toValue(result("rounding", "tie", "rna")), 2050.0);
    EXPECT_EQ(toValue(result("rounding", "tie", "rto")), 2050.0);
    EXPECT_EQ(toValue(result("rounding", "tie2", "rne")), 2052.0);
    EXPECT_EQ(result("rounding", "tie2", "rne").bits, halfBits(Half(2051.0f)));
}
#endif

TEST(LessonRounding, RoundToOddAvoidsDoubleRounding) {
    EXPECT_EQ(result("rounding", "double", "direct").bits, 0x3c01u);
    EXPECT_EQ(result("rounding", "double", "via_rne").bits, 0x3c00u);
    EXPECT_EQ(result("rounding", "double", "via_rto").bits, 0x3c01u);
    EXPECT_EQ(result("rounding", "double", "mid_rto").bits, 0x3f801001u);
}

// TF32 conversions written out on FP32 bits: truncate, ties away, ties to even (13 low bits dropped).
std::uint32_t tf32Truncate(std::uint32_t f) { return f & ~0x1fffu; }
std::uint32_t tf32TiesAway(std::uint32_t f) { return (f + 0x1000u) & ~0x1fffu; }
std::uint32_t tf32TiesEven(std::uint32_t f) { return (f + 0xfffu + ((f >> 13) & 1)) & ~0x1fffu; }
// TF32's own 19-bit encoding placed in the top of an FP32 word.
std::uint64_t tf32ToFp32Container(std::uint64_t tf32Bits) { return tf32Bits << 13; }

TEST(LessonRounding, Tf32ConversionsDiffer) {
    for (const char* block : {"tf32tie", "tf32up"}) {
        const float x = std::string(block) == "tf32tie" ? 1.00048828125f : 1.000732421875f;
        const std::uint32_t f = bitsOf(x);
        EXPECT_EQ(tf32ToFp32Container(result("rounding", block, "rtz").bits), tf32Truncate(f)) << block;
        EXPECT_EQ(tf32ToFp32Container(result("rounding", block, "rna").bits), tf32TiesAway(f)) << block;
        EXPECT_EQ(tf32ToFp32Container(result("rounding", block, "rne").bits), tf32TiesEven(f)) << block;
    }
    EXPECT_NE(result("rounding", "tf32tie", "rna").bits, result("rounding", "tf32tie", "rne").bits);
}

#ifdef __FLT16_MAX__
TEST(LessonRounding, StochasticRoundingKeepsTinyUpdates) {
    EXPECT_EQ(result("rounding", "sr", "nearest").bits, 0x3c00u);
    const double exact = result("rounding", "sr", "exact").real;
    EXPECT_EQ(exact, 1.0 + 1000.0 * double(Half(0.0001f)));
    // 100 runs: the standard deviation of the mean is about 0.003; allow 0.02.
    EXPECT_NEAR(result("rounding", "sr", "stochastic_mean").real, exact, 0.02);
    EXPECT_EQ(result("rounding", "sr", "up_probability").real, double(Half(0.0001f)) / std::ldexp(1.0, -10));
    EXPECT_NEAR(result("rounding", "tenth", "sr_frequency").real, result("rounding", "tenth", "sr_probability").real,
                0.02);
}
#endif

// ---- Lesson 7: memory --------------------------------------------------------------------------------------

// GPT-2 small counted in closed form: V*d + T*d embeddings, per block 12d^2 + 13d, final norm 2d;
// buffers: a T*T bool mask and one scalar per block.
struct Gpt2Count {
    std::int64_t V = 50257, T = 1024, L = 12, d = 768;
    std::int64_t params() const { return V * d + T * d + L * (12 * d * d + 13 * d) + 2 * d; }
    std::int64_t blockLinearWeights() const { return L * (3 * d * d + d * d + 4 * d * d + 4 * d * d); }
    std::int64_t bytes(int paramBytes) const { return params() * paramBytes + L * (T * T + paramBytes); }
};

TEST(LessonMemory, SixteenBytesPerParameter) {
    EXPECT_EQ(result("memory", "fp32", "bytes_per_param").count, 16);
    EXPECT_EQ(result("memory", "fp32", "weights").count, 4);
    EXPECT_EQ(result("memory", "fp32", "gradients").count, 4);
    EXPECT_EQ(result("memory", "fp32", "optimizer").count, 8);
    EXPECT_EQ(result("memory", "mixed", "bytes_per_param").count, 16);
    EXPECT_EQ(result("memory", "mixed", "master").count, 4);
    EXPECT_EQ(result("memory", "mixed", "weights").count, 2);
    EXPECT_EQ(result("memory", "mixed", "gradients").count, 2);
    EXPECT_EQ(result("memory", "mixed", "optimizer").count, 8);
    EXPECT_EQ(result("memory", "fp32", "total_bytes").count, 16 * Gpt2Count{}.params());
    EXPECT_EQ(result("memory", "adam8", "bytes_per_param").count, 10);
}

TEST(LessonMemory, Gpt2FootprintAsHuggingFacePrintsIt) {
    const Gpt2Count g;
    EXPECT_EQ(g.params(), 124439808);
    EXPECT_EQ(result("memory", "gpt2", "parameters").count, g.params());
    EXPECT_EQ(result("memory", "gpt2", "total_bytes").count, g.bytes(4));
    // The digits printed by model.get_memory_footprint() / (1024**2) in the notes.
    EXPECT_EQ(valueText(result("memory", "gpt2", "mib")), "486.7002410888672");
    EXPECT_EQ(valueText(result("memory", "gpt2", "mib_fp16")), "249.3501205444336");
    EXPECT_EQ(valueText(result("memory", "int8", "mib")), "168.3501205444336");
    EXPECT_EQ(result("memory", "gpt2", "mib").real, double(g.bytes(4)) / 1048576.0);
    EXPECT_EQ(result("memory", "gpt2", "mib_fp16").real, double(g.bytes(2)) / 1048576.0);
    EXPECT_EQ(result("memory", "int8", "mib").real, double(g.bytes(2) - g.blockLinearWeights()) / 1048576.0);
    EXPECT_EQ(result("memory", "int8", "int8_weights").count, g.blockLinearWeights());
    EXPECT_EQ(valueText(result("memory", "int8", "int8_saving_mib")), "81.0");
    // Without mlp.c_proj in INT8 the printed figure is not reproduced.
    EXPECT_NE(valueText(result("memory", "int8_partial", "mib")), "168.3501205444336");
}

TEST(LessonMemory, FootprintNeedsTheBuffers) {
    const ExperimentOutcome noBuffers = runExperiment("gpt2_footprint",
                                                      {{"mask_buffers", "false"}, {"masked_bias", "false"}});
    ASSERT_TRUE(noBuffers.result) << noBuffers.error;
    EXPECT_NE(valueText(*noBuffers.result->find("mib")), "486.7002410888672");
    EXPECT_EQ(noBuffers.result->find("total_bytes")->count, 4 * Gpt2Count{}.params());
}

} // namespace
} // namespace fplab::lessons::test
