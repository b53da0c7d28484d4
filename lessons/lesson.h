// A lesson as read from its file: front matter, then steps, each a sequence of
// narration (Markdown), experiment calls and checkpoint questions.
#pragma once

#include "lessons/local_text.h"

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace fplab::lessons {

struct Narration {
    std::string markdown; // may hold {{id.key}} placeholders filled from experiment results
    int line = 0;         // first line in the file
};

struct ExperimentCall {
    std::string id;   // unique in the lesson; what {{id.key}} and --param id.name=value refer to
    std::string name; // the experiment in the catalogue
    std::vector<std::pair<std::string, std::string>> params; // as written, in order
    int line = 0;
};

struct CheckpointOption {
    std::string text;
    std::string feedback;
    bool correct = false;
};

struct Checkpoint {
    std::string question;
    std::vector<CheckpointOption> options;
    std::string explanation; // shown once the right answer is chosen
    int line = 0;
};

using Block = std::variant<Narration, ExperimentCall, Checkpoint>;

struct Step {
    std::string title;
    std::vector<Block> blocks;
    int line = 0;
};

struct Lesson {
    std::string id;
    int order = 0;
    std::string title;
    std::string summary;
    Language language = Language::English;
    std::string file; // where it was read from, for messages
    std::vector<Step> steps;

    const ExperimentCall* findExperiment(std::string_view callId) const;
    std::vector<const ExperimentCall*> experiments() const;
};

// A problem in a lesson file, located by file and line ("03-overflow.en.md:42: ...").
struct LessonError {
    std::string file;
    int line = 0;
    std::string message;
    std::string toString() const;
};

} // namespace fplab::lessons
