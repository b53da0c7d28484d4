#include "core/format.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace fplab {
namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

} // namespace

std::optional<Format> findFormat(std::string_view name) {
    const std::string n = lower(name);
    for (const Format* f : kPresetFormats)
        if (f->name() == n) return *f;
    struct Alias {
        const char* alias;
        const Format* format;
    };
    static constexpr Alias aliases[] = {
        {"double", &kFp64},
        {"float64", &kFp64},
        {"binary64", &kFp64},
        {"float", &kFp32},
        {"float32", &kFp32},
        {"binary32", &kFp32},
        {"half", &kFp16},
        {"float16", &kFp16},
        {"binary16", &kFp16},
        {"bfloat16", &kBf16},
        {"tensorfloat32", &kTf32},
        {"fp8e4m3", &kE4m3},
        {"e4m3fn", &kE4m3},
        {"float8_e4m3fn", &kE4m3},
        {"fp8e5m2", &kE5m2},
        {"float8_e5m2", &kE5m2},
        {"fp6e2m3", &kE2m3},
        {"fp6e3m2", &kE3m2},
        {"fp4", &kE2m1},
        {"fp4e2m1", &kE2m1},
        {"float8_e4m3fnuz", &kE4m3Fnuz},
        {"float8_e5m2fnuz", &kE5m2Fnuz},
    };
    for (const Alias& a : aliases)
        if (n == a.alias) return *a.format;
    return std::nullopt;
}

FormatOrError makeCustomFormat(const CustomFormatSpec& spec) {
    const int e = spec.exponentBits, m = spec.mantissaBits;
    if (e < 2 || e > Format::kMaxExponentBits)
        return {std::nullopt, "exponent width " + std::to_string(e) + " is out of range (2.." +
                                  std::to_string(Format::kMaxExponentBits) + " bits)"};
    if (m < 0 || m > Format::kMaxMantissaBits)
        return {std::nullopt, "mantissa width " + std::to_string(m) + " is out of range (0.." +
                                  std::to_string(Format::kMaxMantissaBits) + " bits)"};
    if (1 + e + m > Format::kMaxTotalBits)
        return {std::nullopt, "1 + " + std::to_string(e) + " + " + std::to_string(m) + " bits is wider than " +
                                  std::to_string(Format::kMaxTotalBits)};
    if (spec.specials == SpecialValues::Ieee && m == 0)
        return {std::nullopt, "an IEEE-style format needs at least one mantissa bit to encode NaN"};
    if (spec.specials == SpecialValues::FiniteWithNan && m == 0 && e < 2)
        return {std::nullopt, "too few bits for a NaN encoding"};
    if (spec.name.empty() || spec.name.size() >= 24) return {std::nullopt, "a format name needs 1..23 characters"};
    Format f;
    f.id = FormatId::Custom;
    for (std::size_t i = 0; i < spec.name.size(); ++i) f.nameStorage[i] = spec.name[i];
    f.exponentBits = e;
    f.mantissaBits = m;
    const int defaultBias = spec.specials == SpecialValues::Fnuz ? (1 << (e - 1)) : (1 << (e - 1)) - 1;
    f.bias = spec.bias.value_or(defaultBias);
    const int maxBias = (1 << e) - 1;
    if (f.bias < 0 || f.bias > maxBias)
        return {std::nullopt,
                "bias " + std::to_string(f.bias) + " is out of range (0.." + std::to_string(maxBias) + ")"};
    f.subnormals = spec.subnormals;
    f.specials = spec.specials;
    return {f, {}};
}

FormatOrError parseCustomFormatName(std::string_view text) {
    const std::string n = lower(text);
    // e<E>m<M>[-nosub][-finite|-fn|-fnuz][-bias=<B>]
    CustomFormatSpec spec;
    spec.name = n.substr(0, std::min<std::size_t>(n.size(), 23));
    std::size_t pos = 0;
    auto readInt = [&](int& out) {
        const char* begin = n.data() + pos;
        const char* end = n.data() + n.size();
        auto [ptr, ec] = std::from_chars(begin, end, out);
        if (ec != std::errc() || ptr == begin) return false;
        pos += std::size_t(ptr - begin);
        return true;
    };
    if (n.empty() || n[pos] != 'e') return {std::nullopt, "unknown format '" + std::string(text) + "'"};
    ++pos;
    if (!readInt(spec.exponentBits) || pos >= n.size() || n[pos] != 'm')
        return {std::nullopt, "unknown format '" + std::string(text) + "'"};
    ++pos;
    if (!readInt(spec.mantissaBits)) return {std::nullopt, "unknown format '" + std::string(text) + "'"};
    while (pos < n.size()) {
        if (n[pos] != '-') return {std::nullopt, "unknown format '" + std::string(text) + "'"};
        ++pos;
        const std::string_view rest = std::string_view(n).substr(pos);
        auto take = [&](std::string_view word) {
            if (rest.substr(0, word.size()) != word) return false;
            pos += word.size();
            return true;
        };
        if (take("nosub")) spec.subnormals = false;
        else if (take("fnuz")) spec.specials = SpecialValues::Fnuz;
        else if (take("finite")) spec.specials = SpecialValues::FiniteOnly;
        else if (take("fn")) spec.specials = SpecialValues::FiniteWithNan;
        else if (take("bias=")) {
            int b = 0;
            if (!readInt(b)) return {std::nullopt, "bad bias in '" + std::string(text) + "'"};
            spec.bias = b;
        } else {
            return {std::nullopt, "unknown format option '" + std::string(rest) + "' in '" + std::string(text) + "'"};
        }
    }
    return makeCustomFormat(spec);
}

} // namespace fplab
