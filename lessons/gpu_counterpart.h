// The GPU counterpart of an experiment: the same computation run on real hardware, returned in the
// same ExperimentResult form (same keys for the same numbers) so that the two can be put side by side.
// lessons/ only declares the interface; app/lesson_counterparts/ implements it over gpu/, and tests
// implement it with fakes. lessons/ never depends on gpu/.
#pragma once

#include "lessons/experiment_registry.h"
#include "lessons/lesson_runner.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace fplab::lessons {

class GpuCounterpart {
public:
    virtual ~GpuCounterpart() = default;
    // Empty when a GPU can run the counterparts here; otherwise one line saying why not
    // ("FP Lab was built without CUDA", "no GPU: ...").
    virtual std::string unavailableReason() const = 0;
    bool available() const { return unavailableReason().empty(); }
    // Whether the experiment has a GPU counterpart at all (whether or not a GPU is present).
    virtual bool hasCounterpart(std::string_view experiment) const = 0;
    // Runs the counterpart on checked parameters. Numbers the CPU side also computes use its keys; a
    // counterpart that cannot run these parameters throws ExperimentError saying why. Other
    // exceptions (a failed CUDA call) are reported as failures.
    virtual ExperimentResult run(std::string_view experiment, const ParamValues& params) = 0;
};

// The GPU side of one experiment run.
struct GpuSide {
    std::optional<ExperimentResult> result;
    std::string error; // why there is none: no GPU (the reason), parameters the GPU side cannot run, a failure
    // The GPU side declined these parameters (bad or unsupported there, e.g. a format its kernel lacks),
    // as opposed to no GPU or a failure on it.
    bool refused = false;
};

// Resolves the parameters as the CPU side does and runs the counterpart; never throws.
GpuSide runCounterpart(GpuCounterpart& counterpart, std::string_view experiment, const ParamList& given);

// Runs the counterpart of every block of `run` that has one (only those of step `onlyStep`, 1-based,
// when given), keyed by block id. Blocks whose CPU side failed are skipped.
std::map<std::string, GpuSide, std::less<>> runGpuSides(const LessonRun& run, GpuCounterpart& counterpart,
                                                        std::optional<std::size_t> onlyStep = std::nullopt);

} // namespace fplab::lessons
