#include "lessons/gpu_counterpart.h"

#include <exception>

namespace fplab::lessons {

GpuSide runCounterpart(GpuCounterpart& counterpart, std::string_view experiment, const ParamList& given) {
    const ExperimentSpec* spec = findExperiment(experiment);
    if (!spec) return {std::nullopt, "unknown experiment '" + std::string(experiment) + "'", true};
    if (!counterpart.hasCounterpart(experiment))
        return {std::nullopt, "experiment '" + spec->name + "' has no GPU counterpart", true};
    if (std::string reason = counterpart.unavailableReason(); !reason.empty()) return {std::nullopt, reason, false};
    ResolvedParams resolved = resolveParams(*spec, given);
    if (!resolved.values) return {std::nullopt, resolved.error, true};
    try {
        return {counterpart.run(experiment, *resolved.values), {}, false};
    } catch (const ExperimentError& e) {
        return {std::nullopt, e.what(), true};
    } catch (const std::exception& e) {
        return {std::nullopt, std::string("failed: ") + e.what(), false};
    }
}

std::map<std::string, GpuSide, std::less<>> runGpuSides(const LessonRun& run, GpuCounterpart& counterpart,
                                                        std::optional<std::size_t> onlyStep) {
    std::map<std::string, GpuSide, std::less<>> sides;
    for (std::size_t s = 0; s < run.steps.size(); ++s) {
        if (onlyStep && *onlyStep != s + 1) continue;
        for (const ExperimentRun& e : run.steps[s].experiments) {
            if (!e.call || !e.result || !counterpart.hasCounterpart(e.call->name)) continue;
            sides[e.call->id] = runCounterpart(counterpart, e.call->name, e.params);
        }
    }
    return sides;
}

} // namespace fplab::lessons
