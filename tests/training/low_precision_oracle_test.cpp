// The training area's rounding to FP16, BF16 and TF32 against GNU MPFR, which shares no code with
// the trainer or core/: each format is written down from its definition (significand bits, largest
// and smallest exponent) and MPFR rounds to nearest even with subnormals emulated.
#include "core/training/low_precision.h"
#include "core/training/rng.h"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace fplab::training {
namespace {

// A binary format as MPFR sees it: x = m * 2^e with 1/2 <= |m| < 1, `precision` significand bits,
// e <= emax for finite values, and emin the exponent of the smallest subnormal.
struct FormatDefinition {
    const char* name;
    int precision;
    mpfr_exp_t emin;
    mpfr_exp_t emax;
};

// FP16: 1 + 10 bits, largest (2 - 2^-10) * 2^15, smallest subnormal 2^-24.
constexpr FormatDefinition kFp16Definition{"fp16", 11, -23, 16};
// BF16: 1 + 7 bits, FP32's exponent range (largest (2 - 2^-7) * 2^127), smallest subnormal 2^-133.
constexpr FormatDefinition kBf16Definition{"bf16", 8, -132, 128};
// TF32: 1 + 10 bits, FP32's exponent range, smallest subnormal 2^-136.
constexpr FormatDefinition kTf32Definition{"tf32", 11, -135, 128};

// x rounded to nearest even in the format, as a float (every value of the three formats is one).
float mpfrRound(const FormatDefinition& f, float x) {
    const mpfr_exp_t savedMin = mpfr_get_emin(), savedMax = mpfr_get_emax();
    mpfr_set_emin(f.emin);
    mpfr_set_emax(f.emax);
    mpfr_t r;
    mpfr_init2(r, f.precision);
    int ternary = mpfr_set_flt(r, x, MPFR_RNDN);
    ternary = mpfr_check_range(r, ternary, MPFR_RNDN);
    mpfr_subnormalize(r, ternary, MPFR_RNDN);
    mpfr_set_emin(savedMin);
    mpfr_set_emax(savedMax);
    const float out = mpfr_get_flt(r, MPFR_RNDN);
    mpfr_clear(r);
    return out;
}

// Random floats over every exponent, and for each binade that can round into the format the points
// halfway between neighbouring values of the format (the ties) with the floats either side of them.
std::vector<float> casesFor(const FormatDefinition& f) {
    std::vector<float> v;
    Rng rng(2024);
    for (int i = 0; i < 200000; ++i) v.push_back(std::bit_cast<float>(std::uint32_t(rng.next())));
    const auto withNeighbours = [&v](float x) {
        for (float y : {x, -x}) {
            v.push_back(y);
            v.push_back(std::nextafter(y, 0.0f));
            v.push_back(std::nextafter(y, 2 * y));
        }
    };
    const int smallestQuantum = int(f.emin) - 1; // the smallest subnormal: 2^-24 for FP16
    for (double m : {0.25, 0.5, 0.75}) withNeighbours(float(std::ldexp(m, smallestQuantum)));
    for (int binade = smallestQuantum; binade < int(f.emax); ++binade) {
        const int quantum = std::max(binade - (f.precision - 1), smallestQuantum);
        for (int j = 0; j < 4; ++j) withNeighbours(float(std::ldexp(1.0, binade) + std::ldexp(j + 0.5, quantum)));
    }
    for (float x : {0.0f, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::max(),
                    std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::min()})
        for (float y : {x, -x}) v.push_back(y);
    return v;
}

void expectMatchesMpfr(const FormatDefinition& f, float (*round)(float)) {
    int compared = 0;
    for (float x : casesFor(f)) {
        if (std::isnan(x)) continue; // MPFR has no NaN payloads: low_precision_test checks NaNs
        const float ours = round(x), want = mpfrRound(f, x);
        ASSERT_EQ(std::bit_cast<std::uint32_t>(ours), std::bit_cast<std::uint32_t>(want))
            << f.name << " of " << std::hexfloat << x << ": ours " << ours << ", MPFR " << want;
        ++compared;
    }
    EXPECT_GT(compared, 190000);
}

TEST(LowPrecisionOracle, Fp16MatchesMpfr) { expectMatchesMpfr(kFp16Definition, roundToFp16); }
TEST(LowPrecisionOracle, Bf16MatchesMpfr) { expectMatchesMpfr(kBf16Definition, roundToBf16); }
TEST(LowPrecisionOracle, Tf32MatchesMpfr) { expectMatchesMpfr(kTf32Definition, roundToTf32); }

// The oracle itself, on values worked out by hand from the definitions.
TEST(LowPrecisionOracle, MpfrRoundsHandWorkedValues) {
    EXPECT_EQ(mpfrRound(kFp16Definition, 65519.0f), 65504.0f);
    EXPECT_EQ(mpfrRound(kFp16Definition, 65520.0f), std::numeric_limits<float>::infinity());
    EXPECT_EQ(mpfrRound(kFp16Definition, 0x1p-25f), 0.0f);       // a tie: to even, zero
    EXPECT_EQ(mpfrRound(kFp16Definition, 0x1.8p-24f), 0x1p-23f); // a tie: to even, 2 * 2^-24
    EXPECT_EQ(mpfrRound(kBf16Definition, 1.0f + 0x1p-8f), 1.0f); // a tie: to even
    EXPECT_EQ(mpfrRound(kBf16Definition, 1.0f + 0x3p-8f), 1.0f + 0x1p-6f);
    EXPECT_EQ(mpfrRound(kBf16Definition, 0x1.8p-133f), 0x1p-132f); // subnormal tie: to even
    EXPECT_EQ(mpfrRound(kTf32Definition, 1.0f + 0x1p-11f), 1.0f);
    EXPECT_EQ(mpfrRound(kTf32Definition, 1.0f + 0x3p-11f), 1.0f + 0x1p-9f);
    EXPECT_EQ(mpfrRound(kTf32Definition, std::numeric_limits<float>::max()), std::numeric_limits<float>::infinity());
}

} // namespace
} // namespace fplab::training
