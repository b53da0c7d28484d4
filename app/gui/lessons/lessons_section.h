// The Lessons section: the list of guided lessons with each one's progress, and the open
// lesson step by step (LessonView). Lessons are read from the lesson files at start-up.
#pragma once

#include "app/gui/shell/section.h"
#include "lessons/lesson_library.h"

#include <memory>

class QAction;
class QLabel;
class QListWidget;
class QSplitter;

namespace fplab::gui {

class LessonProgress;
class LessonView;
struct LessonsSettings;

class LessonsSection final : public Section {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LessonsSection)

public:
    // Lessons come from findLessonsDirectory() (FPLAB_LESSONS_DIR, the install, the source tree),
    // or from `directory` when given.
    explicit LessonsSection(SectionContext context, QWidget* parent = nullptr, const QString& directory = {});
    ~LessonsSection() override;

    QString id() const override { return QStringLiteral("lessons"); }
    QString title() const override;
    QString toolTipText() const override;
    QIcon icon() const override;
    QList<QAction*> menuActions() const override;
    void activated() override;
    void saveState() override;
    // Session files; defined in lessons_session.cpp.
    void saveSession(QJsonObject& out) const override;
    QStringList restoreSession(const QJsonObject& in) override;
    void setPresenting(bool on) override;
    QStringList screenshotNames() const override;
    void prepareScreenshot(const QString& name) override;
    // "section:lessons?lesson=ID&step=N" opens lesson ID (its id or its order) at step N (from 1).
    bool openLink(const QUrlQuery& query) override;

    // Opens a lesson by id at its saved step (or at `step` when given); false if unknown.
    bool openLesson(const QString& id, int step = -1);

    // For tests.
    const lessons::LessonLibrary& library() const { return m_library; }
    QListWidget* lessonList() const { return m_list; }
    LessonView* view() const { return m_view; }
    LessonProgress* progress() const { return m_progress.get(); }
    QAction* nextStepAction() const { return m_nextStep; }
    QAction* previousStepAction() const { return m_previousStep; }
    QLabel* problemsLabel() const { return m_problems; }

protected:
    void retranslateUi() override;

private:
    void fillList();
    void showLessonAt(int row);
    // The number of checkpoints in a lesson and how many of them the reader has answered.
    int checkpointCount(const lessons::Lesson& lesson) const;
    int answeredCount(const QString& id, const lessons::Lesson& lesson) const;
    QString nextLessonTitle(const QString& id) const;

    lessons::LessonLibrary m_library;
    QString m_loadError;
    std::unique_ptr<LessonProgress> m_progress;
    std::unique_ptr<LessonsSettings> m_layout;
    lessons::Language m_language = lessons::Language::English;
    QSplitter* m_splitter;
    QListWidget* m_list;
    QLabel* m_problems;
    LessonView* m_view;
    QAction* m_nextStep;
    QAction* m_previousStep;
};

} // namespace fplab::gui
