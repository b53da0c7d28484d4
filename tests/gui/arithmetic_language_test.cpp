// The Arithmetic steps in Chinese: every special case the core reports reaches the user in
// Chinese, never as the core's or the CLI's English.
#include "app/gui/common/steps/operation.h"
#include "app/gui/common/steps/operation_steps.h"
#include "app/gui/common/steps/special_case_text.h"
#include "app/gui/common/format_choice.h"
#include "core/text/literal.h"
#include "gui_fixture.h"

#include <QRegularExpression>

#include <gtest/gtest.h>

#include <set>

namespace fplab::gui {
namespace {

struct SpecialInput {
    Operation kind;
    QStringList operands;
    const char* format;
    const char* target = "e4m3";
    bool saturate = false;
};

// One input per special case of core/ops (add, mul, div, sqrt, fma, convert).
const SpecialInput kSpecialInputs[] = {
    {Operation::Add, {QStringLiteral("nan"), QStringLiteral("1")}, "fp16"},
    {Operation::Add, {QStringLiteral("inf"), QStringLiteral("-inf")}, "fp16"},
    {Operation::Add, {QStringLiteral("inf"), QStringLiteral("1")}, "fp16"},
    {Operation::Add, {QStringLiteral("0"), QStringLiteral("0")}, "fp16"},
    {Operation::Add, {QStringLiteral("0"), QStringLiteral("1")}, "fp16"},
    {Operation::Mul, {QStringLiteral("0"), QStringLiteral("inf")}, "fp16"},
    {Operation::Mul, {QStringLiteral("0"), QStringLiteral("1")}, "fp16"},
    {Operation::Div, {QStringLiteral("inf"), QStringLiteral("inf")}, "fp16"},
    {Operation::Div, {QStringLiteral("inf"), QStringLiteral("1")}, "fp16"},
    {Operation::Div, {QStringLiteral("1"), QStringLiteral("inf")}, "fp16"},
    {Operation::Div, {QStringLiteral("0"), QStringLiteral("0")}, "fp16"},
    {Operation::Div, {QStringLiteral("1"), QStringLiteral("0")}, "e4m3"},
    {Operation::Div, {QStringLiteral("1"), QStringLiteral("0")}, "fp16"},
    {Operation::Div, {QStringLiteral("0"), QStringLiteral("1")}, "fp16"},
    {Operation::Sqrt, {QStringLiteral("nan")}, "fp16"},
    {Operation::Sqrt, {QStringLiteral("0")}, "fp16"},
    {Operation::Sqrt, {QStringLiteral("-1")}, "fp16"},
    {Operation::Sqrt, {QStringLiteral("inf")}, "fp16"},
    {Operation::Fma, {QStringLiteral("inf"), QStringLiteral("1"), QStringLiteral("1")}, "fp16"},
    {Operation::Fma, {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("0")}, "fp16"},
    {Operation::Fma, {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("1")}, "fp16"},
    {Operation::Fma, {QStringLiteral("1"), QStringLiteral("3"), QStringLiteral("0")}, "fp16"},
    {Operation::Convert, {QStringLiteral("nan")}, "fp16", "e4m3"},
    {Operation::Convert, {QStringLiteral("-inf")}, "fp16", "e8m0"},
    {Operation::Convert, {QStringLiteral("inf")}, "fp16", "fp32"},
    {Operation::Convert, {QStringLiteral("inf")}, "fp16", "e4m3", true},
    {Operation::Convert, {QStringLiteral("inf")}, "fp16", "e4m3"},
    {Operation::Convert, {QStringLiteral("0")}, "fp16", "e4m3"},
};

OperationInput inputOf(const SpecialInput& c) {
    OperationInput in;
    in.kind = c.kind;
    in.format = *resolveFormat(QString::fromLatin1(c.format));
    in.target = *resolveFormat(QString::fromLatin1(c.target));
    in.env.saturate = c.saturate;
    in.operands = c.operands;
    return in;
}

// The reason in the Special step ("No arithmetic is needed: <b>reason</b>."), or "" when there is none.
QString specialReason(const OperationInput& in) {
    const OperationOutcome out = runOperation(in);
    for (const Step& s : buildSteps(in, out)) {
        if (s.kind != StepKind::Special) continue;
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("<b>(.*)</b>")).match(s.text);
        return m.hasMatch() ? m.captured(1) : s.text;
    }
    return {};
}

TEST(ArithmeticLanguageTest, EverySpecialCaseReadsInChinese) {
    testing::GuiHarness harness;
    for (const SpecialInput& c : kSpecialInputs) {
        const OperationInput in = inputOf(c);
        ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));
        const QString english = specialReason(in);
        ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("zh_CN")));
        const QString chinese = specialReason(in);
        const std::string where = std::string(operationName(c.kind)) + " " +
                                  c.operands.join(QLatin1Char(' ')).toStdString() + " in " + c.format;
        EXPECT_FALSE(english.isEmpty()) << where << ": no special-case step";
        EXPECT_TRUE(chinese != english) << where << ": the reason stays English in Chinese: " << english.toStdString();
    }
    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));
}

// The inputs above reach every special case the core has, so the test above covers them all.
TEST(ArithmeticLanguageTest, TheInputsCoverEverySpecialCase) {
    std::set<SpecialCase> seen;
    for (const SpecialInput& c : kSpecialInputs) seen.insert(runOperation(inputOf(c)).trace.special);
    for (SpecialCase sc : kAllSpecialCases) EXPECT_TRUE(seen.count(sc)) << "no input gives SpecialCase " << int(sc);
    EXPECT_FALSE(seen.count(SpecialCase::None));
}

TEST(ArithmeticLanguageTest, EverySpecialCaseHasEnglishAndChineseWords) {
    testing::GuiHarness harness;
    for (SpecialCase sc : kAllSpecialCases) {
        ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));
        const QString english = specialCaseText(sc);
        ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("zh_CN")));
        const QString chinese = specialCaseText(sc);
        EXPECT_FALSE(english.isEmpty()) << int(sc);
        EXPECT_TRUE(chinese != english) << int(sc) << ": " << english.toStdString();
    }
    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));
    EXPECT_TRUE(specialCaseText(SpecialCase::None).isEmpty());
}

// Issue 26 item 9: a NaN that does not fit the format is explained in Chinese (core's NanProblem, worded here).
TEST(ArithmeticLanguageTest, NanErrorsReadInChinese) {
    testing::GuiHarness harness;
    struct Case {
        const char* format;
        const char* typed;
        NanProblem problem;
    };
    const Case cases[] = {{"e2m1", "nan", NanProblem::NoNan},
                          {"e4m3", "nan(0x1)", NanProblem::NoPayload},
                          {"fp16", "nan(0x0)", NanProblem::PayloadIsInfinity},
                          {"bf16", "-nan(0x201)", NanProblem::PayloadTooWide}};
    for (const Case& c : cases) {
        OperationInput in;
        in.kind = Operation::Add;
        in.format = *resolveFormat(QString::fromLatin1(c.format));
        in.operands = {QString::fromLatin1(c.typed), QStringLiteral("1")};
        EXPECT_EQ(readLiteral(c.typed, in.format, Env{}).nanProblem, c.problem) << c.typed << " in " << c.format;
        ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));
        const QString english = runOperation(in).error;
        ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("zh_CN")));
        const QString chinese = runOperation(in).error;
        EXPECT_FALSE(english.isEmpty()) << c.typed << " in " << c.format;
        EXPECT_FALSE(chinese.contains(QRegularExpression(QStringLiteral("[a-z]{4,} [a-z]{3,}"))))
            << c.typed << " in " << c.format << ": " << chinese.toStdString();
    }
    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));
}

} // namespace
} // namespace fplab::gui
