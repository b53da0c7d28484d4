// fplab_bench_training_gui: a long Training run in the real window (offscreen), measuring what a
// learner feels (issue 15 items 1-3): the largest gap between two processed GUI events while the run
// goes (a 2 ms timer probes the event loop; its late ticks are the gaps), the longest switch between
// sections (as Ctrl+1 / Ctrl+5 do), and the time from Pause to the worker stopping (the run reports the
// step it stopped at). Not a test: it prints figures (docs/performance.md, "Training section").
//   fplab_bench_training_gui [--steps N] [--width W] [--mode NAME] [--pause-at STEP]
#include "app/gui/common/enum_combo.h"
#include "app/gui/training/run_charts_view.h"
#include "app/gui/training/run_controls.h"
#include "app/gui/training/training_controller.h"
#include "app/gui/training/training_form.h"
#include "app/gui/training/training_section.h"
#include "tests/gui/gui_fixture.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLineSeries>
#include <QSpinBox>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <string>

using namespace fplab::gui;

namespace {

struct Options {
    int steps = 20000;
    int width = 256;
    std::string mode = "fp16-dynamic";
    int pauseAt = 10000;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i];
        if (key == "--steps") o.steps = std::atoi(argv[i + 1]);
        else if (key == "--width") o.width = std::atoi(argv[i + 1]);
        else if (key == "--mode") o.mode = argv[i + 1];
        else if (key == "--pause-at") o.pauseAt = std::atoi(argv[i + 1]);
    }
    return o;
}

double ms(qint64 ns) { return double(ns) / 1e6; }

// CPU time of the calling thread: on a busy machine a gap in wall time may be the scheduler's (the GUI
// thread waiting for a core), the CPU time inside a gap is the GUI thread's own work.
qint64 threadCpuNs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const Options o = parse(argc, argv);
    const auto mode = fplab::training::parseModeName(o.mode);
    if (!mode) {
        std::fprintf(stderr, "unknown mode %s\n", o.mode.c_str());
        return 2;
    }
    testing::GuiHarness h;
    h.window().resize(1280, 800);
    h.window().showSection(QStringLiteral("training"));
    auto* s = h.section<TrainingSection>(QStringLiteral("training"));
    RunControls* c = s->runControls();
    selectEnum(s->form()->modeCombo(), *mode);
    s->form()->stepsSpin()->setValue(o.steps);
    s->form()->widthSpin()->setValue(o.width);

    QElapsedTimer clock;
    clock.start();
    qint64 lastTick = 0, maxGap = 0, maxGapAt = 0, maxGapCpu = 0, maxSwitch = 0, maxSwitchCpu = 0, workerDone = 0;
    qint64 lastCpu = threadCpuNs(), maxCpu = 0, maxCpuAt = 0;
    bool switching = false; // a section switch is timed on its own, not as a gap
    int switches = 0;
    QTimer probe;
    probe.setInterval(2);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed(), cpu = threadCpuNs();
        if (switching) return;
        if (lastTick > 0 && now - lastTick > maxGap) {
            maxGap = now - lastTick;
            maxGapAt = c->run().lastStep();
            maxGapCpu = cpu - lastCpu;
        }
        if (cpu - lastCpu > maxCpu) {
            maxCpu = cpu - lastCpu;
            maxCpuAt = c->run().lastStep();
        }
        lastTick = now;
        lastCpu = cpu;
        if (workerDone == 0 && c->controller()->workerSteps() >= o.steps) workerDone = now;
    });
    // Switch sections twice a second, as a learner looking elsewhere while the run goes.
    QTimer switcher;
    switcher.setInterval(500);
    QObject::connect(&switcher, &QTimer::timeout, [&] {
        switching = true;
        const qint64 t0 = clock.nsecsElapsed(), cpu0 = threadCpuNs();
        h.window().showSection(switches % 2 == 0 ? QStringLiteral("explorer") : QStringLiteral("training"));
        QApplication::processEvents(); // the switch's paint
        maxSwitch = std::max(maxSwitch, clock.nsecsElapsed() - t0);
        maxSwitchCpu = std::max(maxSwitchCpu, threadCpuNs() - cpu0);
        ++switches;
        switching = false;
        lastTick = clock.nsecsElapsed();
        lastCpu = threadCpuNs();
    });

    const auto spinUntil = [&](auto done) {
        while (!done()) {
            QApplication::processEvents(QEventLoop::AllEvents, 5);
            QThread::usleep(200);
        }
    };
    std::printf("Training run: %s, %d steps, width %d, window 1280x800 (offscreen)\n", o.mode.c_str(), o.steps,
                o.width);
    std::fflush(stdout);
    const qint64 start = clock.nsecsElapsed();
    lastTick = start;
    probe.start();
    switcher.start();
    c->startAction()->trigger();

    // Pause at about pauseAt steps: the time until the worker has stopped and the views show its step.
    spinUntil([&] { return c->controller()->workerSteps() >= o.pauseAt || c->phase() == RunPhase::Ended; });
    double pauseMs = -1;
    int overshoot = -1;
    bool consistent = false;
    if (c->phase() != RunPhase::Ended) {
        const int stepAtPause = c->controller()->workerSteps();
        const qint64 t0 = clock.nsecsElapsed();
        c->pauseAction()->trigger();
        spinUntil([&] { return c->phase() == RunPhase::Paused; });
        pauseMs = ms(clock.nsecsElapsed() - t0);
        overshoot = c->controller()->workerSteps() - stepAtPause;
        const qint64 waitUntil = clock.nsecsElapsed() + 300'000'000;
        spinUntil([&] { return clock.nsecsElapsed() >= waitUntil; }); // paused: the worker must not move
        const int stopped = c->controller()->workerSteps();
        const QLineSeries* loss = s->charts()->lossSeries();
        const QLineSeries* scale = s->charts()->scaleSeries();
        consistent = stopped == c->run().lastStep() && c->run().state.stepsDone == stopped && loss->count() > 0 &&
                     int(loss->at(loss->count() - 1).x()) == stopped &&
                     int(scale->at(scale->count() - 1).x()) == stopped;
        std::printf("  Pause to worker stopped:        %.1f ms (%d step(s) after the click; goal < 100 ms)\n"
                    "  after Pause, status, run and charts at the worker's step: %s\n",
                    pauseMs, overshoot, consistent ? "yes" : "NO");
        std::fflush(stdout);
        c->pauseAction()->trigger(); // resume
    }
    spinUntil([&] { return c->phase() == RunPhase::Ended; });
    const qint64 end = clock.nsecsElapsed();
    probe.stop();
    switcher.stop();

    std::printf("  run wall time:                  %.1f s (%d steps shown)\n", ms(end - start) / 1000.0,
                int(c->run().steps.size()));
    if (workerDone > 0)
        std::printf("  worker's last step at:          %.1f s (the views showed it %.1f s later)\n",
                    ms(workerDone - start) / 1000.0, ms(end - workerDone) / 1000.0);
    std::printf("  largest gap between GUI events (section switches timed apart): %.1f ms wall, %.1f ms of it "
                "GUI-thread CPU (at step %lld; goal < 50 ms)\n",
                ms(maxGap), ms(maxGapCpu), maxGapAt);
    std::printf("  most GUI-thread CPU between two events: %.1f ms (at step %lld)\n", ms(maxCpu), maxCpuAt);
    std::printf("  longest section switch:         %.1f ms wall, most GUI-thread CPU in one: %.1f ms (%d switches)\n",
                ms(maxSwitch), ms(maxSwitchCpu), switches);
    std::printf("  points in the loss / scale series: %lld / %lld\n", qlonglong(s->charts()->lossSeries()->count()),
                qlonglong(s->charts()->scaleSeries()->count()));
    std::printf("  machine: %d hardware threads\n", QThread::idealThreadCount());
    return 0;
}
