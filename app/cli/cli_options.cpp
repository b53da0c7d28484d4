// Format, rounding and option lookup shared by the fplab-cli commands.
#include "app/cli/cli_options.h"

#include <cctype>
#include <charconv>

namespace fplab::cli {

std::string knownRoundingNames() { return roundingNames(kDeterministicRoundingModes); }

std::optional<Format> lookupFormat(std::string_view name, std::string& error) {
    FormatOrError found = fplab::lookupFormat(name);
    if (!found.format) error = std::move(found.error);
    return found.format;
}

std::optional<IntFormat> lookupIntFormat(std::string_view name) { return findIntFormat(name); }

std::optional<RoundingMode> lookupRounding(std::string_view name, std::string& error) {
    const std::optional<RoundingMode> mode = parseRoundingName(name);
    if (mode == RoundingMode::Stochastic) {
        error = "stochastic rounding is not offered here (its results depend on random bits); use one of " +
                knownRoundingNames();
        return std::nullopt;
    }
    if (!mode) error = "unknown rounding mode " + quoted(name) + " (known: " + knownRoundingNames() + ")";
    return mode;
}

std::optional<Tininess> lookupTininess(std::string_view name, std::string& error) {
    if (name == "after") return Tininess::AfterRounding;
    if (name == "before") return Tininess::BeforeRounding;
    error = "unknown tininess " + quoted(name) + " (known: before after)";
    return std::nullopt;
}

std::optional<long long> wholeNumber(std::string_view text) {
    long long v = 0;
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
    return v;
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
