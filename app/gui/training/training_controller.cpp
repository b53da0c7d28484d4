// The worker loop: steps the run while not paused, hands the records over in batches
// (every 50 ms), refreshes the decision boundary every 500 ms and at the end.
#include "app/gui/training/training_controller.h"

#include "gpu/gpu_error.h"
#include "gpu/training/gpu_step_kernels.h"

#include <QMetaObject>
#include <QThread>

#include <chrono>

namespace fplab::gui {

using namespace fplab::training;

TrainingController::TrainingController(QObject* parent) : QObject(parent) {}

TrainingController::~TrainingController() {
    cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

bool TrainingController::start(const TrainingConfig& config, bool paused, QString* error, bool onGpu) {
    if (m_running.load()) {
        if (error) *error = tr("A run is still going: cancel it first.");
        return false;
    }
    if (const std::string problem = checkConfig(config); !problem.empty()) {
        if (error) *error = QString::fromStdString(problem);
        return false;
    }
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    std::shared_ptr<TrainingRun> gpuRun;
    if (onGpu) {
        try {
            gpuRun = std::make_shared<TrainingRun>(config, gpu::cudaKernelsFactory());
        } catch (const std::exception& e) { // a GpuError, or a mode the GPU has no path for
            if (error) *error = tr("The GPU cannot run this: %1").arg(QString::fromUtf8(e.what()));
            return false;
        }
    }
    auto run = std::make_shared<TrainingRun>(config);
    std::shared_ptr<TrainingRun> bf16Run;
    if (run->policy().fp8Gemms()) {
        TrainingConfig reference = config;
        reference.mode = TrainingMode::Bf16;
        reference.collectStats = false;
        bf16Run = std::make_shared<TrainingRun>(reference);
    }
    m_setup = setupOf(*run, onGpu);
    {
        std::lock_guard lock(m_mutex);
        m_pending = {};
        m_pending.state = run->state();
        if (gpuRun) m_pending.gpuState = gpuRun->state();
    }
    m_cancel = false;
    m_paused = paused;
    m_singleSteps = 0;
    m_running = true;
    m_thread = QThread::create([this, run, gpuRun, bf16Run] { work(run, gpuRun, bf16Run); });
    connect(m_thread, &QThread::finished, this, [this] {
        m_running = false;
        emit finished();
    });
    m_thread->start();
    return true;
}

void TrainingController::pause() { m_paused = true; }

void TrainingController::resume() {
    m_paused = false;
    m_wake.notify_all();
}

void TrainingController::stepOnce() {
    m_paused = true;
    ++m_singleSteps;
    m_wake.notify_all();
}

void TrainingController::cancel() {
    m_cancel = true;
    m_wake.notify_all();
}

TrainingUpdate TrainingController::takeUpdate() {
    std::lock_guard lock(m_mutex);
    m_notifyQueued = false;
    TrainingUpdate out = std::move(m_pending);
    m_pending = {};
    m_pending.state = out.state;
    m_pending.paused = out.paused;
    return out;
}

void TrainingController::publish(TrainingUpdate&& part) {
    {
        std::lock_guard lock(m_mutex);
        m_pending.merge(std::move(part));
    }
    if (!m_notifyQueued.exchange(true))
        QMetaObject::invokeMethod(this, [this] { emit updated(); }, Qt::QueuedConnection);
}

void TrainingController::stepGpu(const TrainingRun& run, const StepRecord& cpu, TrainingRun& gpuRun,
                                 TrainingUpdate& batch) {
    if (gpuRun.over()) return;
    // A CUDA error inside step() ends the GPU run as Failed with its explanation; reading the weights
    // can fail too, and then ends it the same way.
    try {
        if (const StepRecord* g = gpuRun.step()) {
            batch.comparisons.push_back(compareStep({cpu, flattenWeights(run.model().parameters())}, {*g, gpuRun.weights()},
                                                    m_setup.tolerance));
            batch.gpuSteps.push_back(*g);
        }
    } catch (const gpu::GpuError& e) {
        gpuRun.fail(e);
    }
}

void TrainingController::work(std::shared_ptr<TrainingRun> run, std::shared_ptr<TrainingRun> gpuRun,
                              std::shared_ptr<TrainingRun> bf16Run) {
    using Clock = std::chrono::steady_clock;
    TrainingUpdate batch;
    auto lastFlush = Clock::now(), lastGrid = Clock::now();
    const auto flush = [&](bool withGrid) {
        batch.state = run->state();
        if (gpuRun) batch.gpuState = gpuRun->state();
        if (withGrid) batch.grid = run->predictionGrid(kGridSize, kGridSize);
        publish(std::move(batch));
        batch = {};
        lastFlush = Clock::now();
        if (withGrid) lastGrid = lastFlush;
    };
    flush(true); // the untrained boundary
    bool pauseAnnounced = false;
    while (!run->over()) {
        if (!m_paused.load() || m_singleSteps.load() > 0) pauseAnnounced = false;
        if (m_cancel.load()) {
            run->requestCancel();
            if (gpuRun) gpuRun->requestCancel();
        } else if (m_paused.load() && m_singleSteps.load() == 0) {
            if (!pauseAnnounced) { // the views learn the step the worker stopped at
                batch.paused = true;
                flush(true);
                pauseAnnounced = true;
            }
            std::unique_lock lock(m_mutex);
            m_wake.wait_for(lock, std::chrono::milliseconds(100));
            continue;
        } else if (m_singleSteps.load() > 0) {
            --m_singleSteps;
        }
        if (const StepRecord* r = run->step()) {
            batch.steps.push_back(*r);
            if (gpuRun) stepGpu(*run, *r, *gpuRun, batch);
            if (bf16Run)
                if (const StepRecord* b = bf16Run->step()) batch.bf16Loss.push_back({b->step, b->loss});
        }
        const auto now = Clock::now();
        const bool gridDue = now - lastGrid > std::chrono::milliseconds(500) || (m_paused.load() && m_singleSteps.load() == 0);
        if (now - lastFlush > std::chrono::milliseconds(50) || gridDue) flush(gridDue);
    }
    // A GPU run that is not over yet ends here too: its own end (a step more than the CPU's would be a
    // difference), or cancelled.
    if (gpuRun && !gpuRun->over()) {
        gpuRun->requestCancel();
        gpuRun->step();
    }
    batch.evaluation = run->evaluate();
    batch.ended = true;
    flush(true);
}

} // namespace fplab::gui
