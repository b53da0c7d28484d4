// exactDecimal against MPFR's own exact formatting: every FP16 and 8-bit encoding, and a
// sample (with the extremes) of every other format of the sweep.
#include "decimal_oracle.h"
#include "text_test_util.h"

#include "core/text/print.h"

#include <gtest/gtest.h>

#include <random>

namespace fplab::texttest {
namespace {

TEST(ExactDecimal, MatchesMpfrInEveryFormat) {
    std::mt19937_64 rng(21);
    for (const Format& f : sweepFormats()) {
        std::vector<std::uint64_t> encodings;
        if (f.totalBits() <= 16) {
            for (std::uint64_t b = 0; b <= f.bitMask(); ++b) encodings.push_back(b);
        } else {
            const std::uint64_t largest = largestFiniteMagnitude(f);
            for (std::uint64_t b : {std::uint64_t{0}, std::uint64_t{1}, largest, largest - 1,
                                    std::uint64_t{1} << f.mantissaBits, (std::uint64_t{1} << f.mantissaBits) - 1})
                encodings.push_back(b | (rng() & signBit(f)));
            const int sample = f.exponentBits >= 12 ? 200 : 4000;
            for (int i = 0; i < sample; ++i) encodings.push_back(rng() & f.bitMask());
        }
        int failures = 0;
        for (const std::uint64_t b : encodings) {
            const std::string want = referenceExactDecimal(f, b), got = exactDecimal(f, b);
            if (want != got && ++failures <= 5)
                ADD_FAILURE() << f.name() << " " << hexBits(f, b) << ": MPFR " << shorten(want) << ", exactDecimal "
                              << shorten(got);
        }
        EXPECT_EQ(failures, 0) << f.name() << ": " << failures << " of " << encodings.size() << " differ";
    }
}

} // namespace
} // namespace fplab::texttest
