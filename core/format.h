// The description of a binary floating-point format: one struct for every
// format FP Lab knows, with the standard ones as named presets.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fplab {

// What the all-ones exponent (and a few other encodings) mean.
enum class SpecialValues : std::uint8_t {
    Ieee,          // all-ones exponent: infinity (mantissa 0) or NaN
    FiniteWithNan, // OCP E4M3 / E8M0: no infinity; NaN only where exponent and mantissa are all ones
    FiniteOnly,    // OCP MX FP6/FP4: every encoding is a finite number
    Fnuz,          // no infinity, no negative zero; the single NaN is the sign bit alone
};

// Identifies the presets so the arithmetic can dispatch to code specialised at
// compile time; user-defined formats are Custom and take the generic path.
enum class FormatId : std::uint8_t {
    Fp64,
    Fp32,
    Tf32,
    Fp16,
    Bf16,
    E4m3,
    E5m2,
    E2m3,
    E3m2,
    E2m1,
    E8m0,
    E4m3Fnuz,
    E5m2Fnuz,
    Custom,
};

struct Format {
    FormatId id = FormatId::Custom;
    std::array<char, 24> nameStorage{};
    int exponentBits = 0;
    int mantissaBits = 0; // stored fraction bits, without the implicit bit
    int bias = 0;
    bool hasSign = true;
    bool subnormals = true; // false: results below the smallest normal flush to zero
    bool hasZero = true;    // false only for E8M0, whose exponent field 0 is 2^-127
    SpecialValues specials = SpecialValues::Ieee;

    // Limits that keep every intermediate inside the 64/128-bit carriers.
    static constexpr int kMaxExponentBits = 15;
    static constexpr int kMaxMantissaBits = 61;
    static constexpr int kMaxTotalBits = 64;

    constexpr std::string_view name() const { return std::string_view(nameStorage.data()); }
    constexpr int totalBits() const { return (hasSign ? 1 : 0) + exponentBits + mantissaBits; }
    constexpr int precision() const { return mantissaBits + 1; }
    constexpr std::uint64_t bitMask() const {
        return totalBits() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << totalBits()) - 1;
    }
    constexpr std::uint64_t signMask() const { return hasSign ? std::uint64_t{1} << (exponentBits + mantissaBits) : 0; }
    constexpr std::uint64_t magnitudeMask() const { return (std::uint64_t{1} << (exponentBits + mantissaBits)) - 1; }
    constexpr std::uint64_t mantissaMask() const { return (std::uint64_t{1} << mantissaBits) - 1; }
    constexpr int maxExponentField() const { return (1 << exponentBits) - 1; }
    // Smallest exponent field that encodes a normal number.
    constexpr int minNormalExponentField() const { return hasZero ? 1 : 0; }
    // Unbiased exponent of the smallest normal number.
    constexpr int minExponent() const { return minNormalExponentField() - bias; }
    // Magnitude bits (sign cleared) of the largest finite value.
    constexpr std::uint64_t maxFiniteMagnitude() const {
        switch (specials) {
        case SpecialValues::Ieee: return (std::uint64_t(maxExponentField()) << mantissaBits) - 1;
        case SpecialValues::FiniteWithNan: return magnitudeMask() - 1;
        case SpecialValues::FiniteOnly:
        case SpecialValues::Fnuz: return magnitudeMask();
        }
        return 0;
    }
    // Unbiased exponent of the largest finite value.
    constexpr int maxExponent() const { return int(maxFiniteMagnitude() >> mantissaBits) - bias; }
    constexpr bool hasInfinity() const { return specials == SpecialValues::Ieee; }
    constexpr bool hasNan() const {
        return (specials == SpecialValues::Ieee && mantissaBits > 0) || specials == SpecialValues::FiniteWithNan ||
               specials == SpecialValues::Fnuz;
    }
    constexpr bool hasNegativeZero() const { return hasSign && hasZero && specials != SpecialValues::Fnuz; }

    friend constexpr bool operator==(const Format& a, const Format& b) {
        return a.exponentBits == b.exponentBits && a.mantissaBits == b.mantissaBits && a.bias == b.bias &&
               a.hasSign == b.hasSign && a.subnormals == b.subnormals && a.hasZero == b.hasZero &&
               a.specials == b.specials;
    }
};

namespace detail {
constexpr std::array<char, 24> formatName(std::string_view s) {
    std::array<char, 24> out{};
    for (std::size_t i = 0; i < s.size() && i + 1 < out.size(); ++i) out[i] = s[i];
    return out;
}
constexpr Format preset(FormatId id, std::string_view name, int e, int m, SpecialValues sv = SpecialValues::Ieee,
                        bool hasSign = true, bool hasZero = true) {
    Format f;
    f.id = id;
    f.nameStorage = formatName(name);
    f.exponentBits = e;
    f.mantissaBits = m;
    f.bias = sv == SpecialValues::Fnuz ? (1 << (e - 1)) : (1 << (e - 1)) - 1;
    f.hasSign = hasSign;
    f.subnormals = hasZero;
    f.hasZero = hasZero;
    f.specials = sv;
    return f;
}
} // namespace detail

inline constexpr Format kFp64 = detail::preset(FormatId::Fp64, "fp64", 11, 52);
inline constexpr Format kFp32 = detail::preset(FormatId::Fp32, "fp32", 8, 23);
// TF32 is 1-8-10 in its own 19-bit encoding; tf32InFp32Container() shows it inside FP32 bits.
inline constexpr Format kTf32 = detail::preset(FormatId::Tf32, "tf32", 8, 10);
inline constexpr Format kFp16 = detail::preset(FormatId::Fp16, "fp16", 5, 10);
inline constexpr Format kBf16 = detail::preset(FormatId::Bf16, "bf16", 8, 7);
inline constexpr Format kE4m3 = detail::preset(FormatId::E4m3, "e4m3", 4, 3, SpecialValues::FiniteWithNan);
inline constexpr Format kE5m2 = detail::preset(FormatId::E5m2, "e5m2", 5, 2);
inline constexpr Format kE2m3 = detail::preset(FormatId::E2m3, "e2m3", 2, 3, SpecialValues::FiniteOnly);
inline constexpr Format kE3m2 = detail::preset(FormatId::E3m2, "e3m2", 3, 2, SpecialValues::FiniteOnly);
inline constexpr Format kE2m1 = detail::preset(FormatId::E2m1, "e2m1", 2, 1, SpecialValues::FiniteOnly);
// The OCP MX shared scale: unsigned, exponent only, 2^-127..2^127, NaN at 0xFF.
inline constexpr Format kE8m0 = detail::preset(FormatId::E8m0, "e8m0", 8, 0, SpecialValues::FiniteWithNan, false,
                                               false);
inline constexpr Format kE4m3Fnuz = detail::preset(FormatId::E4m3Fnuz, "e4m3fnuz", 4, 3, SpecialValues::Fnuz);
inline constexpr Format kE5m2Fnuz = detail::preset(FormatId::E5m2Fnuz, "e5m2fnuz", 5, 2, SpecialValues::Fnuz);

// Every preset, in the order the app lists them.
inline constexpr std::array<const Format*, 13> kPresetFormats = {
    &kFp64, &kFp32, &kTf32, &kFp16, &kBf16, &kE4m3, &kE5m2, &kE2m3, &kE3m2, &kE2m1, &kE8m0, &kE4m3Fnuz, &kE5m2Fnuz,
};

// The preset with this name (case-insensitive; "half", "float", "double", "bfloat16" are accepted too).
std::optional<Format> findFormat(std::string_view name);

struct CustomFormatSpec {
    std::string name = "custom";
    int exponentBits = 5;
    int mantissaBits = 10;
    bool subnormals = true;
    SpecialValues specials = SpecialValues::Ieee;
    std::optional<int> bias; // default: 2^(e-1)-1, or 2^(e-1) for fnuz
};

// Builds a user-defined format; returns an explanation instead when the widths are out of range.
struct FormatOrError {
    std::optional<Format> format;
    std::string error;
};
FormatOrError makeCustomFormat(const CustomFormatSpec& spec);

// Parses "e5m10", "e5m10-nosub", "e4m3-finite", "e4m3-fnuz", "e5m10-bias=14" style names of user-defined formats.
FormatOrError parseCustomFormatName(std::string_view name);

} // namespace fplab
