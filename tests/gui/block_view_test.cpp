// The Explorer's Block view: generated and pasted vectors, schemes, the highlighted outlier block, errors.
// Values checked against the spec reasoning of tests/blockscale (957 -> 896 in MXFP8 E4M3).
#include "app/gui/explorer/block_element_model.h"
#include "app/gui/explorer/block_scale_model.h"
#include "app/gui/explorer/block_view.h"
#include "app/gui/common/job_runner.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/tensor_file_panel.h"
#include "app/gui/shell/session_manager.h"
#include "core/blockscale/measured_quantization.h"
#include "core/blockscale/rule_comparison.h"
#include "gui_fixture.h"
#include "tests/tensor_files/safetensors_writer.h"

#include <QComboBox>

#include <QTabWidget>
#include <QTableWidget>
#include <QAbstractItemModelTester>
#include <QBrush>
#include <QCheckBox>
#include <QLabel>
#include <QPixmap>
#include <QSpinBox>
#include <QComboBox>
#include <QPushButton>
#include <QFile>
#include <QFont>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QScatterSeries>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

class BlockViewTest : public ::testing::Test {
protected:
    testing::GuiHarness harness;
    ExplorerSection* explorer = harness.section<ExplorerSection>(QStringLiteral("explorer"));
    BlockView* view = explorer ? explorer->blockView() : nullptr;

    void SetUp() override {
        ASSERT_NE(view, nullptr);
        harness.window().showSection(QStringLiteral("explorer"));
        explorer->tabs()->setCurrentWidget(view);
    }
    QString element(int row, int column) const { return view->elementModel()->index(row, column).data().toString(); }
    QString block(int row, int column) const { return view->blockModel()->index(row, column).data().toString(); }
};

TEST_F(BlockViewTest, OutlierSetsTheScaleOfItsHighlightedBlock) {
    view->generate(BlockView::Source::Outlier, 64, 1); // the outlier 40 at index 64 / 3 = 21
    view->setScheme(blockscale::Scheme::Mxfp4);
    ASSERT_TRUE(view->quantized());
    EXPECT_EQ(view->blockModel()->rowCount(), 2);
    EXPECT_EQ(view->elementModel()->rowCount(), 64);
    EXPECT_EQ(view->highlightedBlock(), 0);
    // floor(log2 40) - 2 = 3: E8M0 0x82, scale 8.
    EXPECT_EQ(block(0, 1), QStringLiteral("0x82"));
    EXPECT_EQ(block(0, 2), QStringLiteral("8"));
    // 40 / 8 = 5 lies halfway between the E2M1 values 4 (code 6) and 6 (code 7): to even, 4 * 8 = 32.
    EXPECT_EQ(element(21, 3), QStringLiteral("0x06"));
    EXPECT_EQ(element(21, 4), QStringLiteral("32"));
    EXPECT_EQ(element(21, 5), QStringLiteral("8"));
    EXPECT_NE(view->status().indexOf(QStringLiteral("block 0")), -1) << view->status().toStdString();
    // The highlighted rows are the outlier's block; the chart draws them as their own series.
    EXPECT_TRUE(view->elementModel()->index(3, 0).data(Qt::BackgroundRole).isValid());
    EXPECT_FALSE(view->elementModel()->index(40, 0).data(Qt::BackgroundRole).isValid());
    EXPECT_TRUE(view->blockModel()->index(0, 0).data(Qt::BackgroundRole).isValid());
    EXPECT_TRUE(view->elementModel()->index(21, 0).data(Qt::FontRole).value<QFont>().bold());
    const QList<QAbstractSeries*> series = view->chartView()->chart()->series();
    ASSERT_EQ(series.size(), 2);
    EXPECT_EQ(static_cast<QScatterSeries*>(series[0])->count(), 32);
    EXPECT_EQ(static_cast<QScatterSeries*>(series[1])->count(), 32);

    // NVFP4: blocks of 16, the outlier in block 1.
    view->setScheme(blockscale::Scheme::Nvfp4);
    EXPECT_EQ(view->blockModel()->rowCount(), 4);
    EXPECT_EQ(view->highlightedBlock(), 1);
    EXPECT_EQ(static_cast<QScatterSeries*>(view->chartView()->chart()->series()[1])->count(), 16);
}

TEST_F(BlockViewTest, PastedValuesAndErrors) {
    view->setScheme(blockscale::Scheme::Mxfp8E4m3);
    view->setText(QStringLiteral("957, 960\n1"));
    ASSERT_TRUE(view->quantized());
    EXPECT_EQ(block(0, 1), QStringLiteral("0x80")); // 2^1
    EXPECT_EQ(element(0, 3), QStringLiteral("0x7e"));
    EXPECT_EQ(element(0, 4), QStringLiteral("896"));
    EXPECT_EQ(element(0, 5), QStringLiteral("61"));

    view->setText(QStringLiteral("1 abc"));
    EXPECT_FALSE(view->quantized());
    // Counted from 0, as the table's Index column counts.
    EXPECT_NE(view->status().indexOf(QStringLiteral("index 1:")), -1) << view->status().toStdString();
    EXPECT_EQ(view->elementModel()->rowCount(), 0);
    // OCP MX v1.0: an infinity makes its block's E8M0 scale NaN; shown, not refused. FP32 scales refuse it.
    view->setText(QStringLiteral("1 inf"));
    ASSERT_TRUE(view->quantized());
    EXPECT_EQ(view->report().nan, 2u);
    EXPECT_NE(view->status().indexOf(QStringLiteral("2 elements decode to NaN")), -1) << view->status().toStdString();
    view->setRule(blockscale::ScaleRule::Fp32);
    EXPECT_FALSE(view->quantized());
    EXPECT_NE(view->status().indexOf(QStringLiteral("element 1 is infinite")), -1) << view->status().toStdString();
    view->setRule(blockscale::ScaleRule::Ocp);
    view->setText(QString());
    EXPECT_NE(view->status().indexOf(QStringLiteral("No values")), -1);
}

// The 957 block under each rule: the rule combo offers the scheme's rules, the chosen one quantizes, and the
// comparison table has a row per rule (round-up: X = 2, 957 comes back as 960, nothing saturated).
TEST_F(BlockViewTest, ScaleRulesSideBySide) {
    view->setScheme(blockscale::Scheme::Mxfp8E4m3);
    view->setText(QStringLiteral("957 1"));
    EXPECT_EQ(view->rule(), blockscale::ScaleRule::Ocp);
    EXPECT_EQ(element(0, 4), QStringLiteral("896"));
    view->setRule(blockscale::ScaleRule::RoundUp);
    EXPECT_EQ(view->rule(), blockscale::ScaleRule::RoundUp);
    EXPECT_EQ(block(0, 1), QStringLiteral("0x81"));
    EXPECT_EQ(element(0, 4), QStringLiteral("960"));
    QTableWidget* table = view->comparisonTable();
    ASSERT_EQ(table->rowCount(), 4);
    EXPECT_EQ(table->item(0, 1)->text(), QStringLiteral("1"));   // ocp: 957 clipped
    EXPECT_EQ(table->item(1, 1)->text(), QStringLiteral("0"));   // round-up
    EXPECT_EQ(table->item(1, 7)->text(), QStringLiteral("960")); // the outlier back
    EXPECT_TRUE(table->item(1, 0)->font().bold());
    EXPECT_FALSE(table->item(0, 0)->font().bold());
    view->setRule(blockscale::ScaleRule::Max4); // not an MX rule: ignored
    EXPECT_EQ(view->rule(), blockscale::ScaleRule::RoundUp);
    view->setScheme(blockscale::Scheme::Nvfp4); // NVFP4's own rules, its default chosen
    EXPECT_EQ(view->rule(), blockscale::ScaleRule::Max6);
    EXPECT_EQ(table->rowCount(), 3);
}

// A safetensors file the test writes: its tensors listed, one quantized on the worker with the view's
// scheme and rule (MXFP4, OCP): w = 64 values 1 .. 64 in 2 rows, so 2 x 1 blocks of 32; the histogram counts
// every element once on E2M1's 8 magnitudes. A malformed file is refused with the reason; a long read is cancelled.
TEST_F(BlockViewTest, TensorFileQuantizedOnTheWorker) {
    std::vector<std::uint8_t> data;
    for (int i = 1; i <= 64; ++i) tensorfiles::test::append(data, float(i));
    const std::string path = tensorfiles::test::writeTempFile(
        "gui.safetensors",
        tensorfiles::test::safetensorsBytes(R"({"w":{"dtype":"F32","shape":[2,32],"data_offsets":[0,256]}})", data));
    view->setScheme(blockscale::Scheme::Mxfp4);
    TensorFilePanel* panel = view->filePanel();
    ASSERT_TRUE(panel->openFile(QString::fromStdString(path)));
    ASSERT_EQ(panel->tensorChoice()->count(), 1);
    ASSERT_TRUE(panel->quantizeTensor(QStringLiteral("w")));
    ASSERT_TRUE(panel->runner()->waitUntilIdle(20000));
    ASSERT_TRUE(panel->result()) << panel->status().toStdString();
    EXPECT_EQ(panel->result()->rows, 2u);
    EXPECT_EQ(panel->result()->cols, 32u);
    EXPECT_EQ(panel->result()->blockAmax, (std::vector<float>{32.0f, 64.0f}));
    EXPECT_EQ(panel->result()->gridCounts.size(), 8u);
    std::size_t total = 0;
    for (std::size_t n : panel->result()->gridCounts) total += n;
    EXPECT_EQ(total, 64u);
    EXPECT_NE(panel->status().indexOf(QStringLiteral("2 x 32, 2 blocks")), -1) << panel->status().toStdString();

    const std::string bad = tensorfiles::test::writeTempFile(
        "gui_bad.safetensors",
        tensorfiles::test::safetensorsBytes(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", {0, 0}));
    EXPECT_FALSE(panel->openFile(QString::fromStdString(bad)));
    EXPECT_NE(panel->status().indexOf(QStringLiteral("ends at byte 8 of the data, which has 2 bytes")), -1)
        << panel->status().toStdString();

    std::vector<std::uint8_t> big(std::size_t(4) << 22, 0); // 4 Mi F32 zeros: four 1 Mi-element chunks
    const std::string large = tensorfiles::test::writeTempFile(
        "gui_big.safetensors", tensorfiles::test::safetensorsBytes(
                                   R"({"z":{"dtype":"F32","shape":[4096,1024],"data_offsets":[0,16777216]}})", big));
    ASSERT_TRUE(panel->openFile(QString::fromStdString(large)));
    ASSERT_TRUE(panel->quantizeTensor(QStringLiteral("z")));
    panel->cancel();
    ASSERT_TRUE(panel->runner()->waitUntilIdle(20000));
    EXPECT_FALSE(panel->result());
    EXPECT_NE(panel->status().indexOf(QStringLiteral("Cancelled")), -1) << panel->status().toStdString();
    for (const std::string& p : {path, bad, large}) std::filesystem::remove(p);
}

// After a paste the Vector box no longer names the generated vector, and Generate waits for a vector to be chosen.
TEST_F(BlockViewTest, PastedValuesAreTheUsersOwnNotTheGeneratedVector) {
    auto* source = view->findChild<QComboBox*>(QStringLiteral("blockSource"));
    auto* generate = view->findChild<QPushButton*>(QStringLiteral("blockGenerate"));
    ASSERT_TRUE(source && generate);
    view->generate(BlockView::Source::Outlier, 64, 1);
    EXPECT_EQ(source->currentText(), QStringLiteral("Normal with one outlier"));
    EXPECT_TRUE(generate->isEnabled());
    view->setText(QStringLiteral("957, 960\n1"));
    EXPECT_EQ(source->currentText(), QStringLiteral("Your own values"));
    EXPECT_FALSE(generate->isEnabled());
    source->setCurrentIndex(int(BlockView::Source::Normal));
    EXPECT_TRUE(generate->isEnabled());
    generate->click();
    EXPECT_EQ(source->currentText(), QStringLiteral("Normal"));
    EXPECT_EQ(view->elementModel()->rowCount(), 64);
}

// Counts through tr's %n: one value is "1 element(s) in 1 block(s)", never "1 elements in 1 blocks".
TEST_F(BlockViewTest, CountsUsePluralForms) {
    view->setScheme(blockscale::Scheme::Mxfp8E4m3);
    view->setText(QStringLiteral("957"));
    ASSERT_TRUE(view->quantized());
    EXPECT_TRUE(view->status().startsWith(QStringLiteral("1 element(s) in 1 block(s).")))
        << view->status().toStdString();
    EXPECT_EQ(view->status().indexOf(QStringLiteral("blocks")), -1);
}

TEST_F(BlockViewTest, ModelsPassTheQtModelTester) {
    QAbstractItemModelTester blocks(view->blockModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester elements(view->elementModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    view->generate(BlockView::Source::Normal, 40, 3);
    view->setScheme(blockscale::Scheme::Fp8Block128);
    EXPECT_EQ(view->blockModel()->rowCount(), 1);
    EXPECT_EQ(view->elementModel()->rowCount(), 40);
}

TEST_F(BlockViewTest, GeneratedVectorsAreSeeded) {
    view->generate(BlockView::Source::HeavyTailed, 100, 7);
    const std::vector<double> first = view->report().dequantized;
    view->generate(BlockView::Source::Normal, 100, 7);
    view->generate(BlockView::Source::HeavyTailed, 100, 7);
    EXPECT_EQ(view->report().dequantized, first);
    EXPECT_EQ(view->elementModel()->rowCount(), 100);
}

// The comparison table's relative RMS errors, row by row, as the view writes them.
QStringList comparisonRms(const QTableWidget* table) {
    QStringList out;
    for (int row = 0; row < table->rowCount(); ++row) out << table->item(row, 5)->text();
    return out;
}
QStringList expectedRms(const blockscale::RuleComparison& c) {
    QStringList out;
    for (const blockscale::RuleSummary& s : c.rules) out << QString::number(s.relativeRmsError, 'g', 4);
    return out;
}

// The row length, NVFP4's 16x16 tiles and the random Hadamard transform: their controls, what they change in the
// chosen rule's tables and in the comparison (core's numbers for the same values, shape, tiles and seed), the
// settings they persist in (a restart shows them again), and the errors for a layout they cannot take.
TEST_F(BlockViewTest, TilesRowLengthAndHadamardChangeTheComparisonAndPersist) {
    auto* grouping = view->findChild<QComboBox*>(QStringLiteral("blockGrouping"));
    auto* rowLength = view->findChild<QSpinBox*>(QStringLiteral("blockRowLength"));
    auto* hadamard = view->findChild<QCheckBox*>(QStringLiteral("blockHadamard"));
    auto* seed = view->findChild<QSpinBox*>(QStringLiteral("blockHadamardSeed"));
    ASSERT_TRUE(grouping && rowLength && hadamard && seed);
    EXPECT_FALSE(seed->isEnabled());
    view->generate(BlockView::Source::Outlier, 64, 1); // the outlier 40 at index 21
    view->setScheme(blockscale::Scheme::Mxfp4);
    EXPECT_FALSE(grouping->isEnabled()); // 16x16 tiles are NVFP4's
    view->setScheme(blockscale::Scheme::Nvfp4);
    EXPECT_TRUE(grouping->isEnabled());
    view->setRowLength(16); // 4 rows of 16: four 1D blocks, the outlier in row 1
    ASSERT_TRUE(view->quantized());
    EXPECT_EQ(view->blockModel()->rowCount(), 4);
    EXPECT_EQ(view->highlightedBlock(), 1);
    const std::vector<float> x = view->values();
    const blockscale::Shape shape{4, 16};
    QTableWidget* table = view->comparisonTable();
    const QStringList rows1d = comparisonRms(table);
    EXPECT_EQ(rows1d,
              expectedRms(blockscale::compareRules(blockscale::Scheme::Nvfp4, blockscale::Grouping::Row16, x, shape)));

    view->setTiles16x16(true); // one 4 x 16 tile
    EXPECT_EQ(view->quantized()->grouping, blockscale::Grouping::Tile16x16);
    EXPECT_EQ(view->blockModel()->rowCount(), 1);
    EXPECT_EQ(view->highlightedBlock(), 0);
    const QStringList rows2d = comparisonRms(table);
    EXPECT_EQ(rows2d, expectedRms(blockscale::compareRules(blockscale::Scheme::Nvfp4, blockscale::Grouping::Tile16x16,
                                                           x, shape)));
    EXPECT_NE(rows2d, rows1d);

    view->setHadamard(true, 5);
    EXPECT_TRUE(seed->isEnabled());
    const QStringList rowsHadamard = comparisonRms(table);
    EXPECT_EQ(rowsHadamard, expectedRms(blockscale::compareRules(blockscale::Scheme::Nvfp4,
                                                                 blockscale::Grouping::Tile16x16, x, shape, 5)));
    EXPECT_NE(rowsHadamard, rows2d);
    const blockscale::MeasuredQuantization m = blockscale::quantizeAndMeasure(
        {blockscale::Scheme::Nvfp4, blockscale::ScaleRule::Max6, blockscale::Grouping::Tile16x16}, x, shape, 5);
    ASSERT_TRUE(m.quantized);
    EXPECT_EQ(view->report().error, m.report.error); // the chosen rule's table: errors after the inverse
    EXPECT_EQ(view->quantized()->codes, m.quantized->codes);
    EXPECT_NE(view->status().indexOf(QStringLiteral("Hadamard transform (seed 5)")), -1)
        << view->status().toStdString();

    EXPECT_TRUE(harness.settings().blockTiles16x16.get());
    EXPECT_EQ(harness.settings().blockRowLength.get(), 16);
    EXPECT_TRUE(harness.settings().blockHadamard.get());
    EXPECT_EQ(harness.settings().blockHadamardSeed.get(), 5);
    harness.restart();
    BlockView* again = harness.section<ExplorerSection>(QStringLiteral("explorer"))->blockView();
    auto* groupingAgain = again->findChild<QComboBox*>(QStringLiteral("blockGrouping"));
    EXPECT_EQ(groupingAgain->currentIndex(), 1); // the view opens on NVFP4 (the scheme is a setting): tiles
    EXPECT_TRUE(groupingAgain->isEnabled());
    EXPECT_EQ(again->findChild<QSpinBox*>(QStringLiteral("blockRowLength"))->value(), 16);
    EXPECT_TRUE(again->findChild<QCheckBox*>(QStringLiteral("blockHadamard"))->isChecked());
    EXPECT_EQ(again->findChild<QSpinBox*>(QStringLiteral("blockHadamardSeed"))->value(), 5);
    EXPECT_EQ(again->hadamardSeed(), std::optional<std::uint64_t>(5));

    again->setScheme(blockscale::Scheme::Mxfp4);
    EXPECT_EQ(groupingAgain->currentIndex(), 0);
    EXPECT_FALSE(groupingAgain->isEnabled());
    again->setRowLength(16); // with MXFP4's 1D blocks: the tiles stay chosen for NVFP4
    EXPECT_TRUE(harness.settings().blockTiles16x16.get());
    again->setScheme(blockscale::Scheme::Nvfp4);
    EXPECT_EQ(groupingAgain->currentIndex(), 1);
    EXPECT_EQ(again->quantized()->grouping, blockscale::Grouping::Tile16x16);
    again->setRowLength(24); // 64 values do not fill rows of 24
    EXPECT_FALSE(again->quantized());
    EXPECT_NE(again->status().indexOf(QStringLiteral("64 values do not fill rows of 24")), -1)
        << again->status().toStdString();
    EXPECT_EQ(again->comparisonTable()->rowCount(), 0);
    again->setRowLength(8); // rows of 8: the transform needs 16
    EXPECT_FALSE(again->quantized());
    EXPECT_NE(again->status().indexOf(QStringLiteral("a row of 8 values is not a multiple of 16")), -1)
        << again->status().toStdString();
    again->setHadamard(false, 5);
    EXPECT_TRUE(again->quantized());
    EXPECT_EQ(again->blockModel()->rowCount(), 1); // 8 rows of 8: one 8 x 8 tile
}

// A 32 x 32 tensor file under NVFP4, its largest element at row 20, column 5: 1D blocks give 32 x 2 blocks, the
// outlier's block 40; 16x16 tiles 2 x 2, the outlier's tile 2 (the lower left). The map keeps the tensor's square
// shape either way. Through the transform the file's numbers are core's for the same seed.
TEST_F(BlockViewTest, TensorFileInTilesAndThroughTheTransform) {
    std::vector<float> values(32 * 32);
    std::vector<std::uint8_t> data;
    for (std::size_t i = 0; i < values.size(); ++i) {
        values[i] = i == 20 * 32 + 5 ? 100.0f : float(int(i % 7) - 3);
        tensorfiles::test::append(data, values[i]);
    }
    const std::string path = tensorfiles::test::writeTempFile(
        "gui_tiles.safetensors",
        tensorfiles::test::safetensorsBytes(R"({"w":{"dtype":"F32","shape":[32,32],"data_offsets":[0,4096]}})", data));
    view->setScheme(blockscale::Scheme::Nvfp4);
    view->setTiles16x16(false);
    view->setHadamard(false, 1);
    TensorFilePanel* panel = view->filePanel();
    ASSERT_TRUE(panel->openFile(QString::fromStdString(path)));
    const auto quantizeFile = [&] {
        EXPECT_TRUE(panel->quantizeTensor(QStringLiteral("w")));
        EXPECT_TRUE(panel->runner()->waitUntilIdle(20000));
        return panel->result().has_value();
    };
    ASSERT_TRUE(quantizeFile()) << panel->status().toStdString();
    EXPECT_EQ(panel->result()->blockAmax.size(), 64u);
    EXPECT_EQ(panel->result()->blocksAcross, 2u);
    EXPECT_EQ(panel->result()->outlierBlock, 40u);
    EXPECT_FALSE(panel->result()->tiles16x16);
    EXPECT_EQ(panel->amaxMap()->pixmap().size(), QSize(240, 240));

    view->setTiles16x16(true);
    ASSERT_TRUE(quantizeFile()) << panel->status().toStdString();
    EXPECT_EQ(panel->result()->blockAmax, (std::vector<float>{3.0f, 3.0f, 100.0f, 3.0f}));
    EXPECT_EQ(panel->result()->outlierBlock, 2u);
    EXPECT_TRUE(panel->result()->tiles16x16);
    const QImage map = panel->amaxMap()->pixmap().toImage();
    EXPECT_EQ(map.size(), QSize(240, 240));
    EXPECT_NE(map.pixelColor(60, 120), map.pixelColor(60, 60)); // the outline at the top of the lower-left tile
    EXPECT_NE(panel->amaxMap()->toolTip().indexOf(QStringLiteral("16×16 tiles")), -1);

    view->setHadamard(true, 11);
    ASSERT_TRUE(quantizeFile()) << panel->status().toStdString();
    const blockscale::MeasuredQuantization m = blockscale::quantizeAndMeasure(
        {blockscale::Scheme::Nvfp4, blockscale::ScaleRule::Max6, blockscale::Grouping::Tile16x16}, values, {32, 32},
        11);
    ASSERT_TRUE(m.quantized);
    EXPECT_EQ(panel->result()->rmsError, m.report.rmsError);
    EXPECT_EQ(panel->result()->roundedToZero, m.report.flushedToZero);
    view->setHadamard(false, 11);
    view->setTiles16x16(false);
    std::filesystem::remove(path);
}

// The scheme and its rule persist like the other options; all of them go into session files with the Explorer's
// other state and come back from one; a field that cannot be read is named and the others still applied.
TEST_F(BlockViewTest, SchemeRuleAndOptionsPersistAndComeBackFromASession) {
    view->setScheme(blockscale::Scheme::Nvfp4);
    view->setRule(blockscale::ScaleRule::FourOverSix);
    view->setTiles16x16(true);
    view->setRowLength(16);
    view->setHadamard(true, 7);
    EXPECT_EQ(harness.settings().blockScheme.get(), QStringLiteral("nvfp4"));
    EXPECT_EQ(harness.settings().blockRule.get(), QStringLiteral("4over6"));
    QJsonObject saved;
    explorer->saveSession(saved);
    const QJsonObject block = saved.value(QStringLiteral("block")).toObject();
    EXPECT_EQ(block.value(QStringLiteral("scheme")).toString(), QStringLiteral("nvfp4"));
    EXPECT_EQ(block.value(QStringLiteral("rule")).toString(), QStringLiteral("4over6"));
    EXPECT_EQ(block.value(QStringLiteral("rowLength")).toInt(), 16);
    EXPECT_EQ(block.value(QStringLiteral("hadamardSeed")).toInt(), 7);

    const auto expectSaved = [](BlockView* v) {
        EXPECT_EQ(v->recipe().scheme, blockscale::Scheme::Nvfp4);
        EXPECT_EQ(v->recipe().rule, blockscale::ScaleRule::FourOverSix);
        EXPECT_EQ(v->recipe().grouping, blockscale::Grouping::Tile16x16);
        EXPECT_EQ(v->findChild<QSpinBox*>(QStringLiteral("blockRowLength"))->value(), 16);
        EXPECT_EQ(v->hadamardSeed(), std::optional<std::uint64_t>(7));
    };
    harness.restart(); // a new view over the same settings
    auto* explorerAgain = harness.section<ExplorerSection>(QStringLiteral("explorer"));
    BlockView* again = explorerAgain->blockView();
    expectSaved(again);

    again->setScheme(blockscale::Scheme::Mxfp8E4m3);
    again->setTiles16x16(false);
    again->setRowLength(0);
    again->setHadamard(false, 1);
    EXPECT_EQ(again->recipe().rule, blockscale::ScaleRule::Ocp); // a new scheme starts on its own rule
    EXPECT_EQ(harness.settings().blockRule.get(), QStringLiteral("ocp"));
    const QStringList problems = explorerAgain->restoreSession(saved);
    EXPECT_TRUE(problems.isEmpty()) << problems.join(QLatin1Char('\n')).toStdString();
    expectSaved(again);
    EXPECT_EQ(harness.settings().blockScheme.get(), QStringLiteral("nvfp4"));

    // They are session content: an edit marks an open session modified.
    QTemporaryDir dir;
    MainWindow& w = harness.window();
    ASSERT_TRUE(w.sessionManager()->save(dir.filePath(QStringLiteral("blocks.fplab"))));
    ASSERT_FALSE(w.sessionManager()->isModified());
    again->setRule(blockscale::ScaleRule::Max4);
    EXPECT_TRUE(w.sessionManager()->isModified());
    ASSERT_EQ(explorerAgain->restoreSession(saved), QStringList());

    // A session saved before these options were kept changes none of them.
    QJsonObject older = saved;
    older.remove(QStringLiteral("block"));
    EXPECT_TRUE(explorerAgain->restoreSession(older).isEmpty());
    expectSaved(again);

    // Unknown or wrong values: each named, the view on what it had or the scheme's own rule, no crash.
    QJsonObject bad = saved;
    bad.insert(QStringLiteral("block"), QJsonObject{{QStringLiteral("scheme"), QStringLiteral("mxfp9")},
                                                    {QStringLiteral("rule"), QStringLiteral("max6")},
                                                    {QStringLiteral("tiles16x16"), QStringLiteral("yes")},
                                                    {QStringLiteral("rowLength"), 99999},
                                                    {QStringLiteral("hadamard"), true},
                                                    {QStringLiteral("hadamardSeed"), 3}});
    QStringList named = explorerAgain->restoreSession(bad);
    ASSERT_EQ(named.size(), 3) << named.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(named[0].contains(QStringLiteral("scheme"))) << named[0].toStdString();
    EXPECT_TRUE(named[1].contains(QStringLiteral("tiles16x16"))) << named[1].toStdString();
    EXPECT_TRUE(named[2].contains(QStringLiteral("rowLength"))) << named[2].toStdString();
    EXPECT_EQ(again->recipe().scheme, blockscale::Scheme::Nvfp4);
    EXPECT_EQ(again->recipe().rule, blockscale::ScaleRule::Max6); // an NVFP4 rule: applied
    EXPECT_EQ(again->hadamardSeed(), std::optional<std::uint64_t>(3));
    bad.insert(QStringLiteral("block"), QJsonObject{{QStringLiteral("scheme"), QStringLiteral("mxfp4")},
                                                    {QStringLiteral("rule"), QStringLiteral("max6")},
                                                    {QStringLiteral("tiles16x16"), true},
                                                    {QStringLiteral("rowLength"), 16},
                                                    {QStringLiteral("hadamard"), false},
                                                    {QStringLiteral("hadamardSeed"), 3}});
    named = explorerAgain->restoreSession(bad);
    ASSERT_EQ(named.size(), 1) << named.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(named[0].contains(QStringLiteral("a scale rule of mxfp4"))) << named[0].toStdString();
    EXPECT_EQ(again->recipe().scheme, blockscale::Scheme::Mxfp4);
    EXPECT_EQ(again->recipe().rule, blockscale::ScaleRule::Ocp);
}

// A settings file with an unknown scheme or rule, or a rule the scheme does not offer: the view opens on MXFP4 or
// the scheme's own rule, and the file's problem is noted.
TEST(BlockViewSettings, AnUnknownSchemeOrRuleInTheSettingsFallsBackToTheDefault) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fplab.ini"));
    const auto openWith = [&](const QByteArray& ini) {
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(ini);
        f.close();
        auto h = std::make_unique<testing::GuiHarness>(path);
        return h;
    };
    {
        auto h = openWith("[explorer]\nblockScheme=mxfp9\nblockRule=sideways\n");
        BlockView* v = h->section<ExplorerSection>(QStringLiteral("explorer"))->blockView();
        EXPECT_EQ(v->recipe().scheme, blockscale::Scheme::Mxfp4);
        EXPECT_EQ(v->recipe().rule, blockscale::ScaleRule::Ocp);
        EXPECT_EQ(h->settings().store.problems().size(), 2)
            << h->settings().store.problems().join(QLatin1Char('\n')).toStdString();
    }
    {
        auto h = openWith("[explorer]\nblockScheme=nvfp4\nblockRule=ocp\n");
        BlockView* v = h->section<ExplorerSection>(QStringLiteral("explorer"))->blockView();
        EXPECT_EQ(v->recipe().scheme, blockscale::Scheme::Nvfp4);
        EXPECT_EQ(v->recipe().rule, blockscale::ScaleRule::Max6); // NVFP4's own: ocp is not one of its rules
    }
}

} // namespace
} // namespace fplab::gui
