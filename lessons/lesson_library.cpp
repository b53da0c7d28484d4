// Loading the lesson directory: parse and check each file, group the languages, find the directory.
#include "lessons/lesson_library.h"

#include "lessons/lesson_parser.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

#ifndef FPLAB_LESSONS_SOURCE_DIR
#define FPLAB_LESSONS_SOURCE_DIR ""
#endif

namespace fplab::lessons {

namespace fs = std::filesystem;

const Lesson* LessonEntry::in(Language language) const {
    if (auto it = versions.find(language); it != versions.end()) return &it->second;
    if (auto it = versions.find(Language::English); it != versions.end()) return &it->second;
    return versions.empty() ? nullptr : &versions.begin()->second;
}

std::optional<Language> languageOfFileName(const fs::path& file) {
    const std::string name = file.filename().string();
    if (name.size() < 3 || name.substr(name.size() - 3) != ".md") return std::nullopt;
    const std::string stem = name.substr(0, name.size() - 3);
    const std::size_t dot = stem.rfind('.');
    if (dot == std::string::npos) return std::nullopt;
    const std::string code = stem.substr(dot + 1);
    if (code == "en") return Language::English;
    if (code == "zh_CN") return Language::Chinese;
    return std::nullopt;
}

LessonLibrary LessonLibrary::loadDirectory(const fs::path& dir) {
    LessonLibrary library;
    std::error_code ec;
    std::vector<fs::path> files;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".md") files.push_back(it->path());
    if (ec) {
        library.m_errors.push_back({dir.string(), 0, "cannot read the lessons directory: " + ec.message()});
        return library;
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) library.addFile(f);
    library.finish();
    return library;
}

LessonLibrary LessonLibrary::loadFiles(const std::vector<fs::path>& files) {
    LessonLibrary library;
    for (const fs::path& f : files) library.addFile(f);
    library.finish();
    return library;
}

void LessonLibrary::addFile(const fs::path& file) {
    const std::string name = file.string();
    const std::optional<Language> language = languageOfFileName(file);
    if (!language) {
        m_errors.push_back({name, 0, "a lesson file name ends in .en.md or .zh_CN.md"});
        return;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        m_errors.push_back({name, 0, "cannot open the file"});
        return;
    }
    std::ostringstream text;
    text << in.rdbuf();
    ParsedLesson parsed = parseAndValidateLesson(text.str(), name, *language);
    if (!parsed.lesson) {
        m_errors.insert(m_errors.end(), parsed.errors.begin(), parsed.errors.end());
        return;
    }
    Lesson& lesson = *parsed.lesson;
    auto entry = std::find_if(m_lessons.begin(), m_lessons.end(),
                              [&](const LessonEntry& e) { return e.id == lesson.id; });
    if (entry == m_lessons.end()) {
        m_lessons.push_back({lesson.id, lesson.order, {}});
        entry = m_lessons.end() - 1;
    }
    if (auto clash = entry->versions.find(*language); clash != entry->versions.end()) {
        m_errors.push_back({name, 1, "lesson id '" + lesson.id + "' is already used by " + clash->second.file});
        return;
    }
    if (*language == Language::English) entry->order = lesson.order;
    entry->versions.emplace(*language, std::move(lesson));
}

namespace {

// What must agree between the language versions of a lesson: the steps and the experiment calls.
void compareVersions(const Lesson& english, const Lesson& other, std::vector<LessonError>& warnings) {
    if (english.order != other.order)
        warnings.push_back({other.file, 1,
                            "order " + std::to_string(other.order) + " differs from " + english.file + " (" +
                                std::to_string(english.order) + ")"});
    if (english.steps.size() != other.steps.size()) {
        warnings.push_back({other.file, 1,
                            std::to_string(other.steps.size()) + " steps, but " + english.file + " has " +
                                std::to_string(english.steps.size())});
        return;
    }
    for (std::size_t s = 0; s < english.steps.size(); ++s) {
        std::vector<const ExperimentCall*> a, b;
        for (const Block& block : english.steps[s].blocks)
            if (auto* c = std::get_if<ExperimentCall>(&block)) a.push_back(c);
        for (const Block& block : other.steps[s].blocks)
            if (auto* c = std::get_if<ExperimentCall>(&block)) b.push_back(c);
        bool same = a.size() == b.size();
        for (std::size_t k = 0; same && k < a.size(); ++k) {
            auto pa = a[k]->params, pb = b[k]->params;
            std::sort(pa.begin(), pa.end());
            std::sort(pb.begin(), pb.end());
            same = a[k]->id == b[k]->id && a[k]->name == b[k]->name && pa == pb;
        }
        if (!same)
            warnings.push_back({other.file, other.steps[s].line,
                                "the experiments of step " + std::to_string(s + 1) + " differ from " + english.file});
    }
}

} // namespace

void LessonLibrary::finish() {
    for (const LessonEntry& entry : m_lessons) {
        const auto en = entry.versions.find(Language::English);
        for (const auto& [language, lesson] : entry.versions) {
            if (en == entry.versions.end()) {
                m_warnings.push_back({lesson.file, 1, "lesson '" + entry.id + "' has no English version"});
                break;
            }
            if (language != Language::English) compareVersions(en->second, lesson, m_warnings);
        }
        if (!entry.versions.count(Language::Chinese) && en != entry.versions.end())
            m_warnings.push_back({en->second.file, 1, "lesson '" + entry.id + "' has no Chinese (zh_CN) version"});
    }
    std::stable_sort(m_lessons.begin(), m_lessons.end(),
                     [](const LessonEntry& a, const LessonEntry& b) { return a.order < b.order; });
}

const LessonEntry* LessonLibrary::find(std::string_view idOrOrder) const {
    for (const LessonEntry& e : m_lessons)
        if (e.id == idOrOrder || std::to_string(e.order) == idOrOrder) return &e;
    // "03" for lesson 3
    if (!idOrOrder.empty() &&
        std::all_of(idOrOrder.begin(), idOrOrder.end(), [](char c) { return c >= '0' && c <= '9'; }))
        for (const LessonEntry& e : m_lessons)
            if (e.order == std::atoi(std::string(idOrOrder).c_str())) return &e;
    return nullptr;
}

fs::path currentExecutable() {
    std::error_code ec;
    fs::path p = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : p;
}

std::vector<fs::path> lessonSearchPath(const fs::path& executable) {
    std::vector<fs::path> out;
    if (const char* env = std::getenv("FPLAB_LESSONS_DIR"); env && *env) out.emplace_back(env);
    if (!executable.empty()) {
        const fs::path dir = executable.parent_path();
        out.push_back(dir / ".." / "share" / "fplab" / "lessons");
        out.push_back(dir / "lessons");
    }
    if (*FPLAB_LESSONS_SOURCE_DIR) out.emplace_back(FPLAB_LESSONS_SOURCE_DIR);
    return out;
}

LessonsDirectory findLessonsDirectory(const fs::path& executable) {
    std::error_code ec;
    if (const char* env = std::getenv("FPLAB_LESSONS_DIR"); env && *env) {
        if (fs::is_directory(env, ec)) return {fs::path(env), {}};
        return {std::nullopt, std::string("FPLAB_LESSONS_DIR is set to '") + env + "', which is not a directory"};
    }
    // A candidate counts only if it holds lesson files: a build tree has unrelated "lessons" folders.
    const auto holdsLessons = [&](const fs::path& dir) {
        if (!fs::is_directory(dir, ec)) return false;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
            if (languageOfFileName(it->path())) return true;
        return false;
    };
    std::string tried;
    for (const fs::path& candidate : lessonSearchPath(executable)) {
        if (holdsLessons(candidate)) return {candidate.lexically_normal(), {}};
        tried += (tried.empty() ? "" : ", ") + candidate.lexically_normal().string();
    }
    return {std::nullopt, "no lessons directory found (tried: " + tried + "); set FPLAB_LESSONS_DIR"};
}

} // namespace fplab::lessons
