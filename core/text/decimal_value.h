// Exact decimal numbers (digits x 10^exponent) for the error of a stored value
// against the typed one: both sides are converted without rounding, then subtracted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fplab {

class DecimalValue {
public:
    // Binary exponents beyond this are not expanded (the widest custom format reaches about 2^-16450).
    static constexpr std::int64_t kMaxBinaryExponent = 40000;

    DecimalValue() = default;

    // "[+-]digits[.digits][e[+-]digits]"; nullopt when the text is not in that form.
    static std::optional<DecimalValue> fromDecimalText(std::string_view text);
    // "[+-]0xHEX[.HEX]p[+-]digits"; nullopt when malformed or the exponent is too large to expand.
    static std::optional<DecimalValue> fromHexFloatText(std::string_view text);
    // (-1)^negative * significand * 2^exponent2; nullopt when |exponent2| is too large to expand.
    static std::optional<DecimalValue> fromBinary(bool negative, std::uint64_t significand, std::int64_t exponent2);
    static DecimalValue powerOfTen(bool negative, std::int64_t exponent10);

    bool isZero() const { return m_digits.empty(); }
    bool isNegative() const { return m_negative; }
    // True when a subtraction had to drop digits (operands more than a million digits apart).
    bool isApproximate() const { return m_approximate; }

    // a - b, exact unless the operands are absurdly far apart (then the larger one, marked approximate).
    friend DecimalValue operator-(const DecimalValue& a, const DecimalValue& b);
    DecimalValue negated() const;

    // "1.490116119384765625e-09"; with more than maxDigits significant digits, rounded to maxDigits
    // (nearest, ties to even) and `rounded` set.
    std::string scientific(std::size_t maxDigits, bool* rounded = nullptr) const;
    // Like scientific, but positional ("32", "0.0625") when the leading digit is between 10^-4 and 10^20, as %g does.
    std::string text(std::size_t maxDigits, bool* rounded = nullptr) const;

    // The value as mantissa * 10^exponent10 with |mantissa| in [1, 10), to about 17 digits; for ratios.
    struct Approx {
        double mantissa = 0;
        std::int64_t exponent10 = 0;
    };
    Approx approx() const;

private:
    void normalize();

    bool m_negative = false;
    std::string m_digits;        // significant digits, no leading or trailing zeros; empty for zero
    std::int64_t m_exponent = 0; // value = digits * 10^m_exponent
    bool m_approximate = false;
};

// a / b as a double (0 when a is zero); b must not be zero.
double ratio(const DecimalValue& a, const DecimalValue& b);
// a / 2^exponent2 as a double.
double ratioToPowerOfTwo(const DecimalValue& a, std::int64_t exponent2);

} // namespace fplab
