// Progress and cancellation for the GPU Lab's jobs: plain C++ (no Qt), so the jobs can run on the
// worker thread, on the GUI thread for screenshots, or in a test without an event loop.
#pragma once

#include <functional>
#include <stdexcept>

namespace fplab::gui {

// Thrown by a job that notices it was cancelled.
class JobCancelled final : public std::runtime_error {
public:
    JobCancelled();
};

struct JobControl {
    std::function<void(double)> progress; // fraction done, 0 to 1
    std::function<bool()> cancelled;

    void report(double fraction) const;
    bool isCancelled() const;
    // Throws JobCancelled when the job should stop.
    void checkCancelled() const;
};

} // namespace fplab::gui
