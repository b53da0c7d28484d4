// Lessons in a session file (the open lesson, and per lesson the step, the furthest step reached
// and the checkpoints answered), and Present mode (the lesson alone, without the list).
#include "app/gui/lessons/lessons_section.h"

#include "app/gui/lessons/lesson_progress.h"
#include "app/gui/lessons/lesson_view.h"
#include "app/gui/shell/session_file.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSplitter>

#include <variant>

namespace fplab::gui {

namespace {

// The checkpoint keys of a lesson ("step.index", as LessonView numbers them).
QStringList checkpointKeys(const lessons::Lesson& lesson) {
    QStringList keys;
    for (std::size_t s = 0; s < lesson.steps.size(); ++s) {
        int index = 0;
        for (const lessons::Block& block : lesson.steps[s].blocks)
            if (std::holds_alternative<lessons::Checkpoint>(block)) keys << QStringLiteral("%1.%2").arg(s).arg(index++);
    }
    return keys;
}

} // namespace

void LessonsSection::saveSession(QJsonObject& out) const {
    out.insert(QStringLiteral("current"), m_progress->currentLesson());
    QJsonObject progress;
    for (const lessons::LessonEntry& entry : m_library.lessons()) {
        const QString id = QString::fromStdString(entry.id);
        if (m_progress->reachedStep(id) < 0) continue;
        QJsonArray solved;
        for (const QString& key : checkpointKeys(*entry.in(m_language)))
            if (m_progress->isSolved(id, key)) solved.append(key);
        progress.insert(id, QJsonObject{{QStringLiteral("step"), m_progress->currentStep(id)},
                                        {QStringLiteral("reached"), m_progress->reachedStep(id)},
                                        {QStringLiteral("solved"), solved}});
    }
    out.insert(QStringLiteral("progress"), progress);
}

QStringList LessonsSection::restoreSession(const QJsonObject& in) {
    SessionReader read(in, title());
    if (const auto progress = read.object(QStringLiteral("progress"))) {
        // The session's progress replaces the learner's: lessons it does not mention start afresh.
        for (const lessons::LessonEntry& entry : m_library.lessons()) {
            const QString id = QString::fromStdString(entry.id);
            if (!progress->contains(id) && m_progress->reachedStep(id) >= 0) m_progress->resetLesson(id);
        }
        for (auto it = progress->begin(); it != progress->end(); ++it) {
            const lessons::LessonEntry* entry = m_library.find(it.key().toStdString());
            if (!entry) {
                read.reject(QStringLiteral("progress"), tr("a lesson of this FP Lab"), it.key());
                continue;
            }
            if (!it.value().isObject()) {
                read.reject(QStringLiteral("progress"), tr("an object"), it.key());
                continue;
            }
            const lessons::Lesson& lesson = *entry->in(m_language);
            const int last = int(lesson.steps.size()) - 1;
            SessionReader one(it.value().toObject(), tr("Lesson “%1”").arg(QString::fromStdString(lesson.title)));
            const auto reached = one.integer(QStringLiteral("reached"), -1, last);
            const auto step = one.integer(QStringLiteral("step"), 0, last);
            const auto solved = one.stringList(QStringLiteral("solved"));
            m_progress->resetLesson(it.key());
            // reached first: setCurrentStep also raises the furthest step reached.
            if (reached && *reached >= 0) m_progress->setCurrentStep(it.key(), *reached);
            if (step) m_progress->setCurrentStep(it.key(), *step);
            if (solved) {
                const QStringList keys = checkpointKeys(lesson);
                for (const QString& key : *solved) {
                    if (keys.contains(key)) m_progress->setSolved(it.key(), key);
                    else one.reject(QStringLiteral("solved"), tr("a checkpoint of this lesson"), key);
                }
            }
            read.addProblems(one.problems());
        }
    }
    const auto isLesson = [this](const QString& id) { return id.isEmpty() || m_library.find(id.toStdString()); };
    if (const auto current = read.stringWhere(QStringLiteral("current"), isLesson, tr("a lesson of this FP Lab"))) {
        m_progress->setCurrentLesson(*current);
        // Show it now if the page was opened already; otherwise activated() opens it.
        if (m_view->lesson() && !current->isEmpty()) openLesson(*current);
    } else if (m_view->lesson()) {
        openLesson(QString::fromStdString(m_view->lesson()->id));
    }
    fillList();
    return read.problems();
}

void LessonsSection::setPresenting(bool on) {
    // The lesson list is the splitter's first pane.
    if (QWidget* list = m_splitter->widget(0)) list->setVisible(!on);
}

} // namespace fplab::gui
