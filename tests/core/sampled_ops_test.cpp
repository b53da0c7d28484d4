// Sampled checks against MPFR of add/sub/mul/div/fma/sqrt in FP16, BF16, TF32, FP32, FP64 and in
// user-defined formats: a fixed-seed weighted sample per operation and deterministic mode (ties,
// overflow, subnormals, cancellation, signed zeros, inf, NaN, sNaN), alternating tininess rules.
#include "tests/core/verify_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

namespace fplab::verify {
namespace {

using oracle::MismatchLog;

struct SampledCase {
    Format format;
    Op op;
    std::uint64_t perMode;
};

// What the sample covered, counted from the reference results (ties: cases where nearest-even and
// nearest-away differ, counted over the first kTieSample cases of the nearest-away pass).
constexpr std::uint64_t kTieSample = 200000;
struct Coverage {
    std::uint64_t inexact = 0, underflow = 0, overflow = 0, invalid = 0, divideByZero = 0, zeros = 0, ties = 0;
    void add(const Format& f, const Result& r) {
        inexact += (r.flags & kInexact) != 0;
        underflow += (r.flags & kUnderflow) != 0;
        overflow += (r.flags & kOverflow) != 0;
        invalid += (r.flags & kInvalid) != 0;
        divideByZero += (r.flags & kDivideByZero) != 0;
        zeros += (r.bits & f.magnitudeMask()) == 0;
    }
};

// Runs `perMode` weighted cases for every deterministic mode; every third case uses tininess
// before rounding and every fifth saturates (overflow in formats without infinity).
void runSampled(const Format& f, Op op, std::uint64_t perMode) {
    MismatchLog log(std::string("sampled ") + std::string(f.name()) + " " + opName(op));
    Coverage cover;
    for (RoundingMode mode : oracle::kDeterministicModes) {
        oracle::CaseGenerator gen(f, 0xC0FFEE00u ^ (unsigned(op) << 8) ^ unsigned(mode));
        Env env;
        env.rounding = mode;
        for (std::uint64_t i = 0; i < perMode; ++i) {
            env.tininess = i % 3 == 0 ? Tininess::BeforeRounding : Tininess::AfterRounding;
            env.saturate = i % 5 == 0;
            const auto x = drawOperands(op, gen);
            const Result expected = referenceOp(op, f, x[0], x[1], x[2], env);
            const Result actual = coreOp(op, f, x[0], x[1], x[2], env);
            cover.add(f, expected);
            if (mode == RoundingMode::NearestAway && i < kTieSample) {
                Env even = env;
                even.rounding = RoundingMode::NearestEven;
                cover.ties += referenceOp(op, f, x[0], x[1], x[2], even).bits != expected.bits;
            }
            logCase(log, op, f, expected, actual, x[0], x[1], x[2], env);
        }
    }
    expectClean(log);
    EXPECT_EQ(log.cases(), perMode * std::size(oracle::kDeterministicModes));
    std::printf("%s %s: %llu cases; inexact %llu, underflow %llu, overflow %llu, invalid %llu, divide-by-zero %llu, "
                "zero results %llu, ties (rne != rna) %llu of the first %llu rna cases\n",
                std::string(f.name()).c_str(), opName(op), static_cast<unsigned long long>(log.cases()),
                static_cast<unsigned long long>(cover.inexact), static_cast<unsigned long long>(cover.underflow),
                static_cast<unsigned long long>(cover.overflow), static_cast<unsigned long long>(cover.invalid),
                static_cast<unsigned long long>(cover.divideByZero), static_cast<unsigned long long>(cover.zeros),
                static_cast<unsigned long long>(cover.ties),
                static_cast<unsigned long long>(std::min(perMode, kTieSample)));
}

class SampledStandard : public ::testing::TestWithParam<SampledCase> {};

TEST_P(SampledStandard, WeightedSampleInEveryModeMatchesMpfr) {
    runSampled(GetParam().format, GetParam().op, GetParam().perMode);
}

std::vector<SampledCase> standardCases() {
    std::vector<SampledCase> cases;
    const std::uint64_t perMode = oracle::sampledCases(1000000);
    for (const Format* f : {&kFp16, &kBf16, &kTf32, &kFp32, &kFp64})
        for (Op op : kAllOps) cases.push_back({*f, op, perMode});
    return cases;
}

std::string caseName(const ::testing::TestParamInfo<SampledCase>& info) {
    return testName(info.param.format) + "_" + opName(info.param.op);
}

INSTANTIATE_TEST_SUITE_P(Standard, SampledStandard, ::testing::ValuesIn(standardCases()), caseName);

// User-defined formats take core's generic (runtime-format) path; a smaller sample each.
Format custom(const char* name) {
    const FormatOrError f = parseCustomFormatName(name);
    if (!f.format) throw std::runtime_error(std::string("bad custom format ") + name + ": " + f.error);
    return *f.format;
}

class SampledCustom : public ::testing::TestWithParam<SampledCase> {};

TEST_P(SampledCustom, WeightedSampleInEveryModeMatchesMpfr) {
    runSampled(GetParam().format, GetParam().op, GetParam().perMode);
}

std::vector<SampledCase> customCases() {
    std::vector<SampledCase> cases;
    const std::uint64_t perMode = oracle::sampledCases(1000000) / 10;
    for (const char* name : {"e6m9", "e5m10-nosub", "e4m3-fnuz", "e11m52", "e3m4-finite", "e4m3-fn", "e8m23", "e15m48",
                             "e2m5-nosub-finite", "e5m2-bias=13"})
        for (Op op : kAllOps) cases.push_back({custom(name), op, perMode});
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Custom, SampledCustom, ::testing::ValuesIn(customCases()), caseName);

} // namespace
} // namespace fplab::verify
