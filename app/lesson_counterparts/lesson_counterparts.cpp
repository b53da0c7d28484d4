#include "app/lesson_counterparts/lesson_counterparts.h"

#include "gpu/backend_choice.h"
#include "gpu/device_info.h"
#include "app/lesson_counterparts/counterpart_parts.h"

#include <algorithm>
#include <array>

namespace fplab::gpu {

namespace {

using lessons::ExperimentResult;
using lessons::ParamValues;

struct Entry {
    std::string_view experiment;
    ExperimentResult (*run)(const ParamValues&);
};

constexpr std::array<Entry, 6> kEntries{{
    {"accumulate", counterparts::accumulate},
    {"accumulate_fixes", counterparts::accumulateFixes},
    {"summation_order", counterparts::summationOrder},
    {"loss_scaling_runs", counterparts::lossScalingRuns},
    {"mma_block_steps", counterparts::mmaBlockSteps},
    {"tf32_gemm_error", counterparts::tf32GemmError},
}};

constexpr std::array<std::string_view, kEntries.size()> kNames = [] {
    std::array<std::string_view, kEntries.size()> names{};
    for (std::size_t i = 0; i < kEntries.size(); ++i) names[i] = kEntries[i].experiment;
    return names;
}();

const Entry* findEntry(std::string_view experiment) {
    const auto it = std::find_if(kEntries.begin(), kEntries.end(),
                                 [&](const Entry& e) { return e.experiment == experiment; });
    return it == kEntries.end() ? nullptr : &*it;
}

class RealGpuCounterpart final : public lessons::GpuCounterpart {
public:
    std::string unavailableReason() const override { return noGpuReason(); }
    bool hasCounterpart(std::string_view experiment) const override { return findEntry(experiment) != nullptr; }
    ExperimentResult run(std::string_view experiment, const ParamValues& params) override {
        const Entry* entry = findEntry(experiment);
        if (!entry) throw lessons::ExperimentError("no GPU counterpart");
        return entry->run(params);
    }
};

} // namespace

std::span<const std::string_view> lessonCounterpartExperiments() { return kNames; }

std::shared_ptr<lessons::GpuCounterpart> lessonGpuCounterpart() {
    static const std::shared_ptr<lessons::GpuCounterpart> instance = std::make_shared<RealGpuCounterpart>();
    return instance;
}

namespace counterparts {

lessons::Quantity deviceQuantity() {
    const DeviceInfo& d = requireDevice();
    return lessons::textQuantity("device", {"GPU", "GPU"}, lessons::LocalText(d.name + " (" + d.archName() + ")"));
}

} // namespace counterparts

} // namespace fplab::gpu
