// Tininess before and after rounding: hand-worked cases just below the smallest normal 2^emin
// that round up to it (tiny before rounding, not after), each also checked against MPFR.
#include "tests/core/verify_support.h"

#include <gtest/gtest.h>

namespace fplab::verify {
namespace {

using oracle::MismatchLog;

struct TininessCase {
    Op op;
    const Format* format;
    std::uint64_t a, b;
    RoundingMode mode;
    std::uint64_t expected;
    Flags afterFlags, beforeFlags;
    const char* why;
};

constexpr Flags x = kInexact, ux = kUnderflow | kInexact;
constexpr RoundingMode rne = RoundingMode::NearestEven, rtz = RoundingMode::TowardZero,
                       rup = RoundingMode::TowardPositive, rna = RoundingMode::NearestAway,
                       rdn = RoundingMode::TowardNegative;

const TininessCase kOps[] = {
    // (1 - 2^-23) * 2^-126 (1 + 2^-23) = 2^-126 (1 - 2^-46): rounds to 2^-126 with 24 bits, unbounded.
    {Op::Mul, &kFp32, 0x3F7FFFFE, 0x00800001, rne, 0x00800000, x, ux, "fp32 product 2^-126(1 - 2^-46)"},
    {Op::Mul, &kFp32, 0x3F7FFFFE, 0x00800001, rup, 0x00800000, x, ux, "rounded up: same"},
    {Op::Mul, &kFp32, 0x3F7FFFFE, 0x00800001, rtz, 0x007FFFFF, ux, ux, "truncated: tiny either way"},
    {Op::Mul, &kFp32, 0xBF7FFFFE, 0x00800001, rdn, 0x80800000, x, ux, "negative, toward -inf"},
    {Op::Mul, &kFp32, 0xBF7FFFFE, 0x00800001, rup, 0x807FFFFF, ux, ux, "negative, toward +inf: tiny"},
    // FP64: (1 - 2^-52) * 2^-1022 (1 + 2^-52) = 2^-1022 (1 - 2^-104).
    {Op::Mul, &kFp64, 0x3FEFFFFFFFFFFFFE, 0x0010000000000001, rne, 0x0010000000000000, x, ux, "fp64 product"},
    {Op::Mul, &kFp64, 0x3FEFFFFFFFFFFFFE, 0x0010000000000001, rna, 0x0010000000000000, x, ux, "fp64, nearest-away"},
    // FP16: (1 - 2^-10) * 2^-14 (1 + 2^-10) = 2^-14 (1 - 2^-20).
    {Op::Mul, &kFp16, 0x3BFE, 0x0401, rne, 0x0400, x, ux, "fp16 product 2^-14(1 - 2^-20)"},
    // E4M3: (1 - 2^-3) * 2^-6 (1 + 2^-3) = 2^-6 (1 - 2^-6): rounds to 2^-6 with 4 bits.
    {Op::Mul, &kE4m3, 0x36, 0x09, rne, 0x08, x, ux, "e4m3 product 2^-6(1 - 2^-6)"},
    // E5M2: (1 - 2^-2) * 2^-14 (1 + 2^-2) = 2^-14 (1 - 2^-4): a tie at 3 bits, to even = 2^-14.
    {Op::Mul, &kE5m2, 0x3A, 0x05, rne, 0x04, x, ux, "e5m2 product 2^-14(1 - 2^-4)"},
};

TEST(Tininess, ProductsJustBelowTheSmallestNormalDependOnTheRule) {
    MismatchLog log("tininess hand cases");
    for (const TininessCase& c : kOps) {
        for (Tininess t : {Tininess::AfterRounding, Tininess::BeforeRounding}) {
            Env env;
            env.rounding = c.mode;
            env.tininess = t;
            const Result hand{c.expected, t == Tininess::AfterRounding ? c.afterFlags : c.beforeFlags};
            log.compare(*c.format, hand, coreOp(c.op, *c.format, c.a, c.b, 0, env), std::string(c.why) + ", core",
                        *c.format, {c.a, c.b}, env);
            log.compare(*c.format, hand, referenceOp(c.op, *c.format, c.a, c.b, 0, env), std::string(c.why) + ", MPFR",
                        *c.format, {c.a, c.b}, env);
        }
    }
    expectClean(log);
}

struct ConversionTininess {
    const Format* from;
    std::uint64_t input;
    const Format* to;
    RoundingMode mode;
    std::uint64_t expected;
    Flags afterFlags, beforeFlags;
    const char* why;
};

const Format kFp16NoSub = *parseCustomFormatName("e5m10-nosub").format;

const ConversionTininess kConversions[] = {
    {&kFp32, 0x387FF000, &kFp16, rne, 0x0400, x, ux, "2^-14 - 2^-26 to fp16: the 11-bit tie goes up to 2^-14"},
    {&kFp32, 0x387FF000, &kFp16, rup, 0x0400, x, ux, "same, toward +inf"},
    {&kFp32, 0x387FF000, &kFp16, rtz, 0x03FF, ux, ux, "same, toward zero: the largest subnormal"},
    {&kFp32, 0x387FE000, &kFp16, rne, 0x0400, ux, ux,
     "2^-14 - 2^-25: a subnormal-grid tie (to even 2^-14), but exact with 11 bits: tiny either way"},
    {&kFp32, 0x007FC000, &kBf16, rne, 0x0080, x, ux, "2^-126 (1 - 2^-9) to bf16"},
    {&kFp32, 0x3C780000, &kE4m3, rne, 0x08, x, ux, "2^-6 (1 - 2^-5) to e4m3"},
    {&kFp32, 0x3C780000, &kE4m3, rna, 0x08, x, ux, "same, nearest-away"},
    {&kFp32, 0x3C780000, &kE4m3, rtz, 0x07, ux, ux, "same, toward zero"},
    {&kFp32, 0x387C0000, &kE5m2, rne, 0x04, x, ux, "2^-14 (1 - 2^-6) to e5m2"},
    {&kFp32, 0x38700000, &kE5m2, rne, 0x04, x, ux, "2^-14 (1 - 2^-4) to e5m2: the 3-bit tie goes up to even"},
    {&kFp32, 0x38580000, &kE5m2, rne, 0x03, ux, ux, "2^-14 (1 - 2^-3 - 2^-5) to e5m2: tiny either way"},
    // Without subnormals: tiny after rounding flushes to zero; otherwise the smallest normal.
    {&kFp32, 0x387FF000, &kFp16NoSub, rne, 0x0400, x, ux, "e5m10-nosub: rounds up to the smallest normal"},
    {&kFp32, 0x387FE000, &kFp16NoSub, rne, 0x0000, ux, ux, "e5m10-nosub: tiny after rounding: flushed to +0"},
    {&kFp32, 0xB87FE000, &kFp16NoSub, rne, 0x8000, ux, ux, "e5m10-nosub: flushed to -0"},
    {&kFp32, 0x387FE000, &kFp16NoSub, rup, 0x0000, ux, ux, "e5m10-nosub: flushed even toward +inf (FTZ)"},
};

TEST(Tininess, ConversionsJustBelowTheSmallestNormalDependOnTheRule) {
    MismatchLog log("tininess conversions");
    for (const ConversionTininess& c : kConversions) {
        for (Tininess t : {Tininess::AfterRounding, Tininess::BeforeRounding}) {
            Env env;
            env.rounding = c.mode;
            env.tininess = t;
            const Result hand{c.expected, t == Tininess::AfterRounding ? c.afterFlags : c.beforeFlags};
            log.compare(*c.to, hand, convert(*c.from, c.input, *c.to, env), std::string(c.why) + ", core", *c.from,
                        {c.input}, env);
            log.compare(*c.to, hand, oracle::referenceConvert(*c.from, c.input, *c.to, env),
                        std::string(c.why) + ", MPFR", *c.from, {c.input}, env);
        }
    }
    expectClean(log);
}

} // namespace
} // namespace fplab::verify
