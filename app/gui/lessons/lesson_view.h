// One lesson, step by step: the narration (Markdown with live values) beside the step's
// experiments, its checkpoint questions, and Back/Next (on the last step: Next lesson). A narration
// link that carries settings ("section:training?mode=..."), on a line of its own, is shown as a
// button under the narration.
#pragma once

#include "lessons/lesson.h"
#include "lessons/lesson_runner.h"

#include <QList>
#include <QSet>
#include <QWidget>

class QAbstractButton;
class QLabel;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTextBrowser;
class QVBoxLayout;

namespace fplab::gui {

class CheckpointWidget;
class ExperimentPanel;

class LessonView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LessonView)

public:
    explicit LessonView(QWidget* parent = nullptr);
    ~LessonView() override;

    // Shows `lesson` at `step`; `solved` lists the checkpoints answered before ("step.index").
    void setLesson(const lessons::Lesson* lesson, lessons::Language language, int step, const QSet<QString>& solved);
    const lessons::Lesson* lesson() const { return m_lesson; }
    int step() const { return m_step; }
    int stepCount() const;
    void goToStep(int step);
    void next() { goToStep(m_step + 1); }
    void back() { goToStep(m_step - 1); }
    // The next step, or on the last one the next lesson (nextLessonRequested).
    void advance();
    // The title of the lesson after this one, offered on the last step; empty when there is none.
    void setNextLesson(const QString& title);
    // Texts of the step keys for the buttons' tooltips ("Alt+Right").
    void setStepKeys(const QString& next, const QString& back);

    // For tests and screenshots.
    QPushButton* nextButton() const { return m_next; }
    QPushButton* backButton() const { return m_back; }
    QTextBrowser* narration() const { return m_narration; }
    QLabel* stepLabel() const { return m_stepLabel; }
    QTabWidget* experimentTabs() const { return m_experiments; }
    const QList<ExperimentPanel*>& experimentPanels() const { return m_panels; }
    const QList<CheckpointWidget*>& checkpoints() const { return m_checkpoints; }
    QSplitter* splitter() const { return m_splitter; }
    // The buttons made from the step's settings links.
    QList<QAbstractButton*> linkButtons() const;
    // The narration of the current step as plain text with live values (what the reader sees).
    QString narrationText() const;
    bool isComputing() const;

signals:
    void stepChanged(int step);
    void checkpointSolved(const QString& key);
    void nextLessonRequested();
    void openInExplorer(const QString& formatName, quint64 bits);
    void openInArithmetic(const QString& formatName, quint64 bits);

private:
    void buildStep();
    void refreshNarration();
    void onPanelRun(ExperimentPanel* panel);
    QString fill(const std::string& text) const;
    void updateButtons();
    void buildLinkButtons();

    const lessons::Lesson* m_lesson = nullptr;
    lessons::Language m_language = lessons::Language::English;
    lessons::LessonRun m_baseRun; // every experiment with the lesson's values
    lessons::LessonRun m_run;     // the same, with the reader's edits of the current step
    QSet<QString> m_solved;
    int m_step = 0;

    QLabel* m_title;
    QLabel* m_stepLabel;
    QSplitter* m_splitter;
    QTextBrowser* m_narration;
    QWidget* m_checkpointBox;
    QVBoxLayout* m_checkpointLayout;
    QTabWidget* m_experiments;
    QPushButton* m_back;
    QPushButton* m_next;
    QList<ExperimentPanel*> m_panels;
    QList<CheckpointWidget*> m_checkpoints;
    QWidget* m_linkBox;
    QVBoxLayout* m_linkLayout;
    QString m_nextLesson;
    QString m_nextKey;
    QString m_backKey;
};

} // namespace fplab::gui
