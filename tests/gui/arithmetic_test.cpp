// Arithmetic: the operation, its steps, stochastic rounding's odds and the side-by-side table.
// Oracles: the host FPU (float, _Float16) and hand-worked values.
#include "app/gui/arithmetic/arithmetic_section.h"
#include "app/gui/arithmetic/operation_table_model.h"
#include "app/gui/common/steps/step_view.h"
#include "app/gui/common/format_choice.h"
#include "gui_fixture.h"

#include <QLabel>
#include <QTest>

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>

namespace fplab::gui {
namespace {

class ArithmeticTest : public ::testing::Test {
protected:
    testing::GuiHarness harness;
    ArithmeticSection* arith = harness.section<ArithmeticSection>(QStringLiteral("arithmetic"));
    OperationTableModel* model = arith->tableModel();

    void SetUp() override {
        ASSERT_NE(arith, nullptr);
        harness.window().showSection(QStringLiteral("arithmetic"));
        arith->setRounding(RoundingMode::NearestEven);
        arith->setFormatName(QStringLiteral("fp16"));
        arith->setOperandText(0, QStringLiteral("1"));
        arith->setOperandText(1, QStringLiteral("0.0001"));
        arith->setOperation(Operation::Add);
    }
    QVariant cell(const QString& key, int column, int role = Qt::DisplayRole) const {
        return model->data(model->index(model->rowOfKey(key), column), role);
    }
    int stepOfKind(StepKind kind) const {
        for (std::size_t i = 0; i < arith->steps().size(); ++i)
            if (arith->steps()[i].kind == kind) return int(i);
        return -1;
    }
};

TEST_F(ArithmeticTest, OnePlusATenThousandthVanishesInFp16AndSurvivesInFp32) {
    const OperationOutcome& out = arith->outcome();
    ASSERT_TRUE(out.ok());
    EXPECT_EQ(out.result.bits, 0x3c00u);
    EXPECT_EQ(out.result.flags, kInexact);
    EXPECT_TRUE(cell(QStringLiteral("fp16"), 0, OperationTableModel::VanishedRole).toBool());
    EXPECT_TRUE(cell(QStringLiteral("bf16"), 0, OperationTableModel::VanishedRole).toBool());
    EXPECT_FALSE(cell(QStringLiteral("fp32"), 0, OperationTableModel::VanishedRole).toBool());
    const float sum = 1.0f + 0.0001f;
    EXPECT_EQ(cell(QStringLiteral("fp32"), OperationTableModel::BitsColumn).toString(),
              QStringLiteral("0x%1").arg(std::bit_cast<std::uint32_t>(sum), 8, 16, QLatin1Char('0')));
    EXPECT_TRUE(arith->resultLabel()->text().contains(QStringLiteral("inexact")));
}

TEST_F(ArithmeticTest, StepsFollowTheTrace) {
    const std::vector<Step>& steps = arith->steps();
    ASSERT_GE(steps.size(), 7u);
    EXPECT_EQ(steps.front().kind, StepKind::Operands);
    EXPECT_EQ(steps.back().kind, StepKind::Result);
    // 0.0001 in FP16 is 1.1010001101 x 2^-14: 14 places right of 1.0 it falls wholly below the
    // guard and round bits, so G = R = 0 and only the sticky bit remembers it.
    const int align = stepOfKind(StepKind::Align);
    ASSERT_GE(align, 0);
    const QList<BitCell>& shifted = steps[std::size_t(align)].rows[1].cells;
    ASSERT_EQ(shifted.size(), 11 + 3);
    EXPECT_EQ(shifted[11].role, BitRole::Guard);
    EXPECT_EQ(shifted[11].symbol, QLatin1Char('0'));
    EXPECT_EQ(shifted[12].symbol, QLatin1Char('0'));
    EXPECT_EQ(shifted[13].role, BitRole::Sticky);
    EXPECT_EQ(shifted[13].symbol, QLatin1Char('1'));
    const int round = stepOfKind(StepKind::Round);
    ASSERT_GE(round, 0);
    EXPECT_TRUE(steps[std::size_t(round)].text.contains(QStringLiteral("less than half an ulp")));

    // Next and Back walk the steps; the view shows the current one.
    arith->goToStep(0);
    arith->nextStep();
    EXPECT_EQ(arith->currentStep(), 1);
    EXPECT_TRUE(arith->stepView()->titleText().startsWith(QStringLiteral("Step 2 of")));
    arith->previousStep();
    arith->previousStep();
    EXPECT_EQ(arith->currentStep(), 0);
    harness.window().activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&harness.window()));
    QTest::keyClick(&harness.window(), Qt::Key_Right, Qt::AltModifier);
    EXPECT_EQ(arith->currentStep(), 1);
}

TEST_F(ArithmeticTest, AGuardBitTieRoundsToEven) {
    // 1 + 2^-11 in FP16 is exactly half an ulp above 1: G = 1, R = S = 0, ties to even keep 1.
    arith->setOperandText(1, QStringLiteral("0.00048828125"));
    EXPECT_EQ(arith->outcome().result.bits, 0x3c00u);
    const Step& r = arith->steps()[std::size_t(stepOfKind(StepKind::Round))];
    EXPECT_TRUE(r.text.contains(QStringLiteral("a tie")));
    // 1 + 3 x 2^-11 is a tie too, but the last kept bit is 1: it rounds up to 1 + 2^-9.
    arith->setOperandText(0, QStringLiteral("1.0009765625"));
    EXPECT_EQ(arith->outcome().result.bits, 0x3c02u);
}

TEST_F(ArithmeticTest, StochasticRoundingShowsBothCandidatesAndTheirOdds) {
    arith->setRounding(RoundingMode::Stochastic);
    const OperationOutcome& out = arith->outcome();
    ASSERT_TRUE(out.stochastic.has_value());
    EXPECT_EQ(out.stochastic->down, 0x3c00u);
    EXPECT_EQ(out.stochastic->up, 0x3c01u);
    // P(up) = (stored b) / ulp(1) = b * 2^10, with b as FP16 stores it.
    const double b = static_cast<double>(static_cast<_Float16>(0.0001));
    EXPECT_DOUBLE_EQ(out.stochastic->probabilityUp, std::ldexp(b, 10));
    EXPECT_EQ(out.result.bits, out.stochastic->wentUp ? 0x3c01u : 0x3c00u);
    // Over many draws the frequency of going up approaches P(up).
    OperationInput in;
    in.kind = Operation::Add;
    in.format = kFp16;
    in.env.rounding = RoundingMode::Stochastic;
    in.operands = {QStringLiteral("1"), QStringLiteral("0.0001")};
    EXPECT_NEAR(stochasticUpFrequency(in, 20000, 42), out.stochastic->probabilityUp, 0.01);
}

TEST_F(ArithmeticTest, OverflowAndSpecialCasesRaiseTheirFlags) {
    arith->setOperation(Operation::Mul);
    arith->setOperandText(0, QStringLiteral("300"));
    arith->setOperandText(1, QStringLiteral("300"));
    EXPECT_EQ(arith->outcome().result.bits, 0x7c00u); // 90000 > 65504: +inf
    EXPECT_EQ(arith->outcome().result.flags, kOverflow | kInexact);
    EXPECT_TRUE(cell(QStringLiteral("fp16"), 0, OperationTableModel::WarningRole).toBool());
    EXPECT_FALSE(cell(QStringLiteral("fp32"), 0, OperationTableModel::WarningRole).toBool());
    EXPECT_TRUE(arith->resultLabel()->text().contains(QStringLiteral("overflow")));

    arith->setOperation(Operation::Sub);
    arith->setOperandText(0, QStringLiteral("inf"));
    arith->setOperandText(1, QStringLiteral("inf"));
    EXPECT_EQ(arith->outcome().result.flags, kInvalid);
    EXPECT_GE(stepOfKind(StepKind::Special), 0);

    // E4M3 has no infinity: 1000 converts to NaN, or to 448 when saturating.
    arith->setOperation(Operation::Convert);
    arith->setFormatName(QStringLiteral("fp32"));
    arith->setTargetName(QStringLiteral("e4m3"));
    arith->setOperandText(0, QStringLiteral("1000"));
    EXPECT_EQ(arith->outcome().result.bits, 0x7fu);
    EXPECT_TRUE(arith->outcome().result.flags & kOverflow);
}

// Issue 26 item 7: -nan(0x201) + 1 typed in FP16. Every row converts the FP16 NaN (as the Explorer does)
// instead of rereading 0x201 as its own significand field, and says that the NaN propagated, not that b
// vanished. Oracle: the bits written from the rules (IEEE 754-2019 6.2.3, as x86's conversions do): a NaN converts to
// a quiet NaN with its sign and the top bits of its significand field, and NaN + 1 returns that NaN.
TEST_F(ArithmeticTest, ANanOperandIsConvertedIntoEveryFormatAndPropagates) {
    arith->setOperandText(0, QStringLiteral("-nan(0x201)"));
    arith->setOperandText(1, QStringLiteral("1"));
    ASSERT_TRUE(arith->outcome().ok());
    // FP16 0xfe01: sign 1, exponent all ones, field 0x201 (quiet bit 0x200 set). Wider: the field shifted left.
    const std::uint32_t fp32 = 0x80000000u | 0x7f800000u | (0x201u << (23 - 10));
    const std::uint64_t fp64 = 0x8000000000000000ull | 0x7ff0000000000000ull | (std::uint64_t{0x201} << (52 - 10));
    const auto hex = [](std::uint64_t v, int digits) {
        return QStringLiteral("0x%1").arg(v, digits, 16, QLatin1Char('0'));
    };
    EXPECT_EQ(cell(QStringLiteral("fp16"), OperationTableModel::BitsColumn).toString(), hex(0xfe01, 4));
    EXPECT_EQ(cell(QStringLiteral("fp32"), OperationTableModel::BitsColumn).toString(), hex(fp32, 8));
    EXPECT_EQ(cell(QStringLiteral("fp64"), OperationTableModel::BitsColumn).toString(), hex(fp64, 16));
    EXPECT_EQ(cell(QStringLiteral("bf16"), OperationTableModel::BitsColumn).toString(),
              hex(fp32 >> 16, 4)); // BF16: FP32's top half
    for (const QString& key :
         {QStringLiteral("fp16"), QStringLiteral("tf32"), QStringLiteral("fp32"), QStringLiteral("fp64"),
          QStringLiteral("bf16"), QStringLiteral("e4m3"), QStringLiteral("e5m2")}) {
        ASSERT_GE(model->rowOfKey(key), 0) << key.toStdString();
        const QString note = cell(key, OperationTableModel::NoteColumn).toString();
        EXPECT_TRUE(note.startsWith(QStringLiteral("a NaN operand → NaN")))
            << key.toStdString() << ": " << note.toStdString();
        EXPECT_FALSE(cell(key, 0, OperationTableModel::VanishedRole).toBool()) << key.toStdString();
    }
    EXPECT_EQ(cell(QStringLiteral("e4m3"), OperationTableModel::BitsColumn).toString(), hex(0xff, 2));

    // 65504 + 16: E4M3 cannot hold 65504 (it overflows on entry to NaN); no swamping there either.
    arith->setOperandText(0, QStringLiteral("65504"));
    arith->setOperandText(1, QStringLiteral("16"));
    const QString e4m3 = cell(QStringLiteral("e4m3"), OperationTableModel::NoteColumn).toString();
    EXPECT_FALSE(e4m3.contains(QStringLiteral("vanished"))) << e4m3.toStdString();
    EXPECT_TRUE(e4m3.contains(QStringLiteral("a overflowed on entry"))) << e4m3.toStdString();
}

TEST_F(ArithmeticTest, UnreadableOperandsAreReportedNotCrashed) {
    arith->setOperandText(1, QStringLiteral("zebra"));
    EXPECT_FALSE(arith->outcome().ok());
    EXPECT_TRUE(arith->steps().empty());
    EXPECT_TRUE(arith->resultLabel()->text().contains(QStringLiteral("operand b")));
    arith->setOperandText(1, QStringLiteral("2"));
    EXPECT_TRUE(arith->outcome().ok());
    EXPECT_EQ(arith->outcome().result.bits, 0x4200u); // 3
}

TEST(OperationStepsTest, EveryOperationExplainsEachStep) {
    struct Case {
        Operation kind;
        QStringList operands;
        const char* format;
        StepKind expected; // a step the operation must show
    };
    const Case cases[] = {
        {Operation::Add, {QStringLiteral("1"), QStringLiteral("0.0001")}, "fp16", StepKind::Align},
        {Operation::Sub, {QStringLiteral("1"), QStringLiteral("0.999")}, "fp16", StepKind::Normalise},
        {Operation::Mul, {QStringLiteral("1.5"), QStringLiteral("1.5")}, "bf16", StepKind::Exponents},
        {Operation::Div, {QStringLiteral("1"), QStringLiteral("3")}, "fp32", StepKind::Round},
        {Operation::Fma, {QStringLiteral("0.1"), QStringLiteral("10"), QStringLiteral("-1")}, "fp32", StepKind::Combine},
        {Operation::Sqrt, {QStringLiteral("2")}, "fp64", StepKind::Round},
        {Operation::Convert, {QStringLiteral("0.1")}, "fp32", StepKind::Round},
        {Operation::Mul, {QStringLiteral("1e-5"), QStringLiteral("1e-3")}, "fp16", StepKind::Normalise},
        {Operation::Div, {QStringLiteral("1"), QStringLiteral("0")}, "fp16", StepKind::Special},
        {Operation::Sub, {QStringLiteral("2"), QStringLiteral("2")}, "e4m3", StepKind::Combine},
    };
    const bool dump = qEnvironmentVariableIsSet("FPLAB_DUMP_STEPS");
    for (const Case& c : cases) {
        OperationInput in;
        in.kind = c.kind;
        in.format = *resolveFormat(QString::fromLatin1(c.format));
        in.target = kE4m3;
        in.operands = c.operands;
        const OperationOutcome out = runOperation(in);
        ASSERT_TRUE(out.ok()) << out.error.toStdString();
        const std::vector<Step> steps = buildSteps(in, out);
        ASSERT_GE(steps.size(), 3u);
        EXPECT_EQ(steps.back().kind, StepKind::Result);
        bool found = false;
        for (const Step& s : steps) {
            EXPECT_FALSE(s.title.isEmpty());
            EXPECT_FALSE(s.text.isEmpty()) << s.title.toStdString();
            found = found || s.kind == c.expected;
            if (dump)
                std::printf("[%s %s] %s: %s\n", operationName(c.kind).data(), c.format, qPrintable(s.title),
                            qPrintable(s.text));
        }
        EXPECT_TRUE(found) << operationName(c.kind) << " " << c.format;
    }
}

} // namespace
} // namespace fplab::gui
