// Checks the MPFR oracle itself before trusting it with core/: against the host FPU for FP32 and
// FP64 (flags included), and against values worked out by hand for the modes MPFR lacks (rna, rto),
// the subnormal and overflow edges and the OCP FP8 overflow rules.
#include "tests/core/host_fpu.h"
#include "tests/oracle/case_generator.h"
#include "tests/oracle/mismatch_log.h"
#include "tests/oracle/mpfr_oracle.h"

#include <gtest/gtest.h>

namespace fplab {
namespace {

using oracle::MismatchLog;

#if !FPLAB_HOST_FPU_X86_64
TEST(OracleSelfCheck, HostFpuChecksNeedAnX86_64Host) { GTEST_SKIP() << host::missingFeatures(); }
#else
struct HostCase {
    host::HostOp op;
    const char* name;
};
constexpr HostCase kHostOps[] = {{host::HostOp::Add, "add"}, {host::HostOp::Sub, "sub"}, {host::HostOp::Mul, "mul"},
                                 {host::HostOp::Div, "div"}, {host::HostOp::Fma, "fma"}, {host::HostOp::Sqrt, "sqrt"}};

Result oracleFor(host::HostOp op, const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env) {
    switch (op) {
    case host::HostOp::Add: return oracle::referenceAdd(f, a, b, env);
    case host::HostOp::Sub: return oracle::referenceSub(f, a, b, env);
    case host::HostOp::Mul: return oracle::referenceMul(f, a, b, env);
    case host::HostOp::Div: return oracle::referenceDiv(f, a, b, env);
    case host::HostOp::Fma: return oracle::referenceFma(f, a, b, c, env);
    case host::HostOp::Sqrt: return oracle::referenceSqrt(f, a, env);
    }
    return {};
}

void checkOracleAgainstHost(const Format& f, std::uint64_t cases) {
    for (const HostCase& op : kHostOps) {
        MismatchLog log(std::string("MPFR oracle vs host FPU, ") + std::string(f.name()) + " " + op.name);
        for (RoundingMode mode : host::kHostModes) {
            oracle::CaseGenerator gen(f, 0x5E1FC0DEull + unsigned(mode));
            Env env;
            env.rounding = mode;
            host::ScopedRounding rounding(mode);
            for (std::uint64_t i = 0; i < cases; ++i) {
                std::array<std::uint64_t, 3> x{};
                switch (op.op) {
                case host::HostOp::Add:
                case host::HostOp::Sub: {
                    auto p = gen.addOperands();
                    x = {p[0], p[1], 0};
                    break;
                }
                case host::HostOp::Mul: {
                    auto p = gen.mulOperands();
                    x = {p[0], p[1], 0};
                    break;
                }
                case host::HostOp::Div: {
                    auto p = gen.divOperands();
                    x = {p[0], p[1], 0};
                    break;
                }
                case host::HostOp::Fma: x = gen.fmaOperands(); break;
                case host::HostOp::Sqrt: x = {gen.sqrtOperand(), 0, 0}; break;
                }
                const host::HostResult h = f.totalBits() == 32 ? host::fp32(op.op, std::uint32_t(x[0]),
                                                                            std::uint32_t(x[1]), std::uint32_t(x[2]))
                                                               : host::fp64(op.op, x[0], x[1], x[2]);
                const Result expected{h.bits, h.flags};
                // The oracle here is the one under test, so it plays the "core" side of the log.
                log.compare(f, expected, oracleFor(op.op, f, x[0], x[1], x[2], env), op.name, f, {x[0], x[1], x[2]},
                            env);
            }
        }
        EXPECT_EQ(log.mismatches(), 0u) << log.report();
    }
}

TEST(OracleSelfCheck, MatchesHostFpuOnFp32) {
    if (const std::string why = host::missingFeatures(); !why.empty()) GTEST_SKIP() << why;
    checkOracleAgainstHost(kFp32, 40000);
}

TEST(OracleSelfCheck, MatchesHostFpuOnFp64) {
    if (const std::string why = host::missingFeatures(); !why.empty()) GTEST_SKIP() << why;
    checkOracleAgainstHost(kFp64, 40000);
}

TEST(OracleSelfCheck, MatchesF16cOnFp32ToFp16) {
    if (const std::string why = host::missingFeatures(); !why.empty()) GTEST_SKIP() << why;
    MismatchLog log("MPFR oracle vs F16C, fp32 -> fp16");
    for (RoundingMode mode : host::kHostModes) {
        Env env;
        env.rounding = mode;
        for (std::uint64_t u = 0; u < (std::uint64_t{1} << 32); u += 65537) {
            const host::HostResult h = host::fp32ToFp16(std::uint32_t(u), mode);
            const Result r = oracle::referenceConvert(kFp32, u, kFp16, env);
            if (h.bits == r.bits && h.flags == r.flags) log.check(true, "");
            else log.compare(kFp16, {h.bits, h.flags}, r, "convert", kFp32, {u}, env);
        }
    }
    EXPECT_EQ(log.mismatches(), 0u) << log.report();
}
#endif // FPLAB_HOST_FPU_X86_64

// Values worked out by hand from the definitions of the rounding modes.
struct HandCase {
    const Format* from;
    std::uint64_t input;
    const Format* to;
    RoundingMode mode;
    Tininess tininess;
    bool saturate;
    std::uint64_t bits;
    Flags flags;
};

constexpr RoundingMode rne = RoundingMode::NearestEven, rna = RoundingMode::NearestAway, rtz = RoundingMode::TowardZero,
                       rup = RoundingMode::TowardPositive, rdn = RoundingMode::TowardNegative,
                       rto = RoundingMode::ToOdd;
constexpr Tininess after = Tininess::AfterRounding, before = Tininess::BeforeRounding;
constexpr Flags x = kInexact, ux = kUnderflow | kInexact, ox = kOverflow | kInexact;

const HandCase kHandCases[] = {
    // 1 + 2^-11 (FP32 0x3F801000) is halfway between FP16 1 (0x3C00) and 1 + 2^-10 (0x3C01).
    {&kFp32, 0x3F801000, &kFp16, rne, after, false, 0x3C00, x},
    {&kFp32, 0x3F801000, &kFp16, rna, after, false, 0x3C01, x},
    {&kFp32, 0x3F801000, &kFp16, rtz, after, false, 0x3C00, x},
    {&kFp32, 0x3F801000, &kFp16, rup, after, false, 0x3C01, x},
    {&kFp32, 0x3F801000, &kFp16, rdn, after, false, 0x3C00, x},
    {&kFp32, 0x3F801000, &kFp16, rto, after, false, 0x3C01, x},
    // -(1 + 2^-11)
    {&kFp32, 0xBF801000, &kFp16, rna, after, false, 0xBC01, x},
    {&kFp32, 0xBF801000, &kFp16, rup, after, false, 0xBC00, x},
    {&kFp32, 0xBF801000, &kFp16, rdn, after, false, 0xBC01, x},
    {&kFp32, 0xBF801000, &kFp16, rto, after, false, 0xBC01, x},
    // 1 + 3*2^-11: halfway between 0x3C01 (odd) and 0x3C02 (even).
    {&kFp32, 0x3F803000, &kFp16, rne, after, false, 0x3C02, x},
    {&kFp32, 0x3F803000, &kFp16, rna, after, false, 0x3C02, x},
    {&kFp32, 0x3F803000, &kFp16, rto, after, false, 0x3C01, x},
    // 1 + 2^-12: below the midpoint; round-to-odd still sets the last bit.
    {&kFp32, 0x3F800800, &kFp16, rne, after, false, 0x3C00, x},
    {&kFp32, 0x3F800800, &kFp16, rna, after, false, 0x3C00, x},
    {&kFp32, 0x3F800800, &kFp16, rto, after, false, 0x3C01, x},
    // 2^-25 is half the smallest FP16 subnormal 2^-24.
    {&kFp32, 0x33000000, &kFp16, rne, after, false, 0x0000, ux},
    {&kFp32, 0x33000000, &kFp16, rna, after, false, 0x0001, ux},
    {&kFp32, 0x33000000, &kFp16, rtz, after, false, 0x0000, ux},
    {&kFp32, 0x33000000, &kFp16, rup, after, false, 0x0001, ux},
    {&kFp32, 0x33000000, &kFp16, rto, after, false, 0x0001, ux},
    {&kFp32, 0xB3000000, &kFp16, rne, after, false, 0x8000, ux},
    {&kFp32, 0xB3000000, &kFp16, rdn, after, false, 0x8001, ux},
    // 1.5 * 2^-24: halfway between subnormals 0x0001 (odd) and 0x0002 (even).
    {&kFp32, 0x33C00000, &kFp16, rne, after, false, 0x0002, ux},
    {&kFp32, 0x33C00000, &kFp16, rna, after, false, 0x0002, ux},
    {&kFp32, 0x33C00000, &kFp16, rto, after, false, 0x0001, ux},
    {&kFp32, 0x33C00000, &kFp16, rtz, after, false, 0x0001, ux},
    // 2^-14 - 2^-26: rounds (unbounded exponent, 11 bits) up to 2^-14, so tiny only before rounding.
    {&kFp32, 0x387FF000, &kFp16, rne, after, false, 0x0400, x},
    {&kFp32, 0x387FF000, &kFp16, rne, before, false, 0x0400, ux},
    {&kFp32, 0x387FF000, &kFp16, rtz, after, false, 0x03FF, ux},
    {&kFp32, 0x387FF000, &kFp16, rto, after, false, 0x03FF, ux},
    // 65520 = 65504 + half an ulp: the tie goes to even = 2^16, which overflows.
    {&kFp32, 0x477FF000, &kFp16, rne, after, false, 0x7C00, ox},
    {&kFp32, 0x477FF000, &kFp16, rna, after, false, 0x7C00, ox},
    {&kFp32, 0x477FF000, &kFp16, rtz, after, false, 0x7BFF, x},
    {&kFp32, 0x477FF000, &kFp16, rto, after, false, 0x7BFF, x},
    {&kFp32, 0x477FF000, &kFp16, rdn, after, false, 0x7BFF, x},
    {&kFp32, 0x477FF000, &kFp16, rup, after, false, 0x7C00, ox},
    {&kFp32, 0xC77FF000, &kFp16, rup, after, false, 0xFBFF, x},
    {&kFp32, 0x477FEF00, &kFp16, rne, after, false, 0x7BFF, x},
    {&kFp32, 0x477FEF00, &kFp16, rup, after, false, 0x7C00, ox},
    // E4M3 (OCP): max 448 = 0x7E; 464 is the midpoint to the missing 480. Ties to even keep 448;
    // above it overflows to NaN (0x7F), or 448 when saturating.
    {&kFp32, 0x43E80000, &kE4m3, rne, after, false, 0x7E, x},
    {&kFp32, 0x43E80000, &kE4m3, rna, after, false, 0x7F, ox},
    {&kFp32, 0x43E80000, &kE4m3, rna, after, true, 0x7E, ox},
    {&kFp32, 0x43E80001, &kE4m3, rne, after, false, 0x7F, ox},
    {&kFp32, 0xC3E80001, &kE4m3, rne, after, false, 0xFF, ox},
    {&kFp32, 0xC3E80001, &kE4m3, rne, after, true, 0xFE, ox},
    {&kFp32, 0x43E80001, &kE4m3, rtz, after, false, 0x7E, x},
    // 450 in round-to-odd: truncates to 448 (even), so steps to 480, which does not exist: overflow.
    {&kFp32, 0x43E10000, &kE4m3, rto, after, false, 0x7E, ox},
    // E5M2: max 57344 = 1.11b*2^15 (0x7B); 2^16 would be 0x7C = inf. 61440 is the tie: even is 0x7C -> inf.
    {&kFp32, 0x47700000, &kE5m2, rne, after, false, 0x7C, ox},
    {&kFp32, 0x47700000, &kE5m2, rne, after, true, 0x7B, ox},
    {&kFp32, 0x476FFFFF, &kE5m2, rne, after, false, 0x7B, x},
    {&kFp32, 0x47680000, &kE5m2, rne, after, false, 0x7B, x},
    // FP4 E2M1: 5 is halfway between 4 (0x6, even) and 6 (0x7); 7 is halfway to the missing 8: saturates.
    {&kFp32, 0x40A00000, &kE2m1, rne, after, false, 0x6, x},
    {&kFp32, 0x40A00000, &kE2m1, rna, after, false, 0x7, x},
    {&kFp32, 0x40E00000, &kE2m1, rne, after, false, 0x7, ox},
    {&kFp32, 0x40E00000, &kE2m1, rtz, after, false, 0x7, x},
    // FP4 smallest value 0.5 (0x1): 0.25 ties to even (0), 0.75 ties to even (1.0 = 0x2).
    {&kFp32, 0x3E800000, &kE2m1, rne, after, false, 0x0, ux},
    {&kFp32, 0x3F400000, &kE2m1, rne, after, false, 0x2,
     ux}, // 0.75 = 1.1b*2^-1 is exact unbounded: tiny after rounding
    {&kFp32, 0x3F400000, &kE2m1, rto, after, false, 0x1, ux},
    // E8M0: 2^-127 is the smallest value, no zero: 2^-130 becomes 2^-127 (underflow, inexact).
    {&kFp32, 0x00080000, &kE8m0, rne, after, false, 0x00, ux},
    {&kFp32, 0x3FC00000, &kE8m0, rne, after, false, 0x80, x}, // 1.5 -> tie, precision 1: up to 2
    {&kFp32, 0x3FBFFFFF, &kE8m0, rne, after, false, 0x7F, x},
};

TEST(OracleSelfCheck, HandWorkedRoundings) {
    MismatchLog log("MPFR oracle vs hand-worked values");
    for (const HandCase& c : kHandCases) {
        Env env;
        env.rounding = c.mode;
        env.tininess = c.tininess;
        env.saturate = c.saturate;
        log.compare(*c.to, {c.bits, c.flags}, oracle::referenceConvert(*c.from, c.input, *c.to, env), "convert",
                    *c.from, {c.input}, env);
    }
    EXPECT_EQ(log.mismatches(), 0u) << log.report();
}

} // namespace
} // namespace fplab
