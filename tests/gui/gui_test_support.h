// Shared by the GUI tests of every section: waiting for work on a worker thread, and a section of a
// harness's window, shown.
#pragma once

#include "tests/gui/gui_fixture.h"

#include <QElapsedTimer>
#include <QString>
#include <QTest>

namespace fplab::gui::testing {

// Processes events until `done` holds (runs and experiments go on a worker thread); false on timeout.
template <class Pred>
bool waitUntil(Pred done, int timeoutMs = 30000) {
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > timeoutMs) return false;
        QTest::qWait(10);
    }
    return true;
}

// The section `id` of the harness's window as a T, made the shown section; null if it is not a T.
template <class T>
T* shownSection(GuiHarness& h, const QString& id) {
    auto* s = h.section<T>(id);
    if (s) h.window().showSection(id);
    return s;
}

} // namespace fplab::gui::testing
