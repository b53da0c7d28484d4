// The parameters of an experiment: their declared kinds and limits, and the checked
// values an experiment reads. Values arrive as text (from a lesson file, the command
// line or an edit box) and are validated before any experiment runs.
#pragma once

#include "core/format.h"
#include "core/integer.h"
#include "core/result.h"
#include "core/rounding.h"
#include "lessons/local_text.h"

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fplab::lessons {

enum class ParamKind : std::uint8_t {
    Format,     // a float format: fp16, bf16, e4m3, e5m10-nosub...
    FormatList, // comma-separated float formats, and int8/uint8/int32 where the experiment allows
    Rounding,   // rne rna rtz rup rdn rto
    Number,     // a decimal, hex-float (0x1p-24), raw bits (0x3c00 only where the format is known) or 2^k
    NumberList, // comma-separated numbers
    Integer,    // a whole number between minimum and maximum
    Boolean,    // true/false, yes/no, on/off, 1/0
    Choice,     // one of choices
};

std::string_view paramKindName(ParamKind kind);

// Thrown by an experiment for a problem with its input that only shows while it runs
// (a value that overflows the chosen format where that makes no sense...); reported, never fatal.
struct ExperimentError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct ParamSpec {
    std::string name;
    ParamKind kind = ParamKind::Number;
    std::string defaultValue;
    LocalText help;
    std::vector<std::string> choices; // Choice
    std::int64_t minimum = 0;         // Integer; for lists: the least number of entries
    std::int64_t maximum = 0;         // Integer; for lists: the most entries
    bool allowIntegerFormats = false; // FormatList
};

// An entry of a FormatList: a float format or an integer format.
struct AnyFormat {
    std::string name;
    std::optional<Format> real;
    std::optional<IntFormat> integer;
};

// Parsing of single values, shared by validation and the experiments. Each returns an
// explanation in `error` when the text is not acceptable.
std::optional<Format> parseFormatParam(std::string_view text, std::string& error);
std::optional<AnyFormat> parseAnyFormatParam(std::string_view text, bool allowIntegers, std::string& error);
std::optional<RoundingMode> parseRoundingParam(std::string_view text, std::string& error);
std::optional<std::int64_t> parseIntegerParam(std::string_view text, std::string& error);
std::optional<bool> parseBooleanParam(std::string_view text, std::string& error);
// A number rounded (nearest-even unless env says otherwise) into f. "2^-24", "-2^10", "3*2^-5" are
// accepted besides what core's parseValue reads.
std::optional<Result> parseNumberParam(std::string_view text, const Format& f, std::string& error, const Env& env = {});
std::vector<std::string_view> splitList(std::string_view text);

// Checks one value against its spec; returns an empty string when it is fine.
std::string checkParamValue(const ParamSpec& spec, std::string_view value);

// The complete, checked parameter set an experiment runs with (defaults filled in).
class ParamValues {
public:
    ParamValues() = default;
    explicit ParamValues(std::map<std::string, std::string, std::less<>> values) : m_values(std::move(values)) {}

    const std::string& text(std::string_view name) const;
    Format format(std::string_view name) const;
    std::vector<AnyFormat> formatList(std::string_view name) const;
    RoundingMode rounding(std::string_view name) const;
    std::int64_t integer(std::string_view name) const;
    bool boolean(std::string_view name) const;
    // The number rounded into f; throws ExperimentError for a value that does not parse.
    Result number(std::string_view name, const Format& f, const Env& env = {}) const;
    std::vector<std::string> list(std::string_view name) const;

    const std::map<std::string, std::string, std::less<>>& all() const { return m_values; }

private:
    std::map<std::string, std::string, std::less<>> m_values;
};

} // namespace fplab::lessons
