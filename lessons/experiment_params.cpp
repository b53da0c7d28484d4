// Parsing and checking experiment parameters.
#include "lessons/experiment_params.h"

#include "core/format_names.h"
#include "core/text/parse.h"

#include <cctype>
#include <charconv>
#include <cstdio>

namespace fplab::lessons {

namespace {

std::string quote(std::string_view text) {
    std::string out = "'";
    for (char c : text.substr(0, 60)) out += std::isprint(static_cast<unsigned char>(c)) || (c & 0x80) ? c : '?';
    if (text.size() > 60) out += "...";
    return out + "'";
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::string lower(std::string_view s) {
    std::string out;
    for (char c : s) out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// "2^-24", "-2^10", "3*2^-5" -> a hex-float core's parser reads exactly: "0x1p-24", "-0x1p+10", "0x3p-5".
std::optional<std::string> powerOfTwoAsHexFloat(std::string_view text) {
    std::string_view s = text;
    bool negative = false;
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
        negative = s.front() == '-';
        s.remove_prefix(1);
    }
    std::uint64_t multiplier = 1;
    if (const std::size_t star = s.find('*'); star != std::string_view::npos) {
        const std::string_view m = trim(s.substr(0, star));
        auto [p, ec] = std::from_chars(m.data(), m.data() + m.size(), multiplier);
        if (ec != std::errc{} || p != m.data() + m.size() || m.empty()) return std::nullopt;
        s = trim(s.substr(star + 1));
    }
    if (s.size() < 3 || s[0] != '2' || s[1] != '^') return std::nullopt;
    std::string_view e = s.substr(2);
    if (!e.empty() && e.front() == '+') e.remove_prefix(1);
    int exponent = 0;
    auto [p, ec] = std::from_chars(e.data(), e.data() + e.size(), exponent);
    if (ec != std::errc{} || p != e.data() + e.size() || e.empty() || exponent < -100000 || exponent > 100000)
        return std::nullopt;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%s0x%llxp%+d", negative ? "-" : "",
                  static_cast<unsigned long long>(multiplier), exponent);
    return std::string(buffer);
}

} // namespace

std::string_view paramKindName(ParamKind kind) {
    switch (kind) {
    case ParamKind::Format: return "format";
    case ParamKind::FormatList: return "format list";
    case ParamKind::Rounding: return "rounding mode";
    case ParamKind::Number: return "number";
    case ParamKind::NumberList: return "number list";
    case ParamKind::Integer: return "integer";
    case ParamKind::Boolean: return "boolean";
    case ParamKind::Choice: return "choice";
    }
    return "?";
}

std::vector<std::string_view> splitList(std::string_view text) {
    std::vector<std::string_view> out;
    while (true) {
        const std::size_t comma = text.find(',');
        out.push_back(trim(text.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return out;
}

std::optional<Format> parseFormatParam(std::string_view text, std::string& error) {
    FormatOrError found = lookupFormat(trim(text));
    if (!found.format) error = std::move(found.error);
    return found.format;
}

std::optional<AnyFormat> parseAnyFormatParam(std::string_view text, bool allowIntegers, std::string& error) {
    text = trim(text);
    AnyFormat any;
    any.name = lower(text);
    if (allowIntegers) {
        if (auto integer = findIntFormat(any.name)) {
            any.integer = *integer;
            return any;
        }
    }
    any.real = parseFormatParam(text, error);
    if (!any.real) return std::nullopt;
    any.name = std::string(any.real->name());
    return any;
}

std::optional<RoundingMode> parseRoundingParam(std::string_view text, std::string& error) {
    if (auto mode = parseRoundingName(trim(text))) return mode;
    error = "unknown rounding mode " + quote(text) + " (known: rne rna rtz rup rdn rto sr)";
    return std::nullopt;
}

std::optional<std::int64_t> parseIntegerParam(std::string_view text, std::string& error) {
    text = trim(text);
    std::string digits;
    for (char c : text)
        if (c != '_') digits += c; // 1_000_000 reads better in a lesson
    std::int64_t value = 0;
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || ec == std::errc::invalid_argument || p != digits.data() + digits.size()) {
        error = quote(text) + " is not a whole number";
        return std::nullopt;
    }
    if (ec == std::errc::result_out_of_range) {
        error = quote(text) + " is too large";
        return std::nullopt;
    }
    return value;
}

std::optional<bool> parseBooleanParam(std::string_view text, std::string& error) {
    const std::string v = lower(trim(text));
    if (v == "true" || v == "yes" || v == "on" || v == "1") return true;
    if (v == "false" || v == "no" || v == "off" || v == "0") return false;
    error = quote(text) + " is not true or false";
    return std::nullopt;
}

std::optional<Result> parseNumberParam(std::string_view text, const Format& f, std::string& error, const Env& env) {
    text = trim(text);
    if (text.empty()) {
        error = "a number is needed";
        return std::nullopt;
    }
    const std::optional<std::string> power = powerOfTwoAsHexFloat(text);
    const ParseOutcome outcome = parseValue(power ? std::string_view(*power) : text, f, env);
    if (outcome.ok()) return outcome.value;
    error = outcome.error.empty() ? quote(text) + " is not a number" : outcome.error;
    return std::nullopt;
}

std::string checkParamValue(const ParamSpec& spec, std::string_view value) {
    std::string error;
    const auto prefix = [&] { return spec.name + "=" + quote(value) + ": "; };
    switch (spec.kind) {
    case ParamKind::Format:
        if (!parseFormatParam(value, error)) return prefix() + error;
        return {};
    case ParamKind::FormatList:
    case ParamKind::NumberList: {
        const std::vector<std::string_view> items = splitList(value);
        if (spec.minimum > 0 && std::int64_t(items.size()) < spec.minimum)
            return prefix() + "at least " + std::to_string(spec.minimum) + " entries are needed";
        if (spec.maximum > 0 && std::int64_t(items.size()) > spec.maximum)
            return prefix() + "at most " + std::to_string(spec.maximum) + " entries are allowed";
        for (std::string_view item : items) {
            const bool ok = spec.kind == ParamKind::FormatList
                                ? parseAnyFormatParam(item, spec.allowIntegerFormats, error).has_value()
                                : parseNumberParam(item, kFp64, error).has_value();
            if (!ok) return prefix() + error;
        }
        return {};
    }
    case ParamKind::Rounding:
        if (!parseRoundingParam(value, error)) return prefix() + error;
        if (!spec.choices.empty()) {
            for (const std::string& c : spec.choices)
                if (parseRoundingName(c) == parseRoundingName(trim(value))) return {};
            std::string known;
            for (const std::string& c : spec.choices) known += (known.empty() ? "" : " ") + c;
            return prefix() + "this experiment takes " + known;
        }
        return {};
    case ParamKind::Number:
        if (!parseNumberParam(value, kFp64, error)) return prefix() + error;
        return {};
    case ParamKind::Integer: {
        const std::optional<std::int64_t> v = parseIntegerParam(value, error);
        if (!v) return prefix() + error;
        if (*v < spec.minimum || *v > spec.maximum)
            return prefix() + "must be between " + std::to_string(spec.minimum) + " and " +
                   std::to_string(spec.maximum);
        return {};
    }
    case ParamKind::Boolean:
        if (!parseBooleanParam(value, error)) return prefix() + error;
        return {};
    case ParamKind::Choice: {
        for (const std::string& c : spec.choices)
            if (c == trim(value)) return {};
        std::string known;
        for (const std::string& c : spec.choices) known += (known.empty() ? "" : " ") + c;
        return prefix() + "must be one of: " + known;
    }
    }
    return {};
}

const std::string& ParamValues::text(std::string_view name) const {
    const auto it = m_values.find(name);
    if (it == m_values.end()) throw ExperimentError("internal: parameter '" + std::string(name) + "' is missing");
    return it->second;
}

Format ParamValues::format(std::string_view name) const {
    std::string error;
    if (auto f = parseFormatParam(text(name), error)) return *f;
    throw ExperimentError(std::string(name) + ": " + error);
}

std::vector<AnyFormat> ParamValues::formatList(std::string_view name) const {
    std::vector<AnyFormat> out;
    std::string error;
    for (std::string_view item : splitList(text(name))) {
        auto f = parseAnyFormatParam(item, true, error);
        if (!f) throw ExperimentError(std::string(name) + ": " + error);
        out.push_back(*f);
    }
    return out;
}

RoundingMode ParamValues::rounding(std::string_view name) const {
    std::string error;
    if (auto r = parseRoundingParam(text(name), error)) return *r;
    throw ExperimentError(std::string(name) + ": " + error);
}

std::int64_t ParamValues::integer(std::string_view name) const {
    std::string error;
    if (auto v = parseIntegerParam(text(name), error)) return *v;
    throw ExperimentError(std::string(name) + ": " + error);
}

bool ParamValues::boolean(std::string_view name) const {
    std::string error;
    if (auto v = parseBooleanParam(text(name), error)) return *v;
    throw ExperimentError(std::string(name) + ": " + error);
}

Result ParamValues::number(std::string_view name, const Format& f, const Env& env) const {
    std::string error;
    if (auto v = parseNumberParam(text(name), f, error, env)) return *v;
    throw ExperimentError(std::string(name) + ": " + error);
}

std::vector<std::string> ParamValues::list(std::string_view name) const {
    std::vector<std::string> out;
    for (std::string_view item : splitList(text(name))) out.emplace_back(item);
    return out;
}

} // namespace fplab::lessons
