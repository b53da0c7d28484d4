// One experiment block of a lesson, live: its parameters (editable, with a reset to the
// lesson's values) and its results. Edits re-run the experiment on a worker thread.
#pragma once

#include "lessons/lesson.h"
#include "lessons/lesson_runner.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;

namespace fplab::gui {

class ParamEditor;
class ResultView;

class ExperimentPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExperimentPanel)

public:
    // `initial` is the block's run with the lesson's values (computed by the caller).
    ExperimentPanel(const lessons::ExperimentCall& call, const lessons::ExperimentRun& initial,
                    lessons::Language language, QWidget* parent = nullptr);
    ~ExperimentPanel() override;

    const lessons::ExperimentCall& call() const { return m_call; }
    // The latest run (the lesson's values until the user edits them).
    const lessons::ExperimentRun& run() const { return m_run; }
    bool isRunning() const { return m_running; }
    void setLanguage(lessons::Language language);

    ParamEditor* params() const { return m_params; }
    ResultView* results() const { return m_results; }
    QPushButton* resetButton() const { return m_reset; }

signals:
    // A new result (or error) is shown; the narration refreshes its placeholders.
    void runChanged();
    void openInExplorer(const QString& formatName, quint64 bits);
    void openInArithmetic(const QString& formatName, quint64 bits);

private:
    void startRun();
    void finishRun(std::uint64_t generation, lessons::ExperimentRun run);
    void showRun();
    void retranslate();

    const lessons::ExperimentCall& m_call;
    lessons::ExperimentRun m_run;
    lessons::Language m_language;
    std::uint64_t m_generation = 0;
    bool m_running = false;
    QLabel* m_title;
    QLabel* m_status;
    ParamEditor* m_params;
    QPushButton* m_reset;
    ResultView* m_results;
};

} // namespace fplab::gui
