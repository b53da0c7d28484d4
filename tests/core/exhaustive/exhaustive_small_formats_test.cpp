// Exhaustive checks of the 8-, 6- and 4-bit formats against MPFR: every pair of operands for
// add/sub/mul/div (every triple for FP6/FP4 fma), every operand for sqrt, roundToIntegral and every
// conversion out of the format, in every deterministic mode, tininess before/after, saturating or not.
#include "tests/core/verify_support.h"

#include <gtest/gtest.h>

namespace fplab::verify {
namespace {

using oracle::MismatchLog;

const Format* const kSmallFormats[] = {&kE4m3, &kE5m2, &kE4m3Fnuz, &kE5m2Fnuz, &kE2m3, &kE3m2, &kE2m1};

struct PairCase {
    const Format* format;
    Op op;
};

class ExhaustivePairs : public ::testing::TestWithParam<PairCase> {};

TEST_P(ExhaustivePairs, EveryPairInEveryModeMatchesMpfr) {
    const Format& f = *GetParam().format;
    const Op op = GetParam().op;
    const std::uint64_t n = std::uint64_t{1} << f.totalBits();
    MismatchLog log(std::string("exhaustive ") + std::string(f.name()) + " " + opName(op));
    for (const Env& env : allEnvironments())
        for (std::uint64_t a = 0; a < n; ++a)
            for (std::uint64_t b = 0; b < n; ++b) checkOp(log, op, f, a, b, 0, env);
    expectClean(log);
    EXPECT_EQ(log.cases(), n * n * allEnvironments().size());
}

std::vector<PairCase> pairCases() {
    std::vector<PairCase> cases;
    for (const Format* f : kSmallFormats)
        for (Op op : kBinaryOps) cases.push_back({f, op});
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Small, ExhaustivePairs, ::testing::ValuesIn(pairCases()),
                         [](const ::testing::TestParamInfo<PairCase>& info) {
                             return testName(*info.param.format) + "_" + opName(info.param.op);
                         });

class ExhaustiveFmaTriples : public ::testing::TestWithParam<const Format*> {};

TEST_P(ExhaustiveFmaTriples, EveryTripleInEveryModeMatchesMpfr) {
    const Format& f = *GetParam();
    const std::uint64_t n = std::uint64_t{1} << f.totalBits();
    MismatchLog log(std::string("exhaustive ") + std::string(f.name()) + " fma");
    for (const Env& env : allEnvironments())
        for (std::uint64_t a = 0; a < n; ++a)
            for (std::uint64_t b = 0; b < n; ++b)
                for (std::uint64_t c = 0; c < n; ++c) checkOp(log, Op::Fma, f, a, b, c, env);
    expectClean(log);
}

INSTANTIATE_TEST_SUITE_P(Fp6Fp4, ExhaustiveFmaTriples, ::testing::Values(&kE2m3, &kE3m2, &kE2m1),
                         [](const ::testing::TestParamInfo<const Format*>& info) { return testName(*info.param); });

// FP8 fma: 2^24 triples are too many for CI; a weighted sample per mode instead.
class SampledFp8Fma : public ::testing::TestWithParam<const Format*> {};

TEST_P(SampledFp8Fma, WeightedSampleInEveryModeMatchesMpfr) {
    const Format& f = *GetParam();
    const std::uint64_t cases = oracle::sampledCases(200000) / 2;
    MismatchLog log(std::string("sampled ") + std::string(f.name()) + " fma");
    int seed = 0;
    for (const Env& env : allEnvironments()) {
        oracle::CaseGenerator gen(f, 0xF8F3A000u + unsigned(seed++));
        for (std::uint64_t i = 0; i < cases; ++i) {
            const auto x = gen.fmaOperands();
            checkOp(log, Op::Fma, f, x[0], x[1], x[2], env);
        }
    }
    expectClean(log);
}

INSTANTIATE_TEST_SUITE_P(Fp8, SampledFp8Fma, ::testing::Values(&kE4m3, &kE5m2, &kE4m3Fnuz, &kE5m2Fnuz),
                         [](const ::testing::TestParamInfo<const Format*>& info) { return testName(*info.param); });

// Single-operand operations: sqrt, roundToIntegral(Exact), and conversion to every preset format.
class ExhaustiveUnary : public ::testing::TestWithParam<const Format*> {};

TEST_P(ExhaustiveUnary, SqrtRoundToIntegralAndConversionsMatchMpfr) {
    const Format& f = *GetParam();
    const std::uint64_t n = std::uint64_t{1} << f.totalBits();
    MismatchLog log(std::string("exhaustive unary ") + std::string(f.name()));
    for (const Env& env : allEnvironments())
        for (std::uint64_t a = 0; a < n; ++a) {
            checkOp(log, Op::Sqrt, f, a, 0, 0, env);
            if (f.hasZero)
                for (bool exact : {false, true})
                    log.compare(f, oracle::referenceRoundToIntegral(f, a, env, exact),
                                roundToIntegral(f, a, env, exact), exact ? "roundToIntegralExact" : "roundToIntegral",
                                f, {a}, env);
            for (const Format* to : kPresetFormats)
                log.compare(*to, oracle::referenceConvert(f, a, *to, env), convert(f, a, *to, env),
                            std::string("convert to ") + std::string(to->name()), f, {a}, env);
        }
    expectClean(log);
}

INSTANTIATE_TEST_SUITE_P(Small, ExhaustiveUnary,
                         ::testing::Values(&kE4m3, &kE5m2, &kE4m3Fnuz, &kE5m2Fnuz, &kE2m3, &kE3m2, &kE2m1, &kE8m0),
                         [](const ::testing::TestParamInfo<const Format*>& info) { return testName(*info.param); });

} // namespace
} // namespace fplab::verify
