// compare, minimum/maximum and minimumNumber/maximumNumber (IEEE 754-2019 5.11, 9.6) against the
// oracle written from the standard (MPFR ordering): every pair of the 8-bit formats, a weighted
// sample of the wider ones; plus negate/absolute as pure sign-bit operations.
#include "tests/core/verify_support.h"

#include <gtest/gtest.h>

namespace fplab::verify {
namespace {

using oracle::MismatchLog;

std::string comparisonText(const Comparison& c) {
    static const char* names[] = {"less", "equal", "greater", "unordered"};
    return std::string(names[int(c.order)]) + " " + oracle::flagText(c.flags);
}

void checkPair(MismatchLog& log, const Format& f, std::uint64_t a, std::uint64_t b) {
    for (bool signaling : {false, true}) {
        const Comparison e = oracle::referenceCompare(f, a, b, signaling);
        const Comparison c = compare(f, a, b, signaling);
        log.check(e.order == c.order && e.flags == c.flags, [&] {
            return std::string(signaling ? "compareSignaling " : "compareQuiet ") + oracle::bitsText(f, a) + " " +
                   oracle::bitsText(f, b) + ": expected " + comparisonText(e) + ", core gave " + comparisonText(c);
        });
    }
    const Env none;
    log.compare(f, oracle::referenceMinimum(f, a, b), minimum(f, a, b), "minimum", f, {a, b}, none);
    log.compare(f, oracle::referenceMaximum(f, a, b), maximum(f, a, b), "maximum", f, {a, b}, none);
    log.compare(f, oracle::referenceMinimumNumber(f, a, b), minimumNumber(f, a, b), "minimumNumber", f, {a, b}, none);
    log.compare(f, oracle::referenceMaximumNumber(f, a, b), maximumNumber(f, a, b), "maximumNumber", f, {a, b}, none);
}

TEST(CompareMinMax, EveryPairOfEightBitFormatsMatchesTheStandard) {
    for (const Format* f : {&kE4m3, &kE5m2, &kE4m3Fnuz, &kE5m2Fnuz, &kE2m3, &kE3m2, &kE2m1, &kE8m0}) {
        MismatchLog log(std::string("compare/min/max every pair ") + std::string(f->name()));
        const std::uint64_t n = std::uint64_t{1} << f->totalBits();
        for (std::uint64_t a = 0; a < n; ++a)
            for (std::uint64_t b = 0; b < n; ++b) checkPair(log, *f, a, b);
        expectClean(log);
    }
}

TEST(CompareMinMax, WeightedSampleOfWiderFormatsMatchesTheStandard) {
    for (const Format* f : {&kFp16, &kBf16, &kTf32, &kFp32, &kFp64}) {
        MismatchLog log(std::string("compare/min/max sampled ") + std::string(f->name()));
        oracle::CaseGenerator gen(*f, 0xC0DE);
        for (int i = 0; i < 200000; ++i) {
            const auto [a, b] = gen.addOperands(); // equal magnitudes, opposite signs, zeros, NaNs
            checkPair(log, *f, a, b);
            checkPair(log, *f, a, a);
        }
        expectClean(log);
    }
}

TEST(CompareMinMax, NegateAndAbsoluteOnlyTouchTheSignBit) {
    for (const Format* f : kPresetFormats) {
        MismatchLog log(std::string("negate/absolute ") + std::string(f->name()));
        const oracle::FormatModel fm(*f);
        oracle::CaseGenerator gen(*f, 0xAB5);
        for (int i = 0; i < 20000; ++i) {
            const std::uint64_t a = i < 256 ? std::uint64_t(i) & (fm.magnitudeMask | fm.signBit) : gen.operand();
            // fnuz has no -0 and one NaN (the sign bit alone): zero and NaN stay as they are.
            const bool fixed = f->specials == SpecialValues::Fnuz && (a & fm.magnitudeMask) == 0;
            const std::uint64_t neg = fixed ? a : a ^ fm.signBit;
            const std::uint64_t abs = fixed ? a : a & ~fm.signBit;
            log.check(negate(*f, a) == neg, [&] {
                return "negate " + oracle::bitsText(*f, a) + " gave " + oracle::bitsText(*f, negate(*f, a));
            });
            log.check(absolute(*f, a) == abs, [&] {
                return "absolute " + oracle::bitsText(*f, a) + " gave " + oracle::bitsText(*f, absolute(*f, a));
            });
        }
        expectClean(log);
    }
}

} // namespace
} // namespace fplab::verify
