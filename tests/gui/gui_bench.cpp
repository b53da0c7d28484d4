// fplab_gui_bench: how long one edit takes to reach every view, measured on the real widgets.
// "Update" is the synchronous path (parse, every table row, details, bit editor, the visible
// chart); "update + repaint" adds painting the whole 1280x800 window.
#include "app/gui/arithmetic/arithmetic_section.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/explorer_state.h"
#include "gui_fixture.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTabWidget>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <functional>
#include <vector>

namespace {

// Wall time, and the CPU time of this thread: on a shared machine the second is not inflated
// by other processes waiting for the same cores.
struct Stats {
    double median, p95, cpuMedian, cpuP95;
};

double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

Stats measure(int runs, const std::function<void(int)>& step) {
    std::vector<double> wall, cpu;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        const double c0 = threadCpuMs();
        t.start();
        step(i);
        wall.push_back(t.nsecsElapsed() / 1e6);
        cpu.push_back(threadCpuMs() - c0);
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    const std::size_t p95 = std::size_t(double(runs) * 0.95);
    return {wall[wall.size() / 2], wall[p95], cpu[cpu.size() / 2], cpu[p95]};
}

void report(const char* what, const Stats& s) {
    std::printf("%-66s wall median %6.2f p95 %6.2f ms | cpu median %6.2f p95 %6.2f ms\n", what, s.median, s.p95,
                s.cpuMedian, s.cpuP95);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int runs = argc > 1 ? std::max(10, std::atoi(argv[1])) : 200;
    fplab::gui::testing::GuiHarness harness;
    auto& window = harness.window();
    auto* explorer = harness.section<fplab::gui::ExplorerSection>(QStringLiteral("explorer"));
    auto* state = explorer->state();
    const QStringList inputs = {QStringLiteral("0.1"),     QStringLiteral("65504"),   QStringLiteral("1e-6"),
                                QStringLiteral("3.14159"), QStringLiteral("-2.5e-3"), QStringLiteral("1e-8"),
                                QStringLiteral("448"),     QStringLiteral("0.333333")};
    window.showSection(QStringLiteral("explorer"));
    const char* tabNames[] = {"table", "range chart", "neighbours chart", "spacing chart"};
    for (const QString& format : {QStringLiteral("fp16"), QStringLiteral("fp64")}) {
        state->setFormat(format);
        for (int tab = 0; tab < 4; ++tab) {
            explorer->tabs()->setCurrentIndex(tab);
            QApplication::processEvents();
            char label[160];
            std::snprintf(label, sizeof label, "Explorer %s, %s tab: typed value, update", qPrintable(format),
                          tabNames[tab]);
            report(label, measure(runs, [&](int i) { state->setText(inputs[i % inputs.size()]); }));
            std::snprintf(label, sizeof label, "Explorer %s, %s tab: typed value, update + repaint", qPrintable(format),
                          tabNames[tab]);
            report(label, measure(runs, [&](int i) {
                       state->setText(inputs[i % inputs.size()]);
                       window.repaint();
                   }));
            std::snprintf(label, sizeof label, "Explorer %s, %s tab: bit flip, update + repaint", qPrintable(format),
                          tabNames[tab]);
            report(label, measure(runs, [&](int i) {
                       state->setBits(state->bits() ^ (std::uint64_t{1} << (i % 8)));
                       window.repaint();
                   }));
        }
    }
    explorer->tabs()->setCurrentIndex(0);

    auto* arith = harness.section<fplab::gui::ArithmeticSection>(QStringLiteral("arithmetic"));
    window.showSection(QStringLiteral("arithmetic"));
    arith->setFormatName(QStringLiteral("fp16"));
    arith->setOperation(fplab::Operation::Add);
    QApplication::processEvents();
    report("Arithmetic fp16 add: operand edit, update + repaint", measure(runs, [&](int i) {
               arith->setOperandText(1, inputs[i % inputs.size()]);
               window.repaint();
           }));
    arith->setRounding(fplab::RoundingMode::Stochastic);
    report("Arithmetic fp16 add, stochastic (10000 draws): edit, update + repaint", measure(runs / 4, [&](int i) {
               arith->setOperandText(1, inputs[i % inputs.size()]);
               window.repaint();
           }));
    arith->setRounding(fplab::RoundingMode::NearestEven);
    report("Arithmetic: next step, update + repaint", measure(runs, [&](int i) {
               arith->goToStep(i % 8);
               window.repaint();
           }));
    return 0;
}
