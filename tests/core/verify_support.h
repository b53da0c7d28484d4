// Shared pieces of the verification tests: the operations as data, calling core/ and the
// MPFR oracle the same way, and the environments (modes x tininess x saturation) each check covers.
#pragma once

#include "core/arithmetic.h"
#include "core/format.h"
#include "tests/oracle/case_generator.h"
#include "tests/oracle/mismatch_log.h"
#include "tests/oracle/mpfr_oracle.h"

#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <cstdio>
#include <cstdint>
#include <string>
#include <vector>

namespace fplab::verify {

enum class Op { Add, Sub, Mul, Div, Fma, Sqrt };
inline constexpr Op kBinaryOps[] = {Op::Add, Op::Sub, Op::Mul, Op::Div};
inline constexpr Op kAllOps[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Fma, Op::Sqrt};

inline const char* opName(Op op) {
    static const char* names[] = {"add", "sub", "mul", "div", "fma", "sqrt"};
    return names[int(op)];
}
inline int arity(Op op) { return op == Op::Sqrt ? 1 : op == Op::Fma ? 3 : 2; }

inline Result coreOp(Op op, const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env) {
    switch (op) {
    case Op::Add: return add(f, a, b, env);
    case Op::Sub: return sub(f, a, b, env);
    case Op::Mul: return mul(f, a, b, env);
    case Op::Div: return div(f, a, b, env);
    case Op::Fma: return fma(f, a, b, c, env);
    case Op::Sqrt: return sqrt(f, a, env);
    }
    return {};
}

inline Result referenceOp(Op op, const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env) {
    switch (op) {
    case Op::Add: return oracle::referenceAdd(f, a, b, env);
    case Op::Sub: return oracle::referenceSub(f, a, b, env);
    case Op::Mul: return oracle::referenceMul(f, a, b, env);
    case Op::Div: return oracle::referenceDiv(f, a, b, env);
    case Op::Fma: return oracle::referenceFma(f, a, b, c, env);
    case Op::Sqrt: return oracle::referenceSqrt(f, a, env);
    }
    return {};
}

inline std::array<std::uint64_t, 3> drawOperands(Op op, oracle::CaseGenerator& gen) {
    switch (op) {
    case Op::Add:
    case Op::Sub: {
        const auto p = gen.addOperands();
        return {p[0], p[1], 0};
    }
    case Op::Mul: {
        const auto p = gen.mulOperands();
        return {p[0], p[1], 0};
    }
    case Op::Div: {
        const auto p = gen.divOperands();
        return {p[0], p[1], 0};
    }
    case Op::Fma: return gen.fmaOperands();
    case Op::Sqrt: return {gen.sqrtOperand(), 0, 0};
    }
    return {};
}

// Records one comparison, naming only the operands the operation takes.
inline bool logCase(oracle::MismatchLog& log, Op op, const Format& f, const Result& expected, const Result& actual,
                    std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env) {
    switch (arity(op)) {
    case 1: return log.compare(f, expected, actual, opName(op), f, {a}, env);
    case 2: return log.compare(f, expected, actual, opName(op), f, {a, b}, env);
    default: return log.compare(f, expected, actual, opName(op), f, {a, b, c}, env);
    }
}

// Compares core with the oracle on one case; records a mismatch in the log.
inline bool checkOp(oracle::MismatchLog& log, Op op, const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t c,
                    const Env& env) {
    return logCase(log, op, f, referenceOp(op, f, a, b, c, env), coreOp(op, f, a, b, c, env), a, b, c, env);
}

// The test's verdict: no mismatches. The "N mismatches in M cases" line is printed either way,
// so a CI log shows how many cases each check covered.
inline void expectClean(const oracle::MismatchLog& log) {
    std::printf("%s\n", log.report().c_str());
    EXPECT_EQ(log.mismatches(), 0u) << log.report();
}

// Every deterministic mode with tininess after rounding and no saturation, then every mode
// again with tininess before rounding and saturation on (the two options act on disjoint
// cases, underflow and overflow, so one extra pass covers both).
inline std::vector<Env> allEnvironments() {
    std::vector<Env> envs;
    for (bool variant : {false, true})
        for (RoundingMode mode : oracle::kDeterministicModes) {
            Env env;
            env.rounding = mode;
            env.tininess = variant ? Tininess::BeforeRounding : Tininess::AfterRounding;
            env.saturate = variant;
            envs.push_back(env);
        }
    return envs;
}

// "e4m3" style name of a format for test names (gtest wants alphanumerics).
inline std::string testName(const Format& f) {
    std::string s;
    for (char ch : f.name())
        if (std::isalnum(static_cast<unsigned char>(ch))) s += ch;
    return s;
}

} // namespace fplab::verify
