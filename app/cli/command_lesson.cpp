// `fplab-cli lesson`: list the guided lessons, run their experiments (the numbers the
// app's Lessons panel shows), print a lesson as text, list experiments, check lesson files.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/option_table.h"
#include "app/lesson_counterparts/lesson_counterparts.h"
#include "lessons/experiment_registry.h"
#include "lessons/lesson_library.h"
#include "lessons/lesson_runner.h"
#include "lessons/result_json.h"
#include "lessons/result_text.h"
#include "lessons/side_by_side_text.h"

#include <charconv>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

using namespace fplab::lessons;

struct Options {
    std::string action;
    std::vector<std::string> positional;
    std::vector<ParamOverride> overrides;
    std::optional<std::size_t> step;
    Language language = Language::English;
    bool json = false;
    bool gpu = false; // --backend gpu
    std::string dir;
};

OptionTable lessonOptions(Options& o) {
    OptionTable t;
    t.command = "lesson";
    t.operands = "list|run|show|experiments|check [ID | FILE...]";
    t.description = "  list           the lessons\n"
                    "  run ID         run the lesson's experiments and print their results\n"
                    "  show ID        print the lesson as text\n"
                    "  experiments    the experiments lessons can call, with their parameters\n"
                    "  check FILE...  parse lesson files and run them: errors and warnings\n"
                    "\n"
                    "ID is a lesson id (overflow) or its number (3).\n"
                    "Lessons are read from $FPLAB_LESSONS_DIR, <prefix>/share/fplab/lessons or the source tree;\n"
                    "--dir overrides. The file format is described in lessons/README.md.\n";
    t.options = {
        {"--param", "NAME=VALUE",
         "run, show: --param count=10 changes a parameter in every experiment of the\n"
         "lesson that has it; --param sum.count=10 only in the experiment block with\n"
         "id 'sum'; may be repeated",
         [&o](std::string_view value, std::string& error) {
             std::string why;
             const std::optional<ParamOverride> p = parseOverride(value, why);
             if (p) o.overrides.push_back(*p);
             else error = "--param " + why;
             return p.has_value();
         }},
        {"--step", "N", "run, show: only step N (1, 2, ...)",
         [&o](std::string_view value, std::string& error) {
             std::size_t step = 0;
             const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), step);
             if (ec != std::errc{} || ptr != value.data() + value.size() || step == 0) {
                 error = "--step " + quoted(value) + " is not a step number (1, 2, ...)";
                 return false;
             }
             o.step = step;
             return true;
         }},
        {"--lang", "L", "en (default) or zh_CN", setNamed(o.language, parseLanguage, "language", "known: en zh_CN")},
        {"--json", "", "list, run, experiments: JSON instead of text", setFlag(o.json)},
        {"--dir", "DIR", "read the lessons from DIR", setText(o.dir)},
        {"--backend", "cpu|gpu",
         "run (text only): gpu runs the GPU counterpart of each experiment that has one\n"
         "and prints it beside the CPU emulation, differing results and bits marked.\n"
         "Exit code 4 when there is no usable GPU (the reason and the CPU results are\n"
         "printed) or a GPU side failed; differences are not errors",
         [&o](std::string_view value, std::string& error) {
             if (value != "cpu" && value != "gpu") error = "unknown backend " + quoted(value) + " (known: cpu gpu)";
             o.gpu = value == "gpu";
             return error.empty();
         }},
    };
    t.positional = [&o](std::string_view word, std::string&) {
        if (o.action.empty()) o.action = std::string(word);
        else o.positional.emplace_back(word);
        return true;
    };
    return t;
}

std::vector<OptionTable> lessonOptionTables() {
    static Options unused;
    return {lessonOptions(unused)};
}

void printProblems(std::ostream& err, const LessonLibrary& library) {
    for (const LessonError& e : library.errors()) err << "error: " << e.toString() << "\n";
    for (const LessonError& e : library.warnings()) err << "warning: " << e.toString() << "\n";
}

std::optional<LessonLibrary> loadLibrary(const Options& o, CommandIo io) {
    std::filesystem::path dir = o.dir;
    if (dir.empty()) {
        const LessonsDirectory found = findLessonsDirectory(currentExecutable());
        if (!found.path) {
            io.err << "fplab-cli lesson: " << found.error << "\n";
            return std::nullopt;
        }
        dir = *found.path;
    } else if (!std::filesystem::is_directory(dir)) {
        io.err << "fplab-cli lesson: --dir " << quoted(o.dir) << " is not a directory\n";
        return std::nullopt;
    }
    return LessonLibrary::loadDirectory(dir);
}

int listLessons(const Options& o, CommandIo io) {
    const std::optional<LessonLibrary> library = loadLibrary(o, io);
    if (!library) return kExitBadInput;
    if (o.json) {
        JsonWriter json(io.out);
        writeLessonListJson(json, *library, o.language);
    } else {
        for (const LessonEntry& entry : library->lessons()) {
            const Lesson* lesson = entry.in(o.language);
            std::string languages;
            for (const auto& [language, version] : entry.versions)
                languages += (languages.empty() ? "" : " ") + std::string(languageCode(language));
            io.out << entry.order << "  " << entry.id << "  " << lesson->title << "  (" << lesson->steps.size()
                   << (o.language == Language::Chinese ? " 步；" : " steps; ") << languages << ")\n";
            if (!lesson->summary.empty()) io.out << "     " << lesson->summary << "\n";
        }
    }
    printProblems(io.err, *library);
    return library->errors().empty() ? kExitOk : kExitBadInput;
}

// `lesson run --backend gpu`: the CPU run beside each GPU counterpart.
int runSideBySide(const Options& o, const LessonRun& run, CommandIo io) {
    lessons::GpuCounterpart& counterpart = *gpu::lessonGpuCounterpart();
    const std::string reason = counterpart.unavailableReason();
    const auto sides = reason.empty() ? runGpuSides(run, counterpart, o.step)
                                      : std::map<std::string, GpuSide, std::less<>>{};
    writeLessonRunSideBySide(io.out, run, sides, reason, o.language, o.step);
    for (const std::string& e : run.errors) io.err << "error: " << e << "\n";
    if (!run.errors.empty()) return kExitBadInput;
    if (!reason.empty()) {
        io.err << "fplab-cli lesson: --backend gpu: " << reason << "\n";
        return kExitNoGpu;
    }
    for (const auto& [id, side] : sides)
        if (!side.result && !side.refused) return kExitNoGpu;
    return kExitOk;
}

int runOrShow(const Options& o, CommandIo io, bool show) {
    if (o.gpu && (show || o.json)) {
        io.err << "fplab-cli lesson: --backend gpu goes with 'lesson run' and text output (not show, not --json)\n";
        return kExitUsage;
    }
    if (o.positional.size() != 1) {
        io.err << "fplab-cli lesson " << o.action << ": give one lesson id or number (see 'fplab-cli lesson list')\n";
        return kExitUsage;
    }
    const std::optional<LessonLibrary> library = loadLibrary(o, io);
    if (!library) return kExitBadInput;
    const LessonEntry* entry = library->find(o.positional[0]);
    if (!entry) {
        io.err << "fplab-cli lesson: no lesson " << quoted(o.positional[0]) << " (see 'fplab-cli lesson list')\n";
        printProblems(io.err, *library);
        return kExitBadInput;
    }
    const Lesson& lesson = *entry->in(o.language);
    if (o.step && *o.step > lesson.steps.size()) {
        io.err << "fplab-cli lesson: lesson '" << lesson.id << "' has " << lesson.steps.size() << " steps, not "
               << *o.step << "\n";
        return kExitUsage;
    }
    const LessonRun run = runLesson(lesson, o.overrides);
    if (!show && o.gpu) return runSideBySide(o, run, io);
    if (show) writeLessonText(io.out, run, o.language, o.step);
    else if (o.json) {
        JsonWriter json(io.out);
        writeLessonRunJson(json, run, o.language, o.step);
    } else writeLessonRunText(io.out, run, o.language, o.step);
    for (const std::string& e : run.errors) io.err << "error: " << e << "\n";
    return run.errors.empty() ? kExitOk : kExitBadInput;
}

int listExperiments(const Options& o, CommandIo io) {
    if (o.json) {
        JsonWriter json(io.out);
        writeExperimentCatalogJson(json, o.language);
        return kExitOk;
    }
    for (const ExperimentSpec& spec : experimentCatalog()) {
        io.out << spec.name << " - " << spec.title.in(o.language) << "\n    " << spec.summary.in(o.language) << "\n";
        for (const ParamSpec& p : spec.params) {
            io.out << "    " << p.name << " (" << paramKindName(p.kind);
            if (p.kind == ParamKind::Integer) io.out << " " << p.minimum << ".." << p.maximum;
            if (!p.choices.empty()) {
                io.out << ":";
                for (const std::string& c : p.choices) io.out << " " << c;
            }
            io.out << ", default " << p.defaultValue << "): " << p.help.in(o.language) << "\n";
        }
    }
    return kExitOk;
}

int checkFiles(const Options& o, CommandIo io) {
    if (o.positional.empty()) {
        io.err << "fplab-cli lesson check: give one or more lesson files\n";
        return kExitUsage;
    }
    std::vector<std::filesystem::path> files(o.positional.begin(), o.positional.end());
    const LessonLibrary library = LessonLibrary::loadFiles(files);
    bool failed = !library.errors().empty();
    for (const LessonError& e : library.errors()) io.err << "error: " << e.toString() << "\n";
    // Run what loaded: failing experiments and placeholders naming unknown results show up only here.
    for (const LessonEntry& entry : library.lessons())
        for (const auto& [language, lesson] : entry.versions) {
            const std::vector<LessonError> problems = checkRun(runLesson(lesson));
            for (const LessonError& e : problems) io.err << "error: " << e.toString() << "\n";
            if (problems.empty())
                io.out << lesson.file << ": ok (" << lesson.steps.size() << " steps, " << lesson.experiments().size()
                       << " experiments)\n";
            failed |= !problems.empty();
        }
    for (const LessonError& e : library.warnings()) io.err << "warning: " << e.toString() << "\n";
    return failed ? kExitBadInput : kExitOk;
}

int runLessonCommand(std::span<const std::string_view> args, CommandIo io) {
    Options o;
    const OptionTable table = lessonOptions(o);
    if (const std::optional<int> code = parseOptions(table, args, io)) return *code;
    if (o.action.empty()) {
        io.err << helpText(table);
        return kExitUsage;
    }
    if (o.action == "list") return listLessons(o, io);
    if (o.action == "run") return runOrShow(o, io, false);
    if (o.action == "show") return runOrShow(o, io, true);
    if (o.action == "experiments") return listExperiments(o, io);
    if (o.action == "check") return checkFiles(o, io);
    io.err << "fplab-cli lesson: unknown action " << quoted(o.action) << " (list run show experiments check)\n";
    return kExitUsage;
}

} // namespace

FPLAB_CLI_COMMAND("lesson", "guided lessons: list, run their experiments, show, check lesson files", runLessonCommand,
                  lessonOptionTables);

} // namespace fplab::cli
