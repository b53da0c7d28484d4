// Help > Getting started: what each section is for and where a beginner starts (lesson 1), and the
// pointer to lesson 1 shown under the sidebar until the learner dismisses it (a persisted setting).
#pragma once

#include <QDialog>
#include <QFrame>

class QLabel;
class QPushButton;

namespace fplab::gui {

// The link that opens the first lesson at its first step.
QString firstLessonLink();

class GettingStartedDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GettingStartedDialog)

public:
    explicit GettingStartedDialog(QWidget* parent = nullptr);
    static QString guideText();

signals:
    void openFirstLesson();
};

// Two sentences, "Open lesson 1" and "Dismiss", under the sidebar's section list.
class FirstRunPointer final : public QFrame {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FirstRunPointer)

public:
    explicit FirstRunPointer(QWidget* parent = nullptr);
    QPushButton* openButton() const { return m_open; }
    QPushButton* dismissButton() const { return m_dismiss; }

signals:
    void openFirstLesson();
    void dismissed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QLabel* m_text = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_dismiss = nullptr;
};

} // namespace fplab::gui
