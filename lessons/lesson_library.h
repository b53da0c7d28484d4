// All lessons in a directory, in both languages; and where that directory is found
// (FPLAB_LESSONS_DIR, next to the installed program, or the source tree).
#pragma once

#include "lessons/lesson.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::lessons {

// One lesson in every language it was written in.
struct LessonEntry {
    std::string id;
    int order = 0;
    std::map<Language, Lesson> versions;

    // The version in `language`, or the English one when that language is missing.
    const Lesson* in(Language language) const;
};

class LessonLibrary {
public:
    // Reads every "<name>.<lang>.md" file in dir. A file that fails to load is reported in
    // errors() and skipped; the others load.
    static LessonLibrary loadDirectory(const std::filesystem::path& dir);
    // Reads the given files (lesson check).
    static LessonLibrary loadFiles(const std::vector<std::filesystem::path>& files);

    const std::vector<LessonEntry>& lessons() const { return m_lessons; }
    // By id ("overflow") or by order number ("3").
    const LessonEntry* find(std::string_view idOrOrder) const;
    const std::vector<LessonError>& errors() const { return m_errors; }
    // Loaded, but inconsistent: a language version whose steps or experiments differ from the English one.
    const std::vector<LessonError>& warnings() const { return m_warnings; }

private:
    void addFile(const std::filesystem::path& file);
    void finish();

    std::vector<LessonEntry> m_lessons;
    std::vector<LessonError> m_errors;
    std::vector<LessonError> m_warnings;
};

// The language of a lesson file from its name: "03-overflow.zh_CN.md" -> Chinese.
std::optional<Language> languageOfFileName(const std::filesystem::path& file);

// The places searched for lessons, in order: $FPLAB_LESSONS_DIR; <exe dir>/../share/fplab/lessons;
// <exe dir>/lessons; the source tree's lessons/content.
std::vector<std::filesystem::path> lessonSearchPath(const std::filesystem::path& executable);
// The first of those that holds lesson files (*.en.md, *.zh_CN.md); when FPLAB_LESSONS_DIR is set
// it is the only candidate (and may be empty).
struct LessonsDirectory {
    std::optional<std::filesystem::path> path;
    std::string error; // why none was found, listing the places tried
};
LessonsDirectory findLessonsDirectory(const std::filesystem::path& executable);
// This process's executable (from /proc/self/exe on Linux; empty where unknown).
std::filesystem::path currentExecutable();

} // namespace fplab::lessons
