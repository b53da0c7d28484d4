// The Training section's run life cycle as a state machine, and which of Start, Pause (or Resume),
// Step, Cancel and Reset make sense in each state. Qt-free: the buttons and the Training menu follow it.
#pragma once

#include <cstdint>

namespace fplab::gui {

enum class RunPhase : std::uint8_t {
    Empty,    // no run shown: the settings wait for Start
    Running,  // the worker steps
    Pausing,  // Pause (or Step) was pressed; the worker finishes the step it is in
    Paused,   // the worker waits; the views show the step it stopped at
    Stopping, // Cancel was pressed; the worker ends the run
    Ended,    // the run is over (finished, diverged, cancelled, ...) and still shown
};

struct RunActions {
    bool start = false;
    bool pause = false; // Pause while running, Resume while paused
    bool step = false;  // one step, then pause (from Empty or Ended: a new run, paused after its first step)
    bool cancel = false;
    bool reset = false; // clear the runs and charts, keep the settings
    bool operator==(const RunActions&) const = default;
};

constexpr RunActions enabledActions(RunPhase phase) {
    switch (phase) {
    case RunPhase::Empty: return {.start = true, .step = true};
    case RunPhase::Running: return {.pause = true, .cancel = true};
    case RunPhase::Pausing: return {.cancel = true};
    case RunPhase::Paused: return {.pause = true, .step = true, .cancel = true};
    case RunPhase::Stopping: return {};
    case RunPhase::Ended: return {.start = true, .step = true, .reset = true};
    }
    return {};
}

// The settings can change only when no run goes.
constexpr bool settingsEditable(RunPhase phase) { return phase == RunPhase::Empty || phase == RunPhase::Ended; }

} // namespace fplab::gui
