// The Explorer's Block view: generated and pasted vectors, schemes, the highlighted outlier block, errors.
// Values checked against the spec reasoning of tests/blockscale (957 -> 896 in MXFP8 E4M3).
#include "app/gui/explorer/block_element_model.h"
#include "app/gui/explorer/block_scale_model.h"
#include "app/gui/explorer/block_view.h"
#include "app/gui/explorer/explorer_section.h"
#include "gui_fixture.h"

#include <QTabWidget>
#include <QAbstractItemModelTester>
#include <QBrush>
#include <QComboBox>
#include <QPushButton>
#include <QFont>
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
    QString element(int row, int column) const {
        return view->elementModel()->index(row, column).data().toString();
    }
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
    view->setText(QStringLiteral("1 inf"));
    EXPECT_NE(view->status().indexOf(QStringLiteral("not finite")), -1);
    view->setText(QString());
    EXPECT_NE(view->status().indexOf(QStringLiteral("No values")), -1);
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

} // namespace
} // namespace fplab::gui
