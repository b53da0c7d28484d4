// Reading numbers typed by a person: decimal ("0.1", "1e-8", "-0", "inf", "nan"),
// hex-float ("0x1.8p-3"), raw bits in hex ("0x3c00") or binary ("0b0_01111_0000000000"),
// correctly rounded into any format, with the flags raised.
#pragma once

#include "core/format.h"
#include "core/result.h"
#include "core/rounding.h"

#include <optional>
#include <string>
#include <string_view>

namespace fplab {

enum class InputKind : std::uint8_t { Decimal, HexFloat, RawHex, RawBinary, Infinity, NaN };

// Why a NaN could not be read into the format (the front ends word it in the user's language).
enum class NanProblem : std::uint8_t {
    None,
    NoNan,             // the format has no NaN encoding (e2m1, e2m3, e3m2, INT-like formats)
    NoPayload,         // one NaN per sign (e4m3, the fnuz formats): nan or -nan only
    PayloadIsInfinity, // nan(0x0): the significand field of infinity
    PayloadTooWide,    // more significand bits than the format has
};

struct ParseOutcome {
    std::optional<Result> value; // set on success: bits rounded into the format, and the flags
    InputKind kind = InputKind::Decimal;
    NanProblem nanProblem = NanProblem::None; // set with `error` when a NaN did not fit
    std::string error; // set on failure: what is wrong, e.g. "'1.2.3' is not a number: a second '.'"
    bool ok() const { return value.has_value(); }
};

ParseOutcome parseValue(std::string_view text, const Format& f, const Env& env = {});

} // namespace fplab
