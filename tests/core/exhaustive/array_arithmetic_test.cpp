// core/array_arithmetic.h (add, sub and mul over float arrays, computed in float and rounded once) against MPFR on
// every operand pair of E4M3 and E5M2 and on every FP16 and BF16 value against a slice of values, and against core's
// soft-float add/sub/mul on every FP16 and BF16 value against a wider slice; its refusals (operands that are not
// finite values of the format) leave the output untouched.
#include "tests/core/verify_support.h"

#include "core/array_arithmetic.h"
#include "core/classify.h"

#include <algorithm>
#include <bit>
#include <initializer_list>

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
                const std::optional<Flags> all = floatArithmeticArray(op, f, env, a.data(), b.data(), out.data(),
                                                                      flags.data(), a.size());
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

// A slice of a 16-bit format: every stride-th encoding of [first, end), the given ones (values at the edges of
// binades and of the range), and their negatives, so that sums tie, cancel, underflow and overflow.
std::vector<std::uint64_t> sliceOf(std::uint64_t first, std::uint64_t end, std::uint64_t stride,
                                   std::initializer_list<std::uint64_t> edges) {
    std::vector<std::uint64_t> slice;
    for (std::uint64_t code = first; code < end; code += stride) slice.push_back(code);
    slice.insert(slice.end(), edges.begin(), edges.end());
    const std::size_t positive = slice.size();
    for (std::size_t i = 0; i < positive; ++i) slice.push_back(slice[i] | 0x8000u);
    return slice;
}

std::vector<std::uint64_t> fp16Slice(std::uint64_t stride) {
    return sliceOf(0, 0x7C00, stride,
                   {0x0001, 0x0002, 0x0003, 0x01FF, 0x0200, 0x03FF, 0x0400, 0x0401, 0x07FF, 0x3BFF, 0x3C00, 0x3C01,
                    0x7BFE, 0x7BFF});
}

// BF16 has float's range: products of its values leave float's normal range (computed again by the soft-float
// operation) and sums overflow it. Its subnormals are float subnormals, which the float path refuses (the
// caller's element-by-element path takes them): every other finite value here.
std::vector<std::uint64_t> bf16NormalsAndZeros() {
    std::vector<std::uint64_t> codes;
    for (std::uint64_t code : finiteEncodings(kBf16))
        if (classify(kBf16, code) != FloatClass::Subnormal) codes.push_back(code);
    return codes;
}

std::vector<std::uint64_t> bf16Slice(std::uint64_t stride) {
    return sliceOf(0x0080, 0x7F80, stride,
                   {0x0000, 0x0080, 0x0081, 0x00FF, 0x1F80, 0x2000, 0x3F7F, 0x3F80, 0x3F81, 0x5F80, 0x5F00, 0x7F00,
                    0x7F7E, 0x7F7F});
}

// FP16 and BF16: every value the float path takes against a slice (a stride through the encodings, and edges)
// of the given stride.
template <class Expected>
void checkSixteenBitFormats(const char* oracleName, std::uint64_t stride, Expected&& expected) {
    for (const Format* f : {&kFp16, &kBf16}) {
        MismatchLog log(std::string("float path ") + std::string(f->name()) + ", every value x slice, " + oracleName);
        if (f == &kFp16) checkPairs(log, *f, finiteEncodings(*f), fp16Slice(stride), expected);
        else checkPairs(log, *f, bf16NormalsAndZeros(), bf16Slice(stride), expected);
        expectClean(log);
    }
}

TEST(ArrayArithmetic, EveryFp16AndBf16ValueAgainstASliceMatchesMpfr) {
    checkSixteenBitFormats("MPFR", 4099, referenceFor);
}

TEST(ArrayArithmetic, EveryFp16AndBf16ValueAgainstAWiderSliceMatchesSoftFloat) {
    checkSixteenBitFormats("soft-float", 521, softFloatFor);
}

TEST(ArrayArithmetic, RefusesWhatIsNotAFiniteValueAndLeavesTheOutputAlone) {
    const float notValues[] = {
        std::bit_cast<float>(0x7F800000u), std::bit_cast<float>(0x7FC00000u), 1.0f + 0x1p-11f, 0x1p-25f, 65520.0f,
        std::bit_cast<float>(0x00000001u)};
    for (const float bad : notValues) {
        std::vector<float> a(3000, 1.5f), b(3000, 0.25f), out(3000, 7.0f);
        std::vector<Flags> flags(3000, 9);
        a[2500] = bad;
        EXPECT_FALSE(
            floatArithmeticArray(Operation::Add, kFp16, Env{}, a.data(), b.data(), out.data(), flags.data(), a.size())
                .has_value())
            << bad;
        std::swap(a, b);
        EXPECT_FALSE(
            floatArithmeticArray(Operation::Mul, kFp16, Env{}, a.data(), b.data(), out.data(), flags.data(), a.size())
                .has_value())
            << bad;
        EXPECT_EQ(std::count(out.begin(), out.end(), 7.0f), 3000);
        EXPECT_EQ(std::count(flags.begin(), flags.end(), Flags{9}), 3000);
    }
    Env directed;
    directed.rounding = RoundingMode::TowardZero;
    EXPECT_FALSE(roundsOnceFromFloat(kFp16, directed));
    EXPECT_TRUE(roundsOnceFromFloat(kBf16, Env{}));
    EXPECT_FALSE(roundsOnceFromFloat(kFp32, Env{}));
    EXPECT_TRUE(roundsOnceFromFloat(kTf32, Env{})); // p = 11, float's range (tests/python/test_float_values_path.py)
}

} // namespace
} // namespace fplab::verify
