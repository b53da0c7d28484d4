// JSON rendering of experiment results, lesson runs, the lesson list and the experiment
// catalogue (what `fplab-cli lesson ... --json` prints). Floats carry format, bits and exact value.
#pragma once

#include "lessons/experiment_registry.h"
#include "lessons/json_writer.h"
#include "lessons/lesson_library.h"
#include "lessons/lesson_runner.h"

#include <optional>

namespace fplab::lessons {

void writeQuantityJson(JsonWriter& json, const Quantity& q, Language language);
void writeResultJson(JsonWriter& json, const ExperimentResult& result, Language language);
void writeLessonRunJson(JsonWriter& json, const LessonRun& run, Language language,
                        std::optional<std::size_t> onlyStep = std::nullopt);
void writeLessonListJson(JsonWriter& json, const LessonLibrary& library, Language language);
void writeExperimentCatalogJson(JsonWriter& json, Language language);

} // namespace fplab::lessons
