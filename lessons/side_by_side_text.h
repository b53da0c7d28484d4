// Plain-text rendering of CPU-emulated and GPU results side by side (`fplab-cli lesson run --backend gpu`).
#pragma once

#include "lessons/gpu_counterpart.h"
#include "lessons/side_by_side.h"

#include <optional>
#include <ostream>
#include <string>

namespace fplab::lessons {

// One line per quantity: label | CPU | GPU | same / DIFFERS / CPU only / GPU only; under a differing
// encoding, both bit strings with '^' under the bits that differ. Then the GPU's own tables and notes.
void writeSideBySideText(std::ostream& out, const SideBySide& sides, Language language, int indent = 4);

// The lesson run step by step: blocks with a GPU side side by side, the others (and blocks whose GPU side
// could not run, with the reason) as `lesson run` prints them. `gpuReason` empty: a GPU was used.
void writeLessonRunSideBySide(std::ostream& out, const LessonRun& run,
                              const std::map<std::string, GpuSide, std::less<>>& gpu, const std::string& gpuReason,
                              Language language, std::optional<std::size_t> onlyStep = std::nullopt);

} // namespace fplab::lessons
