// FP32 -> narrower formats against MPFR: every boundary case of each target (exponent
// boundaries, halfway points, overflow and subnormal thresholds, their FP32 neighbours) in every
// environment, plus an odd stride through all 2^32 FP32 bit patterns.
#include "tests/core/boundary_cases.h"
#include "tests/core/verify_support.h"

#include "core/array_round.h"

#include <bit>

#include <gtest/gtest.h>

namespace fplab::verify {
namespace {

using oracle::MismatchLog;

const Format* const kTargets[] = {&kFp16,     &kBf16, &kTf32, &kE4m3, &kE5m2, &kE4m3Fnuz,
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
            log.compare(to, oracle::referenceConvert(kFp32, u, to, env), convert(kFp32, u, to, env), "convert", kFp32,
                        {u}, env);
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
            log.compare(to, oracle::referenceConvert(kFp32, u, to, env), convert(kFp32, u, to, env), "convert", kFp32,
                        {u}, env);
        }
    expectClean(log);
}

// roundFloatArray (core/array_round.h, vectorised for normal results) gives MPFR's results on the same inputs.
TEST_P(Fp32Conversion, ArrayRoundingMatchesMpfr) {
    const Format& to = *GetParam();
    if (!fitsInFloat(to)) GTEST_SKIP() << to.name() << " values are not all floats";
    std::vector<std::uint32_t> inputs = fp32BoundaryInputs(to);
    for (std::uint64_t u = 0; u < (std::uint64_t{1} << 32); u += kStride) inputs.push_back(std::uint32_t(u));
    std::vector<float> in(inputs.size()), out(inputs.size());
    std::vector<Flags> flags(inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) in[i] = std::bit_cast<float>(inputs[i]);
    MismatchLog log(std::string("fp32 array -> ") + std::string(to.name()));
    for (const Env& env : allEnvironments()) {
        roundFloatArray(to, env, in.data(), out.data(), flags.data(), in.size());
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const Result expected = oracle::referenceConvert(kFp32, inputs[i], to, env);
            const Result got{convert(kFp32, std::bit_cast<std::uint32_t>(out[i]), to).bits, flags[i]};
            log.compare(to, expected, got, "array convert", kFp32, {inputs[i]}, env);
        }
    }
    expectClean(log);
}

// Without per-element flags roundFloatArray takes a pass that keeps only the flags OR-ed per block: the values,
// and the flags OR-ed over the array, are MPFR's, into a second array and in place.
TEST_P(Fp32Conversion, ArrayRoundingWithoutPerElementFlagsMatchesMpfr) {
    const Format& to = *GetParam();
    if (!fitsInFloat(to)) GTEST_SKIP() << to.name() << " values are not all floats";
    std::vector<std::uint32_t> inputs = fp32BoundaryInputs(to);
    for (std::uint64_t u = 0; u < (std::uint64_t{1} << 32); u += kStride) inputs.push_back(std::uint32_t(u));
    std::vector<float> in(inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) in[i] = std::bit_cast<float>(inputs[i]);
    MismatchLog log(std::string("fp32 array without flags -> ") + std::string(to.name()));
    constexpr std::size_t kWindow = 61; // the flags OR-ed are checked per window, the values over the array
    for (const Env& env : allEnvironments()) {
        std::vector<float> out(in.size()), inPlace = in;
        const Flags allInPlace = roundFloatArray(to, env, inPlace.data(), inPlace.data(), nullptr, in.size());
        Flags expectedAll = 0, windowExpected = 0;
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (i % kWindow == 0) windowExpected = 0;
            const Result expected = oracle::referenceConvert(kFp32, inputs[i], to, env);
            expectedAll |= expected.flags;
            windowExpected |= expected.flags;
            if (i % kWindow == kWindow - 1 || i + 1 == inputs.size()) {
                const std::size_t start = i - i % kWindow;
                const Flags got = roundFloatArray(to, env, in.data() + start, out.data() + start, nullptr,
                                                  i + 1 - start);
                log.check(got == windowExpected, [&] {
                    return "flags OR-ed over elements " + std::to_string(start) + ".." + std::to_string(i) + ": " +
                           std::to_string(got) + ", expected " + std::to_string(windowExpected);
                });
            }
        }
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const Result expected = oracle::referenceConvert(kFp32, inputs[i], to, env);
            for (const float value : {out[i], inPlace[i]}) {
                const Result got{convert(kFp32, std::bit_cast<std::uint32_t>(value), to).bits, expected.flags};
                log.compare(to, expected, got, "array convert", kFp32, {inputs[i]}, env);
            }
        }
        log.check(allInPlace == expectedAll, [&] {
            return "flags OR-ed in place: " + std::to_string(allInPlace) + ", expected " + std::to_string(expectedAll);
        });
    }
    expectClean(log);
}

// The array path against convert(), nearest-even, for the formats the benchmark rounds to
// (docs/performance.md): every sign, FP32 exponent and pattern of the bits the target keeps, each with the
// discarded bits zero, one, just below, at and above half, all ones and two random patterns. (All 2^32 floats
// gave 0 mismatches for each of the three when this was written; that run takes 4.5 CPU-minutes.)
TEST(Fp32Conversion, ArrayRoundingOfEveryKeptPatternMatchesConvert) {
    std::uint64_t random = 1;
    for (const Format* to : {&kFp16, &kBf16, &kE4m3}) {
        const int shift = 23 - to->mantissaBits;
        const std::uint32_t half = 1u << (shift - 1), low = (1u << shift) - 1;
        std::vector<std::uint32_t> inputs;
        for (std::uint32_t top = 0; top < (1u << 9); ++top)
            for (std::uint32_t kept = 0; kept < (1u << to->mantissaBits); ++kept)
                for (std::uint32_t discarded : {0u, 1u, half - 1, half, half + 1, low, 0u, 0u}) {
                    if (discarded == 0 && !inputs.empty() && (inputs.size() % 8) >= 6) {
                        random = random * 6364136223846793005ull + 1442695040888963407ull;
                        discarded = std::uint32_t(random >> 33) & low;
                    }
                    inputs.push_back((top << 23) | (kept << shift) | discarded);
                }
        std::vector<float> in(inputs.size()), out(inputs.size());
        std::vector<Flags> flags(inputs.size());
        for (std::size_t i = 0; i < inputs.size(); ++i) in[i] = std::bit_cast<float>(inputs[i]);
        roundFloatArray(*to, Env{}, in.data(), out.data(), flags.data(), in.size());
        MismatchLog log(std::string("fp32 array -> ") + std::string(to->name()) + ", kept patterns");
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const Result got{convert(kFp32, std::bit_cast<std::uint32_t>(out[i]), *to).bits, flags[i]};
            log.compare(*to, convert(kFp32, inputs[i], *to), got, "array convert", kFp32, {inputs[i]}, Env{});
        }
        expectClean(log);
    }
}

INSTANTIATE_TEST_SUITE_P(Targets, Fp32Conversion, ::testing::ValuesIn(kTargets),
                         [](const ::testing::TestParamInfo<const Format*>& info) { return testName(*info.param); });

// TF32 also lives inside FP32 containers (low 13 bits zero): the container helpers round-trip.
TEST(Fp32Conversion, Tf32ContainerRoundTrips) {
    MismatchLog log("tf32 container round trip");
    for (std::uint64_t t = 0; t < (std::uint64_t{1} << 19); ++t) {
        const std::uint64_t container = tf32ToFp32Container(t);
        log.check((container & 0x1FFF) == 0 && tf32FromFp32Container(container) == t,
                  [&] { return "tf32 " + std::to_string(t); });
        // Converting the container value (exact in FP32) back to TF32 gives the same encoding, unless NaN.
        const Result r = convert(kFp32, container, kTf32);
        const bool isNan = ((t >> 10) & 0xFF) == 0xFF && (t & 0x3FF) != 0;
        if (!isNan)
            log.check(r.bits == t && r.flags == 0,
                      [&] { return "convert fp32 container of tf32 " + std::to_string(t); });
    }
    expectClean(log);
}

} // namespace
} // namespace fplab::verify
