// The text tests' reference: decimal strings rounded into a format by GNU MPFR, exact
// decimal expansions printed by MPFR, and the test's own decoding of encodings. It shares
// no code with core/ (it reads only the fields of Format).
#pragma once

#include "core/format.h"
#include "core/rounding.h"

#include <gmp.h>
#include <mpfr.h>

#include <cstdint>
#include <string>

namespace fplab::texttest {

// The deterministic modes, plus stochastic rounding with its random bits all zero (it then
// always rounds away from zero) or all ones (it never does); both overflow like nearest.
enum class Mode : std::uint8_t { Rne, Rna, Rtz, Rup, Rdn, Rto, SrZeroBits, SrOneBits };
inline constexpr Mode kDeterministicModes[] = {Mode::Rne, Mode::Rna, Mode::Rtz, Mode::Rup, Mode::Rdn, Mode::Rto};
const char* modeName(Mode m);
// The core environment that Mode stands for.
Env envFor(Mode m, Tininess tininess = Tininess::AfterRounding, bool saturate = false);

struct Expected {
    std::uint64_t bits = 0;
    std::uint8_t flags = 0; // core/flags.h bit values: 1 invalid, 4 overflow, 8 underflow, 16 inexact
};

// A decimal ("-12.5e-3") or hex-float ("0x1.8p-3") string, as mpfr_strtofr reads them, rounded into f.
Expected referenceParse(const Format& f, const std::string& decimal, Mode mode,
                        Tininess tininess = Tininess::AfterRounding, bool saturate = false);

// Every digit of the value, printed by mpfr_sprintf ("-0", "inf", "nan" spelled out).
std::string referenceExactDecimal(const Format& f, std::uint64_t bits);

// The test's own reading of an encoding.
struct Decoded {
    enum class Kind : std::uint8_t { Zero, Finite, Infinity, NaN } kind = Kind::Zero;
    bool negative = false;
    std::uint64_t significand = 0; // |value| = significand * 2^exponent
    long exponent = 0;
};
Decoded decode(const Format& f, std::uint64_t bits);
// Magnitude bits of the largest finite value, from the format's rules.
std::uint64_t largestFiniteMagnitude(const Format& f);
std::uint64_t signBit(const Format& f);

// Small RAII holders for the C APIs.
struct Mpz {
    mpz_t v;
    Mpz() { mpz_init(v); }
    ~Mpz() { mpz_clear(v); }
    Mpz(const Mpz&) = delete;
    Mpz& operator=(const Mpz&) = delete;
    std::string str() const;
};
struct Mpfr {
    mpfr_t v;
    explicit Mpfr(mpfr_prec_t p) { mpfr_init2(v, p); }
    ~Mpfr() { mpfr_clear(v); }
    Mpfr(const Mpfr&) = delete;
    Mpfr& operator=(const Mpfr&) = delete;
};

// |value| of a finite encoding as an integer times a power of two.
void magnitudeOf(const Decoded& d, mpz_t out, long& exponent);

} // namespace fplab::texttest
