// core/array_arithmetic.h (add, sub and mul over float arrays, computed in float and rounded once) against
// MPFR on every operand pair of E4M3 and E5M2 and on every FP16 value against a slice of FP16 values, and
// against core's soft-float add/sub/mul on every FP16 value against a wider slice; its refusals (operands that
// are not finite values of the format) leave the output untouched.
#include "tests/core/verify_support.h"

#include "core/array_arithmetic.h"
#include "core/classify.h"

#include <algorithm>
#include <bit>

#include <gtest/gtest.h>

namespace fplab::verify {
namespace {

using oracle::MismatchLog;

constexpr Operation kOperations[] = {Operation::Add, Operation::Sub, Operation::Mul};

Result referenceFor(Operation op, const Format& f, std::uint64_t a, std::uint64_t b, const Env& env) {
    if (op == Operation::Add) return oracle::referenceAdd(f, a, b, env);
    if (op == Operation::Sub) return oracle::referenceSub(f, a, b, env);
    return oracle::referenceMul(f, a, b, env);
}

Result softFloatFor(Operation op, const Format& f, std::uint64_t a, std::uint64_t b, const Env& env) {
    if (op == Operation::Add) return add(f, a, b, env);
    if (op == Operation::Sub) return sub(f, a, b, env);
    return mul(f, a, b, env);
}

// The encodings of the finite values of f.
std::vector<std::uint64_t> finiteEncodings(const Format& f) {
    std::vector<std::uint64_t> codes;
    for (std::uint64_t code = 0; code < (std::uint64_t{1} << f.totalBits()); ++code)
        if (isFinite(classify(f, code))) codes.push_back(code);
    return codes;
}

float valueOf(const Format& f, std::uint64_t code) {
    return std::bit_cast<float>(std::uint32_t(convert(f, code, kFp32).bits));
}

// Nearest-even with tininess after rounding, then before rounding with saturation (the options of Env that the
// float path keeps).
std::vector<Env> nearestEvenEnvironments() {
    Env before;
    before.tininess = Tininess::BeforeRounding;
    before.saturate = true;
    return {Env{}, before};
}

// Every code in `as` against every code in `bs`: the float path's bits and flags against `expected`.
template <class Expected>
void checkPairs(MismatchLog& log, const Format& f, const std::vector<std::uint64_t>& as,
                const std::vector<std::uint64_t>& bs, Expected&& expected) {
    std::vector<float> a(as.size()), b(as.size()), out(as.size());
    std::vector<Flags> flags(as.size());
    for (std::size_t i = 0; i < as.size(); ++i) a[i] = valueOf(f, as[i]);
    for (const Env& env : nearestEvenEnvironments()) {
        ASSERT_TRUE(roundsOnceFromFloat(f, env)) << f.name();
        for (Operation op : kOperations)
            for (std::uint64_t codeB : bs) {
                std::fill(b.begin(), b.end(), valueOf(f, codeB));
                const std::optional<Flags> all =
                    floatArithmeticArray(op, f, env, a.data(), b.data(), out.data(), flags.data(), a.size());
                ASSERT_TRUE(all.has_value()) << f.name() << ": refused finite values";
                Flags expectedAll = 0;
                for (std::size_t i = 0; i < as.size(); ++i) {
                    const Result want = expected(op, f, as[i], codeB, env);
                    expectedAll |= want.flags;
                    const Result got{convert(kFp32, std::bit_cast<std::uint32_t>(out[i]), f).bits, flags[i]};
                    log.compare(f, want, got, operationName(op), f, {as[i], codeB}, env);
                }
                log.check(*all == expectedAll, [&] { return "flags OR-ed against " + std::to_string(codeB); });
            }
    }
}

TEST(ArrayArithmetic, EveryPairOfFp8ValuesMatchesMpfr) {
    for (const Format* f : {&kE4m3, &kE5m2}) {
        MismatchLog log(std::string("float path ") + std::string(f->name()) + ", every pair");
        const std::vector<std::uint64_t> codes = finiteEncodings(*f);
        checkPairs(log, *f, codes, codes, referenceFor);
        expectClean(log);
    }
}

// A slice of FP16: every 257th finite encoding, the subnormals and normals at the binade edges, and their
// negatives, so that sums tie, cancel, underflow and overflow.
std::vector<std::uint64_t> fp16Slice(std::uint64_t stride) {
    std::vector<std::uint64_t> slice;
    for (std::uint64_t code = 0; code < 0x7C00; code += stride) slice.push_back(code);
    for (std::uint64_t code : {0x0001u, 0x0002u, 0x0003u, 0x01FFu, 0x0200u, 0x03FFu, 0x0400u, 0x0401u, 0x07FFu,
                               0x3BFFu, 0x3C00u, 0x3C01u, 0x7BFEu, 0x7BFFu})
        slice.push_back(code);
    const std::size_t positive = slice.size();
    for (std::size_t i = 0; i < positive; ++i) slice.push_back(slice[i] | 0x8000u);
    return slice;
}

TEST(ArrayArithmetic, EveryFp16ValueAgainstASliceMatchesMpfr) {
    MismatchLog log("float path fp16, every value x slice, MPFR");
    checkPairs(log, kFp16, finiteEncodings(kFp16), fp16Slice(4099), referenceFor);
    expectClean(log);
}

TEST(ArrayArithmetic, EveryFp16ValueAgainstAWiderSliceMatchesSoftFloat) {
    MismatchLog log("float path fp16, every value x slice, soft-float");
    checkPairs(log, kFp16, finiteEncodings(kFp16), fp16Slice(521), softFloatFor);
    expectClean(log);
}

TEST(ArrayArithmetic, RefusesWhatIsNotAFiniteValueAndLeavesTheOutputAlone) {
    const float notValues[] = {std::bit_cast<float>(0x7F800000u), std::bit_cast<float>(0x7FC00000u),
                               1.0f + 0x1p-11f, 0x1p-25f, 65520.0f, std::bit_cast<float>(0x00000001u)};
    for (const float bad : notValues) {
        std::vector<float> a(3000, 1.5f), b(3000, 0.25f), out(3000, 7.0f);
        std::vector<Flags> flags(3000, 9);
        a[2500] = bad;
        EXPECT_FALSE(floatArithmeticArray(Operation::Add, kFp16, Env{}, a.data(), b.data(), out.data(), flags.data(),
                                          a.size())
                         .has_value())
            << bad;
        std::swap(a, b);
        EXPECT_FALSE(floatArithmeticArray(Operation::Mul, kFp16, Env{}, a.data(), b.data(), out.data(), flags.data(),
                                          a.size())
                         .has_value())
            << bad;
        EXPECT_EQ(std::count(out.begin(), out.end(), 7.0f), 3000);
        EXPECT_EQ(std::count(flags.begin(), flags.end(), Flags{9}), 3000);
    }
    Env directed;
    directed.rounding = RoundingMode::TowardZero;
    EXPECT_FALSE(roundsOnceFromFloat(kFp16, directed));
    EXPECT_FALSE(roundsOnceFromFloat(kBf16, Env{})); // sums and products leave float's normal range
    EXPECT_FALSE(roundsOnceFromFloat(kFp32, Env{}));
}

} // namespace
} // namespace fplab::verify
