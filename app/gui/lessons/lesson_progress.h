// Where the learner is in each lesson (current step, furthest step reached, checkpoints
// answered), kept in the app's settings file under lessons/.
#pragma once

#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <memory>

namespace fplab::gui {

class SettingsStore;
template <class T>
class SettingValue;

class LessonProgress final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LessonProgress)

public:
    explicit LessonProgress(SettingsStore& store, QObject* parent = nullptr);
    ~LessonProgress() override;

    QString currentLesson() const;
    void setCurrentLesson(const QString& id);

    // Steps count from 0.
    int currentStep(const QString& lesson) const;
    int reachedStep(const QString& lesson) const; // the furthest step seen, -1 when never opened
    void setCurrentStep(const QString& lesson, int step);

    // A checkpoint is "step.index" (its position in the step).
    bool isSolved(const QString& lesson, const QString& checkpoint) const;
    void setSolved(const QString& lesson, const QString& checkpoint);

    void resetLesson(const QString& lesson);

signals:
    void changed(const QString& lesson);

private:
    struct Entry {
        int current = 0;
        int reached = -1;
        QSet<QString> solved;
    };
    Entry entry(const QString& lesson) const;
    void store(const QString& lesson, const Entry& e);

    // "lessons/current": the open lesson; "lessons/progress": one "id|current|reached|cp,cp" per lesson.
    std::unique_ptr<SettingValue<QString>> m_current;
    std::unique_ptr<SettingValue<QStringList>> m_progress;
};

} // namespace fplab::gui
