// The batch line parser and loop. No iostream per token, no exceptions, no allocation per line:
// lines are cut out of large blocks read at once, results collect in one buffer.
#include "app/cli/batch_runner.h"

#include "app/cli/cli_options.h"
#include "core/arithmetic.h"

#include <algorithm>
#include <cstring>
#include <istream>
#include <ostream>
#include <vector>

namespace fplab::cli {
namespace {

constexpr std::size_t kMaxCachedTypes = 256;
constexpr std::size_t kFirstReadBlock = 1 << 14;
constexpr std::size_t kReadBlock = 1 << 20;
constexpr std::size_t kFlushAt = 1 << 20;

bool isBlank(char c) { return c == ' ' || c == '\t'; }

// Splits a line into at most `max` tokens; returns how many there were (more than max means too many).
int tokenize(std::string_view line, std::string_view* tokens, int max) {
    int n = 0;
    std::size_t i = 0;
    const std::size_t size = line.size();
    while (true) {
        while (i < size && isBlank(line[i])) ++i;
        if (i == size) return n;
        const std::size_t start = i;
        while (i < size && !isBlank(line[i])) ++i;
        if (n == max) return n + 1;
        tokens[n++] = line.substr(start, i - start);
    }
}

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    const char lower = char(c | 0x20);
    if (lower >= 'a' && lower <= 'f') return lower - 'a' + 10;
    return -1;
}

// Hex with an optional 0x, leading zeros allowed; the value must fit `type`.
bool parseHex(std::string_view token, const BatchType& type, std::uint64_t& out, std::string& error) {
    std::string_view digits = token;
    if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) digits.remove_prefix(2);
    std::uint64_t v = 0;
    int significant = 0;
    for (char c : digits) {
        const int d = hexValue(c);
        if (d < 0) {
            error = quoted(token) + " is not a hex number";
            return false;
        }
        if (v != 0 || d != 0) ++significant;
        if (significant > 16) break;
        v = (v << 4) | std::uint64_t(d);
    }
    if (significant > 16 || (v & ~type.mask) != 0) {
        error = quoted(token) + " is wider than " + type.name + " (" +
                std::to_string(type.isInteger ? type.integer.bits : type.fp.totalBits()) + " bits, at most " +
                std::to_string(type.hexDigits) + " hex digits)";
        return false;
    }
    out = v;
    return true;
}

// One rounding parser for every command (core/rounding.h); batch results must be reproducible, so no stochastic.
bool parseBatchRounding(std::string_view t, RoundingMode& mode, std::string& error) {
    const std::optional<RoundingMode> parsed = parseRoundingName(t);
    if (parsed == RoundingMode::Stochastic) {
        error = "stochastic rounding " + quoted(t) + " is not offered in batch (results would not be reproducible)";
        return false;
    }
    if (!parsed) {
        error = "unknown rounding mode " + quoted(t) + " (known: " + knownRoundingNames() + ")";
        return false;
    }
    mode = *parsed;
    return true;
}

bool makeType(std::string_view token, BatchType& type, std::string& error) {
    type = BatchType{};
    type.name = std::string(token);
    if (const std::optional<IntFormat> t = lookupIntFormat(token)) {
        type.isInteger = true;
        type.integer = *t;
        type.mask = t->mask();
        type.hexDigits = (t->bits + 3) / 4;
        return true;
    }
    const std::optional<Format> f = lookupFormat(token, error);
    if (!f) {
        // lookupFormat's message; it says "integer" for integer names, which are handled above.
        return false;
    }
    type.fp = *f;
    type.mask = f->bitMask();
    type.hexDigits = (f->totalBits() + 3) / 4;
    return true;
}

} // namespace

const BatchType* BatchLineParser::lookupType(std::string_view token, int slot, std::string& error) {
    for (const BatchType& t : m_cache)
        if (t.name == token) return &t;
    BatchType type;
    if (!makeType(token, type, error)) return nullptr;
    if (m_cache.size() < kMaxCachedTypes) {
        m_cache.push_back(std::move(type));
        return &m_cache.back();
    }
    m_scratch[slot] = std::move(type);
    return &m_scratch[slot];
}

bool BatchLineParser::parse(std::string_view line, BatchLine& out, std::string& error) {
    std::string_view tokens[7];
    const int n = tokenize(line, tokens, 6);
    if (n == 0) {
        error = "empty line";
        return false;
    }
    const std::optional<Operation> op = parseOperationName(tokens[0]);
    if (!op) {
        error = "unknown operation " + quoted(tokens[0]) + " (known: add sub mul div fma sqrt convert)";
        return false;
    }
    out.op = *op;
    const int operands = operandCount(out.op);
    const bool isConvert = out.op == Operation::Convert;
    const int expected = (isConvert ? 4 : 3) + operands;
    if (n != expected) {
        if (isConvert)
            error = "convert needs SRC DST ROUNDING HEX (4 fields after 'convert'), got " + std::to_string(n - 1);
        else
            error = std::string(operationName(out.op)) + " needs FORMAT ROUNDING and " + std::to_string(operands) +
                    (operands == 1 ? " operand" : " operands") + ", got " +
                    (n < 3 ? std::to_string(n - 1) + (n == 2 ? " field" : " fields")
                           : (n > 6 ? "more than 3" : std::to_string(n - 3)) + (n - 3 == 1 ? " operand" : " operands"));
        return false;
    }
    int next = 1;
    out.type = lookupType(tokens[next++], 0, error);
    if (!out.type) return false;
    out.target = out.type;
    if (isConvert) {
        out.target = lookupType(tokens[next++], 1, error);
        if (!out.target) return false;
        if (out.type->isInteger && out.target->isInteger) {
            error = "convert between two integer formats (" + out.type->name + " -> " + out.target->name +
                    ") is not supported";
            return false;
        }
    } else if (out.type->isInteger) {
        error = out.type->name + " is an integer format: " + std::string(operationName(out.op)) +
                " works on float formats (integers are allowed in convert)";
        return false;
    }
    if (!parseBatchRounding(tokens[next++], out.rounding, error)) return false;
    out.operandCount = operands;
    for (int i = 0; i < operands; ++i)
        if (!parseHex(tokens[next + i], *out.type, out.operands[i], error)) return false;
    return true;
}

Result executeBatchLine(const BatchLine& line, const Env& baseEnv) {
    Env env = baseEnv;
    env.rounding = line.rounding;
    const std::uint64_t* a = line.operands;
    const Format& f = line.type->fp;
    switch (line.op) {
    case Operation::Add: return add(f, a[0], a[1], env);
    case Operation::Sub: return sub(f, a[0], a[1], env);
    case Operation::Mul: return mul(f, a[0], a[1], env);
    case Operation::Div: return div(f, a[0], a[1], env);
    case Operation::Fma: return fma(f, a[0], a[1], a[2], env);
    case Operation::Sqrt: return sqrt(f, a[0], env);
    case Operation::Convert:
        if (line.type->isInteger) return intToFloat(line.type->integer, a[0], line.target->fp, env);
        if (line.target->isInteger) return floatToInt(f, a[0], line.target->integer, Overflow::Saturate, env);
        return convert(f, a[0], line.target->fp, env);
    }
    return {};
}

void appendBatchResult(std::string& out, const BatchType& type, const Result& r) {
    static constexpr char kHex[] = "0123456789abcdef";
    char buf[24];
    const std::uint64_t bits = r.bits & type.mask;
    for (int i = type.hexDigits - 1, shift = 0; i >= 0; --i, shift += 4) buf[i] = kHex[(bits >> shift) & 15];
    out.append(buf, std::size_t(type.hexDigits));
    out += ' ';
    out += flagLetters(r.flags);
    out += '\n';
}

int runBatch(std::istream& in, std::ostream& out, std::ostream& err, const BatchOptions& options) {
    Env env;
    env.tininess = options.tininess;
    env.saturate = options.saturate;
    BatchLineParser parser;
    BatchLine line;
    std::string error;
    std::string output;
    // Small inputs (one line typed by hand, a fuzzer's input) should not pay for megabyte buffers:
    // start small and grow once a read fills the buffer.
    std::vector<char> buffer(kFirstReadBlock + kMaxBatchLineLength);
    std::size_t filled = 0; // bytes in buffer
    std::uint64_t lineNumber = 0;
    std::uint64_t badLines = 0;
    bool discarding = false; // inside a line already reported as too long: drop bytes up to its newline
    bool atEof = false;

    auto flush = [&] {
        out.write(output.data(), std::streamsize(output.size()));
        output.clear();
    };
    // Reports a bad line; returns false when processing must stop.
    auto reportBad = [&](std::string_view message) {
        ++badLines;
        if (options.keepGoing) output += "error\n"; // keeps one output line per input line
        flush();
        err << "fplab-cli batch: line " << lineNumber << ": " << message << "\n";
        return options.keepGoing;
    };
    const std::string tooLong = "line longer than " + std::to_string(kMaxBatchLineLength) + " bytes";

    while (!atEof) {
        const std::streamsize got = in.rdbuf()->sgetn(buffer.data() + filled, std::streamsize(buffer.size() - filled));
        if (got <= 0) atEof = true;
        else filled += std::size_t(got);
        if (filled == buffer.size() && buffer.size() < kReadBlock + kMaxBatchLineLength) {
            buffer.resize(kReadBlock + kMaxBatchLineLength);
            output.reserve(kFlushAt + 4096);
        }
        const char* data = buffer.data();
        std::size_t pos = 0;
        while (pos < filled) {
            const char* nl = static_cast<const char*>(std::memchr(data + pos, '\n', filled - pos));
            if (!nl && !atEof) break; // an incomplete line: read more first
            const std::size_t end = nl ? std::size_t(nl - data) : filled;
            if (discarding) {
                discarding = false;
                pos = end + 1;
                continue;
            }
            ++lineNumber;
            std::string_view text(data + pos, end - pos);
            pos = end + 1;
            if (text.size() > kMaxBatchLineLength) {
                if (!reportBad(tooLong)) return kExitBadInput;
                continue;
            }
            if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
            if (!parser.parse(text, line, error)) {
                if (!reportBad(error)) return kExitBadInput;
                continue;
            }
            appendBatchResult(output, *line.target, executeBatchLine(line, env));
            if (output.size() >= kFlushAt) {
                flush();
                // Output that cannot be written (a full disk, a closed pipe) ends the run; runCli reports it.
                if (!out) return kExitOutput;
            }
        }
        if (pos >= filled) {
            filled = 0;
            continue;
        }
        // An unfinished line: keep it for the next read, unless it is already too long.
        const std::size_t rest = filled - pos;
        if (rest > kMaxBatchLineLength || discarding) {
            if (!discarding) {
                ++lineNumber;
                if (!reportBad(tooLong)) return kExitBadInput;
                discarding = true;
            }
            filled = 0;
            continue;
        }
        std::memmove(buffer.data(), data + pos, rest);
        filled = rest;
    }
    flush();
    out.flush();
    if (badLines > 0 && options.keepGoing)
        err << "fplab-cli batch: " << badLines << (badLines == 1 ? " bad line" : " bad lines") << " of " << lineNumber
            << "\n";
    return badLines > 0 ? kExitBadInput : kExitOk;
}

} // namespace fplab::cli
