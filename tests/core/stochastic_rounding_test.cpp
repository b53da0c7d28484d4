// Stochastic rounding: reproducible from a seed, always one of the two neighbours that MPFR gives
// (rounded down / up), rounding up with probability equal to the discarded fraction, and with
// explicit random bits deciding exactly as docs/numerics.md states (up iff the low d bits of
// randomBits are below the d discarded bits, d = 64 - kept bits of the 64-bit significand).
#include "core/random.h"
#include "tests/core/verify_support.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>

namespace fplab::verify {
namespace {

using oracle::MismatchLog;

Env stochastic(std::uint64_t bits) {
    Env env;
    env.rounding = RoundingMode::Stochastic;
    env.randomBits = bits;
    return env;
}

TEST(StochasticRounding, SameSeedGivesTheSameResultsAndAnotherSeedDiffers) {
    auto run = [](std::uint64_t seed) {
        StochasticStream stream(seed);
        oracle::CaseGenerator gen(kFp32, 77);
        std::vector<std::uint64_t> out;
        for (int i = 0; i < 20000; ++i) {
            const std::uint64_t a = gen.operand();
            out.push_back(convert(kFp32, a, kBf16, stream.nextEnv()).bits);
            out.push_back(add(kFp16, a & 0xFFFF, (a >> 16) & 0xFFFF, stream.nextEnv()).bits);
        }
        return out;
    };
    EXPECT_EQ(run(42), run(42));
    EXPECT_NE(run(42), run(43));
}

struct NeighbourCase {
    Format format;
    Op op;
};

class StochasticNeighbours : public ::testing::TestWithParam<NeighbourCase> {};

// The result is the value rounded down or rounded up (MPFR, toward -inf / +inf), bits for bits.
TEST_P(StochasticNeighbours, ResultIsOneOfTheTwoMpfrNeighbours) {
    const Format& f = GetParam().format;
    const Op op = GetParam().op;
    MismatchLog log(std::string("stochastic ") + std::string(f.name()) + " " + opName(op));
    oracle::CaseGenerator gen(f, 0x5700u + unsigned(op));
    StochasticStream stream(2024);
    std::uint64_t down = 0, up = 0;
    for (int i = 0; i < 100000; ++i) {
        const auto x = drawOperands(op, gen);
        Env env = stream.nextEnv();
        env.saturate = i % 4 == 0;
        Env rd = env, ru = env;
        rd.rounding = RoundingMode::TowardNegative;
        ru.rounding = RoundingMode::TowardPositive;
        const Result lo = referenceOp(op, f, x[0], x[1], x[2], rd);
        const Result hi = referenceOp(op, f, x[0], x[1], x[2], ru);
        const Result r = coreOp(op, f, x[0], x[1], x[2], env);
        const bool ok = r.bits == lo.bits || r.bits == hi.bits;
        if (lo.bits != hi.bits) (r.bits == lo.bits ? down : up) += 1;
        log.check(ok, [&] {
            return std::string(opName(op)) + " " + oracle::bitsText(f, x[0]) + " " + oracle::bitsText(f, x[1]) + " " +
                   oracle::bitsText(f, x[2]) + ": core " + oracle::resultText(f, r) + ", neighbours " +
                   oracle::resultText(f, lo) + " / " + oracle::resultText(f, hi);
        });
        // The inexact flag is raised exactly when the neighbours differ (or the directed roundings say so).
        log.check(bool(r.flags & kInexact) == bool(lo.flags & kInexact),
                  [&] { return "inexact flag of " + oracle::resultText(f, r); });
    }
    expectClean(log);
    // Both directions happen (the sample has plenty of inexact cases).
    EXPECT_GT(down, 1000u);
    EXPECT_GT(up, 1000u);
}

std::vector<NeighbourCase> neighbourCases() {
    std::vector<NeighbourCase> cases;
    for (const Format* f : {&kFp16, &kBf16, &kE4m3, &kE5m2, &kFp32, &kFp64})
        for (Op op : kAllOps) cases.push_back({*f, op});
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Formats, StochasticNeighbours, ::testing::ValuesIn(neighbourCases()),
                         [](const ::testing::TestParamInfo<NeighbourCase>& info) {
                             return testName(info.param.format) + "_" + opName(info.param.op);
                         });

// The trace carries what the Arithmetic view shows: the two MPFR neighbours (toward zero first),
// the odds and the draw, and the result is the neighbour away from zero exactly when draw < odds.
TEST(StochasticRounding, TheTraceCarriesBothNeighboursTheOddsAndTheDraw) {
    for (const Format* f : {&kFp16, &kBf16, &kE4m3, &kFp32}) {
        MismatchLog log(std::string("stochastic trace ") + std::string(f->name()));
        int inexact = 0;
        for (Op op : kAllOps) {
            oracle::CaseGenerator gen(*f, 0x7100u + unsigned(op));
            StochasticStream stream(99);
            for (int i = 0; i < 20000; ++i) {
                const auto x = drawOperands(op, gen);
                const Env env = stream.nextEnv();
                OperationTrace tr;
                Result r;
                switch (op) {
                case Op::Add: r = add(*f, x[0], x[1], env, &tr); break;
                case Op::Sub: r = sub(*f, x[0], x[1], env, &tr); break;
                case Op::Mul: r = mul(*f, x[0], x[1], env, &tr); break;
                case Op::Div: r = div(*f, x[0], x[1], env, &tr); break;
                case Op::Fma: r = fma(*f, x[0], x[1], x[2], env, &tr); break;
                case Op::Sqrt: r = sqrt(*f, x[0], env, &tr); break;
                }
                // An overflow always goes to infinity under stochastic rounding, whatever the draw.
                if (tr.special != SpecialCase::None || tr.exactIsZero ||
                    tr.rounding.decision == RoundingDecision::Exact ||
                    tr.rounding.decision == RoundingDecision::Overflowed)
                    continue;
                Env rd = env, ru = env;
                rd.rounding = RoundingMode::TowardNegative;
                ru.rounding = RoundingMode::TowardPositive;
                const std::uint64_t lo = referenceOp(op, *f, x[0], x[1], x[2], rd).bits;
                const std::uint64_t hi = referenceOp(op, *f, x[0], x[1], x[2], ru).bits;
                const auto text = [&] {
                    return std::string(opName(op)) + " " + oracle::bitsText(*f, x[0]) + " " +
                           oracle::bitsText(*f, x[1]);
                };
                log.check(tr.rounding.stochastic.has_value(), [&] { return text() + ": no stochastic trace"; });
                if (!tr.rounding.stochastic) continue;
                const StochasticTrace& st = *tr.rounding.stochastic;
                ++inexact;
                const bool negative = tr.rounding.sign;
                log.check(st.towardZero == (negative ? hi : lo) && st.awayFromZero == (negative ? lo : hi), [&] {
                    return text() + ": candidates " + oracle::bitsText(*f, st.towardZero) + " / " +
                           oracle::bitsText(*f, st.awayFromZero);
                });
                const int d = st.discardedBits;
                const std::uint64_t mask = d >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << d) - 1;
                log.check(d >= 1 && d <= 64 && st.discarded != 0 && (st.discarded & ~mask) == 0 &&
                              st.draw == (env.randomBits & mask),
                          [&] { return text() + ": discarded bits " + std::to_string(d); });
                log.check(r.bits == (st.drawFraction() < st.probabilityUp() ? st.awayFromZero : st.towardZero),
                          [&] { return text() + ": the result disagrees with draw < P(up)"; });
            }
        }
        expectClean(log);
        EXPECT_GT(inexact, 20000) << f->name(); // most of the 120000 cases round
    }
    // The documented cases: 1 + 2^-8 to BF16 discards d = 56 bits worth 2^55, one half.
    OperationTrace tr;
    convert(kFp32, 0x3F808000, kBf16, stochastic((std::uint64_t{1} << 55) - 1), &tr);
    ASSERT_TRUE(tr.rounding.stochastic);
    EXPECT_EQ(tr.rounding.stochastic->discardedBits, 56);
    EXPECT_EQ(tr.rounding.stochastic->discarded, std::uint64_t{1} << 55);
    EXPECT_EQ(tr.rounding.stochastic->probabilityUp(), 0.5);
    EXPECT_EQ(tr.rounding.stochastic->draw, (std::uint64_t{1} << 55) - 1);
    EXPECT_EQ(tr.rounding.stochastic->towardZero, 0x3F80u);
    EXPECT_EQ(tr.rounding.stochastic->awayFromZero, 0x3F81u);
    // Other modes carry no stochastic trace.
    OperationTrace nearest;
    convert(kFp32, 0x3F808000, kBf16, Env{}, &nearest);
    EXPECT_FALSE(nearest.rounding.stochastic);
}

// Counts how often converting `input` rounds up over n draws and checks it against the
// discarded fraction p with a 5-sigma binomial bound.
void expectUpProbability(const Format& from, std::uint64_t input, const Format& to, double p, std::uint64_t upBits,
                         int n = 40000) {
    StochasticStream stream(0xABCDEF);
    int ups = 0;
    for (int i = 0; i < n; ++i) ups += convert(from, input, to, stream.nextEnv()).bits == upBits;
    const double mean = n * p, sigma = std::sqrt(n * p * (1 - p));
    EXPECT_NEAR(ups, mean, 5 * sigma + 1)
        << "input " << oracle::bitsText(from, input) << " to " << to.name() << ": expected probability " << p;
}

TEST(StochasticRounding, UpProbabilityMatchesTheDiscardedFraction) {
    // FP32 -> BF16 discards 16 bits: 1 + k*2^-23 rounds up to 1 + 2^-7 (0x3F81) with probability k/65536.
    for (std::uint32_t k : {1u, 0x1000u, 0x4000u, 0x8000u, 0xC000u, 0xFFFFu})
        expectUpProbability(kFp32, 0x3F800000u | k, kBf16, k / 65536.0, 0x3F81);
    // FP32 -> E4M3: 1.3 lies between 1.25 (0x3A) and 1.375 (0x3B).
    expectUpProbability(kFp32, 0x3FA66666u, kE4m3, (double(1.3f) - 1.25) / 0.125, 0x3B);
    // FP32 -> FP16 into the subnormals: 2.3 * 2^-24 lies between 0x0002 and 0x0003.
    expectUpProbability(kFp32, 0x3413D70Au, kFp16, std::ldexp(double(std::bit_cast<float>(0x3413D70Au)), 24) - 2,
                        0x0003);
}

// Below half the smallest subnormal the discarded fraction is still the whole value: 0.3 * 2^-24
// must round up to 2^-24 with probability 0.3. core/detail/round_pack.h collapses such values to a
// sticky bit (probability 2^-64): reported to the lead; enable once fixed.
TEST(StochasticRounding, UpProbabilityBelowHalfTheSmallestSubnormal) {
    const std::uint32_t u = 0x3299999Au; // 0.3 * 2^-24 in FP32
    expectUpProbability(kFp32, u, kFp16, std::ldexp(double(std::bit_cast<float>(u)), 24), 0x0001);
    // With explicit bits: nothing is kept, d = 64 and the discarded fraction is 0.3 * 2^64;
    // r = 2^62 (a quarter) is below it, so the result must be 2^-24 (core gives +0).
    EXPECT_EQ(convert(kFp32, u, kFp16, stochastic(std::uint64_t{1} << 62)).bits, 0x0001u);
    EXPECT_EQ(convert(kFp32, u, kFp16, stochastic(std::uint64_t{3} << 62)).bits, 0x0000u);
}

TEST(StochasticRounding, ExplicitRandomBitsDecideAsDocumented) {
    struct Hand {
        const Format* from;
        std::uint64_t input;
        const Format* to;
        std::uint64_t randomBits;
        std::uint64_t expected;
        Flags flags;
        const char* why;
    };
    // FP32 1 + 2^-8 (0x3F808000) to BF16: kept 8 bits of 64, d = 56, discarded value 2^55 (one half).
    // FP32 1.5 * 2^-24 (0x33C00000) to FP16: a subnormal keeping 1 bit, d = 63, discarded 2^62.
    // FP32 1 + 2^-9 + 2^-23 (0x3F804001) to BF16: discarded 2^54 + 2^40.
    const std::uint64_t h55 = std::uint64_t{1} << 55;
    const Flags x = kInexact, ux = kUnderflow | kInexact;
    const Hand cases[] = {
        {&kFp32, 0x3F808000, &kBf16, 0, 0x3F81, x, "r = 0 < 2^55: up"},
        {&kFp32, 0x3F808000, &kBf16, h55 - 1, 0x3F81, x, "r = 2^55 - 1 < 2^55: up"},
        {&kFp32, 0x3F808000, &kBf16, h55, 0x3F80, x, "r = 2^55, not below: down"},
        {&kFp32, 0x3F808000, &kBf16, (std::uint64_t{1} << 56) - 1, 0x3F80, x, "r = 2^56 - 1: down"},
        {&kFp32, 0x3F808000, &kBf16, std::uint64_t{0xAB} << 56, 0x3F81, x,
         "bits above d are ignored: r mod 2^56 = 0: up"},
        {&kFp32, 0x3F808000, &kBf16, (std::uint64_t{0xAB} << 56) | h55, 0x3F80, x, "r mod 2^56 = 2^55: down"},
        {&kFp32, 0xBF808000, &kBf16, h55 - 1, 0xBF81, x, "negative: up in magnitude"},
        {&kFp32, 0x33C00000, &kFp16, (std::uint64_t{1} << 62) - 1, 0x0002, ux, "subnormal, r < 2^62: up"},
        {&kFp32, 0x33C00000, &kFp16, std::uint64_t{1} << 62, 0x0001, ux, "subnormal, r = 2^62: down"},
        {&kFp32, 0x33C00000, &kFp16, (std::uint64_t{1} << 63) | 5, 0x0002, ux, "bit 63 is above d = 63: ignored, up"},
        {&kFp32, 0x3F804001, &kBf16, (std::uint64_t{1} << 54) + (std::uint64_t{1} << 40) - 1, 0x3F81, x,
         "just below: up"},
        {&kFp32, 0x3F804001, &kBf16, (std::uint64_t{1} << 54) + (std::uint64_t{1} << 40), 0x3F80, x, "equal: down"},
        {&kFp32, 0x3F800000, &kBf16, 0, 0x3F80, 0, "exact: never rounds"},
    };
    for (const Hand& c : cases) {
        const Result r = convert(*c.from, c.input, *c.to, stochastic(c.randomBits));
        EXPECT_EQ(r.bits, c.expected) << c.why;
        EXPECT_EQ(r.flags, c.flags) << c.why;
    }
}

} // namespace
} // namespace fplab::verify
