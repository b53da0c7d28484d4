// Counts oracle comparisons and keeps the first few mismatches as readable lines, so a
// failing test prints the operands, the expected and the actual bits and flags.
#pragma once

#include "core/format.h"
#include "core/result.h"
#include "core/rounding.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace fplab::oracle {

// "x" style letters of the five flags ("vzoux" subset, "-" for none), written here so that
// a failure message does not depend on core/.
std::string flagText(Flags flags);
// "0x3c00 (1)": the bits in hex and the exact value.
std::string bitsText(const Format& f, std::uint64_t bits);
std::string resultText(const Format& f, const Result& r);
// "rne", "rtz", ... plus ",before" for tininess before rounding and ",sat" when saturating.
std::string envText(const Env& env);

// The deterministic rounding modes (every mode but stochastic).
inline constexpr RoundingMode kDeterministicModes[] = {
    RoundingMode::NearestEven,    RoundingMode::NearestAway,    RoundingMode::TowardZero,
    RoundingMode::TowardPositive, RoundingMode::TowardNegative, RoundingMode::ToOdd,
};

// The number of sampled cases per operation and mode: FPLAB_ORACLE_CASES if set, else the default.
std::uint64_t sampledCases(std::uint64_t defaultCount);

class MismatchLog {
public:
    explicit MismatchLog(std::string title, std::size_t keep = 10) : m_title(std::move(title)), m_keep(keep) {}

    // Compares core's result with the reference; `operands` are in format `f` (for the message).
    bool compare(const Format& resultFormat, const Result& expected, const Result& actual, std::string_view operation,
                 const Format& operandFormat, std::initializer_list<std::uint64_t> operands, const Env& env);
    // A free-form check; `describe` is a string or a callable returning one (called only on a mismatch).
    template <class Describe>
    bool check(bool ok, Describe&& describe) {
        ++m_cases;
        if (ok) return true;
        ++m_mismatches;
        if (m_lines.size() < m_keep) {
            if constexpr (std::is_invocable_v<Describe>) m_lines.push_back(std::string(describe()));
            else m_lines.push_back(std::string(describe));
        }
        return false;
    }

    std::uint64_t cases() const { return m_cases; }
    std::uint64_t mismatches() const { return m_mismatches; }
    std::string report() const;

private:
    std::string m_title;
    std::size_t m_keep;
    std::uint64_t m_cases = 0;
    std::uint64_t m_mismatches = 0;
    std::vector<std::string> m_lines;
};

} // namespace fplab::oracle
