// The Lessons section on the offscreen platform: walks a lesson from its first step to its
// last (narration with live values, checkpoints with feedback, Next/Back), edits a parameter
// and resets it, follows a link into the Explorer and a section link, switches language, keeps
// progress across a restart.
#include "tests/gui/gui_fixture.h"
#include "tests/lessons/lessons_gui_support.h"

#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/lessons/checkpoint_widget.h"
#include "app/gui/lessons/experiment_panel.h"
#include "app/gui/lessons/lesson_progress.h"
#include "app/gui/lessons/lesson_view.h"
#include "app/gui/lessons/lessons_section.h"
#include "app/gui/lessons/param_editor.h"
#include "app/gui/lessons/result_view.h"
#include "app/gui/shell/section_links.h"
#include "core/format_names.h"
#include "core/format.h"
#include "gpu/backend_choice.h"
#include "lessons/gpu_counterpart.h"
#include "tests/lessons/shown_value_check.h"

#include <QApplication>
#include <QChartView>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace fplab::gui {
namespace {

using testing::GuiHarness;
using testing::lessonOpenAt;
using testing::lessonsOf;

using testing::waitUntil;

TEST(LessonsGui, ListsEveryLessonWithProgress) {
    GuiHarness h;
    LessonsSection* s = lessonsOf(h);
    ASSERT_NE(s, nullptr);
    EXPECT_GE(s->lessonList()->count(), 7);
    EXPECT_EQ(s->lessonList()->count(), int(s->library().lessons().size()));
    EXPECT_TRUE(s->library().errors().empty());
    EXPECT_FALSE(s->problemsLabel()->isVisible());
    EXPECT_TRUE(s->lessonList()->item(2)->text().contains(QStringLiteral("3. Overflow")));
}

TEST(LessonsGui, WalksTheOverflowLessonFromFirstToLastStep) {
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("overflow"), 0);
    ASSERT_NE(s, nullptr);
    LessonView* v = s->view();
    ASSERT_EQ(v->stepCount(), 4);
    EXPECT_FALSE(v->backButton()->isEnabled());
    int checkpointsSolved = 0;
    for (int step = 0; step < v->stepCount(); ++step) {
        EXPECT_EQ(v->step(), step);
        EXPECT_TRUE(v->stepLabel()->text().startsWith(QStringLiteral("Step %1 of 4").arg(step + 1)))
            << v->stepLabel()->text().toStdString();
        const QString text = v->narrationText();
        EXPECT_FALSE(text.contains(QStringLiteral("{{"))) << text.toStdString();
        EXPECT_FALSE(v->experimentPanels().isEmpty());
        for (ExperimentPanel* p : v->experimentPanels()) EXPECT_TRUE(p->run().error.empty()) << p->run().error;
        for (CheckpointWidget* cp : v->checkpoints()) {
            const int wrong = cp->correctIndex() == 0 ? 1 : 0;
            EXPECT_FALSE(cp->choose(wrong));
            EXPECT_TRUE(cp->feedbackText().startsWith(QStringLiteral("✘"))) << cp->feedbackText().toStdString();
            EXPECT_FALSE(cp->isSolved());
            EXPECT_TRUE(cp->choose(cp->correctIndex()));
            EXPECT_TRUE(cp->feedbackText().startsWith(QStringLiteral("✔"))) << cp->feedbackText().toStdString();
            ++checkpointsSolved;
        }
        if (step == 0) {
            EXPECT_TRUE(text.contains(QStringLiteral("there it becomes inf"))) << text.toStdString();
        }
        if (step == 1) {
            EXPECT_TRUE(text.contains(QStringLiteral("stops growing at 32768.0"))) << text.toStdString();
        }
        if (step + 1 < v->stepCount()) {
            EXPECT_TRUE(v->nextButton()->isEnabled());
            QTest::mouseClick(v->nextButton(), Qt::LeftButton);
        }
    }
    EXPECT_EQ(v->step(), 3);
    EXPECT_EQ(v->nextButton()->text(), QStringLiteral("Next lesson ▶")); // lesson_path_gui_test.cpp follows it
    EXPECT_EQ(checkpointsSolved, 3);
    QTest::mouseClick(v->backButton(), Qt::LeftButton);
    EXPECT_EQ(v->step(), 2);

    // Progress is kept in the settings: the furthest step, the current one, the answered checkpoints.
    EXPECT_EQ(s->progress()->reachedStep(QStringLiteral("overflow")), 3);
    EXPECT_TRUE(s->progress()->isSolved(QStringLiteral("overflow"), QStringLiteral("1.0")));
    EXPECT_TRUE(s->lessonList()->item(2)->text().startsWith(QStringLiteral("✔")));
    h.restart();
    LessonsSection* again = lessonsOf(h);
    ASSERT_NE(again, nullptr);
    ASSERT_NE(again->view()->lesson(), nullptr);
    EXPECT_EQ(again->view()->lesson()->id, "overflow");
    EXPECT_EQ(again->view()->step(), 2);
    again->view()->goToStep(1);
    ASSERT_EQ(again->view()->checkpoints().size(), 1);
    EXPECT_TRUE(again->view()->checkpoints().front()->isSolved());
}

TEST(LessonsGui, EditingAParameterUpdatesResultsAndNarrationAndResetRestores) {
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("overflow"), 0);
    ASSERT_NE(s, nullptr);
    LessonView* v = s->view();
    ASSERT_EQ(v->experimentPanels().size(), 1);
    ExperimentPanel* panel = v->experimentPanels().front();
    EXPECT_FALSE(panel->resetButton()->isEnabled());
    ASSERT_TRUE(panel->params()->setValue(QStringLiteral("count"), QStringLiteral("2047")));
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }));
    EXPECT_TRUE(v->narrationText().contains(QStringLiteral("there it becomes 32752.0")))
        << v->narrationText().toStdString();
    EXPECT_TRUE(panel->resetButton()->isEnabled());
    // A bad value is refused with its reason, and nothing runs.
    panel->params()->setValue(QStringLiteral("count"), QStringLiteral("lots"));
    EXPECT_TRUE(panel->params()->problem().contains(QStringLiteral("not a whole number")));
    EXPECT_FALSE(panel->isRunning());
    QTest::mouseClick(panel->resetButton(), Qt::LeftButton);
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }));
    EXPECT_TRUE(v->narrationText().contains(QStringLiteral("there it becomes inf")));
    EXPECT_FALSE(panel->resetButton()->isEnabled());
}

TEST(LessonsGui, ShowsChartsTablesAndBitsAndOpensAValueInTheExplorer) {
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("accumulation"), 0);
    ASSERT_NE(s, nullptr);
    ResultView* r = s->view()->experimentPanels().front()->results();
    ASSERT_TRUE(r->result().has_value());
    EXPECT_EQ(r->quantityTable()->rowCount(), int(r->result()->quantities.size()));
    bool foundChart = false;
    for (int i = 0; i < r->tabs()->count(); ++i)
        if (auto* view = qobject_cast<QChartView*>(r->tabs()->widget(i))) {
            foundChart = true;
            EXPECT_EQ(view->chart()->series().size(), 3);
        }
    EXPECT_TRUE(foundChart);
    r->selectQuantity(QStringLiteral("high"));
    ASSERT_NE(r->selectedQuantity(), nullptr);
    EXPECT_EQ(r->selectedQuantity()->bits, 0x4120008cu);
    EXPECT_TRUE(r->explorerButton()->isEnabled());
    QTest::mouseClick(r->explorerButton(), Qt::LeftButton);
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    ASSERT_NE(explorer, nullptr);
    EXPECT_EQ(h.window().currentSection(), explorer);
    EXPECT_EQ(explorer->state()->formatName(), QStringLiteral("fp32"));
    EXPECT_EQ(explorer->state()->bits(), 0x4120008cu);
}

// The value column: an FP32 loss with its float's digits (every digit of the double in the tooltip), a
// measurement with 4 digits, a NaN with its sign and payload as every other view writes it.
TEST(LessonsGui, ResultValuesShowSensibleDigitsAndNanPayloads) {
    GuiHarness h;
    ResultView view;
    lessons::ExperimentResult result;
    result.quantities.push_back(
        lessons::realQuantity("loss", {"loss"}, double(0x1.62e43p-1f), lessons::RealStyle::Float32));
    result.quantities.push_back(lessons::realQuantity("mean", {"mean"}, 1.0 / 3.0, lessons::RealStyle::Measurement));
    result.quantities.push_back(lessons::floatQuantity("nan", {"nan"}, kFp16, 0xfe01));
    view.setResult(result, lessons::Language::English);
    const QTableWidget* t = view.quantityTable();
    EXPECT_EQ(t->item(0, 1)->text(), QStringLiteral("0.6931472"));
    EXPECT_TRUE(t->item(0, 1)->toolTip().contains(QStringLiteral("0.6931471824645996")))
        << t->item(0, 1)->toolTip().toStdString();
    EXPECT_EQ(t->item(1, 1)->text(), QStringLiteral("0.3333"));
    EXPECT_TRUE(t->item(1, 1)->toolTip().contains(QStringLiteral("0.3333333333333333")));
    EXPECT_EQ(t->item(2, 1)->text(), QStringLiteral("-nan(0x201)"));
    EXPECT_TRUE(t->item(2, 1)->toolTip().contains(QStringLiteral("-nan(0x201)")))
        << t->item(2, 1)->toolTip().toStdString();
}

// Every value of a format that a lesson shows (the result table's Value column, every table cell that stands for
// one value) parses back to the bits shown beside it and is exact unless marked ≈, with every digit in its tooltip.
TEST(LessonsGui, EveryValueOfEveryLessonIsExactOrMarked) {
    GuiHarness h;
    LessonsSection* s = lessonsOf(h);
    ASSERT_NE(s, nullptr);
    const auto problem = [](const QString& shown, const QString& formatName, quint64 bits) {
        const FormatOrError f = lookupFormat(formatName.toStdString());
        if (!f.format) return std::string("no format ") + formatName.toStdString();
        return lessons::test::shownValueProblem(shown.toStdString(), *f.format, bits);
    };
    int checked = 0;
    for (const lessons::LessonEntry& entry : s->library().lessons()) {
        const QString id = QString::fromStdString(entry.id);
        ASSERT_TRUE(s->openLesson(id, 0));
        for (int step = 0; step < s->view()->stepCount(); ++step) {
            s->view()->goToStep(step);
            QApplication::processEvents();
            for (ExperimentPanel* panel : s->view()->experimentPanels()) {
                ResultView* r = panel->results();
                const QTableWidget* q = r->quantityTable();
                for (int row = 0; row < q->rowCount(); ++row) {
                    const QStringList encoding = q->item(row, 2) ? q->item(row, 2)->text().split(QLatin1Char(' '))
                                                                 : QStringList();
                    if (encoding.size() != 2 || !lookupFormat(encoding[0].toStdString()).format) continue;
                    const QString shown = q->item(row, 1)->text();
                    EXPECT_EQ(problem(shown, encoding[0], encoding[1].toULongLong(nullptr, 16)), "")
                        << id.toStdString() << " step " << step + 1 << " " << q->item(row, 0)->text().toStdString();
                    EXPECT_TRUE(q->item(row, 1)->toolTip().startsWith(QStringLiteral("Exactly ")))
                        << shown.toStdString();
                    ++checked;
                }
                for (QTableWidget* t : r->tabs()->findChildren<QTableWidget*>())
                    for (int row = 0; row < t->rowCount(); ++row)
                        for (int column = 0; column < t->columnCount(); ++column) {
                            const QTableWidgetItem* item = t->item(row, column);
                            if (!item || !item->data(ResultView::kCellFormatRole).isValid()) continue;
                            const quint64 bits = item->data(ResultView::kCellBitsRole).toULongLong();
                            const QString format = item->data(ResultView::kCellFormatRole).toString();
                            EXPECT_EQ(problem(item->text(), format, bits), "")
                                << id.toStdString() << " step " << step + 1 << " " << t->objectName().toStdString();
                            EXPECT_TRUE(item->toolTip().startsWith(QStringLiteral("Exactly ")))
                                << item->text().toStdString();
                            ++checked;
                        }
            }
        }
    }
    EXPECT_GT(checked, 300);
}

TEST(LessonsGui, ASectionLinkInTheNarrationSwitchesTheWindowsSection) {
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("tensor-cores"), 0);
    ASSERT_NE(s, nullptr);
    auto* narration = s->view()->findChild<QTextBrowser*>(QStringLiteral("narration"));
    ASSERT_NE(narration, nullptr);
    EXPECT_FALSE(narration->openExternalLinks()); // section: links are followed by the app
    EXPECT_TRUE(followSectionLink(s->view(), QUrl(QStringLiteral("section:arithmetic"))));
    EXPECT_EQ(h.window().currentSection(), h.window().section(QStringLiteral("arithmetic")));
    EXPECT_FALSE(followSectionLink(s->view(), QUrl(QStringLiteral("section:no-such-section"))));
    EXPECT_EQ(h.window().currentSection(), h.window().section(QStringLiteral("arithmetic")));
}

TEST(LessonsGui, FollowsTheInterfaceLanguage) {
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("overflow"), 1);
    ASSERT_NE(s, nullptr);
    h.settings().language.set(QStringLiteral("zh_CN"));
    h.language().setLanguage(QStringLiteral("zh_CN"));
    QApplication::processEvents();
    ASSERT_NE(s->view()->lesson(), nullptr);
    EXPECT_EQ(s->view()->lesson()->language, lessons::Language::Chinese);
    EXPECT_EQ(s->view()->step(), 1);
    EXPECT_TRUE(s->view()->stepLabel()->text().startsWith(QStringLiteral("第 2 步")))
        << s->view()->stepLabel()->text().toStdString();
    EXPECT_TRUE(s->view()->narrationText().contains(QStringLiteral("累加在 32768.0 处不再增长")));
    EXPECT_EQ(s->title(), QStringLiteral("课程"));
    h.settings().language.set(QStringLiteral("en"));
    h.language().setLanguage(QStringLiteral("en"));
}

ExperimentPanel* panelFor(LessonView* v, const std::string& id) {
    for (ExperimentPanel* p : v->experimentPanels())
        if (p->call().id == id) return p;
    return nullptr;
}

TEST(LessonsGui, TheGpuSwitchIsDisabledAndExplainedWithoutAGpu) {
    const std::string reason = gpu::noGpuReason();
    if (reason.empty()) GTEST_SKIP() << "this machine has a GPU";
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("accumulation"), 0);
    ASSERT_NE(s, nullptr);
    ExperimentPanel* p = panelFor(s->view(), "acc");
    ASSERT_NE(p, nullptr);
    EXPECT_FALSE(p->backendSwitch()->isHidden());
    EXPECT_TRUE(p->cpuButton()->isChecked());
    EXPECT_FALSE(p->gpuButton()->isEnabled());
    EXPECT_EQ(p->gpuReasonLabel()->text().toStdString(), reason);
    EXPECT_FALSE(p->gpuReasonLabel()->isHidden());
    EXPECT_EQ(p->results()->quantityTable()->columnCount(), 4);
    EXPECT_FALSE(p->results()->sideBySide().has_value());
    // An experiment without a GPU counterpart has no switch.
    ASSERT_TRUE(s->openLesson(QStringLiteral("overflow"), 0));
    for (ExperimentPanel* other : s->view()->experimentPanels()) EXPECT_TRUE(other->backendSwitch()->isHidden());
}

// A GPU side that differs from the CPU emulation in one bit of one result.
class OneBitOffGpu final : public lessons::GpuCounterpart {
public:
    std::string unavailableReason() const override { return {}; }
    bool hasCounterpart(std::string_view experiment) const override { return experiment == "accumulate"; }
    lessons::ExperimentResult run(std::string_view experiment, const lessons::ParamValues& params) override {
        lessons::ParamList list(params.all().begin(), params.all().end());
        lessons::ExperimentResult r = *lessons::runExperiment(experiment, list).result;
        r.quantities.erase(r.quantities.begin()); // addend_high: CPU only
        for (lessons::Quantity& q : r.quantities)
            if (q.key == "high") q.bits ^= 1;
        r.quantities.push_back(lessons::textQuantity("device", {"GPU"}, {"fake"}));
        return r;
    }
};

TEST(LessonsGui, WithAGpuBothColumnsShowAndTheDifferingCellIsHighlighted) {
    ExperimentPanel::setGpuCounterpart(std::make_shared<OneBitOffGpu>());
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("accumulation"), 0);
    ASSERT_NE(s, nullptr);
    ExperimentPanel* p = panelFor(s->view(), "acc");
    ASSERT_NE(p, nullptr);
    ASSERT_FALSE(p->backendSwitch()->isHidden());
    ASSERT_TRUE(p->gpuButton()->isEnabled());
    EXPECT_TRUE(p->gpuReasonLabel()->isHidden());
    p->gpuButton()->click();
    ASSERT_TRUE(waitUntil([&] { return !p->isRunning() && p->results()->sideBySide().has_value(); }));
    QTableWidget* t = p->results()->quantityTable();
    ASSERT_EQ(t->columnCount(), 4);
    EXPECT_EQ(t->horizontalHeaderItem(1)->text(), QStringLiteral("CPU (emulated)"));
    EXPECT_EQ(t->horizontalHeaderItem(2)->text(), QStringLiteral("GPU"));
    int highlighted = 0;
    for (int row = 0; row < t->rowCount(); ++row) {
        const bool differs = t->item(row, 0)->text() == QStringLiteral("FP32 sum of FP32 addends");
        for (int c = 1; c < 4; ++c) {
            EXPECT_EQ(t->item(row, c)->data(ResultView::kDiffersRole).toBool(), differs) << row << " " << c;
            highlighted += t->item(row, c)->data(ResultView::kDiffersRole).toBool();
        }
        if (differs) {
            EXPECT_TRUE(t->item(row, 1)->text().contains(QStringLiteral("0x4120008c")))
                << t->item(row, 1)->text().toStdString();
            EXPECT_TRUE(t->item(row, 2)->text().contains(QStringLiteral("0x4120008d")))
                << t->item(row, 2)->text().toStdString();
            EXPECT_TRUE(t->item(row, 2)->toolTip().contains(QStringLiteral("^")))
                << t->item(row, 2)->toolTip().toStdString();
        }
    }
    EXPECT_EQ(highlighted, 3);
    // The differing result is selected and its bits are the GPU's, the differing one emphasised.
    ASSERT_NE(p->results()->selectedQuantity(), nullptr);
    EXPECT_EQ(p->results()->selectedQuantity()->key, "high");
    // Back to the CPU: one column of values again.
    p->cpuButton()->click();
    ASSERT_TRUE(waitUntil([&] { return !p->isRunning() && !p->results()->sideBySide().has_value(); }));
    EXPECT_EQ(t->horizontalHeaderItem(1)->text(), QStringLiteral("Value"));
    ExperimentPanel::setGpuCounterpart(nullptr);
}

TEST(LessonsGui, ABrokenLessonFileIsShownNotFatal) {
    const std::filesystem::path dir = std::filesystem::path(FPLAB_TEST_SCRATCH_DIR) / "gui-broken";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(std::string(FPLAB_TEST_LESSONS_DIR) + "/03-overflow.en.md", dir / "03-overflow.en.md");
    std::ofstream(dir / "04-bad.en.md") << "---\nid: bad\norder: 4\ntitle: Bad\n---\n## S\n```experiment nope\n```\n";
    GuiHarness h;
    LessonsSection s({h.settings(), h.theme()}, nullptr, QString::fromStdString(dir.string()));
    EXPECT_EQ(s.lessonList()->count(), 1);
    EXPECT_TRUE(s.problemsLabel()->text().contains(QStringLiteral("04-bad.en.md:7: unknown experiment 'nope'")))
        << s.problemsLabel()->text().toStdString();
}

// Edits faster than the worker (JobRunner, one run at a time): the run in progress finishes, then the
// newest values run, and the panel ends showing those.
TEST(LessonsGui, AnEditWhileARunGoesIsRunNextAndShownLast) {
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("overflow"), 0);
    ASSERT_NE(s, nullptr);
    LessonView* v = s->view();
    ExperimentPanel* panel = v->experimentPanels().front();
    ASSERT_TRUE(panel->params()->setValue(QStringLiteral("count"), QStringLiteral("2047")));
    QTest::mouseClick(panel->resetButton(), Qt::LeftButton); // back to the lesson's values at once
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }));
    EXPECT_TRUE(v->narrationText().contains(QStringLiteral("there it becomes inf")))
        << v->narrationText().toStdString();
}

} // namespace
} // namespace fplab::gui
