// The host FPU as an oracle: scalar SSE/AVX/FMA/F16C instructions run under fesetround, with
// the IEEE flags read back by fetestexcept. On x86-64, include only from files built with -mavx -mfma -mf16c;
// elsewhere only missingFeatures() is defined, and says why the checks are skipped.
#pragma once

#include "core/flags.h"
#include "core/rounding.h"

#include <cfenv>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

#if defined(__x86_64__)
#define FPLAB_HOST_FPU_X86_64 1
#include "tests/oracle/host_cpu.h"

#include <immintrin.h>
#else
#define FPLAB_HOST_FPU_X86_64 0
#endif

namespace fplab::host {

#if !FPLAB_HOST_FPU_X86_64
inline std::string missingFeatures() {
    return "the host-FPU oracle runs x86-64 instructions (SSE, AVX, FMA, F16C); this build targets another processor";
}
#else
// Empty when the host can run these checks, else the reason to skip them.
inline std::string missingFeatures() {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("sse4.1")) return "the CPU has no SSE4.1";
    if (!__builtin_cpu_supports("avx")) return "the CPU has no AVX";
    if (!__builtin_cpu_supports("fma")) return "the CPU has no FMA";
    if (!cpuHasF16c()) return "the CPU has no F16C";
    if (_mm_getcsr() & 0x8040) return "MXCSR has flush-to-zero or denormals-are-zero set";
    return {};
}

// The fesetround mode of an FP Lab rounding mode, if the host has it.
inline std::optional<int> hostMode(RoundingMode mode) {
    switch (mode) {
    case RoundingMode::NearestEven: return FE_TONEAREST;
    case RoundingMode::TowardZero: return FE_TOWARDZERO;
    case RoundingMode::TowardPositive: return FE_UPWARD;
    case RoundingMode::TowardNegative: return FE_DOWNWARD;
    default: return std::nullopt;
    }
}

inline constexpr RoundingMode kHostModes[] = {RoundingMode::NearestEven, RoundingMode::TowardZero,
                                              RoundingMode::TowardPositive, RoundingMode::TowardNegative};

// Sets the host rounding mode for a scope.
class ScopedRounding {
public:
    explicit ScopedRounding(RoundingMode mode) : m_saved(std::fegetround()) { std::fesetround(*hostMode(mode)); }
    ~ScopedRounding() { std::fesetround(m_saved); }
    ScopedRounding(const ScopedRounding&) = delete;
    ScopedRounding& operator=(const ScopedRounding&) = delete;

private:
    int m_saved;
};

inline void clearFlags() { std::feclearexcept(FE_ALL_EXCEPT); }
inline Flags readFlags() {
    const int e = std::fetestexcept(FE_ALL_EXCEPT);
    Flags f = 0;
    if (e & FE_INVALID) f |= kInvalid;
    if (e & FE_DIVBYZERO) f |= kDivideByZero;
    if (e & FE_OVERFLOW) f |= kOverflow;
    if (e & FE_UNDERFLOW) f |= kUnderflow;
    if (e & FE_INEXACT) f |= kInexact;
    return f;
}

// Keeps the compiler from moving an instruction across the flag clear/read calls:
// the value is "changed" by an empty asm after the clear and "used" by one before the read.
#define FPLAB_HOST_OPAQUE(v) asm volatile("" : "+x"(v))
// The same for a result in a general register (cvtss2si...): without it Clang 14 moves the conversion past
// the flag read.
#define FPLAB_HOST_OPAQUE_GPR(v) asm volatile("" : "+r"(v))

struct HostResult {
    std::uint64_t bits = 0;
    Flags flags = 0;
};

enum class HostOp { Add, Sub, Mul, Div, Fma, Sqrt };

inline float asFloat(std::uint32_t u) {
    float x;
    std::memcpy(&x, &u, 4);
    return x;
}
inline std::uint32_t bitsOf(float x) {
    std::uint32_t u;
    std::memcpy(&u, &x, 4);
    return u;
}
inline double asDouble(std::uint64_t u) {
    double x;
    std::memcpy(&x, &u, 8);
    return x;
}
inline std::uint64_t bitsOf(double x) {
    std::uint64_t u;
    std::memcpy(&u, &x, 8);
    return u;
}

// One scalar FP32 instruction (the current host rounding mode applies).
[[gnu::noinline]] inline HostResult fp32(HostOp op, std::uint32_t a, std::uint32_t b, std::uint32_t c = 0) {
    __m128 x = _mm_set_ss(asFloat(a)), y = _mm_set_ss(asFloat(b)), z = _mm_set_ss(asFloat(c));
    clearFlags();
    FPLAB_HOST_OPAQUE(x);
    FPLAB_HOST_OPAQUE(y);
    FPLAB_HOST_OPAQUE(z);
    __m128 r;
    switch (op) {
    case HostOp::Add: r = _mm_add_ss(x, y); break;
    case HostOp::Sub: r = _mm_sub_ss(x, y); break;
    case HostOp::Mul: r = _mm_mul_ss(x, y); break;
    case HostOp::Div: r = _mm_div_ss(x, y); break;
    case HostOp::Fma: r = _mm_fmadd_ss(x, y, z); break;
    default: r = _mm_sqrt_ss(x); break;
    }
    FPLAB_HOST_OPAQUE(r);
    const Flags flags = readFlags();
    const float out = _mm_cvtss_f32(r);
    return {bitsOf(out), flags};
}

// One scalar FP64 instruction.
[[gnu::noinline]] inline HostResult fp64(HostOp op, std::uint64_t a, std::uint64_t b, std::uint64_t c = 0) {
    __m128d x = _mm_set_sd(asDouble(a)), y = _mm_set_sd(asDouble(b)), z = _mm_set_sd(asDouble(c));
    clearFlags();
    FPLAB_HOST_OPAQUE(x);
    FPLAB_HOST_OPAQUE(y);
    FPLAB_HOST_OPAQUE(z);
    __m128d r;
    switch (op) {
    case HostOp::Add: r = _mm_add_sd(x, y); break;
    case HostOp::Sub: r = _mm_sub_sd(x, y); break;
    case HostOp::Mul: r = _mm_mul_sd(x, y); break;
    case HostOp::Div: r = _mm_div_sd(x, y); break;
    case HostOp::Fma: r = _mm_fmadd_sd(x, y, z); break;
    default: r = _mm_sqrt_sd(x, x); break;
    }
    FPLAB_HOST_OPAQUE(r);
    const Flags flags = readFlags();
    const double out = _mm_cvtsd_f64(r);
    return {bitsOf(out), flags};
}

// FP32 -> FP64 (cvtss2sd) and FP64 -> FP32 (cvtsd2ss, current rounding mode).
[[gnu::noinline]] inline HostResult fp32ToFp64(std::uint32_t a) {
    __m128 x = _mm_set_ss(asFloat(a));
    clearFlags();
    FPLAB_HOST_OPAQUE(x);
    __m128d r = _mm_cvtss_sd(_mm_setzero_pd(), x);
    FPLAB_HOST_OPAQUE(r);
    const Flags flags = readFlags();
    return {bitsOf(_mm_cvtsd_f64(r)), flags};
}
[[gnu::noinline]] inline HostResult fp64ToFp32(std::uint64_t a) {
    __m128d x = _mm_set_sd(asDouble(a));
    clearFlags();
    FPLAB_HOST_OPAQUE(x);
    __m128 r = _mm_cvtsd_ss(_mm_setzero_ps(), x);
    FPLAB_HOST_OPAQUE(r);
    const Flags flags = readFlags();
    return {bitsOf(_mm_cvtss_f32(r)), flags};
}

// One vcvtps2ph with rounding immediate Imm, in asm volatile: as an intrinsic, GCC 12 computes the
// conversion of every mode of the switch below before choosing one (it takes the instruction for free of
// side effects), and the flags of the others (underflow of the truncation, overflow of the round-up) then
// show in the result.
template <int Imm>
[[gnu::always_inline]] inline __m128i vcvtps2ph(__m128 x) {
    __m128i h;
    asm volatile("vcvtps2ph %[imm], %[x], %[h]" : [h] "=x"(h) : [x] "x"(x), [imm] "i"(Imm));
    return h;
}

// FP32 -> FP16 through F16C, with the rounding given in the instruction's immediate.
[[gnu::noinline]] inline HostResult fp32ToFp16(std::uint32_t a, RoundingMode mode) {
    __m128 x = _mm_set_ss(asFloat(a));
    clearFlags();
    FPLAB_HOST_OPAQUE(x);
    __m128i h;
    switch (mode) {
    case RoundingMode::NearestEven: h = vcvtps2ph<_MM_FROUND_TO_NEAREST_INT>(x); break;
    case RoundingMode::TowardZero: h = vcvtps2ph<_MM_FROUND_TO_ZERO>(x); break;
    case RoundingMode::TowardPositive: h = vcvtps2ph<_MM_FROUND_TO_POS_INF>(x); break;
    default: h = vcvtps2ph<_MM_FROUND_TO_NEG_INF>(x); break;
    }
    FPLAB_HOST_OPAQUE(h);
    const Flags flags = readFlags();
    return {std::uint16_t(_mm_extract_epi16(h, 0)), flags};
}

// FP16 -> FP32 through F16C (exact).
[[gnu::noinline]] inline HostResult fp16ToFp32(std::uint16_t a) {
    __m128i x = _mm_cvtsi32_si128(a);
    clearFlags();
    FPLAB_HOST_OPAQUE(x);
    __m128 r = _mm_cvtph_ps(x);
    FPLAB_HOST_OPAQUE(r);
    const Flags flags = readFlags();
    return {bitsOf(_mm_cvtss_f32(r)), flags};
}
#endif // FPLAB_HOST_FPU_X86_64

} // namespace fplab::host
