// Typed settings: values round-trip, survive a restart of the whole window, and a corrupt
// value or file falls back to the defaults with a note instead of crashing.
#include "app/gui/arithmetic/arithmetic_section.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/explorer/format_table_model.h"
#include "app/gui/shell/settings.h"
#include "gui_fixture.h"

#include <QDir>
#include <QFile>
#include <QApplication>
#include <QScreen>
#include <QComboBox>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

TEST(SettingsTest, ATypedValueRoundTripsAndSignalsChanges) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.ini"));
    {
        SettingsStore store(path);
        SettingValue<int> tab(store, QStringLiteral("g/tab"), 1, inRange(0, 3));
        QSignalSpy spy(&tab, &SettingValueBase::changed);
        EXPECT_EQ(tab.get(), 1);
        EXPECT_TRUE(tab.set(3));
        EXPECT_FALSE(tab.set(9)); // refused by the validator
        EXPECT_TRUE(tab.set(3));  // unchanged: no signal
        EXPECT_EQ(spy.count(), 1);
        EXPECT_EQ(tab.get(), 3);
    }
    SettingsStore store(path);
    SettingValue<int> tab(store, QStringLiteral("g/tab"), 1, inRange(0, 3));
    EXPECT_EQ(tab.get(), 3);
    EXPECT_TRUE(store.problems().isEmpty());
}

// A settings file that cannot be written (/proc refuses new files, even to root) is reported in the
// status bar as soon as a value changes, not lost silently at exit.
TEST(SettingsTest, ASettingsFileThatCannotBeSavedIsReported) {
    if (!QDir(QStringLiteral("/proc/self")).exists()) GTEST_SKIP() << "no /proc here";
    const QString path = QStringLiteral("/proc/fplab-settings-test/fplab.ini");
    testing::GuiHarness harness(path);
    EXPECT_TRUE(harness.settings().store.problems().isEmpty());
    harness.settings().theme.set(QStringLiteral("dark"));
    QApplication::processEvents();
    const QString problem =
        QStringLiteral("The settings could not be saved to %1; changes last until FP Lab closes.").arg(path);
    EXPECT_EQ(harness.settings().store.problems(), QStringList{problem});
    EXPECT_EQ(harness.window().statusBar()->currentMessage(), problem);
    EXPECT_EQ(harness.settings().theme.get(), QStringLiteral("dark")); // still in use
    harness.settings().theme.set(QStringLiteral("light"));
    QApplication::processEvents();
    EXPECT_EQ(harness.settings().store.problems().size(), 1); // said once
}

TEST(SettingsTest, CorruptValuesFallBackToDefaultsWithANote) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fplab.ini"));
    writeFile(path, "[appearance]\ntheme=purple\n[explorer]\ntab=abc\nformat=e99m99\ninput=0.5\nrounding=up-ish\n["
                    "window]\ngeometry=not bytes\n"
                    "[arithmetic]\nrounding=nearest-ish\noperation=pow\n");
    testing::GuiHarness harness(path);
    AppSettings& s = harness.settings();
    EXPECT_EQ(s.theme.get(), QStringLiteral("system"));
    EXPECT_EQ(s.explorerChartTab.get(), 0);
    EXPECT_EQ(s.explorerFormat.get(), QStringLiteral("fp16"));
    EXPECT_TRUE(s.windowGeometry.get().isEmpty());
    // The enum-typed settings: a name core's parser does not know falls back to the default.
    EXPECT_EQ(s.arithmeticRounding.get(), RoundingMode::NearestEven);
    EXPECT_EQ(s.arithmeticOperation.get(), Operation::Add);
    EXPECT_EQ(s.explorerRounding.get(), RoundingMode::NearestEven);
    EXPECT_EQ(s.store.problems().size(), 7);
    EXPECT_TRUE(s.store.problems().join(QLatin1Char(' ')).contains(QStringLiteral("explorer/rounding")));
    // The readable value is kept; the notes reach the status bar.
    EXPECT_EQ(harness.section<ExplorerSection>(QStringLiteral("explorer"))->state()->text(), QStringLiteral("0.5"));
    EXPECT_TRUE(harness.window().statusBar()->currentMessage().contains(QStringLiteral("appearance/theme")));
    // The Arithmetic section runs with the defaults: 1 + 0.0001 in FP16, to nearest even.
    auto* arith = harness.section<ArithmeticSection>(QStringLiteral("arithmetic"));
    bool roundsToNearestEven = false;
    for (const Step& step : arith->steps())
        if (step.kind == StepKind::Round)
            roundsToNearestEven = step.title == QStringLiteral("Round (nearest, ties to even)");
    EXPECT_TRUE(roundsToNearestEven);
    EXPECT_EQ(arith->outcome().result.bits, 0x3c00u);
}

// They are stored by core's machine names, so files written before they were typed still read.
TEST(SettingsTest, RoundingModeAndOperationAreStoredByName) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fplab.ini"));
    writeFile(path, "[arithmetic]\nrounding=rtz\noperation=mul\n");
    {
        testing::GuiHarness harness(path);
        EXPECT_EQ(harness.settings().arithmeticRounding.get(), RoundingMode::TowardZero);
        EXPECT_EQ(harness.settings().arithmeticOperation.get(), Operation::Mul);
        EXPECT_TRUE(harness.settings().store.problems().isEmpty());
        auto* arith = harness.section<ArithmeticSection>(QStringLiteral("arithmetic"));
        arith->setRounding(RoundingMode::ToOdd);
        arith->setOperation(Operation::Fma);
        harness.settings().store.sync();
    }
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    EXPECT_TRUE(text.contains("rounding=rto")) << text.toStdString();
    EXPECT_TRUE(text.contains("operation=fma")) << text.toStdString();
}

// The Explorer's rounding is typed like the Arithmetic section's: its combo carries the enum.
TEST(SettingsTest, ExplorerRoundingIsStoredByNameAndCarriedAsTheEnum) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fplab.ini"));
    writeFile(path, "[explorer]\nrounding=rtz\n");
    {
        testing::GuiHarness harness(path);
        EXPECT_EQ(harness.settings().explorerRounding.get(), RoundingMode::TowardZero);
        EXPECT_TRUE(harness.settings().store.problems().isEmpty());
        auto* explorer = harness.section<ExplorerSection>(QStringLiteral("explorer"));
        EXPECT_EQ(explorer->state()->rounding(), RoundingMode::TowardZero);
        auto* combo = explorer->findChild<QComboBox*>(QStringLiteral("explorerRounding"));
        ASSERT_NE(combo, nullptr);
        EXPECT_EQ(combo->currentData().toInt(), int(RoundingMode::TowardZero));
        // Choosing in the combo reaches the state and the setting as the enum.
        const int odd = combo->findData(int(RoundingMode::ToOdd));
        ASSERT_GE(odd, 0);
        combo->setCurrentIndex(odd);
        emit combo->activated(odd);
        EXPECT_EQ(explorer->state()->rounding(), RoundingMode::ToOdd);
        EXPECT_EQ(harness.settings().explorerRounding.get(), RoundingMode::ToOdd);
        harness.settings().store.sync();
    }
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    EXPECT_TRUE(text.contains("rounding=rto")) << text.toStdString();
}

TEST(SettingsTest, ACorruptFileDoesNotCrash) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fplab.ini"));
    QByteArray garbage;
    for (int i = 0; i < 4096; ++i) garbage.append(char((i * 7919 + 13) % 256));
    garbage.insert(100, "\n[explorer]\ninput=@ByteArray(\\x\nformat=\n[window]\nstate=@Variant(\\0\\0\\0\\x7f)\n");
    writeFile(path, garbage);
    testing::GuiHarness harness(path);
    auto* explorer = harness.section<ExplorerSection>(QStringLiteral("explorer"));
    ASSERT_NE(explorer, nullptr);
    EXPECT_TRUE(explorer->state()->error().isEmpty());
    // The app still works and can save over the damaged file.
    explorer->state()->setText(QStringLiteral("3"));
    harness.restart();
    EXPECT_EQ(harness.section<ExplorerSection>(QStringLiteral("explorer"))->state()->text(), QStringLiteral("3"));
}

TEST(SettingsTest, LayoutValuesFormatsAndThemeSurviveARestart) {
    testing::GuiHarness harness;
    {
        auto* explorer = harness.section<ExplorerSection>(QStringLiteral("explorer"));
        explorer->state()->setFormat(QStringLiteral("bf16"));
        harness.settings().explorerFormat.set(QStringLiteral("bf16"));
        explorer->state()->setText(QStringLiteral("65504"));
        explorer->setRowHidden(QStringLiteral("e2m1"), true);
        ASSERT_TRUE(explorer->addCustomFormat(QStringLiteral("e4m3-fnuz")));
        auto* arith = harness.section<ArithmeticSection>(QStringLiteral("arithmetic"));
        arith->setOperation(Operation::Mul);
        arith->setOperandText(0, QStringLiteral("3"));
        arith->setRounding(RoundingMode::TowardZero);
        harness.window().showSection(QStringLiteral("arithmetic"));
        harness.settings().theme.set(QStringLiteral("dark"));
        harness.window().resize(1300, 820);
    }
    harness.restart();
    auto* explorer = harness.section<ExplorerSection>(QStringLiteral("explorer"));
    EXPECT_EQ(explorer->state()->formatName(), QStringLiteral("bf16"));
    EXPECT_EQ(explorer->state()->text(), QStringLiteral("65504"));
    EXPECT_EQ(explorer->formatModel()->rowOfKey(QStringLiteral("e2m1")), -1);
    EXPECT_GE(explorer->formatModel()->rowOfKey(QStringLiteral("e4m3-fnuz")), 0);
    auto* arith = harness.section<ArithmeticSection>(QStringLiteral("arithmetic"));
    EXPECT_EQ(harness.window().currentSection(), arith);
    EXPECT_EQ(harness.settings().arithmeticOperation.get(), Operation::Mul);
    EXPECT_EQ(harness.settings().arithmeticA.get(), QStringLiteral("3"));
    EXPECT_EQ(harness.settings().arithmeticRounding.get(), RoundingMode::TowardZero);
    // 3 x 0.0001 rounded toward zero, as the restored section computes it again.
    EXPECT_TRUE(arith->outcome().ok());
    EXPECT_EQ(harness.theme().mode(), ThemeMode::Dark);
    EXPECT_TRUE(isDarkPalette(QApplication::palette()));
    // Restored, but never larger than the screen's available area (the offscreen screen may be smaller).
    const QSize frame = harness.window().frameGeometry().size() - harness.window().size();
    const QSize room = harness.window().screen()->availableGeometry().size() - frame;
    EXPECT_EQ(harness.window().size(), QSize(1300, 820).boundedTo(room));
}

} // namespace
} // namespace fplab::gui
