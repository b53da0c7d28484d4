// The host-FPU oracle for fplab-exhaustive. The sum or product of two FP16 or BF16 numbers is
// computed in double (exact except for BF16 sums with far-apart exponents), rounded to float by
// the FPU, then to FP16 by F16C or to BF16 by roundFloatToBf16() below. Why rounding twice
// gives the correctly rounded result is argued in docs/verification.md.
#include "tests/all_pairs_16bit/host_oracle.h"
#include "tests/oracle/host_cpu.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <immintrin.h>
#include <vector>

namespace fplab::exhaustive {
namespace {

// MXCSR: exception flags in bits 0-5, all exceptions masked (bits 7-12), rounding control in bits 13-14.
constexpr unsigned kMxcsrMasked = 0x1F80;
constexpr unsigned kMxInvalid = 0x01, kMxDivZero = 0x04, kMxOverflow = 0x08, kMxUnderflow = 0x10, kMxPrecision = 0x20;
constexpr std::uint8_t kInvalid = 1, kDivideByZero = 2, kOverflow = 4, kUnderflow = 8, kInexact = 16;

unsigned mxcsrFor(HostMode mode) {
    switch (mode) {
    case HostMode::NearestEven: return kMxcsrMasked;
    case HostMode::TowardNegative: return kMxcsrMasked | (1u << 13);
    case HostMode::TowardPositive: return kMxcsrMasked | (2u << 13);
    case HostMode::TowardZero: return kMxcsrMasked | (3u << 13);
    }
    return kMxcsrMasked;
}

std::uint8_t flagsFromMxcsr(unsigned mx) {
    std::uint8_t f = 0;
    if (mx & kMxInvalid) f |= kInvalid;
    if (mx & kMxDivZero) f |= kDivideByZero;
    if (mx & kMxOverflow) f |= kOverflow;
    if (mx & kMxUnderflow) f |= kUnderflow;
    if (mx & kMxPrecision) f |= kInexact;
    return f;
}

double fromBits(std::uint64_t u) { return std::bit_cast<double>(u); }

// NaNs and infinities are built bit by bit so that the payload and the quiet bit survive
// (a hardware conversion would quieten a signalling NaN).
double specialToDouble(bool sign, std::uint64_t mantissa, int mantissaBits) {
    return fromBits((std::uint64_t(sign) << 63) | (std::uint64_t(0x7FF) << 52) | (mantissa << (52 - mantissaBits)));
}

// Decodes every encoding of a binary format with `e` exponent and `m` mantissa bits (IEEE layout).
std::vector<double> decodeAll(int e, int m) {
    std::vector<double> values(std::size_t(1) << (1 + e + m));
    const int bias = (1 << (e - 1)) - 1;
    const std::uint32_t maxField = (1u << e) - 1;
    for (std::uint32_t bits = 0; bits < values.size(); ++bits) {
        const bool sign = (bits >> (e + m)) & 1;
        const std::uint32_t field = (bits >> m) & maxField;
        const std::uint32_t mantissa = bits & ((1u << m) - 1);
        double v;
        if (field == maxField) v = specialToDouble(sign, mantissa, m);
        else if (field == 0) v = std::ldexp(double(mantissa), 1 - bias - m);
        else v = std::ldexp(double(mantissa | (1u << m)), int(field) - bias - m);
        values[bits] = sign && field != maxField ? -v : v;
    }
    return values;
}

const double* fp16Values() {
    static const std::vector<double> table = decodeAll(5, 10);
    return table.data();
}
const double* bf16Values() {
    static const std::vector<double> table = decodeAll(8, 7);
    return table.data();
}

// x rounded to BF16's 8 significant bits with an unbounded exponent is below 2^-126 in magnitude
// (tininess after rounding, as x86 detects it).
bool bf16TinyAfterRounding(double x, HostMode mode) {
    const double t = std::fabs(x);
    const bool negative = std::signbit(x);
    const double minNormal = 0x1p-126;
    const double largestBelow = 0x1p-126 - 0x1p-134; // 1.1111111b * 2^-127
    const double midpoint = 0x1p-126 - 0x1p-135;
    if (t >= minNormal) return false;
    if (t <= largestBelow) return true;
    switch (mode) {
    case HostMode::NearestEven: return t < midpoint; // a tie goes to the even neighbour, 2^-126
    case HostMode::TowardZero: return true;
    case HostMode::TowardPositive: return negative;
    case HostMode::TowardNegative: return !negative;
    }
    return true;
}

// IEEE 754 rounding of a float to BF16 (the top 16 bits of a float): keep 16 bits, round on the
// low 16. NaNs keep their top payload bits and become quiet. `exact` is the double the float came
// from and `floatInexact` says whether getting the float lost bits; the flags are IEEE 754's
// for the whole computation.
HostResult roundFloatToBf16(float f, double exact, bool floatInexact, HostMode mode) {
    const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
    const std::uint32_t sign = u >> 31;
    const std::uint32_t magnitude = u & 0x7FFFFFFF;
    HostResult r;
    if (magnitude > 0x7F800000) {
        r.bits = std::uint16_t((u >> 16) | 0x0040);
        return r;
    }
    std::uint32_t high = magnitude >> 16;
    const std::uint32_t low = magnitude & 0xFFFF;
    if (magnitude != 0x7F800000 && low != 0) {
        bool up = false;
        switch (mode) {
        case HostMode::NearestEven: up = low > 0x8000 || (low == 0x8000 && (high & 1)); break;
        case HostMode::TowardZero: up = false; break;
        case HostMode::TowardPositive: up = !sign; break;
        case HostMode::TowardNegative: up = sign; break;
        }
        high += up ? 1 : 0;
        if (high == 0x7F80) r.flags |= kOverflow;
        r.doubleRoundingHazard = mode == HostMode::NearestEven && low == 0x8000 && floatInexact;
    }
    if (low != 0 || floatInexact) {
        r.flags |= kInexact;
        if (high < 0x7F80 && bf16TinyAfterRounding(exact, mode)) r.flags |= kUnderflow;
    }
    r.bits = std::uint16_t((sign << 15) | high);
    return r;
}

// f lies exactly halfway between two neighbouring FP16 numbers.
bool isFp16Midpoint(float f) {
    const double t = std::fabs(double(f));
    if (t >= 0x1p-14) {
        const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
        return (u & 0x1FFF) == 0x1000; // 23 - 10 = 13 bits below FP16's last bit
    }
    const double scaled = t * 0x1p25; // midpoints of the subnormal grid 2^-24 are odd multiples of 2^-25
    return scaled == std::floor(scaled) && std::fmod(scaled, 2.0) == 1.0;
}

// One operation on the host FPU under `mxcsr`: x = a op b in double, f = float(x). With
// `readFlags`, returns the MXCSR flags raised (reading MXCSR waits for the FPU: it costs more than
// the arithmetic, so the FP16 path reads it once, after F16C).
template <HostOp Op, bool ReadFlags>
unsigned hostDoubleToFloat(double a, double b, unsigned mxcsr, double& x, float& f) {
    unsigned after = 0;
    x = a;
#define FPLAB_HOST_STEP(instr)                                                                                         \
    if constexpr (ReadFlags)                                                                                           \
        asm volatile("vldmxcsr %[in]\n\t" instr " %[b], %[x], %[x]\n\tvcvtsd2ss %[x], %[x], %[f]\n\tvstmxcsr %[out]"   \
                     : [x] "+x"(x), [f] "=&x"(f), [out] "=m"(after)                                                    \
                     : [b] "x"(b), [in] "m"(mxcsr));                                                                   \
    else                                                                                                               \
        asm volatile("vldmxcsr %[in]\n\t" instr " %[b], %[x], %[x]\n\tvcvtsd2ss %[x], %[x], %[f]"                      \
                     : [x] "+x"(x), [f] "=&x"(f)                                                                       \
                     : [b] "x"(b), [in] "m"(mxcsr));
    if constexpr (Op == HostOp::Add) {
        FPLAB_HOST_STEP("vaddsd")
    } else {
        FPLAB_HOST_STEP("vmulsd")
    }
#undef FPLAB_HOST_STEP
    return after;
}

// F16C float -> half under the current MXCSR rounding (immediate 4); returns the MXCSR afterwards,
// with the flags of every step since the last vldmxcsr.
// The instruction converts four lanes and raises the flags of all four: the other three are zero.
unsigned hostFloatToHalf(float f, std::uint16_t& half) {
    unsigned after = 0;
    const __m128 lanes = _mm_set_ss(f);
    __m128i h;
    asm volatile("vcvtps2ph $4, %[f], %[h]\n\t"
                 "vstmxcsr %[out]"
                 : [h] "=x"(h), [out] "=m"(after)
                 : [f] "x"(lanes));
    half = std::uint16_t(_mm_cvtsi128_si32(h) & 0xFFFF);
    return after;
}

template <HostOp Op>
HostResult computeWith(Target target, const double* values, std::uint16_t a, std::uint16_t b, HostMode mode) {
    double x;
    float f;
    if (target == Target::Fp16) {
        // FP16 sums and products are exact in double, so the float step lost bits iff float(x) != x.
        hostDoubleToFloat<Op, false>(values[a], values[b], mxcsrFor(mode), x, f);
        HostResult r;
        r.flags = flagsFromMxcsr(hostFloatToHalf(f, r.bits));
        const bool floatInexact = !std::isnan(x) && double(f) != x;
        r.doubleRoundingHazard = mode == HostMode::NearestEven && floatInexact && isFp16Midpoint(f);
        return r;
    }
    const unsigned afterFloat = hostDoubleToFloat<Op, true>(values[a], values[b], mxcsrFor(mode), x, f);
    HostResult r = roundFloatToBf16(f, x, afterFloat & kMxPrecision, mode);
    // The float step's own underflow flag is about float's precision, not BF16's: BF16 tininess is
    // decided in roundFloatToBf16().
    r.flags |= flagsFromMxcsr(afterFloat & (kMxInvalid | kMxDivZero | kMxOverflow | kMxPrecision));
    return r;
}

} // namespace

bool hostOracleAvailable() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_cpu_supports("avx") && host::cpuHasF16c();
#else
    return false;
#endif
}

HostOracle::HostOracle(Target target)
    : m_target(target), m_values(target == Target::Fp16 ? fp16Values() : bf16Values()) {}

HostResult HostOracle::compute(HostOp op, std::uint16_t a, std::uint16_t b, HostMode mode) const {
    return op == HostOp::Add ? computeWith<HostOp::Add>(m_target, m_values, a, b, mode)
                             : computeWith<HostOp::Mul>(m_target, m_values, a, b, mode);
}

} // namespace fplab::exhaustive
