// A number typed by the user (in `show` or inside fmt(...) in `eval`): rounded into a
// format through core/text/parse.h, plus its exact value for the error report.
#pragma once

#include "core/format.h"
#include "core/result.h"
#include "core/rounding.h"
#include "core/text/decimal_value.h"
#include "core/text/parse.h"

#include <optional>
#include <string>
#include <string_view>

namespace fplab {

struct Literal {
    std::string text; // as typed
    Result stored;    // the bits in the format and the flags the rounding raised
    InputKind kind = InputKind::Decimal;
    std::optional<DecimalValue> exact; // the typed value, exactly, when it is a finite number we could expand
};

struct LiteralOrError {
    std::optional<Literal> literal;
    std::string error;
    NanProblem nanProblem = NanProblem::None; // why a NaN did not fit (error says it in English)
};

// Everything parseValue reads, plus powers "2^-11", "-10^3" (bases 2 and 10 only).
LiteralOrError readLiteral(std::string_view text, const Format& f, const Env& env);

// The stored value as an exact decimal (finite values only).
std::optional<DecimalValue> exactValueOf(const Format& f, std::uint64_t bits);

// The error of the stored value against the typed one.
struct StoredError {
    bool available = false;
    std::string why;                // when not available: the reason, e.g. "the typed value overflows fp16"
    DecimalValue absolute;          // stored - typed
    std::optional<double> relative; // (stored - typed) / typed; absent when typed is zero
    std::optional<double> ulps;     // (stored - typed) / ulp(stored)
};
StoredError storedError(const Format& f, const Literal& literal);

} // namespace fplab
