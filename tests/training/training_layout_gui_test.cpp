// Issue 26 items 2 and 15, the Training section at 1280x720 (the window unmaximized), in English and
// Chinese: after a short run of each mode (FP8 and Run all modes included), every tab and every tab inside a
// tab shows its table cells, headers and tab titles uncut (tests/gui/layout_check.h) and its charts' titles, axis
// titles, axis labels and legend labels whole (tests/gui/chart_text_check.h), needs no sideways
// scrolling, keeps its controls inside the window, and the run summary is in sight without scrolling; the form
// neither gains a scroll bar nor moves when a run starts.
#include "tests/gui/chart_text_check.h"
#include "tests/gui/gui_fixture.h"
#include "tests/gui/layout_check.h"
#include "tests/training/training_gui_support.h"

#include "app/gui/common/enum_combo.h"
#include "app/gui/training/run_all_modes.h"
#include "app/gui/training/run_controls.h"
#include "app/gui/training/run_phase.h"
#include "app/gui/training/training_controller.h"
#include "app/gui/training/training_form.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using namespace fplab::training;
using testing::clippedTexts;
using testing::cutChartTextsUnder;
using testing::trainingOf;
using testing::waitUntil;

// Controls that are shown but lie (partly) outside the window (a scroll area may hide them: it can scroll to them).
QStringList controlsOutside(QWidget* window, QWidget* root, const QString& where) {
    QStringList problems;
    const QRect inside = window->rect();
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisible() ||
            !(qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSpinBox*>(w)))
            continue;
        const QRect at(w->mapTo(window, QPoint(0, 0)), w->size());
        if (!inside.contains(at))
            problems << QStringLiteral("%1: %2 \"%3\" lies outside the window")
                            .arg(where, QString::fromLatin1(w->metaObject()->className()), w->objectName());
    }
    return problems;
}

// Every tab of every tab widget under `section`, each shown in turn, checked.
QStringList problemsInEveryTab(QWidget* window, QWidget* section, const QString& where) {
    QStringList problems = clippedTexts(section, where) + controlsOutside(window, section, where) +
                           cutChartTextsUnder(section, where);
    for (QTabWidget* tabs : section->findChildren<QTabWidget*>()) {
        if (!tabs->isVisible()) continue;
        const int shown = tabs->currentIndex();
        for (int i = 0; i < tabs->count(); ++i) {
            if (!tabs->isTabEnabled(i)) continue;
            tabs->setCurrentIndex(i);
            QApplication::processEvents();
            const QString here = QStringLiteral("%1, tab \"%2\"").arg(where, tabs->tabText(i));
            problems += clippedTexts(tabs->widget(i), here) + controlsOutside(window, tabs->widget(i), here) +
                        cutChartTextsUnder(tabs->widget(i), here);
            for (QTabWidget* inner : tabs->widget(i)->findChildren<QTabWidget*>()) {
                if (!inner->isVisible()) continue;
                for (int j = 0; j < inner->count(); ++j) {
                    inner->setCurrentIndex(j);
                    QApplication::processEvents();
                    const QString there = here + QStringLiteral(", \"%1\"").arg(inner->tabText(j));
                    problems += clippedTexts(inner->widget(j), there) +
                                controlsOutside(window, inner->widget(j), there) +
                                cutChartTextsUnder(inner->widget(j), there);
                }
            }
        }
        tabs->setCurrentIndex(shown);
    }
    problems.removeDuplicates();
    return problems;
}

struct FormPlace {
    QRect geometry; // the form in the window
    bool scrollBar = false;
    bool operator==(const FormPlace&) const = default;
};

FormPlace formPlace(TrainingSection* s, QWidget* window) {
    auto* scroll = s->findChild<QScrollArea*>(QStringLiteral("trainingFormScroll"));
    return {QRect(s->form()->mapTo(window, QPoint(0, 0)), s->form()->size()),
            scroll && scroll->verticalScrollBar()->isVisible()};
}

QString describe(const FormPlace& p) {
    return QStringLiteral("%1,%2 %3x%4%5")
        .arg(p.geometry.x())
        .arg(p.geometry.y())
        .arg(p.geometry.width())
        .arg(p.geometry.height())
        .arg(p.scrollBar ? QStringLiteral(" with a scroll bar") : QString());
}

// The summary under the run controls is in sight: inside the window, and inside the viewport of the form's scroll
// area if it is in there.
QStringList summaryOutOfSight(TrainingSection* s, QWidget* window, const QString& where) {
    QLabel* summary = s->runControls()->summaryLabel();
    if (!summary->isVisible() || summary->text().isEmpty()) return {};
    QWidget* sight = window;
    auto* scroll = s->findChild<QScrollArea*>(QStringLiteral("trainingFormScroll"));
    if (scroll && scroll->isAncestorOf(summary)) sight = scroll->viewport();
    const QRect at(summary->mapTo(sight, QPoint(0, 0)), summary->size());
    if (sight->rect().contains(at)) return {};
    return {QStringLiteral("%1: the run summary lies below the fold").arg(where)};
}

void checkTraining(const QString& language) {
    testing::GuiHarness h;
    h.settings().language.set(language);
    h.language().setLanguage(language);
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    QWidget* window = &h.window();
    window->resize(1280, 720);
    window->show();
    s->activated();
    QApplication::processEvents();
    ASSERT_EQ(window->size(), QSize(1280, 720));
    RunControls* c = s->runControls();
    s->form()->stepsSpin()->setValue(30);
    s->form()->widthSpin()->setValue(16);
    QStringList problems = problemsInEveryTab(window, s, language + QStringLiteral(", before any run"));

    const auto runAndCheck = [&](const QString& what, const std::function<void()>& start) {
        const FormPlace before = formPlace(s, window);
        start();
        QApplication::processEvents();
        const FormPlace running = formPlace(s, window);
        if (!(running == before))
            problems << QStringLiteral("%1, %2: the form moved when the run started, from %3 to %4")
                            .arg(language, what, describe(before), describe(running));
        ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Ended && !s->runAllModes()->active(); }, 120000));
        QApplication::processEvents();
        const FormPlace after = formPlace(s, window);
        if (!(after == before))
            problems << QStringLiteral("%1, %2: the form moved after the run, from %3 to %4")
                            .arg(language, what, describe(before), describe(after));
        const QString where = language + QStringLiteral(", after ") + what;
        problems += summaryOutOfSight(s, window, where);
        problems += problemsInEveryTab(window, s, where);
    };
    for (TrainingMode mode : {TrainingMode::Fp32, TrainingMode::Fp16Dynamic, TrainingMode::Bf16,
                              TrainingMode::Fp8Delayed, TrainingMode::Fp8Block}) {
        ASSERT_TRUE(selectEnum(s->form()->modeCombo(), mode));
        runAndCheck(QString::fromLatin1(modeName(mode)), [&] { c->startAction()->trigger(); });
    }
    runAndCheck(QStringLiteral("Run all modes"), [&] { s->runAllModes()->action()->trigger(); });
    EXPECT_TRUE(problems.isEmpty()) << problems.join(QLatin1Char('\n')).toStdString();
}

TEST(TrainingLayoutGui, EveryTabFits1280x720InEnglish) { checkTraining(QStringLiteral("en")); }

TEST(TrainingLayoutGui, EveryTabFits1280x720InChinese) { checkTraining(QStringLiteral("zh_CN")); }

} // namespace
} // namespace fplab::gui
