// Exhaustive checks of every FP16 and BF16 encoding against MPFR: sqrt, roundToIntegral and the
// conversion to every other preset format, in every deterministic mode, tininess before/after,
// saturating or not.
#include "tests/core/verify_support.h"

#include <gtest/gtest.h>

namespace fplab::verify {
namespace {

using oracle::MismatchLog;

class Exhaustive16BitSqrt : public ::testing::TestWithParam<const Format*> {};

TEST_P(Exhaustive16BitSqrt, EveryValueInEveryModeMatchesMpfr) {
    const Format& f = *GetParam();
    MismatchLog log(std::string("exhaustive ") + std::string(f.name()) + " sqrt and roundToIntegral");
    for (const Env& env : allEnvironments())
        for (std::uint64_t a = 0; a < 0x10000; ++a) {
            checkOp(log, Op::Sqrt, f, a, 0, 0, env);
            log.compare(f, oracle::referenceRoundToIntegral(f, a, env, true), roundToIntegral(f, a, env, true),
                        "roundToIntegralExact", f, {a}, env);
        }
    expectClean(log);
}

INSTANTIATE_TEST_SUITE_P(Sources, Exhaustive16BitSqrt, ::testing::Values(&kFp16, &kBf16),
                         [](const ::testing::TestParamInfo<const Format*>& info) { return testName(*info.param); });

struct ConversionCase {
    const Format* from;
    const Format* to;
};

class Exhaustive16BitConversion : public ::testing::TestWithParam<ConversionCase> {};

TEST_P(Exhaustive16BitConversion, EveryValueInEveryModeMatchesMpfr) {
    const Format& from = *GetParam().from;
    const Format& to = *GetParam().to;
    MismatchLog log(std::string("exhaustive convert ") + std::string(from.name()) + " -> " + std::string(to.name()));
    for (const Env& env : allEnvironments())
        for (std::uint64_t a = 0; a < 0x10000; ++a)
            log.compare(to, oracle::referenceConvert(from, a, to, env), convert(from, a, to, env), "convert", from, {a},
                        env);
    expectClean(log);
    EXPECT_EQ(log.cases(), 0x10000u * allEnvironments().size());
}

std::vector<ConversionCase> conversionCases() {
    std::vector<ConversionCase> cases;
    for (const Format* from : {&kFp16, &kBf16})
        for (const Format* to : kPresetFormats)
            if (to != from) cases.push_back({from, to});
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Presets, Exhaustive16BitConversion, ::testing::ValuesIn(conversionCases()),
                         [](const ::testing::TestParamInfo<ConversionCase>& info) {
                             return testName(*info.param.from) + "_to_" + testName(*info.param.to);
                         });

} // namespace
} // namespace fplab::verify
