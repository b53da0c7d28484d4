// EmulatedOps' fast paths (binary64 arithmetic rounded once, core/training/transformer/double_rounding.h)
// against the same operations with the fast paths forced off, where the soft-float core computes every step:
// results, per-tensor flags and the first-overflow report, on random operands from the subnormal range to
// overflow with ties, zeros, infinities and NaNs, on FP16 exhaustively against a slice, and on whole
// training runs.
#include "core/training/transformer/format_bits.h"
#include "core/training/transformer/transformer_run.h"
#include "tests/training/random_format_bits.h"
#include "tests/training/span_cases.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace fplab::training {
namespace {

const Format& formatFor(FormatId f) { return emulatedFormat(f); }

float asFloat(FormatId f, std::uint64_t bits) { return floatOf(f, bits); }

void expectSameReports(const EmulatedOps& fast, const EmulatedOps& core, const std::string& where) {
    ASSERT_EQ(fast.tensorFlags().size(), core.tensorFlags().size()) << where;
    for (std::size_t t = 0; t < core.tensorFlags().size(); ++t)
        ASSERT_EQ(fast.tensorFlags()[t].flags, core.tensorFlags()[t].flags) << where << " tensor " << t;
    ASSERT_EQ(fast.firstOverflow().has_value(), core.firstOverflow().has_value()) << where;
    if (!core.firstOverflow()) return;
    const OverflowReport &a = *fast.firstOverflow(), &b = *core.firstOverflow();
    EXPECT_EQ(a.site.tensor, b.site.tensor) << where;
    EXPECT_EQ(a.operation, b.operation) << where;
    EXPECT_EQ(a.element, b.element) << where;
    EXPECT_EQ(a.operands, b.operands) << where;
    EXPECT_EQ(a.result, b.result) << where;
    EXPECT_EQ(a.flags, b.flags) << where;
}

void expectSameBits(const std::vector<float>& fast, const std::vector<float>& core, const std::string& where) {
    for (std::size_t e = 0; e < core.size(); ++e)
        ASSERT_EQ(std::bit_cast<std::uint32_t>(fast[e]), std::bit_cast<std::uint32_t>(core[e])) << where << " " << e;
}

class FastMatmul : public ::testing::TestWithParam<FormatId> {};

struct MatmulCounts {
    std::int64_t fmas = 0;
    int overflowReports = 0, reportless = 0;
};

// Random matmuls of every shape the lanes meet (partial blocks of rows and columns, the causal mask), operands
// rounded to `input` and summed in `accumulate`, each against the core alone. rawOperands: arbitrary floats,
// which the matmul's casts round to `input` first (ties, overflow, subnormals of the casts).
MatmulCounts expectRandomMatmulsMatch(FormatId input, FormatId accumulate, bool rawOperands, int trials) {
    const Format& f = formatFor(input);
    std::mt19937_64 rng(23 + int(input) * 7 + int(accumulate));
    MatmulCounts counts;
    for (int trial = 0; trial < trials; ++trial) {
        const int m = 1 + int(rng() % 9), k = 1 + int(rng() % 24), n = 1 + int(rng() % 20);
        const bool extreme = trial % 4 == 0, lowerOnly = trial % 5 == 0;
        auto operand = [&] {
            if (rawOperands && trial % 2 == 0) return asFloat(FormatId::Fp32, randomBits(kFp32, rng));
            return asFloat(input, extreme ? randomBits(f, rng) : moderateBits(f, rng));
        };
        std::vector<float> a(std::size_t(m) * k), b(std::size_t(k) * n);
        for (float& x : a) x = operand();
        for (float& x : b) x = operand();
        std::vector<float> fastC(std::size_t(m) * n, -1.0f), lanesC(fastC), coreC(fastC);
        // lanes: FP16 on the binary64 lanes, where fast runs on the host's FP16 fma if the CPU has one.
        EmulatedOps fast, lanes, core;
        lanes.useHostHalfMatmul(false);
        core.useFastPaths(false);
        for (EmulatedOps* ops : {&fast, &lanes, &core}) {
            ops->at(Pass::Forward, 0, "c");
            ops->matmul(input, accumulate, {a.data(), k, 1}, {b.data(), n, 1}, m, k, n,
                        (ops == &fast    ? fastC
                         : ops == &lanes ? lanesC
                                         : coreC)
                            .data(),
                        n, lowerOnly, 7);
        }
        const std::string where = "trial " + std::to_string(trial);
        expectSameBits(fastC, coreC, where);
        expectSameReports(fast, core, where);
        expectSameBits(lanesC, coreC, where + " (lanes)");
        expectSameReports(lanes, core, where + " (lanes)");
        if (::testing::Test::HasFailure()) return counts;
        counts.fmas += std::int64_t(m) * k * n;
        counts.overflowReports += core.firstOverflow() ? 1 : 0;
        counts.reportless += core.firstOverflow() ? 0 : 1;
    }
    return counts;
}

// About 4 million fused multiply-adds per format.
TEST_P(FastMatmul, MatchesTheCoreOnRandomOperands) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    const MatmulCounts counts = expectRandomMatmulsMatch(GetParam(), GetParam(), false, 10000);
    EXPECT_GT(counts.fmas, 1'000'000);
    EXPECT_GT(counts.overflowReports, 500); // the reports and the recomputed blocks were exercised
    EXPECT_GT(counts.reportless, 1500);
}

// Arbitrary floats into a matmul whose input and accumulation formats are the same: the operands that are numbers of
// the format are taken as they are, the others rounded by the casts, as on the core.
TEST_P(FastMatmul, MatchesTheCoreOnUnroundedOperands) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    const MatmulCounts counts = expectRandomMatmulsMatch(GetParam(), GetParam(), true, 3000);
    EXPECT_GT(counts.fmas, 300'000);
}

// FP32 accumulation of FP16, BF16 and FP32 operands (the autocast presets; the host's float fmas), the
// operands given as arbitrary floats half the time, so that the casts round, overflow and meet ties.
TEST_P(FastMatmul, AccumulatesInFp32LikeTheCore) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    const MatmulCounts counts = expectRandomMatmulsMatch(GetParam(), FormatId::Fp32, true, 10000);
    EXPECT_GT(counts.fmas, 1'000'000);
    EXPECT_GT(counts.overflowReports, 500);
    EXPECT_GT(counts.reportless, 1500);
}

// One planted overflow, invalid operation, underflow or NaN in an FP32 matmul of ordinary values: the fast
// path's result, flags and first-overflow report are the core's, element and operands included.
TEST(FastMatmul, PlantedExceptionsInFp32) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    constexpr int m = 9, k = 20, n = 35;
    struct Plant {
        float a, b;
        Flags expected; // a flag the planted fma must raise in the core
    };
    const Plant plants[] = {
        {0x1p100f, 0x1p100f, kOverflow},
        {std::numeric_limits<float>::infinity(), 0.0f, kInvalid},
        {0x1.000002p-75f, 0x1.000002p-75f, kUnderflow}, // the row's other products are zero: a tiny sum
        {std::numeric_limits<float>::quiet_NaN(), 1.0f, 0},
    };
    std::mt19937_64 rng(99);
    for (const Plant& plant : plants) {
        std::vector<float> a(std::size_t(m) * k), b(std::size_t(k) * n);
        std::uniform_real_distribution<float> ordinary(-2.0f, 2.0f);
        for (float& x : a) x = ordinary(rng);
        for (float& x : b) x = ordinary(rng);
        if (plant.expected == kUnderflow) // row 6 zero but for the planted product
            for (int p = 0; p < k; ++p) a[std::size_t(6) * k + p] = 0.0f;
        a[std::size_t(6) * k + 11] = plant.a;
        b[std::size_t(11) * n + 21] = plant.b;
        std::vector<float> fastC(std::size_t(m) * n), coreC(fastC.size());
        EmulatedOps fast, core;
        core.useFastPaths(false);
        for (EmulatedOps* ops : {&fast, &core}) {
            ops->at(Pass::Backward, 1, "planted");
            ops->matmul(FormatId::Fp32, FormatId::Fp32, {a.data(), k, 1}, {b.data(), n, 1}, m, k, n,
                        (ops == &fast ? fastC : coreC).data(), n);
        }
        const std::string where = "plant " + std::to_string(int(plant.expected));
        expectSameBits(fastC, coreC, where);
        expectSameReports(fast, core, where);
        EXPECT_EQ(core.tensorFlags()[0].flags & plant.expected, plant.expected) << where;
        if (plant.expected & (kOverflow | kInvalid)) {
            ASSERT_TRUE(core.firstOverflow().has_value()) << where;
            EXPECT_EQ(core.firstOverflow()->element, std::size_t(6) * n + 21) << where;
        }
        if (plant.expected == 0) {
            EXPECT_TRUE(std::isnan(fastC[std::size_t(6) * n + 21])) << where;
        }
    }
}

// Every FP16 value a against a slice of b and of running sums s: c = fma(a, b, s), as the second step of a
// dot product whose first step, s * 1 + 0, is exact.
TEST(FastMatmul, Fp16IsExhaustiveOverASlice) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    std::mt19937_64 rng(16);
    constexpr int kB = 16;
    for (int slice = 0; slice < 6; ++slice) {
        const float s = asFloat(FormatId::Fp16, randomBits(kFp16, rng) & 0x7BFF); // finite
        std::vector<float> a(std::size_t(65536) * 2), b(std::size_t(2) * kB);
        for (std::uint32_t bits = 0; bits < 65536; ++bits) {
            a[std::size_t(bits) * 2] = s;
            a[std::size_t(bits) * 2 + 1] = asFloat(FormatId::Fp16, bits);
        }
        for (int j = 0; j < kB; ++j) {
            b[std::size_t(j)] = 1.0f;
            b[std::size_t(kB + j)] = asFloat(FormatId::Fp16, moderateBits(kFp16, rng));
        }
        std::vector<float> fastC(std::size_t(65536) * kB), lanesC(fastC.size()), coreC(fastC.size());
        EmulatedOps fast, lanes, core; // lanes: never the host's FP16 fma
        lanes.useHostHalfMatmul(false);
        core.useFastPaths(false);
        for (EmulatedOps* ops : {&fast, &lanes, &core}) {
            ops->at(Pass::Forward, 0, "c");
            ops->matmul(FormatId::Fp16, FormatId::Fp16, {a.data(), 2, 1}, {b.data(), kB, 1}, 65536, 2, kB,
                        (ops == &fast    ? fastC
                         : ops == &lanes ? lanesC
                                         : coreC)
                            .data(),
                        kB);
        }
        expectSameBits(fastC, coreC, "slice " + std::to_string(slice));
        expectSameReports(fast, core, "slice " + std::to_string(slice));
        expectSameBits(lanesC, coreC, "slice " + std::to_string(slice) + " (lanes)");
        expectSameReports(lanes, core, "slice " + std::to_string(slice) + " (lanes)");
    }
}

INSTANTIATE_TEST_SUITE_P(Formats, FastMatmul, ::testing::Values(FormatId::Fp32, FormatId::Fp16, FormatId::Bf16),
                         [](const auto& info) { return std::string(formatFor(info.param).name()); });

// One element-wise operation on the fast path and on the core alone: the same bits, flags and report.
class ElementwiseCheck {
public:
    ElementwiseCheck() { m_core.useFastPaths(false); }
    void expectSame(ElementwiseKind kind, FormatId f, float a, float b, float c) {
        const float fast = apply(m_fast, kind, f, a, b, c), core = apply(m_core, kind, f, a, b, c);
        ++m_count;
        if (std::bit_cast<std::uint32_t>(fast) == std::bit_cast<std::uint32_t>(core) &&
            m_fast.tensorFlags()[0].flags == m_core.tensorFlags()[0].flags &&
            m_fast.firstOverflow().has_value() == m_core.firstOverflow().has_value() &&
            (!m_core.firstOverflow() || (m_fast.firstOverflow()->operands == m_core.firstOverflow()->operands &&
                                         m_fast.firstOverflow()->result == m_core.firstOverflow()->result)))
            return;
        ADD_FAILURE() << "operation " << int(kind) << " in " << formatFor(f).name() << " on " << std::hexfloat << a
                      << ", " << b << ", " << c << ": fast " << fast << " flags " << int(m_fast.tensorFlags()[0].flags)
                      << ", core " << core << " flags " << int(m_core.tensorFlags()[0].flags);
    }
    std::int64_t count() const { return m_count; }

private:
    static float apply(EmulatedOps& ops, ElementwiseKind kind, FormatId f, float a, float b, float c) {
        ops.clear();
        ops.at(Pass::Forward, 0, "t");
        switch (kind) {
        case ElementwiseKind::Add: return ops.add(f, a, b, 3, "add");
        case ElementwiseKind::Sub: return ops.sub(f, a, b, 3, "sub");
        case ElementwiseKind::Mul: return ops.mul(f, a, b, 3, "mul");
        case ElementwiseKind::Div: return ops.div(f, a, b, 3, "div");
        case ElementwiseKind::Sqrt: return ops.sqrt(f, a, 3, "sqrt");
        case ElementwiseKind::Fma: return ops.fma(f, a, b, c, 3, "fma");
        case ElementwiseKind::Cast:
            return ops.function(
                f, [](double x) { return std::exp(x); }, a, 3, "exp");
        }
        return 0;
    }
    EmulatedOps m_fast, m_core;
    std::int64_t m_count = 0;
};

constexpr ElementwiseKind kElementwise[] = {ElementwiseKind::Add, ElementwiseKind::Sub,  ElementwiseKind::Mul,
                                            ElementwiseKind::Div, ElementwiseKind::Sqrt, ElementwiseKind::Fma,
                                            ElementwiseKind::Cast};

// A million operand sets per operation and format (the last "operation" is a host function, exp,
// rounded once), F values and arbitrary floats that must be rounded to F first.
TEST_P(FastMatmul, ElementwiseOperationsMatchTheCore) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    const FormatId id = GetParam();
    const Format& f = formatFor(id);
    std::mt19937_64 rng(5);
    ElementwiseCheck check;
    auto operand = [&](int i) {
        if (i % 3 == 2) return asFloat(FormatId::Fp32, randomBits(kFp32, rng)); // rounded to F by the operation
        return asFloat(id, i % 3 == 0 ? randomBits(f, rng) : moderateBits(f, rng));
    };
    for (ElementwiseKind kind : kElementwise)
        for (int i = 0; i < 1000000 && !HasFailure(); ++i)
            check.expectSame(kind, id, operand(i), operand(i), operand(i));
    EXPECT_EQ(check.count(), 7 * 1000000);
}

// castAll against cast() element by element on the core alone: runs of numbers of the format (which castAll skips)
// between floats that need rounding, overflow, infinities and NaNs; also with no tensor named yet.
TEST_P(FastMatmul, CastAllMatchesTheCoreElementByElement) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    const FormatId id = GetParam();
    const Format& f = formatFor(id);
    std::mt19937_64 rng(29);
    int numbers = 0;
    for (int trial = 0; trial < 2000 && !HasFailure(); ++trial) {
        std::vector<float> values(1 + rng() % 300);
        const int rawEvery = 1 + int(rng() % 64);
        for (std::size_t e = 0; e < values.size(); ++e) {
            if (rng() % std::uint64_t(rawEvery) == 0) values[e] = asFloat(FormatId::Fp32, randomBits(kFp32, rng));
            else values[e] = asFloat(id, trial % 3 == 0 ? randomBits(f, rng) : moderateBits(f, rng));
        }
        std::vector<float> fastValues(values), coreValues(values);
        EmulatedOps fast, core;
        core.useFastPaths(false);
        if (trial % 10 != 0) {
            fast.at(Pass::Forward, 0, "y");
            core.at(Pass::Forward, 0, "y");
        }
        fast.castAll(id, fastValues.data(), fastValues.size(), "matmul.output");
        for (std::size_t e = 0; e < values.size(); ++e) coreValues[e] = core.cast(id, values[e], e, "matmul.output");
        const std::string where = "trial " + std::to_string(trial);
        expectSameBits(fastValues, coreValues, where);
        expectSameReports(fast, core, where);
        for (std::size_t e = 0; e < values.size(); ++e)
            numbers += std::bit_cast<std::uint32_t>(values[e]) == std::bit_cast<std::uint32_t>(coreValues[e]);
    }
    EXPECT_GT(numbers, 100'000); // the skipped runs were exercised
}

// The whole-tensor operations against the per-element calls with the fast paths on and against the core alone: the
// same bits, per-tensor flags and first-overflow report (its element inside the span), results in place or not, and
// with no tensor named yet.
TEST_P(FastMatmul, SpanOperationsMatchThePerElementCalls) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    std::mt19937_64 rng(41 + int(GetParam()));
    int reportsInside = 0;
    for (SpanOperation operation : kSpanOperations) {
        for (int trial = 0; trial < 3000 && !HasFailure(); ++trial) {
            const SpanCase s = randomSpanCase(GetParam(), operation, rng);
            EmulatedOps span, perElement, core;
            core.useFastPaths(false);
            if (trial % 10 != 0)
                for (EmulatedOps* ops : {&span, &perElement, &core}) ops->at(Pass::Forward, 0, "y");
            const std::vector<float> spanOut = applySpan(span, s), perElementOut = applyPerElement(perElement, s),
                                     coreOut = applyPerElement(core, s);
            const std::string where = "operation " + std::to_string(int(operation)) + " trial " + std::to_string(trial);
            expectSameBits(spanOut, coreOut, where);
            expectSameReports(span, core, where);
            expectSameBits(spanOut, perElementOut, where);
            expectSameReports(span, perElement, where);
            reportsInside += core.firstOverflow() && core.firstOverflow()->element > s.elementBase;
        }
    }
    EXPECT_GT(reportsInside, 1000); // first overflows after the span's first element were exercised
}

// Every FP16 value as one span, plus and times each of a slice of 24 values (subnormal sums and products, ties,
// overflow inside the span, infinities and NaNs), against the core element by element: bits, flags and report.
TEST(FastElementwise, Fp16SpansAreExhaustiveOverASlice) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    std::mt19937_64 rng(73);
    std::vector<float> every(65536);
    for (std::uint32_t bits = 0; bits < 65536; ++bits) every[bits] = asFloat(FormatId::Fp16, bits);
    int reports = 0;
    for (int j = 0; j < 24 && !HasFailure(); ++j) {
        const float b = asFloat(FormatId::Fp16, j < 12 ? randomBits(kFp16, rng) : moderateBits(kFp16, rng));
        for (SpanOperation operation : {SpanOperation::Add, SpanOperation::MulByScalar}) {
            const SpanCase s{FormatId::Fp16, operation, every, std::vector<float>(every.size(), b), {}, 5, j % 2 == 0};
            EmulatedOps span, core;
            core.useFastPaths(false);
            span.at(Pass::Forward, 0, "y");
            core.at(Pass::Forward, 0, "y");
            const std::string where = "b " + std::to_string(b) + " operation " + std::to_string(int(operation));
            expectSameBits(applySpan(span, s), applyPerElement(core, s), where);
            expectSameReports(span, core, where);
            reports += core.firstOverflow().has_value();
        }
    }
    EXPECT_GT(reports, 12); // a first overflow inside the span (22 of the 48 spans when written)
}

// Every FP16 value against a slice of 24 values, in each element-wise operation.
TEST(FastElementwise, Fp16IsExhaustiveOverASlice) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    std::mt19937_64 rng(61);
    ElementwiseCheck check;
    for (int j = 0; j < 24 && !HasFailure(); ++j) {
        const float b = asFloat(FormatId::Fp16, j < 12 ? randomBits(kFp16, rng) : moderateBits(kFp16, rng));
        const float c = asFloat(FormatId::Fp16, moderateBits(kFp16, rng));
        for (ElementwiseKind kind : kElementwise)
            for (std::uint32_t bits = 0; bits < 65536; ++bits)
                check.expectSame(kind, FormatId::Fp16, asFloat(FormatId::Fp16, bits), b, c);
    }
}

// Training steps with the fast paths on and forced off: the same losses, weights, flags and reports.
struct RunResult {
    std::vector<float> losses;
    std::vector<std::vector<float>> weights;
    std::vector<TensorFlags> flags;
    std::optional<OverflowReport> overflow;
};

RunResult train(const TransformerRunSettings& s, int steps, bool fastPaths) {
    TransformerRun run(s);
    run.useFastPaths(fastPaths);
    RunResult result;
    for (int step = 0; step < steps; ++step) {
        const TransformerStep taken = run.step();
        result.losses.push_back(taken.loss);
        if (taken.overflow && !result.overflow) result.overflow = taken.overflow;
    }
    for (const Parameter& p : run.model().parameters()) result.weights.push_back(p.value);
    result.flags = run.lastStep().tensorFlags();
    return result;
}

void expectSameRuns(const TransformerRunSettings& s, int steps) {
    const RunResult fast = train(s, steps, true), core = train(s, steps, false);
    for (std::size_t i = 0; i < core.losses.size(); ++i)
        ASSERT_EQ(std::bit_cast<std::uint32_t>(fast.losses[i]), std::bit_cast<std::uint32_t>(core.losses[i])) << i;
    for (std::size_t p = 0; p < core.weights.size(); ++p) expectSameBits(fast.weights[p], core.weights[p], "weights");
    ASSERT_EQ(fast.flags.size(), core.flags.size());
    for (std::size_t t = 0; t < core.flags.size(); ++t) {
        EXPECT_EQ(fast.flags[t].site.tensor, core.flags[t].site.tensor);
        EXPECT_EQ(fast.flags[t].flags, core.flags[t].flags) << core.flags[t].site.tensor;
    }
    ASSERT_EQ(fast.overflow.has_value(), core.overflow.has_value());
    if (core.overflow) {
        EXPECT_EQ(fast.overflow->site.tensor, core.overflow->site.tensor);
        EXPECT_EQ(fast.overflow->operation, core.overflow->operation);
        EXPECT_EQ(fast.overflow->element, core.overflow->element);
        EXPECT_EQ(fast.overflow->operands, core.overflow->operands);
        EXPECT_EQ(fast.overflow->result, core.overflow->result);
    }
}

TransformerRunSettings smallRun(TransformerPreset preset) {
    TransformerRunSettings s;
    s.shape.dim = 16;
    s.shape.layers = 1;
    s.batch = 8;
    s.precision = transformerPreset(preset, s.shape.layers);
    return s;
}

TEST(FastPaths, TrainingIsBitIdenticalWithThemForcedOff) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    for (TransformerPreset preset : kAllTransformerPresets) {
        SCOPED_TRACE(int(preset));
        expectSameRuns(smallRun(preset), 6);
    }
    TransformerRunSettings bf16 = smallRun(TransformerPreset::Fp32);
    for (TransformerOp op :
         {TransformerOp::Query, TransformerOp::Key, TransformerOp::Value, TransformerOp::AttentionOutput,
          TransformerOp::MlpUp, TransformerOp::MlpDown, TransformerOp::AttentionScores}) {
        MatmulPrecision& m = bf16.precision.layer.matmul(op);
        m.input = m.accumulate = FormatId::Bf16;
    }
    bf16.precision.logits.input = bf16.precision.logits.accumulate = FormatId::Bf16;
    expectSameRuns(bf16, 6);
}

// The run of docs/training.md that overflows: pure FP16, unshifted softmax, a learning rate far too high.
TEST(FastPaths, AnOverflowingRunReportsTheSameFirstOverflow) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    TransformerRunSettings s = smallRun(TransformerPreset::PureFp16);
    s.precision.layer.softmaxSubtractsMax = false;
    s.learningRate = 0.5f;
    s.batch = 4;
    expectSameRuns(s, 4);
    EXPECT_TRUE(train(s, 4, true).overflow.has_value());
}

TEST(FastPaths, TheSwitchForcesTheCore) {
    EmulatedOps ops;
    EXPECT_EQ(ops.usesFastPaths(), EmulatedOps::fastPathsAvailable());
    ops.useFastPaths(false);
    EXPECT_FALSE(ops.usesFastPaths());
}

} // namespace
} // namespace fplab::training
