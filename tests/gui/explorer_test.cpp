// The Explorer: bits, typed values, every view following the same value, warnings.
// Oracles: the host FPU (double, float, _Float16) and values worked out by hand.
#include "app/gui/common/bit_row_widget.h"
#include "app/gui/common/elided_label.h"
#include "app/gui/common/number_text.h"
#include "app/gui/explorer/bit_editor.h"
#include "app/gui/explorer/custom_format_dialog.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/explorer/format_table_model.h"
#include "app/gui/explorer/neighbours_chart.h"
#include "app/gui/explorer/range_chart.h"
#include "app/gui/explorer/spacing_chart.h"
#include "app/gui/explorer/value_details_view.h"
#include "gui_fixture.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QLineEdit>
#include <QTabWidget>
#include <QTest>

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstdio>

namespace fplab::gui {
namespace {

QString hex(std::uint64_t v, int digits) { return QStringLiteral("0x%1").arg(v, digits, 16, QLatin1Char('0')); }

class ExplorerTest : public ::testing::Test {
protected:
    testing::GuiHarness harness;
    ExplorerSection* explorer = harness.section<ExplorerSection>(QStringLiteral("explorer"));
    ExplorerState* state = explorer->state();
    FormatTableModel* model = explorer->formatModel();

    void SetUp() override {
        ASSERT_NE(explorer, nullptr);
        harness.window().showSection(QStringLiteral("explorer"));
    }
    QString cell(const QString& key, int column, int role = Qt::DisplayRole) const {
        const int row = model->rowOfKey(key);
        EXPECT_GE(row, 0) << key.toStdString();
        return model->data(model->index(row, column), role).toString();
    }
    bool warning(const QString& key) const {
        return model->data(model->index(model->rowOfKey(key), 0), FormatTableModel::WarningRole).toBool();
    }
    void type(const QString& text) {
        QLineEdit* entry = explorer->entry();
        entry->clear();
        QTest::keyClicks(entry, text);
    }
    QPoint centreOfBit(int position) const {
        BitEditor* bits = explorer->bitEditor();
        return bits->cellRect(bits->cellOfBitPosition(position)).center();
    }
};

TEST_F(ExplorerTest, ClickingABitChangesTheValueAndEveryView) {
    state->setFormat(QStringLiteral("fp16"));
    type(QStringLiteral("1"));
    ASSERT_EQ(state->bits(), 0x3c00u);
    // The mantissa's top bit is worth one half: 1 -> 1.5.
    QTest::mouseClick(explorer->bitEditor(), Qt::LeftButton, {}, centreOfBit(9));
    EXPECT_EQ(state->bits(), 0x3e00u);
    EXPECT_EQ(explorer->bitEditor()->bits(), 0x3e00u);
    EXPECT_EQ(explorer->entry()->text(), QStringLiteral("1.5"));
    EXPECT_EQ(explorer->details()->fieldText(QStringLiteral("exact")), QStringLiteral("1.5"));
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::BitsColumn), QStringLiteral("0x3e00"));
    EXPECT_EQ(cell(QStringLiteral("fp32"), FormatTableModel::BitsColumn), hex(std::bit_cast<std::uint32_t>(1.5f), 8));
    EXPECT_EQ(cell(QStringLiteral("fp64"), FormatTableModel::BitsColumn), hex(std::bit_cast<std::uint64_t>(1.5), 16));
    EXPECT_TRUE(explorer->entryReport()->text().contains(QStringLiteral("set from the bits")));
    // The sign bit: 1.5 -> -1.5 everywhere.
    QTest::mouseClick(explorer->bitEditor(), Qt::LeftButton, {}, centreOfBit(15));
    EXPECT_EQ(state->bits(), 0xbe00u);
    EXPECT_EQ(cell(QStringLiteral("fp32"), FormatTableModel::BitsColumn), hex(std::bit_cast<std::uint32_t>(-1.5f), 8));
    EXPECT_EQ(explorer->details()->fieldText(QStringLiteral("sign")), QStringLiteral("1 (negative)"));
}

TEST_F(ExplorerTest, DraggingPaintsBits) {
    state->setFormat(QStringLiteral("fp16"));
    type(QStringLiteral("1"));
    BitEditor* bits = explorer->bitEditor();
    QTest::mousePress(bits, Qt::LeftButton, {}, centreOfBit(9));
    QMouseEvent move(QEvent::MouseMove, centreOfBit(8), bits->mapToGlobal(centreOfBit(8)), Qt::NoButton, Qt::LeftButton,
                     {});
    QApplication::sendEvent(bits, &move);
    QMouseEvent move2(QEvent::MouseMove, centreOfBit(7), bits->mapToGlobal(centreOfBit(7)), Qt::NoButton,
                      Qt::LeftButton, {});
    QApplication::sendEvent(bits, &move2);
    QTest::mouseRelease(bits, Qt::LeftButton, {}, centreOfBit(7));
    EXPECT_EQ(state->bits(), 0x3f80u); // 1.875
    EXPECT_EQ(explorer->details()->fieldText(QStringLiteral("exact")), QStringLiteral("1.875"));
}

TEST_F(ExplorerTest, KeyboardEditsBits) {
    state->setFormat(QStringLiteral("fp16"));
    type(QStringLiteral("1"));
    BitEditor* bits = explorer->bitEditor();
    bits->setFocus();
    QTest::keyClick(bits, Qt::Key_Home); // the sign bit
    QTest::keyClick(bits, Qt::Key_1);    // set it, move to the exponent's top bit
    EXPECT_EQ(state->bits(), 0xbc00u);
    QTest::keyClick(bits, Qt::Key_Space); // flip the exponent's top bit: 0b01111 -> 0b11111 = inf
    EXPECT_EQ(state->bits(), 0xfc00u);
    EXPECT_EQ(explorer->details()->fieldText(QStringLiteral("class")), QStringLiteral("infinity"));
    QTest::keyClick(bits, Qt::Key_Right); // the next exponent bit
    QTest::keyClick(bits, Qt::Key_0);     // exponent 0b10111 = 23: -2^(23-15)
    EXPECT_EQ(state->bits(), 0xdc00u);
    EXPECT_EQ(explorer->details()->fieldText(QStringLiteral("exact")), QStringLiteral("-256"));
}

TEST_F(ExplorerTest, TypingAValueUpdatesEveryRow) {
    state->setFormat(QStringLiteral("fp16"));
    type(QStringLiteral("0.1"));
    EXPECT_EQ(cell(QStringLiteral("fp64"), FormatTableModel::BitsColumn), hex(std::bit_cast<std::uint64_t>(0.1), 16));
    EXPECT_EQ(cell(QStringLiteral("fp32"), FormatTableModel::BitsColumn), hex(std::bit_cast<std::uint32_t>(0.1f), 8));
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::BitsColumn),
              hex(std::bit_cast<std::uint16_t>(static_cast<_Float16>(0.1)), 4));
    EXPECT_EQ(cell(QStringLiteral("bf16"), FormatTableModel::BitsColumn), QStringLiteral("0x3dcd"));
    // E4M3: 1.101 x 2^-4 = 0.1015625 is the nearest (its neighbours are 0.09375 and 0.109375).
    EXPECT_EQ(cell(QStringLiteral("e4m3"), FormatTableModel::BitsColumn), QStringLiteral("0x1d"));
    EXPECT_EQ(cell(QStringLiteral("e4m3"), FormatTableModel::StoredColumn), QStringLiteral("0.1015625"));
    // FP16's 0.1 is 0.0999755859375: the error is -2.44140625e-5, shown to 4 digits.
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::StoredColumn), QStringLiteral("0.0999755859375"));
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::ErrorColumn), QStringLiteral("-2.441e-05"));
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::StatusColumn), QStringLiteral("rounded"));
    // The INT8 row with its per-value scale stores 127: the scale comes from the value, so it always fits.
    EXPECT_EQ(cell(QStringLiteral("int8"), FormatTableModel::BitsColumn), QStringLiteral("0x7f"));
    EXPECT_TRUE(
        cell(QStringLiteral("int8"), FormatTableModel::StatusColumn).contains(QStringLiteral("from the value")));
    // With a tensor's shared scale 1/127, 0.1 x 127 = 12.7 rounds to 13 and the error shows (host FP32 oracle).
    EXPECT_EQ(cell(QStringLiteral("int8-tensor"), FormatTableModel::BitsColumn), QStringLiteral("0x0d"));
    char err[32];
    std::snprintf(err, sizeof err, "%.4g", double(13.0f * (1.0f / 127.0f)) - 0.1);
    EXPECT_EQ(cell(QStringLiteral("int8-tensor"), FormatTableModel::ErrorColumn), QString::fromLatin1(err));
    EXPECT_EQ(model->data(model->index(model->rowOfKey(QStringLiteral("int8-tensor")), FormatTableModel::NameColumn))
                  .toString(),
              QStringLiteral("INT8 (tensor scale)"));
    // "To the largest" says how far in words a learner can use, not "≈65503.9 below it".
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.3g", 65504.0 / double(static_cast<_Float16>(0.1)));
    EXPECT_EQ(
        explorer->details()->fieldText(QStringLiteral("headroom")),
        QStringLiteral("65504, %1 times this value: it can double 19 more times").arg(QString::fromLatin1(ratio)));

    // Typing more changes every row at once.
    QTest::keyClicks(explorer->entry(), QStringLiteral("25"));
    EXPECT_EQ(explorer->entry()->text(), QStringLiteral("0.125"));
    for (const QString& key : {QStringLiteral("fp64"), QStringLiteral("fp32"), QStringLiteral("fp16"),
                               QStringLiteral("bf16"), QStringLiteral("e4m3"), QStringLiteral("e5m2")}) {
        EXPECT_EQ(cell(key, FormatTableModel::StoredColumn), QStringLiteral("0.125")) << key.toStdString();
        EXPECT_EQ(cell(key, FormatTableModel::StatusColumn), QStringLiteral("exact")) << key.toStdString();
    }
    EXPECT_EQ(state->bits(), std::uint64_t(std::bit_cast<std::uint16_t>(static_cast<_Float16>(0.125))));
}

TEST_F(ExplorerTest, OverflowAndUnderflowShowFlagsAndWarnings) {
    state->setFormat(QStringLiteral("fp16"));
    type(QStringLiteral("70000"));
    EXPECT_TRUE(state->flags() & kOverflow);
    EXPECT_TRUE(warning(QStringLiteral("fp16")));
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::StatusColumn), QStringLiteral("overflow → inf"));
    EXPECT_EQ(cell(QStringLiteral("int8-tensor"), FormatTableModel::StatusColumn), QStringLiteral("clipped to 127"));
    EXPECT_TRUE(warning(QStringLiteral("int8-tensor")));
    EXPECT_EQ(cell(QStringLiteral("e4m3"), FormatTableModel::StatusColumn), QStringLiteral("overflow → NaN (no inf)"));
    EXPECT_FALSE(warning(QStringLiteral("fp32")));
    EXPECT_FALSE(warning(QStringLiteral("bf16")));
    EXPECT_TRUE(explorer->entryReport()->text().contains(QStringLiteral("overflow")));
    EXPECT_FALSE(model
                     ->data(model->index(model->rowOfKey(QStringLiteral("fp16")), FormatTableModel::StatusColumn),
                            Qt::DecorationRole)
                     .isNull());

    // 1e-6 is below FP16's smallest normal 2^-14: a subnormal with fewer bits.
    type(QStringLiteral("1e-6"));
    EXPECT_TRUE(state->flags() & kUnderflow);
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::StatusColumn), QStringLiteral("underflow → subnormal"));
    EXPECT_FALSE(warning(QStringLiteral("bf16")));
    // 1e-8 is below half of 2^-24: it flushes to zero.
    type(QStringLiteral("1e-8"));
    EXPECT_EQ(state->bits(), 0u);
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::StatusColumn), QStringLiteral("underflow → 0"));
    // It rounds to zero; "flushed to zero" is the FTZ mode lesson 9 teaches, a different thing.
    EXPECT_TRUE(explorer->entryReport()->text().contains(QStringLiteral("rounded to zero")));
    EXPECT_FALSE(explorer->entryReport()->text().contains(QStringLiteral("flush")));
}

TEST_F(ExplorerTest, BadInputIsReportedAndTheValueStays) {
    state->setFormat(QStringLiteral("fp16"));
    // Typed key by key, "1.2" is the last text that reads: the value stays there.
    type(QStringLiteral("1.2.3"));
    EXPECT_FALSE(state->error().isEmpty());
    EXPECT_EQ(state->bits(), std::uint64_t(std::bit_cast<std::uint16_t>(static_cast<_Float16>(1.2))));
    EXPECT_TRUE(explorer->entryReport()->text().contains(QStringLiteral("Cannot read")));
}

TEST_F(ExplorerTest, StepButtonsMoveOneUlp) {
    state->setFormat(QStringLiteral("fp16"));
    type(QStringLiteral("1"));
    const QList<QAction*> actions = explorer->menuActions();
    QAction* up = nullptr;
    for (QAction* a : actions)
        if (a && a->shortcut() == QKeySequence(Qt::ALT | Qt::Key_Up)) up = a;
    ASSERT_NE(up, nullptr);
    up->trigger();
    EXPECT_EQ(state->bits(), 0x3c01u);
    EXPECT_EQ(explorer->details()->fieldText(QStringLiteral("exact")), QStringLiteral("1.0009765625"));
    // Through the keyboard shortcut as well.
    harness.window().activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&harness.window()));
    QTest::keyClick(&harness.window(), Qt::Key_Down, Qt::AltModifier);
    EXPECT_EQ(state->bits(), 0x3c00u);
}

TEST_F(ExplorerTest, RawBitsKeepTheirValueAcrossFormats) {
    state->setFormat(QStringLiteral("fp16"));
    type(QStringLiteral("0x3c00"));
    EXPECT_EQ(state->bits(), 0x3c00u);
    EXPECT_TRUE(state->fromBits());
    state->setFormat(QStringLiteral("fp32"));
    EXPECT_EQ(state->bits(), std::uint64_t(std::bit_cast<std::uint32_t>(1.0f)));
    type(QStringLiteral("0.1"));
    state->setFormat(QStringLiteral("bf16"));
    EXPECT_EQ(state->bits(), 0x3dcdu);
}

TEST_F(ExplorerTest, UserDefinedFormatsAddARow) {
    const int before = model->rowCount();
    EXPECT_TRUE(explorer->addCustomFormat(QStringLiteral("e5m10-nosub")));
    EXPECT_EQ(model->rowCount(), before + 1);
    EXPECT_FALSE(explorer->addCustomFormat(QStringLiteral("e99m99")));
    // Without subnormals FP16's layout flushes 1e-6 to zero where FP16 keeps a subnormal.
    type(QStringLiteral("1e-6"));
    EXPECT_EQ(cell(QStringLiteral("e5m10-nosub"), FormatTableModel::StatusColumn), QStringLiteral("underflow → 0"));
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::StatusColumn), QStringLiteral("underflow → subnormal"));
    explorer->setRowHidden(QStringLiteral("e5m10-nosub"), true);
    EXPECT_EQ(model->rowOfKey(QStringLiteral("e5m10-nosub")), -1);
}

TEST(CustomFormatDialogTest, NamesValidFormatsAndRefusesInvalidOnes) {
    CustomFormatDialog dialog;
    CustomFormatSpec spec;
    spec.exponentBits = 5;
    spec.mantissaBits = 10;
    spec.subnormals = false;
    dialog.setSpec(spec);
    EXPECT_EQ(dialog.formatName(), QStringLiteral("e5m10-nosub"));
    EXPECT_TRUE(dialog.message().contains(QStringLiteral("65504"))) << dialog.message().toStdString();
    auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    EXPECT_TRUE(ok->isEnabled());
    spec.specials = SpecialValues::FiniteWithNan;
    spec.exponentBits = 4;
    spec.mantissaBits = 3;
    spec.subnormals = true;
    spec.bias = 8;
    dialog.setSpec(spec);
    EXPECT_EQ(dialog.formatName(), QStringLiteral("e4m3-fn-bias=8"));
    // IEEE specials need a mantissa bit for NaN: refused, with the reason shown.
    spec = CustomFormatSpec{};
    spec.exponentBits = 5;
    spec.mantissaBits = 0;
    dialog.setSpec(spec);
    EXPECT_TRUE(dialog.formatName().isEmpty());
    EXPECT_FALSE(ok->isEnabled());
    EXPECT_TRUE(dialog.message().contains(QStringLiteral("mantissa")));
}

// Issue 15 item 4, the exact reproduction: FP16, type 1, click the sign bit, the first mantissa bit, the
// first exponent bit and the last mantissa bit. Every view shows the same NaN, with its sign and payload.
TEST_F(ExplorerTest, NanKeepsItsSignAndPayloadInEveryView) {
    state->setFormat(QStringLiteral("fp16"));
    type(QStringLiteral("1"));
    for (int position : {15, 9, 14, 0})
        QTest::mouseClick(explorer->bitEditor(), Qt::LeftButton, {}, centreOfBit(position));
    EXPECT_EQ(explorer->bitEditor()->bits(), 0xfe01u);
    EXPECT_EQ(state->bits(), 0xfe01u);
    const QString nan = QStringLiteral("-nan(0x201)");
    EXPECT_EQ(explorer->entry()->text(), nan);
    EXPECT_EQ(explorer->details()->fieldText(QStringLiteral("exact")), nan);
    EXPECT_EQ(explorer->details()->fieldText(QStringLiteral("class")), classText(FloatClass::QuietNaN));
    EXPECT_TRUE(explorer->entryReport()->text().contains(nan));
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::BitsColumn), QStringLiteral("0xfe01"));
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::StoredColumn), nan);
    // Widening keeps everything: the payload moves to the top of FP32's significand (0x201 << 13), and
    // the host FPU's FP32 -> FP64 conversion (cvtss2sd keeps payloads) gives the FP64 row.
    const std::uint32_t fp32 = 0xff800000u | (0x201u << 13);
    EXPECT_EQ(cell(QStringLiteral("fp32"), FormatTableModel::BitsColumn), hex(fp32, 8));
    EXPECT_EQ(cell(QStringLiteral("fp32"), FormatTableModel::StatusColumn),
              QStringLiteral("NaN, sign and payload kept"));
    volatile float asFloat = std::bit_cast<float>(fp32);
    EXPECT_EQ(cell(QStringLiteral("fp64"), FormatTableModel::BitsColumn),
              hex(std::bit_cast<std::uint64_t>(double(asFloat)), 16));
    // BF16 keeps FP32's top 16 bits: the last payload bit is cut, and the table says so.
    EXPECT_EQ(cell(QStringLiteral("bf16"), FormatTableModel::BitsColumn), hex(fp32 >> 16, 4));
    EXPECT_EQ(cell(QStringLiteral("bf16"), FormatTableModel::StatusColumn), QStringLiteral("NaN, payload cut"));
    // E4M3 has one NaN per sign: the payload cannot go along.
    EXPECT_EQ(cell(QStringLiteral("e4m3"), FormatTableModel::BitsColumn), QStringLiteral("0xff"));
    EXPECT_EQ(cell(QStringLiteral("e4m3"), FormatTableModel::StatusColumn),
              QStringLiteral("NaN, payload lost (one NaN only)"));

    // The text reads back to the same bits, and another format gets the NaN as converted.
    type(nan);
    EXPECT_EQ(state->bits(), 0xfe01u);
    state->setFormat(QStringLiteral("fp32"));
    EXPECT_EQ(state->bits(), fp32);
    EXPECT_EQ(explorer->entry()->text(), QStringLiteral("-nan(0x402000)"));
    // A signalling NaN stays signalling in its own format, and converting it says it was quieted.
    state->setFormat(QStringLiteral("fp16"));
    type(QStringLiteral("0x7c01"));
    EXPECT_EQ(cell(QStringLiteral("fp16"), FormatTableModel::BitsColumn), QStringLiteral("0x7c01"));
    EXPECT_EQ(cell(QStringLiteral("fp32"), FormatTableModel::StatusColumn), QStringLiteral("NaN, quieted"));
}

// Issue 15 item 5: 1e-8 in BF16 has a long exact decimal. Cut, it ends in a visible "…"; the tooltip
// and the Copy action give every digit (the oracle: glibc's printf of the same value as a double).
TEST_F(ExplorerTest, LongExactDecimalsAreElidedVisiblyWithTheFullValueAtHand) {
    harness.window().resize(1280, 800);
    state->setFormat(QStringLiteral("bf16"));
    type(QStringLiteral("1e-8"));
    // BF16 is FP32's top half: 1e-8f = 0x322bcc77 rounds (nearest) up to 0x322c.
    ASSERT_EQ(state->bits(), 0x322cu);
    char digits[200];
    std::snprintf(digits, sizeof digits, "%.60f", double(std::bit_cast<float>(0x322c0000u)));
    QString full = QString::fromLatin1(digits);
    while (full.endsWith(QLatin1Char('0'))) full.chop(1);
    EXPECT_EQ(explorer->details()->fieldText(QStringLiteral("exact")), full);

    auto* label = qobject_cast<ElidedLabel*>(explorer->details()->fieldLabel(QStringLiteral("exact")));
    ASSERT_NE(label, nullptr);
    QCoreApplication::processEvents();
    const auto fits = [&] {
        return label->fontMetrics().horizontalAdvance(label->text()) <= label->contentsRect().width();
    };
    EXPECT_TRUE(fits()) << label->text().toStdString() << " in " << label->contentsRect().width() << " px";
    label->resize(120, label->height());
    EXPECT_TRUE(fits()) << label->text().toStdString();
    EXPECT_TRUE(label->isElided());
    EXPECT_TRUE(label->text().endsWith(QStringLiteral("…")));
    EXPECT_TRUE(full.startsWith(label->text().chopped(1)));
    EXPECT_EQ(label->toolTip(), full);
    QApplication::clipboard()->clear();
    label->copyAction()->trigger();
    EXPECT_EQ(QApplication::clipboard()->text(), full);
    EXPECT_TRUE(label->actions().contains(label->copyAction()));
}

TEST_F(ExplorerTest, ChartsFollowTheValue) {
    state->setFormat(QStringLiteral("fp16"));
    type(QStringLiteral("0.1"));
    QTabWidget* tabs = explorer->tabs();
    for (int tab = 1; tab < 4; ++tab) tabs->setCurrentIndex(tab);
    auto* range = explorer->findChild<RangeChart*>();
    auto* neighbours = explorer->findChild<NeighboursChart*>();
    auto* spacing = explorer->findChild<SpacingChart*>();
    ASSERT_TRUE(range && neighbours && spacing);
    EXPECT_GT(range->seriesCount(), 10);
    tabs->setCurrentIndex(2);
    EXPECT_EQ(neighbours->pointCount(), 7);
    // At the largest FP16 value there is nothing finite above it.
    type(QStringLiteral("65504"));
    EXPECT_EQ(neighbours->pointCount(), 4);
    tabs->setCurrentIndex(3);
    EXPECT_GT(spacing->curvePointCount(), 2 * 30);
}

} // namespace
} // namespace fplab::gui
