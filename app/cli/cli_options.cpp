// Format, rounding and option lookup shared by the fplab-cli commands.
#include "app/cli/cli_options.h"

#include <cctype>
#include <cstdio>

namespace fplab::cli {

std::string_view knownFormatNames() {
    return "fp64 fp32 tf32 fp16 bf16 e4m3 e5m2 e2m3 e3m2 e2m1 e8m0 e4m3fnuz e5m2fnuz, or a custom eXmY[-nosub] name";
}

std::string_view knownRoundingNames() { return "rne rna rtz rup rdn rto"; }

std::optional<Format> lookupFormat(std::string_view name, std::string& error) {
    if (auto preset = findFormat(name)) return preset;
    // A custom name starts with 'e' and a digit; give its own explanation ("exponent width 20 is out of range").
    if (name.size() >= 2 && (name[0] == 'e' || name[0] == 'E') && std::isdigit(static_cast<unsigned char>(name[1]))) {
        FormatOrError custom = parseCustomFormatName(name);
        if (custom.format) return custom.format;
        error = "bad format " + quoted(name) + ": " + custom.error;
        return std::nullopt;
    }
    if (lookupIntFormat(name))
        error = quoted(name) + " is an integer format: here a float format is needed";
    else
        error = "unknown format " + quoted(name) + " (known: " + std::string(knownFormatNames()) + ")";
    return std::nullopt;
}

std::optional<IntFormat> lookupIntFormat(std::string_view name) {
    for (const IntFormat* t : kIntFormats)
        if (t->name == name) return *t;
    return std::nullopt;
}

std::optional<RoundingMode> lookupRounding(std::string_view name, std::string& error) {
    const std::optional<RoundingMode> mode = parseRoundingName(name);
    if (mode == RoundingMode::Stochastic) {
        error = "stochastic rounding is not offered here (its results depend on random bits); use one of " +
                std::string(knownRoundingNames());
        return std::nullopt;
    }
    if (!mode) error = "unknown rounding mode " + quoted(name) + " (known: " + std::string(knownRoundingNames()) + ")";
    return mode;
}

std::optional<Tininess> lookupTininess(std::string_view name, std::string& error) {
    if (name == "after") return Tininess::AfterRounding;
    if (name == "before") return Tininess::BeforeRounding;
    error = "unknown tininess " + quoted(name) + " (known: before after)";
    return std::nullopt;
}

std::string jsonString(std::string_view s) {
    std::string out = "\"";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

bool ArgScanner::nextOption(std::string_view& name, std::optional<std::string_view>& inlineValue) {
    if (done() || m_onlyPositional) return false;
    const std::string_view word = m_args[m_index];
    if (word == "--") {
        m_onlyPositional = true;
        ++m_index;
        return false;
    }
    if (word.size() < 2 || word[0] != '-') return false;
    const char second = word[1];
    if (std::isdigit(static_cast<unsigned char>(second)) || second == '.' || second == 'i' || second == 'n' ||
        second == 'I' || second == 'N' || word.find('(') != std::string_view::npos)
        return false; // a negative number or an expression such as -fp16(1)
    ++m_index;
    const std::size_t eq = word.find('=');
    if (eq == std::string_view::npos) {
        name = word;
        inlineValue.reset();
    } else {
        name = word.substr(0, eq);
        inlineValue = word.substr(eq + 1);
    }
    return true;
}

std::optional<std::string_view> ArgScanner::optionValue(const std::optional<std::string_view>& inlineValue) {
    if (inlineValue) return inlineValue;
    if (done()) return std::nullopt;
    return m_args[m_index++];
}

} // namespace fplab::cli
