// Reads the lesson file format (documented in lessons/README.md) into a Lesson,
// collecting every problem with its line instead of stopping at the first.
#pragma once

#include "lessons/lesson.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::lessons {

struct ParsedLesson {
    std::optional<Lesson> lesson; // set only when there are no errors
    std::vector<LessonError> errors;
};

// Syntax only: front matter, steps, fenced experiment and checkpoint blocks.
ParsedLesson parseLesson(std::string_view text, const std::string& fileName, Language language);

// Meaning: every experiment exists and its parameters are valid, every {{id.key}} names an
// experiment block of the lesson. Returns the problems (empty when the lesson is sound).
std::vector<LessonError> validateLesson(const Lesson& lesson);

// Both together.
ParsedLesson parseAndValidateLesson(std::string_view text, const std::string& fileName, Language language);

// A placeholder found in narration or checkpoint text: {{id.key}} or {{id.key:view}}.
struct Placeholder {
    std::size_t begin = 0; // offset of "{{"
    std::size_t end = 0;   // offset just past "}}"
    std::string id;
    std::string key;
    std::string view;
    std::string error; // set when the text between the braces is not id.key[:view]
};
std::vector<Placeholder> findPlaceholders(std::string_view text);

} // namespace fplab::lessons
