// Collecting a run's updates.
#include "app/gui/training/training_run_data.h"

#include <algorithm>
#include <atomic>

namespace fplab::gui {

using namespace fplab::training;

TrainingSetup setupOf(const TrainingRun& run, bool onGpu) {
    TrainingSetup s;
    s.config = run.config();
    s.data = run.dataset();
    s.trace = run.dtypeTrace();
    s.memory = run.memory();
    for (const Parameter& p : run.model().parameters()) s.parameterNames.push_back(p.name);
    if (run.policy().fp8Gemms()) s.fp8Tensors = run.model().fp8TensorNames();
    s.onGpu = onGpu;
    s.tolerance = toleranceFor(s.config.mode);
    return s;
}

void TrainingUpdate::merge(TrainingUpdate&& later) {
    steps.insert(steps.end(), std::make_move_iterator(later.steps.begin()), std::make_move_iterator(later.steps.end()));
    state = std::move(later.state);
    if (later.grid) grid = std::move(later.grid);
    if (later.evaluation) evaluation = later.evaluation;
    ended = ended || later.ended;
    paused = later.paused;
    comparisons.insert(comparisons.end(), later.comparisons.begin(), later.comparisons.end());
    gpuSteps.insert(gpuSteps.end(), std::make_move_iterator(later.gpuSteps.begin()),
                    std::make_move_iterator(later.gpuSteps.end()));
    if (later.gpuState) gpuState = std::move(later.gpuState);
    bf16Loss.insert(bf16Loss.end(), later.bf16Loss.begin(), later.bf16Loss.end());
}

void TrainingRunData::begin(TrainingSetup s) {
    static std::atomic<std::uint64_t> nextId{1};
    *this = {};
    id = nextId++;
    policy = policyFor(s.config.mode, s.config.masterWeights);
    state.totalSteps = s.config.steps;
    // Room for every step at once: growing the vector would copy every record so far on the GUI thread.
    steps.reserve(std::size_t(std::max(0, s.config.steps)));
    setup = std::move(s);
}

void TrainingRunData::apply(TrainingUpdate&& u) {
    for (const StepRecord& r : u.steps) skipped += r.skipped ? 1 : 0;
    steps.insert(steps.end(), std::make_move_iterator(u.steps.begin()), std::make_move_iterator(u.steps.end()));
    bf16Loss.insert(bf16Loss.end(), u.bf16Loss.begin(), u.bf16Loss.end());
    comparisons.insert(comparisons.end(), u.comparisons.begin(), u.comparisons.end());
    gpuSteps.insert(gpuSteps.end(), std::make_move_iterator(u.gpuSteps.begin()),
                    std::make_move_iterator(u.gpuSteps.end()));
    state = std::move(u.state);
    if (u.gpuState) gpuState = std::move(u.gpuState);
    if (u.grid) {
        grid = std::move(u.grid);
        ++gridSerial;
    }
    if (u.evaluation) evaluation = u.evaluation;
    ended = ended || u.ended;
    paused = u.paused && !ended;
}

void TrainingRunData::clear() { *this = {}; }

} // namespace fplab::gui
