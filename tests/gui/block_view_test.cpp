// The Explorer's Block view: generated and pasted vectors, schemes, the highlighted outlier block, errors.
// Values checked against the spec reasoning of tests/blockscale (957 -> 896 in MXFP8 E4M3).
#include "app/gui/explorer/block_element_model.h"
#include "app/gui/explorer/block_scale_model.h"
#include "app/gui/explorer/block_view.h"
#include "app/gui/explorer/explorer_section.h"
#include "gui_fixture.h"

#include <QTabWidget>
#include <QTableWidget>
#include <QAbstractItemModelTester>
#include <QBrush>
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
    EXPECT_NE(view->status().indexOf(QStringLiteral("Value 2")), -1) << view->status().toStdString();
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
