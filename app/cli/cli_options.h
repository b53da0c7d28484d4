// Pieces every fplab-cli command shares: looking up formats and rounding modes by
// name with a helpful error, and quoting untrusted text safely in messages.
#pragma once

#include "core/format.h"
#include "core/format_names.h"
#include "core/integer.h"
#include "core/rounding.h"
#include "core/text/quote.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fplab::cli {

// Exit codes shared by the commands.
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 1; // the input (a value, an expression, a batch line) is wrong
inline constexpr int kExitUsage = 2;    // the command line itself is wrong
inline constexpr int kExitInternal = 3; // an unexpected failure inside fplab-cli
// 4 (no usable GPU) and 5 (results that should agree differ) are the GPU and training commands' own.
inline constexpr int kExitOutput = 6; // the output could not be written (standard output, standard error, a file)

// A float format by preset name ("fp16", "bf16", aliases like "half") or custom name ("e5m10-nosub"):
// fplab::lookupFormat, with its error in `error`.
std::optional<Format> lookupFormat(std::string_view name, std::string& error);
// An integer format: int8 uint8 int32 int64.
std::optional<IntFormat> lookupIntFormat(std::string_view name);
// rne rna rtz rup rdn rto (stochastic rounding is refused: its results would not be reproducible).
std::optional<RoundingMode> lookupRounding(std::string_view name, std::string& error);
std::optional<Tininess> lookupTininess(std::string_view name, std::string& error);

// The names the error messages list (the formats' list is fplab::knownFormatNames).
std::string knownRoundingNames();

// `text` as a JSON string literal: in double quotes, '"' and '\\' escaped, control bytes as \u00NN.
std::string jsonString(std::string_view text);

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
