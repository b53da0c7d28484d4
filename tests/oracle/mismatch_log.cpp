#include "tests/oracle/mismatch_log.h"

#include "tests/oracle/mpfr_oracle.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace fplab::oracle {

std::string flagText(Flags flags) {
    if (flags == 0) return "-";
    std::string s;
    if (flags & kInvalid) s += 'v';
    if (flags & kDivideByZero) s += 'z';
    if (flags & kOverflow) s += 'o';
    if (flags & kUnderflow) s += 'u';
    if (flags & kInexact) s += 'x';
    return s;
}

std::string bitsText(const Format& f, std::uint64_t bits) {
    char hex[32];
    const int digits = (f.totalBits() + 3) / 4;
    std::snprintf(hex, sizeof hex, "0x%0*llx", digits, static_cast<unsigned long long>(bits));
    return std::string(hex) + " (" + exactValueText(f, bits) + ")";
}

std::string resultText(const Format& f, const Result& r) { return bitsText(f, r.bits) + " " + flagText(r.flags); }

std::string envText(const Env& env) {
    static const char* names[] = {"rne", "rna", "rtz", "rup", "rdn", "rto", "sr"};
    std::string s = names[int(env.rounding)];
    if (env.tininess == Tininess::BeforeRounding) s += ",before";
    if (env.saturate) s += ",sat";
    return s;
}

std::uint64_t sampledCases(std::uint64_t defaultCount) {
    if (const char* text = std::getenv("FPLAB_ORACLE_CASES")) {
        char* end = nullptr;
        const unsigned long long n = std::strtoull(text, &end, 10);
        if (end != text && n > 0) return n;
    }
    return defaultCount;
}

bool MismatchLog::compare(const Format& resultFormat, const Result& expected, const Result& actual,
                          std::string_view operation, const Format& operandFormat,
                          std::initializer_list<std::uint64_t> operands, const Env& env) {
    ++m_cases;
    if (expected == actual) return true;
    ++m_mismatches;
    if (m_lines.size() < m_keep) {
        // Built with append(): GCC 12 warns (-Wrestrict, a false positive) on chains of operator+ here.
        std::string line(operation);
        line.append(" ").append(operandFormat.name()).append(" ").append(envText(env)).append(":");
        for (std::uint64_t op : operands) line.append(" ").append(bitsText(operandFormat, op));
        line.append(" -> expected ").append(resultText(resultFormat, expected));
        line.append(", core gave ").append(resultText(resultFormat, actual));
        m_lines.push_back(std::move(line));
    }
    return false;
}

std::string MismatchLog::report() const {
    std::string s = m_title + ": " + std::to_string(m_mismatches) + " mismatches in " + std::to_string(m_cases) +
                    " cases";
    for (const std::string& line : m_lines) s += "\n  " + line;
    if (m_mismatches > m_lines.size()) s += "\n  ...";
    return s;
}

} // namespace fplab::oracle
