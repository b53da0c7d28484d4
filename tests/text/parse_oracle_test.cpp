// parseValue against MPFR: weighted random decimal and hex-float strings, every format of the sweep,
// every deterministic rounding mode (and stochastic rounding at its two deterministic
// extremes), both tininess rules and saturation; bits and flags must match exactly.
#include "case_strings.h"
#include "decimal_oracle.h"
#include "text_test_util.h"

#include "core/text/exact_round.h"
#include "core/text/parse.h"

#include <gtest/gtest.h>

#include <random>

namespace fplab::texttest {
namespace {

// Sized so the whole binary stays within its time budget: wide exponents make long exact strings.
int samplesFor(const Format& f) {
    if (f.exponentBits >= 12) return 60;
    if (f.exponentBits >= 11) return 500;
    return 1200;
}

std::vector<std::string> casesFor(const Format& f, std::uint64_t seed) {
    CaseStrings gen(f, seed);
    std::vector<std::string> out;
    const int n = samplesFor(f);
    for (int i = 0; i < n; ++i) out.push_back(gen.next());
    std::mt19937_64 rng(seed);
    for (int i = 0; i < n / 40; ++i)
        out.push_back(gen.longString(int(std::uniform_int_distribution<int>(60, 1500)(rng))));
    out.push_back(gen.longString(10000));
    for (int i = 0; i < n / 4; ++i) out.push_back(gen.nextHexFloat());
    // Strings longer than the digits roundDecimal keeps, so the cut and its sticky digit are exercised.
    const int kept = text::decimalDigitsKept(f);
    if (kept < 3000) {
        for (int i = 0; i < 6; ++i)
            out.push_back(gen.longString(kept + int(std::uniform_int_distribution<int>(-3, 40)(rng))));
    }
    return out;
}

struct Tally {
    int checked = 0, failed = 0;
};

void check(const Format& f, const std::string& s, Mode mode, Tininess tininess, bool saturate, Tally& tally) {
    const Expected want = referenceParse(f, s, mode, tininess, saturate);
    const ParseOutcome got = parseValue(s, f, envFor(mode, tininess, saturate));
    ++tally.checked;
    const bool same = got.ok() && got.value->bits == want.bits && got.value->flags == want.flags;
    if (same) return;
    if (++tally.failed <= 8) {
        ADD_FAILURE() << f.name() << " " << modeName(mode)
                      << (tininess == Tininess::BeforeRounding ? " tininess-before" : "")
                      << (saturate ? " saturate" : "") << " '" << shorten(s) << "': expected "
                      << describe(f, want.bits, want.flags) << ", got "
                      << (got.ok() ? describe(f, got.value->bits, got.value->flags) : "error: " + got.error);
    }
}

TEST(ParseOracle, EveryFormatEveryModeMatchesMpfr) {
    std::uint64_t seed = 1;
    for (const Format& f : sweepFormats()) {
        const std::vector<std::string> cases = casesFor(f, seed++);
        for (Mode mode :
             {Mode::Rne, Mode::Rna, Mode::Rtz, Mode::Rup, Mode::Rdn, Mode::Rto, Mode::SrZeroBits, Mode::SrOneBits}) {
            Tally tally;
            for (const std::string& s : cases) check(f, s, mode, Tininess::AfterRounding, false, tally);
            EXPECT_EQ(tally.failed, 0) << f.name() << " " << modeName(mode) << ": " << tally.failed << " of "
                                       << tally.checked << " strings differ";
        }
    }
}

TEST(ParseOracle, TininessBeforeRoundingAndSaturationMatchMpfr) {
    std::uint64_t seed = 100;
    for (const Format& f : sweepFormats()) {
        if (f.exponentBits >= 11) continue; // the rules do not depend on width; keep the time down
        CaseStrings gen(f, seed++);
        std::vector<std::string> cases;
        for (int i = 0; i < 300; ++i) cases.push_back(gen.next());
        for (Mode mode : kDeterministicModes) {
            Tally tally;
            for (const std::string& s : cases) {
                check(f, s, mode, Tininess::BeforeRounding, false, tally);
                check(f, s, mode, Tininess::AfterRounding, true, tally);
            }
            EXPECT_EQ(tally.failed, 0) << f.name() << " " << modeName(mode) << ": " << tally.failed << " of "
                                       << tally.checked << " strings differ";
        }
    }
}

// Every halfway point of the small formats, exactly and nudged either way at the 40th digit.
TEST(ParseOracle, EveryHalfwayPointOfTheEightBitFormats) {
    for (const Format& f : sweepFormats()) {
        if (f.totalBits() > 8) continue;
        CaseStrings gen(f, 7);
        Tally tally;
        const std::uint64_t magnitudes = std::uint64_t{1} << (f.exponentBits + f.mantissaBits);
        for (std::uint64_t m = 0; m < magnitudes; ++m) {
            if (decode(f, m).kind != Decoded::Kind::Finite && decode(f, m).kind != Decoded::Kind::Zero) continue;
            const std::string h = gen.halfway(m);
            for (const std::string& s : {h, "+" + h, "-" + h}) {
                for (Mode mode : kDeterministicModes) check(f, s, mode, Tininess::AfterRounding, false, tally);
            }
            const std::string above = h.substr(0, h.find('e')) + std::string(40, '0') + "1" + "e" +
                                      std::to_string(std::stol(h.substr(h.find('e') + 1)) - 41);
            for (Mode mode : kDeterministicModes) check(f, above, mode, Tininess::AfterRounding, false, tally);
        }
        EXPECT_EQ(tally.failed, 0) << f.name() << ": " << tally.failed << " of " << tally.checked << " differ";
    }
}

} // namespace
} // namespace fplab::texttest
