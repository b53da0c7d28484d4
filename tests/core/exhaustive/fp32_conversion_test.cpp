// FP32 -> narrower formats against MPFR: every boundary case of each target (exponent
// boundaries, halfway points, overflow and subnormal thresholds, their FP32 neighbours) in every
// environment, plus an odd stride through all 2^32 FP32 bit patterns.
#include "tests/core/boundary_cases.h"
#include "tests/core/verify_support.h"

#include <gtest/gtest.h>

namespace fplab::verify {
namespace {

using oracle::MismatchLog;

const Format* const kTargets[] = {&kFp16, &kBf16, &kTf32, &kE4m3, &kE5m2, &kE4m3Fnuz,
                                  &kE5m2Fnuz, &kE2m3, &kE3m2, &kE2m1, &kE8m0};

// About 200k of the 2^32 patterns; odd, so successive points vary every low mantissa bit.
constexpr std::uint64_t kStride = 21481;

class Fp32Conversion : public ::testing::TestWithParam<const Format*> {};

TEST_P(Fp32Conversion, BoundaryCasesInEveryEnvironmentMatchMpfr) {
    const Format& to = *GetParam();
    const std::vector<std::uint32_t> inputs = fp32BoundaryInputs(to);
    MismatchLog log(std::string("fp32 -> ") + std::string(to.name()) + " boundary cases");
    for (const Env& env : allEnvironments())
        for (std::uint32_t u : inputs)
            log.compare(to, oracle::referenceConvert(kFp32, u, to, env), convert(kFp32, u, to, env), "convert", kFp32, {u},
                        env);
    expectClean(log);
    RecordProperty("boundary_inputs", int(inputs.size()));
    std::printf("fp32 -> %s: %zu boundary inputs x %zu environments\n", std::string(to.name()).c_str(), inputs.size(),
                allEnvironments().size());
}

TEST_P(Fp32Conversion, StrideOverAllBitPatternsMatchesMpfr) {
    const Format& to = *GetParam();
    MismatchLog log(std::string("fp32 -> ") + std::string(to.name()) + " stride");
    std::uint64_t i = 0;
    for (std::uint64_t u = 0; u < (std::uint64_t{1} << 32); u += kStride, ++i)
        for (RoundingMode mode : oracle::kDeterministicModes) {
            Env env;
            env.rounding = mode;
            env.tininess = i % 2 ? Tininess::BeforeRounding : Tininess::AfterRounding;
            env.saturate = i % 3 == 0;
            log.compare(to, oracle::referenceConvert(kFp32, u, to, env), convert(kFp32, u, to, env), "convert", kFp32, {u},
                        env);
        }
    expectClean(log);
}

INSTANTIATE_TEST_SUITE_P(Targets, Fp32Conversion, ::testing::ValuesIn(kTargets),
                         [](const ::testing::TestParamInfo<const Format*>& info) { return testName(*info.param); });

// TF32 also lives inside FP32 containers (low 13 bits zero): the container helpers round-trip.
TEST(Fp32Conversion, Tf32ContainerRoundTrips) {
    MismatchLog log("tf32 container round trip");
    for (std::uint64_t t = 0; t < (std::uint64_t{1} << 19); ++t) {
        const std::uint64_t container = tf32ToFp32Container(t);
        log.check((container & 0x1FFF) == 0 && tf32FromFp32Container(container) == t, [&] { return "tf32 " + std::to_string(t); });
        // Converting the container value (exact in FP32) back to TF32 gives the same encoding, unless NaN.
        const Result r = convert(kFp32, container, kTf32);
        const bool isNan = ((t >> 10) & 0xFF) == 0xFF && (t & 0x3FF) != 0;
        if (!isNan) log.check(r.bits == t && r.flags == 0, [&] { return "convert fp32 container of tf32 " + std::to_string(t); });
    }
    expectClean(log);
}

} // namespace
} // namespace fplab::verify
