// Look-ups over a parsed lesson, and error text.
#include "lessons/lesson.h"

namespace fplab::lessons {

const ExperimentCall* Lesson::findExperiment(std::string_view callId) const {
    for (const Step& step : steps)
        for (const Block& block : step.blocks)
            if (const auto* call = std::get_if<ExperimentCall>(&block); call && call->id == callId) return call;
    return nullptr;
}

std::vector<const ExperimentCall*> Lesson::experiments() const {
    std::vector<const ExperimentCall*> out;
    for (const Step& step : steps)
        for (const Block& block : step.blocks)
            if (const auto* call = std::get_if<ExperimentCall>(&block)) out.push_back(call);
    return out;
}

std::string LessonError::toString() const {
    return line > 0 ? file + ":" + std::to_string(line) + ": " + message : file + ": " + message;
}

} // namespace fplab::lessons
