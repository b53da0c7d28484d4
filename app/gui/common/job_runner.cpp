// The worker thread of the GPU Lab and the hand-over of progress and outcome to the GUI thread.
#include "app/gui/common/job_runner.h"

#include "app/gui/common/gpu_text.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QMetaObject>
#include <QThread>

#include <cmath>

namespace fplab::gui {

JobRunner::JobRunner(QObject* parent) : QObject(parent) {}

JobRunner::~JobRunner() {
    cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

bool JobRunner::start(const QString& title, Work work, Done done) {
    if (m_busy) return false;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    m_title = title;
    m_done = std::move(done);
    m_outcome = {};
    m_cancel = false;
    m_permille = 0;
    m_busy = true;
    m_thread = QThread::create([this, work = std::move(work)] {
        JobControl control;
        control.cancelled = [this] { return m_cancel.load(); };
        control.progress = [this](double fraction) {
            const int permille = int(std::lround(fraction * 1000));
            if (m_permille.exchange(permille) == permille || m_progressQueued.exchange(true)) return;
            QMetaObject::invokeMethod(
                this,
                [this] {
                    m_progressQueued = false;
                    emit progressChanged(m_permille.load());
                },
                Qt::QueuedConnection);
        };
        try {
            work(control);
        } catch (const JobCancelled&) {
            m_outcome.cancelled = true;
        } catch (const std::exception& e) { // GpuError among them: the message says what failed
            m_outcome.error = gpuErrorText(e);
        }
    });
    connect(m_thread, &QThread::finished, this, &JobRunner::finish);
    emit busyChanged(true);
    emit progressChanged(0);
    m_thread->start();
    return true;
}

bool JobRunner::startJob(const QString& title, Work work, std::function<void()> show, const JobTexts& texts,
                         const std::function<void(const QString&, int)>& tell) {
    const bool started = start(title, std::move(work),
                               [show = std::move(show), texts, tell](const JobOutcome& outcome) {
                                   if (outcome.cancelled) tell(texts.cancelled, 6000);
                                   else if (!outcome.error.isEmpty()) tell(texts.failed.arg(outcome.error), 0);
                                   else {
                                       show();
                                       tell(texts.done, 4000);
                                   }
                               });
    if (!started) tell(tr("Another job is still running: cancel it first."), 6000);
    return started;
}

void JobRunner::cancel() { m_cancel = true; }

void JobRunner::finish() {
    m_busy = false;
    const Done done = std::move(m_done);
    m_done = {};
    if (done) done(m_outcome);
    emit busyChanged(false);
}

bool JobRunner::waitUntilIdle(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (m_busy && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
    return !m_busy;
}

} // namespace fplab::gui
