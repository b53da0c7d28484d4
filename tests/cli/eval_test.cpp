// fplab-cli eval: the issue's examples with their known results, the --steps view of a
// tie, conversions, and one clear error (with a caret) for every kind of bad expression.
#include "app/cli/eval_expression.h"
#include "cli_run.h"

#include <gtest/gtest.h>

namespace fplab::cli::test {
namespace {

CliRun eval(const std::string& expression, std::vector<std::string> options = {}) {
    std::vector<std::string> args = {"eval", expression};
    args.insert(args.end(), options.begin(), options.end());
    return runInProcess(args);
}

TEST(CliEval, OnePlusTwoToTheMinusElevenIsATieThatStaysAtOne) {
    const CliRun r = eval("fp16(1) + fp16(2^-11)");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> expected = {
        "fp16(1) + fp16(2^-11)",
        "  = 1",
        "  format     fp16, rounding rne",
        "  bits       0x3c00 = 0 01111 0000000000",
        "  exact      1",
        "  shortest   1",
        "  flags      x (inexact)",
    };
    EXPECT_EQ(linesOf(r.out), expected);
    // Ties away from zero goes up instead.
    EXPECT_EQ(lineStartingWith(eval("fp16(1) + fp16(2^-11)", {"--rounding", "rna"}).out, "  bits"),
              "  bits       0x3c01 = 0 01111 0000000001");
}

TEST(CliEval, StepsShowAlignmentGuardRoundStickyAndTheDecision) {
    const CliRun r = eval("fp16(1) + fp16(2^-11)", {"--steps"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("step 1  fp16(1) rounds to 0x3c00 = 0 01111 0000000000 = 1  flags - (none)"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("step 3  add in fp16, rounding rne"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("          = +1.0000000000 x 2^-11 (normal)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("align     the smaller operand's significand moves right by 11 bits; no bits are lost"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("exact     +1.00000000001 x 2^0\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("keep      11 bits 10000000000, discard 1\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("g r s     guard 1, round 0, sticky 0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("decision  round down in magnitude"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("tie"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("result    0x3c00 = 0 01111 0000000000 = 1"), std::string::npos) << r.out;
}

TEST(CliEval, IssueExamples) {
    // bf16(3.14159) = 3.140625 (0x4049); doubling it is exact: 6.28125.
    CliRun r = eval("bf16(3.14159) * bf16(2)");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  bits"), "  bits       0x40c9 = 0 10000001 1001001");
    EXPECT_EQ(lineStartingWith(r.out, "  exact"), "  exact      6.28125");
    EXPECT_EQ(lineStartingWith(r.out, "  flags"), "  flags      x (inexact)");
    EXPECT_EQ(lineStartingWith(r.out, "             operations"), "             operations -, rounding the literals x");
    EXPECT_EQ(lineStartingWith(r.out, "  note"),
              "  note       bf16(3.14159) is stored as 3.140625 (0x4049), flags x (inexact)");

    r = eval("sqrt(fp32(2))");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  ="), "  = 1.41421353816986083984375");
    EXPECT_EQ(lineStartingWith(r.out, "  shortest"), "  shortest   1.4142135");
    EXPECT_EQ(lineStartingWith(r.out, "  bits"), "  bits       0x3fb504f3 = 0 01111111 01101010000010011110011");
    EXPECT_EQ(lineStartingWith(r.out, "  flags"), "  flags      x (inexact)");

    r = eval("fma(fp16(1), fp16(2), fp16(3))");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  ="), "  = 5");
    EXPECT_EQ(lineStartingWith(r.out, "  bits"), "  bits       0x4500 = 0 10001 0100000000");

    r = eval("fp32(0.1) -> fp16");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  format"), "  format     fp16, rounding rne");
    EXPECT_EQ(lineStartingWith(r.out, "  exact"), "  exact      0.0999755859375");
    // Long exact values give the shortest decimal, marked as approximate.
    EXPECT_EQ(lineStartingWith(eval("fp64(0.1) + fp64(0.2)").out, "  ="), "  = ~0.30000000000000004");
    // The largest E4M3 value is 448, though "450" is the shortest decimal that reads back to it.
    EXPECT_EQ(lineStartingWith(eval("e4m3(448)").out, "  ="), "  = 448");
}

TEST(CliEval, LiteralForms) {
    EXPECT_EQ(lineStartingWith(eval("fp16(1e-3)").out, "  bits"), "  bits       0x1419 = 0 00101 0000011001");
    EXPECT_EQ(lineStartingWith(eval("fp32(0x1.8p-3)").out, "  exact"), "  exact      0.1875");
    EXPECT_EQ(lineStartingWith(eval("fp16(0x3c00)").out, "  exact"), "  exact      1");
    EXPECT_EQ(lineStartingWith(eval("fp16(-2^4)").out, "  exact"), "  exact      -16");
    EXPECT_EQ(lineStartingWith(eval("fp64(10^-1)").out, "  bits").substr(0, 31), "  bits       0x3fb999999999999a");
    EXPECT_EQ(lineStartingWith(eval("e5m10-nosub(1) + e5m10-nosub(1)").out, "  ="), "  = 2");
}

TEST(CliEval, PrecedenceParenthesesUnaryMinusAndConversions) {
    EXPECT_EQ(lineStartingWith(eval("fp32(1) + fp32(2) * fp32(3)").out, "  ="), "  = 7");
    EXPECT_EQ(lineStartingWith(eval("(fp32(1) + fp32(2)) * fp32(3)").out, "  ="), "  = 9");
    EXPECT_EQ(lineStartingWith(eval("-fp16(1) * (fp16(2) - fp16(0.5))").out, "  ="), "  = -1.5");
    EXPECT_EQ(lineStartingWith(eval("fp32(8) / fp32(2) / fp32(2)").out, "  ="), "  = 2");
    EXPECT_EQ(lineStartingWith(eval("fp32(1) - fp32(2) - fp32(3)").out, "  ="), "  = -4");
    EXPECT_EQ(lineStartingWith(eval("abs(fp16(-3))").out, "  ="), "  = 3");
    // '->' binds loosest: the sum is converted.
    EXPECT_EQ(lineStartingWith(eval("fp32(65504) + fp32(16) -> fp16").out, "  ="), "  = inf");
    EXPECT_EQ(lineStartingWith(eval("(fp32(0.1) -> fp16) + fp16(1)").out, "  bits"),
              "  bits       0x3c66 = 0 01111 0001100110");
    EXPECT_EQ(lineStartingWith(eval("fp32(0.1) -> bf16 -> fp32").out, "  exact"), "  exact      0.10009765625");
    // To an integer, saturating.
    CliRun r = eval("fp32(3.7) -> int8");
    EXPECT_EQ(lineStartingWith(r.out, "  ="), "  = 4");
    EXPECT_EQ(lineStartingWith(r.out, "  bits"), "  bits       0x04");
    r = eval("fp32(-1000) -> int8");
    EXPECT_EQ(lineStartingWith(r.out, "  ="), "  = -128");
    EXPECT_EQ(lineStartingWith(r.out, "  flags"), "  flags      v (invalid)");
}

TEST(CliEval, SpecialResultsAndFlags) {
    EXPECT_EQ(lineStartingWith(eval("fp16(1) / fp16(0)").out, "  flags"), "  flags      z (divide-by-zero)");
    EXPECT_EQ(lineStartingWith(eval("sqrt(fp32(-1))").out, "  flags"), "  flags      v (invalid)");
    EXPECT_EQ(lineStartingWith(eval("fp16(65504) * fp16(2)").out, "  flags"), "  flags      ox (overflow, inexact)");
    const CliRun r = eval("fp16(1e999999999)");
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lineStartingWith(r.out, "  ="), "  = inf");
    EXPECT_EQ(lineStartingWith(r.out, "  flags"), "  flags      ox (overflow, inexact)");
}

struct BadExpression {
    const char* expression;
    const char* message;
    std::size_t column;
};

class CliEvalBadInput : public ::testing::TestWithParam<BadExpression> {};

TEST_P(CliEvalBadInput, OneClearErrorWithACaret) {
    const BadExpression& bad = GetParam();
    const CliRun r = eval(bad.expression);
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_EQ(r.out, "");
    const std::vector<std::string> lines = linesOf(r.err);
    ASSERT_EQ(lines.size(), 3u) << r.err;
    EXPECT_EQ(lines[0], "fplab-cli eval: " + std::string(bad.message));
    EXPECT_EQ(lines[1], "  " + std::string(bad.expression));
    EXPECT_EQ(lines[2], "  " + std::string(bad.column, ' ') + "^");
}

INSTANTIATE_TEST_SUITE_P(
    AllKinds, CliEvalBadInput,
    ::testing::Values(
        BadExpression{"fp16(1) + bf16(1)",
                      "cannot add fp16 and bf16 values: the operands must have one format (convert with '->', e.g. (x "
                      "-> fp16))",
                      8},
        BadExpression{"fma(fp16(1), fp16(2), fp32(3))",
                      "cannot fma fp16 and fp32 values: the operands must have one format (convert with '->', e.g. (x "
                      "-> fp16))",
                      0},
        BadExpression{"fp17(1)",
                      "unknown format 'fp17' (known: fp64 fp32 tf32 fp16 bf16 e4m3 e5m2 e2m3 e3m2 e2m1 e8m0 e4m3fnuz "
                      "e5m2fnuz, or a custom eXmY[-nosub] name); functions are sqrt fma abs",
                      0},
        BadExpression{"fp16(1) + 2", "the number '2' needs a format: write it as fp32(2) or similar", 10},
        BadExpression{"fp16(1", "missing ')' after fp16(", 5},
        BadExpression{"(fp16(1)", "expected ) to close the '(', found the end", 8},
        BadExpression{"fp16(1) fp16(2)", "unexpected 'f' after a complete expression", 8},
        BadExpression{"fp16(1) +", "expected a value such as fp32(1.5), found the end", 9},
        BadExpression{"fp16(fp32(1))", "fp16(...) holds one number, not an expression; to convert a value use '->'", 9},
        BadExpression{"fp16(3^2)", "only powers of 2 and 10 can be written with '^' (got '3^2')", 5},
        BadExpression{"fp16()", "empty number", 5},
        BadExpression{"fp16 + fp16(1)", "'fp16' must be followed by '(': write fp16(...)", 0},
        BadExpression{"fp16(1) -> fp17",
                      "unknown format 'fp17' (known: fp64 fp32 tf32 fp16 bf16 e4m3 e5m2 e2m3 e3m2 "
                      "e2m1 e8m0 e4m3fnuz e5m2fnuz, or a custom eXmY[-nosub] name)",
                      11},
        BadExpression{"fp16(1) ->", "expected a format name after '->'", 10},
        BadExpression{"int8(1)", "'int8' is an integer format: integers can only be produced with '-> int8'", 0},
        BadExpression{"(fp16(1) -> int8) + fp16(1)",
                      "add needs float operands, but one is an int8 value (integers can only be the final result)", 18},
        BadExpression{"fma(fp16(1), fp16(2))", "expected , between the arguments of fma(a, b, c), found ')'", 20},
        BadExpression{"-e8m0(1)", "e8m0 has no sign bit: its values cannot be negated", 0},
        BadExpression{"fp16(1) $ fp16(2)", "unexpected '$' after a complete expression", 8}));

TEST(CliEval, DeepNestingIsAnErrorNotACrash) {
    const std::string deep = std::string(5000, '(') + "fp16(1)" + std::string(5000, ')');
    CliRun r = eval(deep);
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("expression too long"), std::string::npos) << r.err;
    const std::string nested = std::string(1000, '(') + "fp16(1)" + std::string(1000, ')');
    r = eval(nested);
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("expression nested too deeply"), std::string::npos) << r.err;
    r = eval(std::string(1000, '-') + "fp16(1)");
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("expression nested too deeply"), std::string::npos) << r.err;
}

TEST(CliEval, UsageErrors) {
    EXPECT_EQ(runInProcess({"eval"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"eval", "fp16(1)", "--rounding", "sr"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"eval", "fp16(1)", "--stepz"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"eval", "fp16(1)", "--steps=yes"}).code, kExitUsage);
    // Words are joined, so an unquoted expression works too.
    const CliRun r = runInProcess({"eval", "fp16(1)", "+", "fp16(1)"});
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_EQ(lineStartingWith(r.out, "  ="), "  = 2");
    // An expression starting with '-' is not an option.
    EXPECT_EQ(runInProcess({"eval", "-fp16(1)"}).code, kExitOk);
}

TEST(CliEval, EvaluatorRecordsEveryStepInOrder) {
    const EvalOutcome r = evaluateExpression("fp16(1) * fp16(2) + fp16(3)", {}, true);
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_EQ(r.steps.size(), 5u);
    EXPECT_EQ(r.steps[2].text, "mul");
    EXPECT_EQ(r.steps[3].text, "fp16(3)");
    EXPECT_EQ(r.steps[4].text, "add");
    EXPECT_EQ(r.steps[4].trace.operation, Operation::Add);
    EXPECT_EQ(r.value.bits, 0x4500u);
}

} // namespace
} // namespace fplab::cli::test
