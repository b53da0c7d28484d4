// Round axis ticks (1-2-5 steps, whole numbers for counts, never "-0") and legends that fit:
// the tick algorithm on its own, then one real chart, a lesson's running sum of 4096 sixteens.
#include "app/gui/common/chart_style.h"
#include "app/gui/lessons/result_chart.h"
#include "lessons/experiment_registry.h"
#include "tests/gui/chart_text_check.h"

#include <QApplication>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QRegularExpression>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>

namespace fplab::gui {
namespace {

QStringList labels(const AxisTicks& t) {
    QStringList out;
    for (const QString& l : t.labels) out << l;
    return out;
}

TEST(NiceTicks, HandWorkedRanges) {
    // The sum axis (-3260 .. 32776): steps of 10000, not -3260.0 and 32776.0.
    AxisTicks t = niceTicks(-3260, 32776);
    EXPECT_EQ(t.step, 10000);
    EXPECT_EQ(labels(t), QStringList({"-10000", "0", "10000", "20000", "30000", "40000"}));
    // Counts: 1024.8 "additions" cannot be a tick.
    t = niceTicks(0, 1024.8, 6, true);
    EXPECT_EQ(labels(t), QStringList({"0", "500", "1000", "1500"}));
    t = niceTicks(1, 7, 6, true);
    EXPECT_EQ(t.step, 2);
    EXPECT_EQ(labels(t), QStringList({"0", "2", "4", "6", "8"}));
    t = niceTicks(0, 3, 6, true); // a step below 1 becomes 1 for counts
    EXPECT_EQ(labels(t), QStringList({"0", "1", "2", "3"}));
    // Around zero: exactly "0", never "-0.00".
    t = niceTicks(-0.003, 0.0071); // 0.0101 / 5 = 0.00202 per tick: 0.002 is too small, 0.005 it is
    EXPECT_NEAR(t.step, 0.005, 1e-15);
    EXPECT_EQ(labels(t), QStringList({"-0.005", "0", "0.005", "0.010"}));
    t = niceTicks(-0.3, 0.3);
    EXPECT_EQ(labels(t), QStringList({"-0.4", "-0.2", "0", "0.2", "0.4"}));
    // Tiny and huge values switch to scientific notation.
    t = niceTicks(1e-8, 5e-8);
    EXPECT_EQ(labels(t), QStringList({"1e-08", "2e-08", "3e-08", "4e-08", "5e-08"}));
    t = niceTicks(0, 3e7);
    EXPECT_EQ(labels(t), QStringList({"0", "1e+07", "2e+07", "3e+07"}));
    t = niceTicks(0, 3e7, 8);
    EXPECT_EQ(labels(t), QStringList({"0", "5e+06", "1e+07", "1.5e+07", "2e+07", "2.5e+07", "3e+07"}));
    // A flat series still gets an axis around it.
    t = niceTicks(0.1, 0.1);
    EXPECT_LT(t.min, 0.1);
    EXPECT_GT(t.max, 0.1);
}

TEST(NiceTicks, EveryRangeGetsRoundCoveringTicks) {
    std::mt19937_64 rng(15);
    std::uniform_real_distribution<double> exponent(-12, 12), unit(-1, 1);
    const QRegularExpression negativeZero(QStringLiteral("^-0(\\.0*)?(e.*)?$"));
    for (int i = 0; i < 20000; ++i) {
        const double scale = std::pow(10.0, exponent(rng));
        double lo = unit(rng) * scale, hi = unit(rng) * scale;
        if (lo > hi) std::swap(lo, hi);
        const bool integers = i % 3 == 0;
        if (integers) lo = std::round(lo * 1e-3 / scale * 1e6), hi = std::round(hi * 1e-3 / scale * 1e6) + 1;
        const int maxTicks = 4 + i % 6;
        const AxisTicks t = niceTicks(lo, hi, maxTicks, integers);
        SCOPED_TRACE(::testing::Message()
                     << lo << " .. " << hi << " max " << maxTicks << (integers ? " integers" : ""));
        const double mantissa = t.step / std::pow(10.0, std::floor(std::log10(t.step) + 1e-9));
        ASSERT_TRUE(std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 5) < 1e-9)
            << t.step;
        ASSERT_LE(t.min, lo);
        ASSERT_GE(t.max, hi);
        ASSERT_LE(int(t.values.size()), maxTicks + 1);
        ASSERT_GE(t.values.size(), 2u);
        ASSERT_EQ(t.values.size(), t.labels.size());
        for (std::size_t k = 0; k < t.values.size(); ++k) {
            const QString& label = t.labels[k];
            ASSERT_FALSE(negativeZero.match(label).hasMatch()) << label.toStdString();
            bool ok = false;
            const double read = label.toDouble(&ok);
            ASSERT_TRUE(ok) << label.toStdString();
            ASSERT_NEAR(read, t.values[k], t.step * 1e-6) << label.toStdString();
            if (integers) {
                ASSERT_FALSE(label.contains(QLatin1Char('.')) || label.contains(QLatin1Char('e')))
                    << label.toStdString();
            }
            if (k > 0) {
                ASSERT_NE(label, t.labels[k - 1]);
            }
        }
    }
}

TEST(ChartStyle, ALessonChartHasRoundTicksAndWholeLegendNames) {
    const lessons::ExperimentOutcome run = lessons::runExperiment("sum_copies", {});
    ASSERT_TRUE(run.result) << run.error;
    ASSERT_FALSE(run.result->charts.empty());
    QChartView view;
    view.resize(640, 360);
    QChart* chart = buildResultChart(run.result->charts.front(), lessons::Language::English, QApplication::palette());
    view.setChart(chart);
    view.show();
    QApplication::processEvents();

    const QRegularExpression wholeNumber(QStringLiteral("^-?[0-9]+$"));
    for (Qt::Orientation o : {Qt::Horizontal, Qt::Vertical}) {
        auto* axis = qobject_cast<QCategoryAxis*>(chart->axes(o).value(0));
        ASSERT_NE(axis, nullptr);
        // A label narrower than "..." is padded with no-break spaces (its axis title keeps its room).
        QStringList ticks;
        for (const QString& l : axis->categoriesLabels()) ticks << l.trimmed();
        ASSERT_GE(ticks.size(), 2);
        // Additions and sums of sixteens are whole numbers, in equal round steps.
        for (const QString& l : ticks) EXPECT_TRUE(wholeNumber.match(l).hasMatch()) << l.toStdString();
        const double step = ticks[1].toDouble() - ticks[0].toDouble();
        const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
        EXPECT_TRUE(mantissa == 1 || mantissa == 2 || mantissa == 5) << step;
        EXPECT_EQ(axis->min(), ticks.front().toDouble());
        EXPECT_EQ(axis->max(), ticks.back().toDouble());
    }
    // Every text is drawn whole and inside the chart: Qt cuts a label that does not fit to "...",
    // and a legend too wide for its place runs off the edge. At a normal width and at a narrow one.
    ASSERT_GE(chart->legend()->markers().size(), 2);
    for (const int width : {640, 420, 300}) {
        view.resize(width, 360);
        QApplication::processEvents();
        const QStringList problems = testing::cutChartTexts(&view, QStringLiteral("%1 px").arg(width));
        EXPECT_TRUE(problems.isEmpty()) << problems.join(QLatin1Char('\n')).toStdString();
    }
}

// A chart the size of a lesson's result tab at 1280x720 (512x352 pixels), shown.
struct ShownChart {
    QChartView view;
    QChart* chart;
    ShownChart(const lessons::Chart& c, lessons::Language language)
        : chart(buildResultChart(c, language, QApplication::palette())) {
        view.setChart(chart);
        view.resize(512, 352);
        view.show();
        QApplication::processEvents();
    }
};

// Lesson 9's histogram: three names too long for one row below the plot, one too long even for the legend's room
// at the side in its smallest font. That one is wrapped onto lines that fit, the others are left whole, and the
// legend stays inside the chart.
TEST(ChartStyle, ANameTooLongForASideLegendIsWrapped) {
    lessons::Chart c;
    c.key = "histogram";
    c.series.push_back({"a", {"unscaled (FP32 run)"}, {-40, 0}, {1, 2}});
    c.series.push_back({"b", {"× 65536.0 (fp16-dynamic run)"}, {-20, 10}, {2, 1}});
    const QString longName = QStringLiteral("FP16: smallest subnormal 2^-24, smallest normal 2^-14, largest 2^15");
    c.series.push_back({"c", {longName.toStdString()}, {-24, -14, 15}, {0, 0, 0}});
    ShownChart shown(c, lessons::Language::English);
    QLegend* legend = shown.chart->legend();
    ASSERT_EQ(legend->alignment(), Qt::AlignRight);
    const QList<QLegendMarker*> markers = legend->markers();
    ASSERT_EQ(markers.size(), 3);
    EXPECT_EQ(markers[0]->label(), QStringLiteral("unscaled (FP32 run)"));
    EXPECT_EQ(markers[2]->series()->name(), longName);
    const QStringList lines = markers[2]->label().split(QStringLiteral("<br>"));
    ASSERT_GE(lines.size(), 2) << markers[2]->label().toStdString();
    EXPECT_EQ(lines.join(QLatin1Char(' ')), longName);
    const QFontMetrics fm(legend->font());
    for (const QString& line : lines) EXPECT_LE(fm.horizontalAdvance(line), legend->preferredWidth());
    EXPECT_LE(legend->sceneBoundingRect().right(), shown.chart->sceneBoundingRect().right());
    const QStringList problems = testing::cutChartTexts(&shown.view, QStringLiteral("512 px"));
    EXPECT_TRUE(problems.isEmpty()) << problems.join(QLatin1Char('\n')).toStdString();
    // Wide enough for one row below the plot: the names go back whole.
    shown.view.resize(1400, 352);
    QApplication::processEvents();
    EXPECT_EQ(legend->alignment(), Qt::AlignBottom);
    EXPECT_EQ(markers[2]->label(), longName);
}

// Lesson 4's ratio chart in Chinese: a vertical axis labelled only "0" and "1", narrower than the "..." Qt Charts
// keeps room for, so that without padding its title "实际 / 期望" is drawn as "...".
TEST(ChartStyle, AVerticalAxisWithNarrowLabelsKeepsItsTitle) {
    lessons::Chart c;
    c.key = "applied";
    c.title = {"How much of an update survives", "更新量有多少被保留"};
    c.xLabel = {"log2(update / weight)", "log2(更新量 / 权重)"};
    c.yLabel = {"applied / requested", "实际 / 期望"};
    c.series.push_back({"ratio", {"applied / requested", "实际 / 期望"}, {-14, -11, -10, -1}, {0, 0, 1, 1}});
    for (const lessons::Language language : {lessons::Language::English, lessons::Language::Chinese}) {
        ShownChart shown(c, language);
        auto* y = qobject_cast<QCategoryAxis*>(shown.chart->axes(Qt::Vertical).value(0)); // categoriesLabels: not const
        ASSERT_NE(y, nullptr);
        const QFontMetrics fm(y->labelsFont());
        for (const QString& label : y->categoriesLabels())
            EXPECT_GE(fm.horizontalAdvance(label), fm.horizontalAdvance(QStringLiteral("..."))) << label.toStdString();
        const QStringList problems = testing::cutChartTexts(&shown.view, QStringLiteral("512 px"));
        EXPECT_TRUE(problems.isEmpty()) << problems.join(QLatin1Char('\n')).toStdString();
    }
}

} // namespace
} // namespace fplab::gui

namespace fplab::gui {
namespace {

// Powers of two on a log axis read "2^-13", not "0.000122" (a lesson's log2 chart, the training loss scale).
TEST(ChartStyle, PowersOfTwoAreLabelled2ToTheK) {
    QChart chart;
    auto* axis = new QLogValueAxis;
    axis->setTitleText(QStringLiteral("loss scale"));
    chart.addAxis(axis, Qt::AlignLeft);
    applyPowerOfTwoAxis(&chart, axis, 0x1p-26, 0x1p31);
    const QStringList labels = powerOfTwoLabels(axis);
    ASSERT_GE(labels.size(), 5);
    EXPECT_LE(labels.size(), 10);
    static const QRegularExpression power(QStringLiteral("^2\\^-?[0-9]+$"));
    for (const QString& l : labels) EXPECT_TRUE(power.match(l).hasMatch()) << l.toStdString();
    EXPECT_EQ(labels.front(), QStringLiteral("2^-32"));
    EXPECT_EQ(labels.back(), QStringLiteral("2^32"));
    EXPECT_FALSE(axis->labelsVisible());
    EXPECT_EQ(axis->min(), 0x1p-32);
    EXPECT_EQ(axis->max(), 0x1p32);
    // A narrower range later (a new run) relabels the same axis; the title moved to the labels.
    applyPowerOfTwoAxis(&chart, axis, 1, 65536);
    EXPECT_EQ(powerOfTwoLabels(axis).front(), QStringLiteral("2^0"));
    EXPECT_EQ(powerOfTwoLabels(axis).back(), QStringLiteral("2^16"));
    EXPECT_EQ(chart.axes(Qt::Vertical).size(), 2);
    bool titled = false;
    for (QAbstractAxis* a : chart.axes(Qt::Vertical))
        titled = titled || (a->isTitleVisible() && a->titleText() == QStringLiteral("loss scale"));
    EXPECT_TRUE(titled);

    lessons::Chart log2;
    log2.key = "ulp";
    log2.yScale = lessons::AxisScale::Log2;
    log2.series.push_back({"s", {"s"}, {1, 2, 3}, {0x1p-13, 0x1p-10, 0x1p-2}});
    std::unique_ptr<QChart> built(buildResultChart(log2, lessons::Language::English, QApplication::palette()));
    QLogValueAxis* y = nullptr;
    for (QAbstractAxis* a : built->axes(Qt::Vertical))
        if (auto* l = qobject_cast<QLogValueAxis*>(a)) y = l;
    ASSERT_NE(y, nullptr);
    EXPECT_TRUE(powerOfTwoLabels(y).contains(QStringLiteral("2^-14"))) << powerOfTwoLabels(y).join(' ').toStdString();
    EXPECT_EQ(powerOfTwoLabels(y).back(), QStringLiteral("2^-2"));
}

} // namespace
} // namespace fplab::gui
