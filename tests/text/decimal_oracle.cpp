// MPFR reference for reading decimals into any format, written from IEEE 754 and the
// OCP FP8/MX rules: round once at the precision the value's binade allows, then apply the
// format's range (overflow policy, subnormals or flush to zero, E8M0's missing zero).
#include "decimal_oracle.h"

#include <stdexcept>

namespace fplab::texttest {
namespace {

constexpr std::uint8_t kInvalidFlag = 1, kOverflowFlag = 4, kUnderflowFlag = 8, kInexactFlag = 16;

std::uint64_t lowMask(int bits) { return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1; }

long minNormalExponent(const Format& f) { return (f.hasZero ? 1 : 0) - long(f.bias); }

// The one NaN encoding a result uses (positive where the format lets the sign be chosen).
std::uint64_t nanBits(const Format& f, bool negative) {
    const std::uint64_t magnitude = lowMask(f.exponentBits + f.mantissaBits);
    switch (f.specials) {
    case SpecialValues::Ieee:
        return (std::uint64_t(lowMask(f.exponentBits)) << f.mantissaBits) | (std::uint64_t{1} << (f.mantissaBits - 1)) |
               (negative ? signBit(f) : 0);
    case SpecialValues::FiniteWithNan: return magnitude | (negative ? signBit(f) : 0);
    case SpecialValues::Fnuz: return signBit(f);
    case SpecialValues::FiniteOnly: break;
    }
    throw std::logic_error("format without NaN");
}

mpfr_rnd_t mpfrMode(Mode m, bool& nearestAway, bool& toOdd) {
    nearestAway = m == Mode::Rna;
    toOdd = m == Mode::Rto;
    switch (m) {
    case Mode::Rne:
    case Mode::Rna: return MPFR_RNDN;
    case Mode::Rtz:
    case Mode::Rto:
    case Mode::SrOneBits: return MPFR_RNDZ;
    case Mode::Rup: return MPFR_RNDU;
    case Mode::Rdn: return MPFR_RNDD;
    case Mode::SrZeroBits: return MPFR_RNDA;
    }
    return MPFR_RNDN;
}

void readString(mpfr_t x, const std::string& s, mpfr_rnd_t rnd, int& ternary) {
    char* end = nullptr;
    // Hex-floats ("-0x1.8p-3") in base 16, where 'p' is a power of two; decimals in base 10.
    const std::size_t digits = s.find_first_not_of("+-");
    const bool hex = digits + 1 < s.size() && s[digits] == '0' && (s[digits + 1] == 'x' || s[digits + 1] == 'X');
    ternary = mpfr_strtofr(x, s.c_str(), &end, hex ? 16 : 10, rnd);
    if (end == nullptr || *end != '\0') throw std::invalid_argument("MPFR cannot read '" + s + "'");
}

// The string rounded to `precision` bits in mode m with an unbounded exponent; returns inexactness.
bool roundTo(mpfr_t out, const std::string& s, mpfr_prec_t precision, Mode m) {
    bool away = false, odd = false;
    const mpfr_rnd_t rnd = mpfrMode(m, away, odd);
    mpfr_set_prec(out, precision);
    int ternary = 0;
    readString(out, s, rnd, ternary);
    if (away && ternary != 0) {
        // A tie is exact with one more bit; ties go away from zero.
        Mpfr finer(precision + 1);
        int t2 = 0;
        readString(finer.v, s, MPFR_RNDN, t2);
        if (t2 == 0) readString(out, s, MPFR_RNDA, ternary);
    }
    if (odd && ternary != 0) {
        Mpz z;
        mpfr_get_z_2exp(z.v, out);
        if (mpz_even_p(z.v)) {
            if (mpfr_signbit(out)) mpfr_nextbelow(out);
            else mpfr_nextabove(out);
        }
    }
    return ternary != 0;
}

// Encodes a value on the format's grid with |value| <= the largest finite value.
std::uint64_t encode(const Format& f, mpfr_t r) {
    const bool negative = mpfr_signbit(r) != 0;
    const std::uint64_t sign = negative && f.hasSign ? signBit(f) : 0;
    if (mpfr_zero_p(r)) {
        const bool negativeZero = f.hasSign && f.hasZero && f.specials != SpecialValues::Fnuz;
        return negativeZero ? sign : 0;
    }
    Mpz z;
    long e = long(mpfr_get_z_2exp(z.v, r));
    mpz_abs(z.v, z.v);
    const long lead = e + long(mpz_sizeinbase(z.v, 2)) - 1;
    const long emin = minNormalExponent(f);
    const bool normal = lead >= emin;
    const long unit = normal ? lead - f.mantissaBits : emin - f.mantissaBits; // weight of the mantissa's last bit
    if (e >= unit) mpz_mul_2exp(z.v, z.v, mp_bitcnt_t(e - unit));
    else {
        if (!mpz_divisible_2exp_p(z.v, mp_bitcnt_t(unit - e))) throw std::logic_error("value is not on the grid");
        mpz_tdiv_q_2exp(z.v, z.v, mp_bitcnt_t(unit - e));
    }
    std::uint64_t mantissa = mpz_get_ui(z.v);
    std::uint64_t field = 0;
    if (normal) {
        mantissa &= lowMask(f.mantissaBits);
        field = std::uint64_t(lead - emin + (f.hasZero ? 1 : 0));
    }
    return sign | (field << f.mantissaBits) | mantissa;
}

} // namespace

const char* modeName(Mode m) {
    switch (m) {
    case Mode::Rne: return "rne";
    case Mode::Rna: return "rna";
    case Mode::Rtz: return "rtz";
    case Mode::Rup: return "rup";
    case Mode::Rdn: return "rdn";
    case Mode::Rto: return "rto";
    case Mode::SrZeroBits: return "sr(bits=0)";
    case Mode::SrOneBits: return "sr(bits=~0)";
    }
    return "?";
}

Env envFor(Mode m, Tininess tininess, bool saturate) {
    Env env;
    env.tininess = tininess;
    env.saturate = saturate;
    switch (m) {
    case Mode::Rne: env.rounding = RoundingMode::NearestEven; break;
    case Mode::Rna: env.rounding = RoundingMode::NearestAway; break;
    case Mode::Rtz: env.rounding = RoundingMode::TowardZero; break;
    case Mode::Rup: env.rounding = RoundingMode::TowardPositive; break;
    case Mode::Rdn: env.rounding = RoundingMode::TowardNegative; break;
    case Mode::Rto: env.rounding = RoundingMode::ToOdd; break;
    case Mode::SrZeroBits:
        env.rounding = RoundingMode::Stochastic;
        env.randomBits = 0;
        break;
    case Mode::SrOneBits:
        env.rounding = RoundingMode::Stochastic;
        env.randomBits = ~std::uint64_t{0};
        break;
    }
    return env;
}

std::uint64_t signBit(const Format& f) { return f.hasSign ? std::uint64_t{1} << (f.exponentBits + f.mantissaBits) : 0; }

std::uint64_t largestFiniteMagnitude(const Format& f) {
    const std::uint64_t magnitude = lowMask(f.exponentBits + f.mantissaBits);
    switch (f.specials) {
    case SpecialValues::Ieee: return (lowMask(f.exponentBits) << f.mantissaBits) - 1; // below the all-ones exponent
    case SpecialValues::FiniteWithNan: return magnitude - 1;                          // all ones is the NaN
    case SpecialValues::FiniteOnly:
    case SpecialValues::Fnuz: return magnitude;
    }
    return 0;
}

Decoded decode(const Format& f, std::uint64_t bits) {
    Decoded d;
    const std::uint64_t magnitude = bits & lowMask(f.exponentBits + f.mantissaBits);
    d.negative = (bits & signBit(f)) != 0;
    const std::uint64_t field = magnitude >> f.mantissaBits;
    const std::uint64_t mantissa = magnitude & lowMask(f.mantissaBits);
    const bool allOnesField = field == lowMask(f.exponentBits);
    if (f.specials == SpecialValues::Ieee && allOnesField) {
        d.kind = mantissa == 0 ? Decoded::Kind::Infinity : Decoded::Kind::NaN;
        return d;
    }
    if (f.specials == SpecialValues::FiniteWithNan && magnitude == lowMask(f.exponentBits + f.mantissaBits)) {
        d.kind = Decoded::Kind::NaN;
        return d;
    }
    if (f.specials == SpecialValues::Fnuz && d.negative && magnitude == 0) {
        d.kind = Decoded::Kind::NaN;
        return d;
    }
    if (f.hasZero && field == 0) {
        if (mantissa == 0 || !f.subnormals) {
            d.kind = Decoded::Kind::Zero;
            return d;
        }
        d.kind = Decoded::Kind::Finite;
        d.significand = mantissa;
        d.exponent = minNormalExponent(f) - f.mantissaBits;
        return d;
    }
    d.kind = Decoded::Kind::Finite;
    d.significand = mantissa | (std::uint64_t{1} << f.mantissaBits);
    d.exponent = long(field) - f.bias - f.mantissaBits;
    return d;
}

void magnitudeOf(const Decoded& d, mpz_t out, long& exponent) {
    mpz_set_ui(out, d.significand);
    exponent = d.exponent;
}

std::string Mpz::str() const {
    std::string s(mpz_sizeinbase(v, 10) + 2, '\0');
    mpz_get_str(s.data(), 10, v);
    s.resize(std::char_traits<char>::length(s.c_str()));
    return s;
}

Expected referenceParse(const Format& f, const std::string& s, Mode mode, Tininess tininess, bool saturate) {
    const int p = f.mantissaBits + 1;
    const long emin = minNormalExponent(f);
    Mpfr x(p);
    int ternary = 0;
    readString(x.v, s, MPFR_RNDZ, ternary); // RNDZ keeps the exact value's binade
    const bool negative = mpfr_signbit(x.v) != 0;
    const std::uint64_t sign = negative && f.hasSign ? signBit(f) : 0;

    if (mpfr_zero_p(x.v)) {
        if (!f.hasZero) return {0, kUnderflowFlag | kInexactFlag}; // E8M0: its smallest value stands in
        return {encode(f, x.v), 0};
    }
    if (negative && !f.hasSign) return {nanBits(f, false), kInvalidFlag};

    const long lead = long(mpfr_get_exp(x.v)) - 1; // x = 1.xxx * 2^lead
    const bool tinyBefore = lead < emin;
    Mpfr atPrecision(p);
    roundTo(atPrecision.v, s, p, mode);
    Mpfr minNormal(2);
    mpfr_set_ui_2exp(minNormal.v, 1, emin, MPFR_RNDN);
    const bool tinyAfter = mpfr_cmpabs(atPrecision.v, minNormal.v) < 0;
    const bool tiny = tininess == Tininess::AfterRounding ? tinyAfter : tinyBefore;

    Mpfr r(p);
    bool inexact = false;
    std::uint8_t flags = 0;
    if (tinyBefore && !f.hasZero) {
        // E8M0: everything below the smallest value becomes it.
        return {0, std::uint8_t(kInexactFlag | (tiny ? kUnderflowFlag : 0))};
    } else if (tinyBefore && !f.subnormals) {
        // Flush to zero, unless rounding reaches the smallest normal.
        if (tinyAfter) {
            mpfr_set_zero(r.v, negative ? -1 : 1);
            return {encode(f, r.v), kUnderflowFlag | kInexactFlag};
        }
        mpfr_set(r.v, atPrecision.v, MPFR_RNDN);
        inexact = true;
    } else if (tinyBefore) {
        // Subnormal: the grid step is 2^(emin - M), so fewer bits are left for this binade.
        const long bitsLeft = p - (emin - lead);
        if (bitsLeft >= 1) {
            inexact = roundTo(r.v, s, mpfr_prec_t(bitsLeft), mode);
        } else {
            // Below the smallest subnormal: zero or the smallest subnormal.
            Mpfr half(2);
            mpfr_set_ui_2exp(half.v, 1, lead, MPFR_RNDN);
            const bool exactHalf = bitsLeft == 0 && ternary == 0 && mpfr_cmpabs(x.v, half.v) == 0;
            const bool aboveHalf = bitsLeft == 0 && !exactHalf;
            bool up = false;
            switch (mode) {
            case Mode::Rne: up = aboveHalf; break;
            case Mode::Rna: up = bitsLeft == 0; break;
            case Mode::Rtz:
            case Mode::SrOneBits: up = false; break;
            case Mode::Rup: up = !negative; break;
            case Mode::Rdn: up = negative; break;
            case Mode::Rto:
            case Mode::SrZeroBits: up = true; break;
            }
            mpfr_set_prec(r.v, 2);
            if (up) mpfr_set_si_2exp(r.v, negative ? -1 : 1, emin - f.mantissaBits, MPFR_RNDN);
            else mpfr_set_zero(r.v, negative ? -1 : 1);
            inexact = true;
        }
    } else {
        inexact = roundTo(r.v, s, p, mode);
    }
    if (inexact) flags |= kInexactFlag;
    if (inexact && tiny) flags |= kUnderflowFlag;

    // Overflow: the rounded value (unbounded exponent) above the largest finite value.
    const Decoded maxDecoded = decode(f, largestFiniteMagnitude(f));
    Mpfr largest(64);
    mpfr_set_ui_2exp(largest.v, maxDecoded.significand, maxDecoded.exponent, MPFR_RNDN);
    if (mpfr_cmpabs(r.v, largest.v) > 0) {
        bool toInfinity = false;
        switch (mode) {
        case Mode::Rne:
        case Mode::Rna:
        case Mode::SrZeroBits:
        case Mode::SrOneBits: toInfinity = true; break;
        case Mode::Rup: toInfinity = !negative; break;
        case Mode::Rdn: toInfinity = negative; break;
        case Mode::Rtz:
        case Mode::Rto: toInfinity = false; break;
        }
        flags = kOverflowFlag | kInexactFlag;
        if (!toInfinity || saturate || f.specials == SpecialValues::FiniteOnly)
            return {largestFiniteMagnitude(f) | sign, flags};
        if (f.specials == SpecialValues::Ieee) return {sign | (lowMask(f.exponentBits) << f.mantissaBits), flags};
        return {nanBits(f, negative), flags};
    }
    return {encode(f, r.v), flags};
}

std::string referenceExactDecimal(const Format& f, std::uint64_t bits) {
    const Decoded d = decode(f, bits);
    switch (d.kind) {
    case Decoded::Kind::NaN: return "nan";
    case Decoded::Kind::Infinity: return d.negative ? "-inf" : "inf";
    case Decoded::Kind::Zero: return d.negative ? "-0" : "0";
    case Decoded::Kind::Finite: break;
    }
    Mpfr x(64);
    mpfr_set_ui_2exp(x.v, d.significand, d.exponent, MPFR_RNDN);
    if (d.negative) mpfr_neg(x.v, x.v, MPFR_RNDN);
    // A value with k binary fraction digits has exactly k decimal fraction digits.
    long fraction = 0;
    {
        Mpz z;
        const long e = long(mpfr_get_z_2exp(z.v, x.v));
        const long zeros = long(mpz_scan1(z.v, 0));
        fraction = e + zeros < 0 ? -(e + zeros) : 0;
    }
    char* out = nullptr;
    mpfr_asprintf(&out, "%.*Rf", int(fraction), x.v);
    std::string s(out);
    mpfr_free_str(out);
    return s;
}

} // namespace fplab::texttest
