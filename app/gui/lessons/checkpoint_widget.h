// A checkpoint question: choices as radio buttons, the feedback of the chosen one shown at
// once, and the explanation when the right one is chosen.
#pragma once

#include "lessons/lesson.h"

#include <QList>
#include <QWidget>

#include <functional>

class QButtonGroup;
class QLabel;

namespace fplab::gui {

class CheckpointWidget final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CheckpointWidget)

public:
    // `fill` replaces {{id.key}} placeholders with live values.
    CheckpointWidget(const lessons::Checkpoint& checkpoint, std::function<QString(const std::string&)> fill,
                     lessons::Language language, QWidget* parent = nullptr);

    // Picks a choice as a click does (for tests); returns whether it was the right one.
    bool choose(int index);
    int choiceCount() const;
    QString choiceText(int index) const;
    int correctIndex() const;
    bool isSolved() const { return m_solved; }
    // Shows the question as already answered (progress restored from the settings).
    void markSolved();
    QString feedbackText() const;
    void refresh(); // placeholders changed

signals:
    void answered(bool correct);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    const lessons::Checkpoint& m_checkpoint;
    std::function<QString(const std::string&)> m_fill;
    lessons::Language m_language;
    QLabel* m_question;
    QButtonGroup* m_group;
    QLabel* m_feedback;
    QList<QLabel*> m_choiceLabels;
    int m_chosen = -1;
    bool m_solved = false;
};

} // namespace fplab::gui
