// core/ against the host FPU: FP32/FP64 add/sub/mul/div/fma/sqrt, FP32<->FP64, roundToIntegral,
// comparisons and integer conversions under the four IEEE rounding modes, and F16C FP32<->FP16,
// bits and flags (fetestexcept) both.
#include "core/integer.h"
#include "tests/core/boundary_cases.h"
#include "tests/core/host_fpu.h"
#include "tests/core/verify_support.h"

#include <gtest/gtest.h>

#include <array>

namespace fplab::verify {
namespace {

#if !FPLAB_HOST_FPU_X86_64
TEST(HostFpu, NeedsAnX86_64Host) { GTEST_SKIP() << host::missingFeatures(); }
#else

using oracle::MismatchLog;

#define FPLAB_REQUIRE_HOST()                                                                                           \
    do {                                                                                                               \
        if (const std::string why = host::missingFeatures(); !why.empty()) GTEST_SKIP() << why;                        \
    } while (false)

host::HostOp hostOp(Op op) { return host::HostOp(int(op)); }

class HostArithmetic : public ::testing::TestWithParam<std::tuple<const Format*, Op>> {};

TEST_P(HostArithmetic, WeightedSampleInFourModesMatchesHost) {
    FPLAB_REQUIRE_HOST();
    const Format& f = *std::get<0>(GetParam());
    const Op op = std::get<1>(GetParam());
    const std::uint64_t perMode = oracle::sampledCases(1000000);
    MismatchLog log(std::string("host ") + std::string(f.name()) + " " + opName(op));
    for (RoundingMode mode : host::kHostModes) {
        oracle::CaseGenerator gen(f, 0xF00D0000u ^ (unsigned(op) << 4) ^ unsigned(mode));
        Env env;
        env.rounding = mode;
        host::ScopedRounding rounding(mode);
        for (std::uint64_t i = 0; i < perMode; ++i) {
            const auto x = drawOperands(op, gen);
            const host::HostResult h = f.totalBits() == 32 ? host::fp32(hostOp(op), std::uint32_t(x[0]),
                                                                        std::uint32_t(x[1]), std::uint32_t(x[2]))
                                                           : host::fp64(hostOp(op), x[0], x[1], x[2]);
            const Result actual = coreOp(op, f, x[0], x[1], x[2], env);
            log.compare(f, {h.bits, h.flags}, actual, opName(op), f, {x[0], x[1], x[2]}, env);
        }
    }
    expectClean(log);
}

INSTANTIATE_TEST_SUITE_P(Fp32Fp64, HostArithmetic,
                         ::testing::Combine(::testing::Values(&kFp32, &kFp64), ::testing::ValuesIn(kAllOps)),
                         [](const ::testing::TestParamInfo<std::tuple<const Format*, Op>>& info) {
                             return testName(*std::get<0>(info.param)) + "_" + opName(std::get<1>(info.param));
                         });

TEST(HostConversion, Fp32ToFp64StrideAndFp64ToFp32SampleMatchHost) {
    FPLAB_REQUIRE_HOST();
    MismatchLog log("host fp32 <-> fp64");
    for (std::uint64_t u = 0; u < (std::uint64_t{1} << 32); u += 4099) {
        const host::HostResult h = host::fp32ToFp64(std::uint32_t(u));
        log.compare(kFp64, {h.bits, h.flags}, convert(kFp32, u, kFp64), "convert", kFp32, {u}, {});
    }
    for (RoundingMode mode : host::kHostModes) {
        oracle::CaseGenerator gen(kFp64, 0xD0B1Eu + unsigned(mode));
        Env env;
        env.rounding = mode;
        host::ScopedRounding rounding(mode);
        for (int i = 0; i < 300000; ++i) {
            // Weighted FP64 operands, half of them moved into FP32's range (where rounding and underflow happen).
            std::uint64_t a = gen.operand();
            if (i % 2) a = (a & 0x800FFFFFFFFFFFFFull) | (std::uint64_t(0x380 + (i / 2) % 0x100) << 52);
            // Every fourth: an FP32 value plus exactly half an FP32 ulp (bit 28), sometimes a hair more (bit 0).
            if (i % 4 == 3)
                a = (a & ~((std::uint64_t{1} << 29) - 1)) | (std::uint64_t{1} << 28) | std::uint64_t(i % 8 == 7);
            const host::HostResult h = host::fp64ToFp32(a);
            log.compare(kFp32, {h.bits, h.flags}, convert(kFp64, a, kFp32, env), "convert", kFp64, {a}, env);
        }
    }
    expectClean(log);
}

TEST(HostF16c, Fp32ToFp16BoundaryCasesAndDenseStrideMatchF16c) {
    FPLAB_REQUIRE_HOST();
    const std::vector<std::uint32_t> boundary = fp32BoundaryInputs(kFp16);
    MismatchLog log("F16C fp32 -> fp16");
    std::uint64_t strideCases = 0;
    for (RoundingMode mode : host::kHostModes) {
        Env env;
        env.rounding = mode;
        auto check = [&](std::uint32_t u) {
            const host::HostResult h = host::fp32ToFp16(u, mode);
            const Result c = convert(kFp32, u, kFp16, env);
            if (h.bits == c.bits && h.flags == c.flags) log.check(true, "");
            else log.compare(kFp16, {h.bits, h.flags}, c, "convert", kFp32, {u}, env);
        };
        for (std::uint32_t u : boundary) check(u);
        for (std::uint64_t u = unsigned(mode); u < (std::uint64_t{1} << 32); u += 1021, ++strideCases)
            check(std::uint32_t(u));
    }
    expectClean(log);
    std::printf("F16C: %zu boundary inputs x 4 modes, %llu stride cases\n", boundary.size(),
                static_cast<unsigned long long>(strideCases));
}

TEST(HostF16c, EveryFp16ToFp32MatchesF16c) {
    FPLAB_REQUIRE_HOST();
    MismatchLog log("F16C fp16 -> fp32");
    for (std::uint64_t a = 0; a < 0x10000; ++a) {
        const host::HostResult h = host::fp16ToFp32(std::uint16_t(a));
        log.compare(kFp32, {h.bits, h.flags}, convert(kFp16, a, kFp32), "convert", kFp16, {a}, {});
    }
    expectClean(log);
}

// roundss/roundsd with the rounding in the immediate; NO_EXC gives roundToIntegral, RAISE_EXC the Exact variant.
template <bool Exact>
host::HostResult hostRoundFp32(std::uint32_t a, RoundingMode mode) {
    constexpr int exc = Exact ? _MM_FROUND_RAISE_EXC : _MM_FROUND_NO_EXC;
    __m128 x = _mm_set_ss(host::asFloat(a));
    host::clearFlags();
    FPLAB_HOST_OPAQUE(x);
    __m128 r;
    switch (mode) {
    case RoundingMode::NearestEven: r = _mm_round_ss(x, x, _MM_FROUND_TO_NEAREST_INT | exc); break;
    case RoundingMode::TowardZero: r = _mm_round_ss(x, x, _MM_FROUND_TO_ZERO | exc); break;
    case RoundingMode::TowardPositive: r = _mm_round_ss(x, x, _MM_FROUND_TO_POS_INF | exc); break;
    default: r = _mm_round_ss(x, x, _MM_FROUND_TO_NEG_INF | exc); break;
    }
    FPLAB_HOST_OPAQUE(r);
    const Flags flags = host::readFlags();
    return {host::bitsOf(_mm_cvtss_f32(r)), flags};
}
template <bool Exact>
host::HostResult hostRoundFp64(std::uint64_t a, RoundingMode mode) {
    constexpr int exc = Exact ? _MM_FROUND_RAISE_EXC : _MM_FROUND_NO_EXC;
    __m128d x = _mm_set_sd(host::asDouble(a));
    host::clearFlags();
    FPLAB_HOST_OPAQUE(x);
    __m128d r;
    switch (mode) {
    case RoundingMode::NearestEven: r = _mm_round_sd(x, x, _MM_FROUND_TO_NEAREST_INT | exc); break;
    case RoundingMode::TowardZero: r = _mm_round_sd(x, x, _MM_FROUND_TO_ZERO | exc); break;
    case RoundingMode::TowardPositive: r = _mm_round_sd(x, x, _MM_FROUND_TO_POS_INF | exc); break;
    default: r = _mm_round_sd(x, x, _MM_FROUND_TO_NEG_INF | exc); break;
    }
    FPLAB_HOST_OPAQUE(r);
    const Flags flags = host::readFlags();
    return {host::bitsOf(_mm_cvtsd_f64(r)), flags};
}

TEST(HostRoundToIntegral, Fp32AndFp64MatchRoundssRoundsd) {
    FPLAB_REQUIRE_HOST();
    MismatchLog log("host roundToIntegral");
    for (RoundingMode mode : host::kHostModes) {
        Env env;
        env.rounding = mode;
        oracle::CaseGenerator g32(kFp32, 0x7007u + unsigned(mode)), g64(kFp64, 0x7008u + unsigned(mode));
        for (int i = 0; i < 200000; ++i) {
            std::uint32_t a = std::uint32_t(g32.operand());
            if (i % 2) a = (a & 0x807FFFFFu) | (std::uint32_t(0x7A + i % 0x20) << 23); // |a| in [2^-5, 2^26]: fractions
            log.compare(kFp32, Result{hostRoundFp32<false>(a, mode).bits, hostRoundFp32<false>(a, mode).flags},
                        roundToIntegral(kFp32, a, env, false), "roundToIntegral", kFp32, {a}, env);
            log.compare(kFp32, Result{hostRoundFp32<true>(a, mode).bits, hostRoundFp32<true>(a, mode).flags},
                        roundToIntegral(kFp32, a, env, true), "roundToIntegralExact", kFp32, {a}, env);
            std::uint64_t b = g64.operand();
            if (i % 2) b = (b & 0x800FFFFFFFFFFFFFull) | (std::uint64_t(0x3FA + i % 0x40) << 52);
            log.compare(kFp64, Result{hostRoundFp64<false>(b, mode).bits, hostRoundFp64<false>(b, mode).flags},
                        roundToIntegral(kFp64, b, env, false), "roundToIntegral", kFp64, {b}, env);
            log.compare(kFp64, Result{hostRoundFp64<true>(b, mode).bits, hostRoundFp64<true>(b, mode).flags},
                        roundToIntegral(kFp64, b, env, true), "roundToIntegralExact", kFp64, {b}, env);
        }
    }
    expectClean(log);
}

// vcmpss/vcmpsd: the _OQ/_Q predicates are IEEE quiet comparisons, _OS/_S signalling ones.
template <bool Signaling>
Comparison hostCompare32(std::uint32_t a, std::uint32_t b) {
    __m128 x = _mm_set_ss(host::asFloat(a)), y = _mm_set_ss(host::asFloat(b));
    host::clearFlags();
    FPLAB_HOST_OPAQUE(x);
    FPLAB_HOST_OPAQUE(y);
    __m128 un = _mm_cmp_ss(x, y, Signaling ? _CMP_UNORD_S : _CMP_UNORD_Q);
    __m128 eq = _mm_cmp_ss(x, y, Signaling ? _CMP_EQ_OS : _CMP_EQ_OQ);
    __m128 lt = _mm_cmp_ss(x, y, Signaling ? _CMP_LT_OS : _CMP_LT_OQ);
    FPLAB_HOST_OPAQUE(un);
    FPLAB_HOST_OPAQUE(eq);
    FPLAB_HOST_OPAQUE(lt);
    const Flags flags = host::readFlags();
    const auto set = [](__m128 m) { return host::bitsOf(_mm_cvtss_f32(m)) != 0; };
    const Ordering o = set(un)   ? Ordering::Unordered
                       : set(eq) ? Ordering::Equal
                       : set(lt) ? Ordering::Less
                                 : Ordering::Greater;
    return {o, flags};
}
template <bool Signaling>
Comparison hostCompare64(std::uint64_t a, std::uint64_t b) {
    __m128d x = _mm_set_sd(host::asDouble(a)), y = _mm_set_sd(host::asDouble(b));
    host::clearFlags();
    FPLAB_HOST_OPAQUE(x);
    FPLAB_HOST_OPAQUE(y);
    __m128d un = _mm_cmp_sd(x, y, Signaling ? _CMP_UNORD_S : _CMP_UNORD_Q);
    __m128d eq = _mm_cmp_sd(x, y, Signaling ? _CMP_EQ_OS : _CMP_EQ_OQ);
    __m128d lt = _mm_cmp_sd(x, y, Signaling ? _CMP_LT_OS : _CMP_LT_OQ);
    FPLAB_HOST_OPAQUE(un);
    FPLAB_HOST_OPAQUE(eq);
    FPLAB_HOST_OPAQUE(lt);
    const Flags flags = host::readFlags();
    const auto set = [](__m128d m) { return host::bitsOf(_mm_cvtsd_f64(m)) != 0; };
    const Ordering o = set(un)   ? Ordering::Unordered
                       : set(eq) ? Ordering::Equal
                       : set(lt) ? Ordering::Less
                                 : Ordering::Greater;
    return {o, flags};
}

std::string comparisonText(const Comparison& c) {
    static const char* names[] = {"less", "equal", "greater", "unordered"};
    return std::string(names[int(c.order)]) + " " + oracle::flagText(c.flags);
}

TEST(HostCompare, QuietAndSignalingComparisonsMatchVcmp) {
    FPLAB_REQUIRE_HOST();
    MismatchLog log("host compare");
    oracle::CaseGenerator g32(kFp32, 0xC0C0u), g64(kFp64, 0xC0C1u);
    const auto same = [](const Comparison& x, const Comparison& y) { return x.order == y.order && x.flags == y.flags; };
    for (int i = 0; i < 300000; ++i) {
        const std::array<std::uint64_t, 2> ab = g32.addOperands(); // includes equal magnitudes, signed zeros, NaNs
        const std::uint64_t a = ab[0], b = ab[1]; // not a structured binding: the lambda below captures them
        for (bool s : {false, true}) {
            const Comparison h = s ? hostCompare32<true>(std::uint32_t(a), std::uint32_t(b))
                                   : hostCompare32<false>(std::uint32_t(a), std::uint32_t(b));
            const Comparison c = compare(kFp32, a, b, s);
            log.check(same(h, c), [&] {
                return "compare fp32 " + oracle::bitsText(kFp32, a) + " " + oracle::bitsText(kFp32, b) +
                       (s ? " signaling" : " quiet") + ": host " + comparisonText(h) + ", core " + comparisonText(c);
            });
        }
        const std::array<std::uint64_t, 2> xy = g64.addOperands();
        const std::uint64_t x = xy[0], y = xy[1];
        for (bool s : {false, true}) {
            const Comparison h = s ? hostCompare64<true>(x, y) : hostCompare64<false>(x, y);
            const Comparison c = compare(kFp64, x, y, s);
            log.check(same(h, c), [&] {
                return "compare fp64 " + oracle::bitsText(kFp64, x) + " " + oracle::bitsText(kFp64, y) +
                       (s ? " signaling" : " quiet") + ": host " + comparisonText(h) + ", core " + comparisonText(c);
            });
        }
    }
    expectClean(log);
}

// cvtss2si/cvtsd2si (current mode) and cvtsi2ss/cvtsi2sd. Out of range the host returns the
// "integer indefinite" while FP Lab saturates or wraps: there only the invalid flag is compared.
TEST(HostIntegerConversion, FloatToIntAndIntToFloatMatchCvt) {
    FPLAB_REQUIRE_HOST();
    MismatchLog log("host integer conversion");
    for (RoundingMode mode : host::kHostModes) {
        Env env;
        env.rounding = mode;
        host::ScopedRounding rounding(mode);
        oracle::CaseGenerator g32(kFp32, 0x1A7u + unsigned(mode)), g64(kFp64, 0x1A8u + unsigned(mode));
        std::mt19937_64 rng(0x1A9u + unsigned(mode));
        for (int i = 0; i < 200000; ++i) {
            std::uint32_t a = std::uint32_t(g32.operand());
            if (i % 2) a = (a & 0x807FFFFFu) | (std::uint32_t(0x7C + i % 0x24) << 23); // |a| in [2^-3, 2^33)
            __m128 xa = _mm_set_ss(host::asFloat(a));
            host::clearFlags();
            FPLAB_HOST_OPAQUE(xa);
            int h32 = _mm_cvtss_si32(xa);
            FPLAB_HOST_OPAQUE_GPR(h32);
            const Flags f32 = host::readFlags();
            const Result c32 = floatToInt(kFp32, a, kInt32, Overflow::Saturate, env);
            const bool invalid = f32 & kInvalid;
            log.check(invalid ? c32.flags == f32
                              : (c32.bits == (std::uint32_t(h32) & 0xFFFFFFFFull) && c32.flags == f32),
                      [&] {
                          return "fp32 -> int32 " + oracle::bitsText(kFp32, a) + " " + oracle::envText(env) +
                                 ": host " + std::to_string(h32) + " " + oracle::flagText(f32) + ", core " +
                                 std::to_string(c32.bits) + " " + oracle::flagText(c32.flags);
                      });

            std::uint64_t b = g64.operand();
            if (i % 2) b = (b & 0x800FFFFFFFFFFFFFull) | (std::uint64_t(0x3FC + i % 0x44) << 52); // |b| in [2^-3, 2^65)
            __m128d xb = _mm_set_sd(host::asDouble(b));
            host::clearFlags();
            FPLAB_HOST_OPAQUE(xb);
            long long h64 = _mm_cvtsd_si64(xb);
            FPLAB_HOST_OPAQUE_GPR(h64);
            const Flags f64 = host::readFlags();
            const Result c64 = floatToInt(kFp64, b, kInt64, Overflow::Saturate, env);
            log.check((f64 & kInvalid) ? c64.flags == f64 : (c64.bits == std::uint64_t(h64) && c64.flags == f64), [&] {
                return "fp64 -> int64 " + oracle::bitsText(kFp64, b) + " " + oracle::envText(env) + ": host " +
                       std::to_string(h64) + " " + oracle::flagText(f64) + ", core " + std::to_string(c64.bits) + " " +
                       oracle::flagText(c64.flags);
            });

            // Integers to floats: int32 -> fp32 and int64 -> fp32/fp64 (these round).
            const std::uint64_t r = rng() >> (rng() % 64);
            const std::int32_t i32 = std::int32_t(std::uint32_t(r));
            const std::int64_t i64 = std::int64_t(rng() % 2 ? r : std::uint64_t(0) - r);
            __m128 s32 = _mm_setzero_ps();
            host::clearFlags();
            FPLAB_HOST_OPAQUE(s32);
            __m128 o32 = _mm_cvtsi32_ss(s32, i32);
            FPLAB_HOST_OPAQUE(o32);
            const Flags g = host::readFlags();
            log.compare(kFp32, {host::bitsOf(_mm_cvtss_f32(o32)), g},
                        intToFloat(kInt32, std::uint32_t(i32), kFp32, env), "int32 -> fp32", kFp32, {}, env);
            __m128 s64f = _mm_setzero_ps();
            host::clearFlags();
            FPLAB_HOST_OPAQUE(s64f);
            __m128 o64f = _mm_cvtsi64_ss(s64f, i64);
            FPLAB_HOST_OPAQUE(o64f);
            const Flags g2 = host::readFlags();
            log.compare(kFp32, {host::bitsOf(_mm_cvtss_f32(o64f)), g2},
                        intToFloat(kInt64, std::uint64_t(i64), kFp32, env), "int64 -> fp32 " + std::to_string(i64),
                        kFp32, {}, env);
            __m128d s64 = _mm_setzero_pd();
            host::clearFlags();
            FPLAB_HOST_OPAQUE(s64);
            __m128d o64 = _mm_cvtsi64_sd(s64, i64);
            FPLAB_HOST_OPAQUE(o64);
            const Flags g3 = host::readFlags();
            log.compare(kFp64, {host::bitsOf(_mm_cvtsd_f64(o64)), g3},
                        intToFloat(kInt64, std::uint64_t(i64), kFp64, env), "int64 -> fp64 " + std::to_string(i64),
                        kFp64, {}, env);
        }
    }
    expectClean(log);
}

#endif // FPLAB_HOST_FPU_X86_64

} // namespace
} // namespace fplab::verify
