// Runs the experiments of a lesson (the headless runner behind `fplab-cli lesson run`,
// the tests and the app), with parameter overrides, and fills narration placeholders.
#pragma once

#include "lessons/experiment_registry.h"
#include "lessons/lesson.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::lessons {

// "--param count=10" sets count in every experiment of the lesson that has it;
// "--param sum.count=10" only in the block with id "sum".
struct ParamOverride {
    std::string target;
    std::string name;
    std::string value;
};
std::optional<ParamOverride> parseOverride(std::string_view text, std::string& error);

struct ExperimentRun {
    const ExperimentCall* call = nullptr;
    ParamList params; // every parameter of the experiment as it ran (defaults included), in declared order
    std::optional<ExperimentResult> result;
    std::string error;
};

struct StepRun {
    const Step* step = nullptr;
    std::vector<ExperimentRun> experiments;
};

struct LessonRun {
    const Lesson* lesson = nullptr;
    std::vector<StepRun> steps;
    std::vector<std::string> errors; // overrides that match nothing, experiments that failed

    const ExperimentRun* find(std::string_view callId) const;
};

// The parameters of one block with the overrides that apply to it.
ParamList effectiveParams(const ExperimentCall& call, std::span<const ParamOverride> overrides);
ExperimentRun runCall(const ExperimentCall& call, const ParamList& params);
LessonRun runLesson(const Lesson& lesson, std::span<const ParamOverride> overrides = {});

// Replaces every {{id.key[:view]}} with the value from the run. A placeholder that cannot be
// filled stays visible as "{{id.key?}}" and is listed in `missing`.
std::string fillPlaceholders(std::string_view text, const LessonRun& run, Language language,
                             std::vector<std::string>* missing = nullptr);

// Problems only a run shows: experiments that failed, and placeholders naming a key the
// experiment does not produce. Located by file and line.
std::vector<LessonError> checkRun(const LessonRun& run);

} // namespace fplab::lessons
