// Lesson progress in the settings file; malformed entries are ignored, never fatal.
#include "app/gui/lessons/lesson_progress.h"

#include "app/gui/shell/settings.h"

namespace fplab::gui {

LessonProgress::LessonProgress(SettingsStore& store, QObject* parent)
    : QObject(parent),
      m_current(std::make_unique<SettingValue<QString>>(store, QStringLiteral("lessons/current"), QString())),
      m_progress(
          std::make_unique<SettingValue<QStringList>>(store, QStringLiteral("lessons/progress"), QStringList())) {}

LessonProgress::~LessonProgress() = default;

QString LessonProgress::currentLesson() const { return m_current->get(); }

void LessonProgress::setCurrentLesson(const QString& id) { m_current->set(id); }

LessonProgress::Entry LessonProgress::entry(const QString& lesson) const {
    Entry e;
    for (const QString& line : m_progress->get()) {
        const QStringList parts = line.split(QLatin1Char('|'));
        if (parts.size() != 4 || parts[0] != lesson) continue;
        bool ok1 = false, ok2 = false;
        const int current = parts[1].toInt(&ok1);
        const int reached = parts[2].toInt(&ok2);
        if (!ok1 || !ok2 || current < 0 || reached < -1 || current > 1000 || reached > 1000) continue;
        e.current = current;
        e.reached = reached;
        for (const QString& cp : parts[3].split(QLatin1Char(','), Qt::SkipEmptyParts)) e.solved.insert(cp);
    }
    return e;
}

void LessonProgress::store(const QString& lesson, const Entry& e) {
    QStringList lines;
    for (const QString& line : m_progress->get())
        if (line.section(QLatin1Char('|'), 0, 0) != lesson) lines.push_back(line);
    QStringList solved(e.solved.begin(), e.solved.end());
    solved.sort();
    lines.push_back(
        QStringLiteral("%1|%2|%3|%4").arg(lesson).arg(e.current).arg(e.reached).arg(solved.join(QLatin1Char(','))));
    m_progress->set(lines);
    emit changed(lesson);
}

int LessonProgress::currentStep(const QString& lesson) const { return entry(lesson).current; }

int LessonProgress::reachedStep(const QString& lesson) const { return entry(lesson).reached; }

void LessonProgress::setCurrentStep(const QString& lesson, int step) {
    Entry e = entry(lesson);
    if (e.current == step && e.reached >= step) return;
    e.current = step;
    e.reached = std::max(e.reached, step);
    store(lesson, e);
}

bool LessonProgress::isSolved(const QString& lesson, const QString& checkpoint) const {
    return entry(lesson).solved.contains(checkpoint);
}

void LessonProgress::setSolved(const QString& lesson, const QString& checkpoint) {
    Entry e = entry(lesson);
    if (e.solved.contains(checkpoint)) return;
    e.solved.insert(checkpoint);
    store(lesson, e);
}

void LessonProgress::resetLesson(const QString& lesson) { store(lesson, Entry{0, -1, {}}); }

} // namespace fplab::gui
