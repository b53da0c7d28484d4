// Plain-text rendering of experiment results and lesson runs (what `fplab-cli lesson run` prints).
#pragma once

#include "lessons/experiment_result.h"
#include "lessons/lesson_runner.h"

#include <optional>
#include <ostream>
#include <string>

namespace fplab::lessons {

// Columns in a terminal: CJK characters take two.
std::size_t displayWidth(std::string_view utf8);

// One line per quantity, tables aligned, charts summarised (the JSON output carries every point).
void writeResultText(std::ostream& out, const ExperimentResult& result, Language language, int indent = 4);
// The results of every experiment, step by step; `onlyStep` (1-based) limits the output to one step.
void writeLessonRunText(std::ostream& out, const LessonRun& run, Language language,
                        std::optional<std::size_t> onlyStep = std::nullopt);
// The whole lesson as text: narration with live values, results, checkpoints.
void writeLessonText(std::ostream& out, const LessonRun& run, Language language,
                     std::optional<std::size_t> onlyStep = std::nullopt);

} // namespace fplab::lessons
