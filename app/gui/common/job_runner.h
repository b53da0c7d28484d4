// Runs one long job at a time on a worker thread (the one way the GUI does long work: GPU Lab jobs,
// training runs, lesson experiments): progress and cancel from the GUI thread,
// and the outcome (finished, cancelled, or the error a GpuError or other exception carried)
// delivered back on the GUI thread. The GUI never waits for the job.
#pragma once

#include "app/gui/common/job_control.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>

class QThread;

namespace fplab::gui {

struct JobOutcome {
    bool cancelled = false;
    QString error; // empty when the job finished
};

// What to tell the user about a job: when it was cancelled, failed ("%1" is the error) or finished.
struct JobTexts {
    QString cancelled;
    QString failed;
    QString done;
};

class JobRunner final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobRunner)

public:
    using Work = std::function<void(const JobControl&)>;
    using Done = std::function<void(const JobOutcome&)>;

    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override; // cancels a job and waits for its thread

    // Starts `work` on the worker thread; `done` runs on this object's thread when it has ended.
    // False while another job is running.
    bool start(const QString& title, Work work, Done done);
    void cancel();
    bool isBusy() const { return m_busy; }
    QString title() const { return m_title; }
    int progressPermille() const { return m_permille.load(); }
    // start() for a panel: `show` runs when the job finished; `tell` gets the texts (and the refusal
    // when another job is running) with how long to show them (0: until replaced).
    bool startJob(const QString& title, Work work, std::function<void()> show, const JobTexts& texts,
                  const std::function<void(const QString&, int)>& tell);
    // Processes events until the job has ended (tests); false on timeout.
    bool waitUntilIdle(int timeoutMs);

signals:
    void busyChanged(bool busy);
    void progressChanged(int permille);

private:
    void finish();

    QThread* m_thread = nullptr;
    bool m_busy = false;
    QString m_title;
    std::atomic<bool> m_cancel{false};
    std::atomic<int> m_permille{0};
    std::atomic<bool> m_progressQueued{false};
    JobOutcome m_outcome; // written by the worker, read after its thread has finished
    Done m_done;
};

} // namespace fplab::gui
