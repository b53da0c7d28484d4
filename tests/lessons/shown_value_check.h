// Shared by the lesson tests of both front ends: whether a value a lesson shows is what the format stores.
// A shown value must parse back to the bits it stands for, and must be the exact value unless it carries the
// shortened mark. The exact value comes from the host's printf ("%.1100e" prints every digit of a double,
// and every preset narrower than FP64 is exactly a double), not from core's exact decimal.
#pragma once

#include "core/classify.h"
#include "core/format.h"
#include "core/text/parse.h"
#include "core/values.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace fplab::lessons::test {

inline const std::string kMark = "\u2248"; // ≈, lessons' kShortenedMark written again

// "d.ddd" digits without trailing zeros and the decimal exponent of a finite non-zero decimal text
// ("65504.0", "5.9604644775390625e-08", "-0.015625"): two texts are the same number iff these agree.
inline std::string normalDecimal(const std::string& text) {
    std::string digits;
    int exponent = 0, pointAt = -1, count = 0;
    std::size_t i = text[0] == '-' ? 1 : 0;
    bool seen = false;
    for (; i < text.size() && text[i] != 'e' && text[i] != 'E'; ++i) {
        if (text[i] == '.') {
            pointAt = count;
            continue;
        }
        if (text[i] < '0' || text[i] > '9') return "not a number: " + text;
        ++count;
        if (!seen && text[i] == '0') {
            continue;
        }
        if (!seen) exponent = -count; // position of the first significant digit, fixed up below
        seen = true;
        digits += text[i];
    }
    if (pointAt < 0) pointAt = count;
    if (i < text.size()) exponent += std::atoi(text.c_str() + i + 1);
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    return (text[0] == '-' ? "-" : "") + digits + "e" + std::to_string(exponent + pointAt);
}

// Every digit of a double, from the host's printf.
inline std::string hostExact(double value) {
    std::vector<char> buffer(1200);
    std::snprintf(buffer.data(), buffer.size(), "%.1100e", value);
    return normalDecimal(buffer.data());
}

// "" when `shown` stands correctly for bits of f; otherwise what is wrong.
inline std::string shownValueProblem(const std::string& shown, const Format& f, std::uint64_t bits) {
    const bool marked = shown.rfind(kMark, 0) == 0;
    const std::string digits = marked ? shown.substr(kMark.size()) : shown;
    const ParseOutcome parsed = parseValue(digits, f);
    if (!parsed.ok()) return "\"" + shown + "\" does not parse: " + parsed.error;
    if (parsed.value->bits != bits) return "\"" + shown + "\" parses to other bits than it stands for";
    const FloatClass c = classify(f, bits);
    if (c != FloatClass::Normal && c != FloatClass::Subnormal) return marked ? "\"" + shown + "\" is marked" : "";
    const std::string exact = hostExact(toDouble(f, bits));
    const bool isExact = normalDecimal(digits) == exact;
    if (!marked && !isExact) return "\"" + shown + "\" is not the exact value and not marked (exact " + exact + ")";
    if (marked && isExact) return "\"" + shown + "\" is marked but exact";
    return "";
}

} // namespace fplab::lessons::test
