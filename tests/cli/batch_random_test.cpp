// fplab-cli batch against the core API: random lines in every format, rounding mode and
// operation must print exactly what fplab::add/convert/floatToInt... return.
#include "cli_run.h"
#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/flags.h"
#include "core/integer.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <random>

namespace fplab::cli::test {
namespace {

constexpr const char* kRoundingNames[] = {"rne", "rna", "rtz", "rup", "rdn", "rto"};
constexpr RoundingMode kRoundings[] = {RoundingMode::NearestEven,    RoundingMode::NearestAway,
                                       RoundingMode::TowardZero,     RoundingMode::TowardPositive,
                                       RoundingMode::TowardNegative, RoundingMode::ToOdd};

std::string hex(std::uint64_t v, int bits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%0*llx", (bits + 3) / 4, static_cast<unsigned long long>(v));
    return buf;
}

// Random encodings with the interesting ones (zeros, extremes, infinities, NaNs, near 1) over-represented.
std::uint64_t randomBits(std::mt19937_64& rng, const Format& f) {
    const std::uint64_t specials[] = {0,
                                      f.signMask(),
                                      maxFiniteBits(f),
                                      maxFiniteBits(f, true),
                                      minPositiveBits(f),
                                      minNormalBits(f),
                                      f.bitMask(),
                                      f.magnitudeMask(),
                                      std::uint64_t(f.bias) << f.mantissaBits};
    if (rng() % 4 == 0) return specials[rng() % std::size(specials)] & f.bitMask();
    return rng() & f.bitMask();
}

TEST(CliBatchRandom, EveryLineMatchesTheCoreApi) {
    std::mt19937_64 rng(20240611);
    std::string input, expected;
    const char* ops[] = {"add", "sub", "mul", "div", "fma", "sqrt", "convert"};
    for (int i = 0; i < 30000; ++i) {
        const Format& f = *kPresetFormats[rng() % kPresetFormats.size()];
        const int r = int(rng() % 6);
        Env env;
        env.rounding = kRoundings[r];
        const std::string op = ops[rng() % 7];
        const std::uint64_t a = randomBits(rng, f), b = randomBits(rng, f), c = randomBits(rng, f);
        std::string line = op + " " + std::string(f.name());
        Result res;
        int resultBits = f.totalBits();
        if (op == "convert") {
            const int kind = int(rng() % 3);
            if (kind == 0) {
                const Format& to = *kPresetFormats[rng() % kPresetFormats.size()];
                line += " " + std::string(to.name()) + " " + kRoundingNames[r] + " " + hex(a, f.totalBits());
                res = convert(f, a, to, env);
                resultBits = to.totalBits();
            } else {
                const IntFormat& t = *kIntFormats[rng() % kIntFormats.size()];
                if (kind == 1) {
                    line += " " + std::string(t.name) + " " + kRoundingNames[r] + " " + hex(a, f.totalBits());
                    res = floatToInt(f, a, t, Overflow::Saturate, env);
                    resultBits = t.bits;
                } else {
                    const std::uint64_t v = rng() & t.mask();
                    line = "convert " + std::string(t.name) + " " + std::string(f.name()) + " " + kRoundingNames[r] +
                           " " + hex(v, t.bits);
                    res = intToFloat(t, v, f, env);
                }
            }
        } else {
            line += std::string(" ") + kRoundingNames[r] + " " + hex(a, f.totalBits());
            if (op != "sqrt") line += " " + hex(b, f.totalBits());
            if (op == "fma") line += " " + hex(c, f.totalBits());
            if (op == "add") res = add(f, a, b, env);
            else if (op == "sub") res = sub(f, a, b, env);
            else if (op == "mul") res = mul(f, a, b, env);
            else if (op == "div") res = div(f, a, b, env);
            else if (op == "fma") res = fma(f, a, b, c, env);
            else res = sqrt(f, a, env);
        }
        input += line + "\n";
        expected += hex(res.bits, resultBits) + " " + flagLetters(res.flags) + "\n";
    }
    const CliRun run = runInProcess({"batch"}, input);
    ASSERT_EQ(run.code, kExitOk) << run.err;
    const std::vector<std::string> got = linesOf(run.out), want = linesOf(expected), in = linesOf(input);
    ASSERT_EQ(got.size(), want.size());
    int mismatches = 0;
    for (std::size_t i = 0; i < got.size() && mismatches < 10; ++i)
        if (got[i] != want[i]) {
            ADD_FAILURE() << "line " << i + 1 << ": " << in[i] << "\n  batch: " << got[i] << "\n  core:  " << want[i];
            ++mismatches;
        }
}

TEST(CliBatchRandom, TininessBeforeRoundingReachesTheCore) {
    std::mt19937_64 rng(7);
    std::string input, expected;
    Env env;
    env.tininess = Tininess::BeforeRounding;
    for (int i = 0; i < 5000; ++i) {
        // Products near the smallest normal, where the two tininess rules differ.
        const std::uint64_t a = (rng() & 0x3ff) | 0x0000, b = 0x3c00 | (rng() & 0x3ff);
        input += "mul fp16 rne " + hex(a, 16) + " " + hex(b, 16) + "\n";
        const Result r = mul(kFp16, a, b, env);
        expected += hex(r.bits, 16) + " " + flagLetters(r.flags) + "\n";
    }
    const CliRun run = runInProcess({"batch", "--tininess", "before"}, input);
    ASSERT_EQ(run.code, kExitOk) << run.err;
    EXPECT_EQ(run.out, expected);
}

} // namespace
} // namespace fplab::cli::test
