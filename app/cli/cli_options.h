// Pieces every fplab-cli command shares: looking up formats and rounding modes by
// name with a helpful error, and quoting untrusted text safely in messages.
#pragma once

#include "app/cli/exit_codes.h"
#include "core/format.h"
#include "core/format_names.h"
#include "core/integer.h"
#include "core/rounding.h"
#include "core/quote.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fplab::cli {

// A float format by preset name ("fp16", "bf16", aliases like "half") or custom name ("e5m10-nosub"):
// fplab::lookupFormat, with its error in `error`.
std::optional<Format> lookupFormat(std::string_view name, std::string& error);
// An integer format: int8 uint8 int32 int64.
std::optional<IntFormat> lookupIntFormat(std::string_view name);
// rne rna rtz rup rdn rto (stochastic rounding is refused: its results would not be reproducible).
std::optional<RoundingMode> lookupRounding(std::string_view name, std::string& error);
std::optional<Tininess> lookupTininess(std::string_view name, std::string& error);

// A whole decimal number, all of `text` ("12", "-3"); nothing for anything else or out of range.
std::optional<long long> wholeNumber(std::string_view text);

// The names the error messages list (the formats' list is fplab::knownFormatNames).
std::string knownRoundingNames();

// A small option scanner: "--name VALUE", "--name=VALUE" and flags; anything else is positional.
// A word that starts with '-' followed by a digit, '.', 'i' or 'n' ("-0.5", "-inf", "-nan") is a value.
class ArgScanner {
public:
    explicit ArgScanner(std::span<const std::string_view> args) : m_args(args) {}

    bool done() const { return m_index >= m_args.size(); }
    // True when the current word is an option (it is then consumed into `name`, and `inlineValue` is set
    // for "--name=value").
    bool nextOption(std::string_view& name, std::optional<std::string_view>& inlineValue);
    std::string_view nextPositional() { return m_args[m_index++]; }
    // The value of the option just read: its inline "=value" or the next word.
    std::optional<std::string_view> optionValue(const std::optional<std::string_view>& inlineValue);

private:
    std::span<const std::string_view> m_args;
    std::size_t m_index = 0;
    bool m_onlyPositional = false; // after "--"
};

} // namespace fplab::cli
