// Float <-> integer conversions (core/integer.h) against MPFR (mpfr_rint and friends): every
// encoding of the 8- and 16-bit formats and a weighted sample of FP32/FP64 to every integer
// format, wrapping and saturating, in every deterministic mode; integers to every preset format.
#include "core/integer.h"
#include "tests/core/verify_support.h"

#include <gtest/gtest.h>

#include <random>

namespace fplab::verify {
namespace {

using oracle::MismatchLog;

std::string intText(const IntFormat& t, const Result& r) {
    return std::to_string(intValue(t, r.bits)) + " " + oracle::flagText(r.flags);
}

void checkFloatToInt(MismatchLog& log, const Format& f, std::uint64_t a, const IntFormat& t, Overflow o,
                     const Env& env) {
    const Result expected = oracle::referenceFloatToInt(f, a, t, o, env);
    const Result actual = floatToInt(f, a, t, o, env);
    log.check(expected == actual, [&] {
        return std::string(f.name()) + " -> " + std::string(t.name) +
               (o == Overflow::Saturate ? " saturate " : " wrap ") + oracle::envText(env) + ": " +
               oracle::bitsText(f, a) + " -> expected " + intText(t, expected) + ", core gave " + intText(t, actual);
    });
}

class FloatToIntExhaustive : public ::testing::TestWithParam<const Format*> {};

TEST_P(FloatToIntExhaustive, EveryEncodingToEveryIntegerFormatMatchesMpfr) {
    const Format& f = *GetParam();
    const std::uint64_t n = std::uint64_t{1} << f.totalBits();
    MismatchLog log(std::string("float to int, every ") + std::string(f.name()));
    for (RoundingMode mode : oracle::kDeterministicModes) {
        Env env;
        env.rounding = mode;
        for (std::uint64_t a = 0; a < n; ++a)
            for (const IntFormat* t : kIntFormats)
                for (Overflow o : {Overflow::Wrap, Overflow::Saturate}) checkFloatToInt(log, f, a, *t, o, env);
    }
    expectClean(log);
}

INSTANTIATE_TEST_SUITE_P(Small, FloatToIntExhaustive,
                         ::testing::Values(&kFp16, &kBf16, &kE4m3, &kE5m2, &kE2m3, &kE3m2, &kE2m1, &kE4m3Fnuz,
                                           &kE5m2Fnuz),
                         [](const ::testing::TestParamInfo<const Format*>& info) { return testName(*info.param); });

class FloatToIntSampled : public ::testing::TestWithParam<const Format*> {};

TEST_P(FloatToIntSampled, WeightedSampleMatchesMpfr) {
    const Format& f = *GetParam();
    MismatchLog log(std::string("float to int, sampled ") + std::string(f.name()));
    for (RoundingMode mode : oracle::kDeterministicModes) {
        oracle::CaseGenerator gen(f, 0x1E7u + unsigned(mode));
        Env env;
        env.rounding = mode;
        const oracle::FormatModel fm(f);
        for (int i = 0; i < 50000; ++i) {
            std::uint64_t a = gen.operand();
            if (i % 2) {
                // Magnitudes 2^-2 .. 2^66: fractions, ties (x.5) and every integer range edge.
                const std::uint64_t field = std::uint64_t(fm.bias - 2 + i % 69);
                a = (a & (fm.signBit | fm.mantissaMask)) | (field << fm.mantissaBits);
                if (i % 6 == 1) a &= ~(fm.mantissaMask >> (i % 9)); // short significands: exact halves
            }
            for (const IntFormat* t : kIntFormats)
                for (Overflow o : {Overflow::Wrap, Overflow::Saturate}) checkFloatToInt(log, f, a, *t, o, env);
        }
    }
    expectClean(log);
}

INSTANTIATE_TEST_SUITE_P(Wide, FloatToIntSampled, ::testing::Values(&kFp32, &kFp64, &kTf32),
                         [](const ::testing::TestParamInfo<const Format*>& info) { return testName(*info.param); });

TEST(IntToFloat, IntegersToEveryPresetFormatMatchMpfr) {
    MismatchLog log("int to float");
    std::mt19937_64 rng(0x17F);
    auto check = [&](const IntFormat& t, std::uint64_t bits, const Format& to, const Env& env) {
        const Result expected = oracle::referenceIntToFloat(t, bits, to, env);
        const Result actual = intToFloat(t, bits, to, env);
        log.check(expected == actual, [&] {
            return std::string(t.name) + " " + std::to_string(intValue(t, bits)) + " -> " + std::string(to.name()) +
                   " " + oracle::envText(env) + ": expected " + oracle::resultText(to, expected) + ", core gave " +
                   oracle::resultText(to, actual);
        });
    };
    for (const Env& env : allEnvironments())
        for (const Format* to : kPresetFormats) {
            for (std::uint64_t b = 0; b < 256; ++b) {
                check(kInt8, b, *to, env);
                check(kUint8, b, *to, env);
            }
            for (int i = 0; i < 4000; ++i) {
                // Near powers of two, with ties and sticky bits below the target precision.
                const int shift = int(rng() % 64);
                std::uint64_t v = (std::uint64_t{1} << shift) + (rng() % 5) - 2;
                if (i % 3 == 0) v = rng() >> (rng() % 64);
                if (i % 2) v = std::uint64_t(0) - v;
                check(kInt32, v & 0xFFFFFFFFu, *to, env);
                check(kInt64, v, *to, env);
            }
        }
    expectClean(log);
}

} // namespace
} // namespace fplab::verify
