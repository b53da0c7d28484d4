// `fplab-cli batch`: lines "OP FORMAT ROUNDING HEX..." or "convert SRC DST ROUNDING HEX" in,
// "RESULTHEX FLAGS" out, fast (a hand-written line parser, block reads, buffered output).
#pragma once

#include "core/format.h"
#include "core/integer.h"
#include "core/operation.h"
#include "core/result.h"
#include "core/rounding.h"

#include <cstdint>
#include <deque>
#include <iosfwd>
#include <string>
#include <string_view>

namespace fplab::cli {

// A float or an integer format, with its width in hex digits.
struct BatchType {
    std::string name;
    bool isInteger = false;
    Format fp;
    IntFormat integer;
    int hexDigits = 0;
    std::uint64_t mask = 0;
};

struct BatchLine {
    Operation op = Operation::Add;
    const BatchType* type = nullptr;   // the operands' format (the source of a convert)
    const BatchType* target = nullptr; // the result's format (differs only for convert)
    RoundingMode rounding = RoundingMode::NearestEven;
    std::uint64_t operands[3] = {};
    int operandCount = 0;
};

// Lines longer than this are refused without being read into memory whole.
inline constexpr std::size_t kMaxBatchLineLength = 4096;

class BatchLineParser {
public:
    // Parses one line (without its newline). On failure returns false and sets `error`,
    // e.g. "unknown format 'fp17'". The types `out` points to stay valid until the next call.
    bool parse(std::string_view line, BatchLine& out, std::string& error);

private:
    const BatchType* lookupType(std::string_view token, int slot, std::string& error);

    std::deque<BatchType> m_cache; // formats seen so far, by the token that named them
    BatchType m_scratch[2];        // used once the cache is full (many distinct custom names)
};

Result executeBatchLine(const BatchLine& line, const Env& env);

// Appends "3c00 x\n": the result bits in lowercase hex, zero-padded to the format's width, and the flag letters.
void appendBatchResult(std::string& out, const BatchType& type, const Result& r);

struct BatchOptions {
    Tininess tininess = Tininess::AfterRounding;
    bool saturate = false;
    bool keepGoing = false;
};

// Runs the batch over `in`; returns the exit code (non-zero if any line was bad).
int runBatch(std::istream& in, std::ostream& out, std::ostream& err, const BatchOptions& options);

} // namespace fplab::cli
