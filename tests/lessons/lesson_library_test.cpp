// The shipped lessons: every file loads in both languages, the two languages agree, every
// experiment block is valid and runs, every placeholder resolves; a broken file is reported
// with its file and line while the others still load; the lessons directory is found.
#include "lesson_test_support.h"

#include "lessons/experiment_registry.h"
#include "lessons/lesson_parser.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fplab::lessons::test {
namespace {

namespace fs = std::filesystem;

const char* const kShippedIds[] = {"anatomy", "range",    "overflow",     "swamping",     "accumulation", "rounding",
                                   "memory",  "autocast", "loss-scaling", "tensor-cores", "microscaling"};

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A scratch directory under the build tree, emptied for each test.
fs::path scratchDir(const std::string& name) {
    const fs::path dir = fs::path(FPLAB_TEST_SCRATCH_DIR) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void writeFile(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

TEST(ShippedLessons, AllLoadInBothLanguagesWithoutProblems) {
    const LessonLibrary& library = shippedLibrary();
    for (const LessonError& e : library.errors()) ADD_FAILURE() << e.toString();
    for (const LessonError& e : library.warnings()) ADD_FAILURE() << "warning: " << e.toString();
    // Lessons 1-10 (later lessons may follow; they are checked by the other tests here too).
    ASSERT_GE(library.lessons().size(), std::size(kShippedIds));
    int order = 1;
    for (const char* id : kShippedIds) {
        const LessonEntry* entry = library.find(id);
        ASSERT_NE(entry, nullptr) << id;
        EXPECT_EQ(entry->order, order++);
        EXPECT_TRUE(entry->versions.count(Language::English)) << id;
        EXPECT_TRUE(entry->versions.count(Language::Chinese)) << id;
        EXPECT_EQ(library.find(std::to_string(entry->order)), entry);
    }
}

TEST(ShippedLessons, EveryExperimentBlockRunsAndEveryPlaceholderResolves) {
    for (const LessonEntry& entry : shippedLibrary().lessons())
        for (const auto& [language, lesson] : entry.versions) {
            EXPECT_FALSE(lesson.experiments().empty()) << lesson.file;
            for (const ExperimentCall* call : lesson.experiments()) {
                const ExperimentSpec* spec = findExperiment(call->name);
                ASSERT_NE(spec, nullptr) << lesson.file << ":" << call->line;
                EXPECT_TRUE(resolveParams(*spec, call->params).values) << lesson.file << ":" << call->line;
            }
            const LessonRun run = runLesson(lesson);
            for (const LessonError& e : checkRun(run)) ADD_FAILURE() << e.toString();
        }
}

TEST(ShippedLessons, ChineseVersionsAreWrittenInChinese) {
    for (const LessonEntry& entry : shippedLibrary().lessons()) {
        const Lesson& zh = entry.versions.at(Language::Chinese);
        const Lesson& en = entry.versions.at(Language::English);
        EXPECT_NE(zh.title, en.title) << zh.file;
        // CJK ideographs are three-byte UTF-8 sequences starting with 0xE4..0xE9.
        const std::string text = readFile(zh.file);
        std::size_t ideographs = 0;
        for (unsigned char c : text) ideographs += c >= 0xE4 && c <= 0xE9;
        EXPECT_GT(ideographs, 300u) << zh.file;
        // Step titles are translated, except those that are only a formula ("1 + 2^-24").
        for (std::size_t s = 0; s < en.steps.size(); ++s) {
            const std::string& title = en.steps[s].title;
            if (std::any_of(title.begin(), title.end(),
                            [](char c) { return std::isalpha(static_cast<unsigned char>(c)); })) {
                EXPECT_NE(zh.steps[s].title, title) << zh.file;
            }
        }
    }
}

TEST(ShippedLessons, ReadmeExampleLessonIsValid) {
    const std::string readme = readFile(fs::path(FPLAB_TEST_LESSONS_DIR) / ".." / "README.md");
    const std::size_t begin = readme.find("<!-- example-lesson-begin -->\n````markdown\n");
    const std::size_t end = readme.find("````\n<!-- example-lesson-end -->");
    ASSERT_NE(begin, std::string::npos);
    ASSERT_NE(end, std::string::npos);
    const std::size_t start = begin + std::string("<!-- example-lesson-begin -->\n````markdown\n").size();
    const ParsedLesson parsed = parseAndValidateLesson(readme.substr(start, end - start), "README example",
                                                       Language::English);
    for (const LessonError& e : parsed.errors) ADD_FAILURE() << e.toString();
    ASSERT_TRUE(parsed.lesson);
    EXPECT_EQ(parsed.lesson->steps.size(), 2u);
    const LessonRun run = runLesson(*parsed.lesson);
    for (const LessonError& e : checkRun(run)) ADD_FAILURE() << e.toString();
}

TEST(LessonLibrary, ABrokenFileIsReportedAndTheOthersStillLoad) {
    const fs::path dir = scratchDir("broken");
    fs::copy_file(fs::path(FPLAB_TEST_LESSONS_DIR) / "03-overflow.en.md", dir / "03-overflow.en.md");
    writeFile(dir / "50-broken.en.md", "---\nid: broken\norder: 50\ntitle: Broken\n---\n\n## Step\n\n"
                                       "```experiment sum_copies\ncount: many\n```\n");
    writeFile(dir / "51-noname.md", "---\nid: n\norder: 1\ntitle: N\n---\n## S\ntext\n");
    const LessonLibrary library = LessonLibrary::loadDirectory(dir);
    ASSERT_EQ(library.lessons().size(), 1u);
    EXPECT_EQ(library.lessons()[0].id, "overflow");
    ASSERT_EQ(library.errors().size(), 2u);
    EXPECT_EQ(library.errors()[0].file, (dir / "50-broken.en.md").string());
    EXPECT_EQ(library.errors()[0].line, 9);
    EXPECT_NE(library.errors()[0].message.find("count='many'"), std::string::npos) << library.errors()[0].message;
    EXPECT_EQ(library.errors()[1].file, (dir / "51-noname.md").string());
    EXPECT_NE(library.errors()[1].message.find(".en.md or .zh_CN.md"), std::string::npos);
    // Only an English version: loaded, with a warning about the missing translation.
    ASSERT_EQ(library.warnings().size(), 1u);
    EXPECT_NE(library.warnings()[0].message.find("no Chinese"), std::string::npos);
    // English stands in for the missing language.
    EXPECT_EQ(library.lessons()[0].in(Language::Chinese)->language, Language::English);
}

TEST(LessonLibrary, LanguageVersionsThatDisagreeAreFlagged) {
    const fs::path dir = scratchDir("mismatch");
    const std::string en = "---\nid: m\norder: 1\ntitle: M\n---\n## S\n```experiment sum_copies\ncount: 10\n```\n";
    writeFile(dir / "01-m.en.md", en);
    std::string zh = en;
    zh.replace(zh.find("count: 10"), 9, "count: 11");
    writeFile(dir / "01-m.zh_CN.md", zh);
    const LessonLibrary library = LessonLibrary::loadDirectory(dir);
    EXPECT_TRUE(library.errors().empty());
    ASSERT_EQ(library.warnings().size(), 1u);
    EXPECT_NE(library.warnings()[0].toString().find("01-m.zh_CN.md:6: the experiments of step 1 differ"),
              std::string::npos)
        << library.warnings()[0].toString();
}

TEST(LessonLibrary, FindsTheDirectoryAndHonoursTheEnvironment) {
    ::unsetenv("FPLAB_LESSONS_DIR");
    const LessonsDirectory fromSource = findLessonsDirectory({});
    ASSERT_TRUE(fromSource.path) << fromSource.error;
    EXPECT_TRUE(fs::equivalent(*fromSource.path, FPLAB_TEST_LESSONS_DIR));

    const fs::path dir = scratchDir("env");
    ::setenv("FPLAB_LESSONS_DIR", dir.c_str(), 1);
    const LessonsDirectory fromEnv = findLessonsDirectory("/nonexistent/bin/fplab");
    ASSERT_TRUE(fromEnv.path);
    EXPECT_EQ(*fromEnv.path, dir);
    ::setenv("FPLAB_LESSONS_DIR", (dir / "missing").c_str(), 1);
    const LessonsDirectory missing = findLessonsDirectory({});
    EXPECT_FALSE(missing.path);
    EXPECT_NE(missing.error.find("FPLAB_LESSONS_DIR"), std::string::npos);
    ::unsetenv("FPLAB_LESSONS_DIR");

    // Installed layout: <prefix>/bin/program and <prefix>/share/fplab/lessons.
    const fs::path prefix = scratchDir("prefix");
    fs::create_directories(prefix / "bin");
    fs::create_directories(prefix / "share" / "fplab" / "lessons");
    // A folder named lessons without lesson files (a build tree has those) is passed over.
    fs::create_directories(prefix / "bin" / "lessons");
    const LessonsDirectory empty = findLessonsDirectory(prefix / "bin" / "fplab-cli");
    ASSERT_TRUE(empty.path);
    EXPECT_TRUE(fs::equivalent(*empty.path, FPLAB_TEST_LESSONS_DIR));
    writeFile(prefix / "share" / "fplab" / "lessons" / "01-a.en.md", "");
    const LessonsDirectory installed = findLessonsDirectory(prefix / "bin" / "fplab-cli");
    ASSERT_TRUE(installed.path);
    EXPECT_TRUE(fs::equivalent(*installed.path, prefix / "share" / "fplab" / "lessons"));
}

TEST(LessonRunner, OverridesChangeTheNumbersAndBadOnesAreReported) {
    const Lesson& overflow = shippedLibrary().find("overflow")->versions.at(Language::English);
    const std::vector<ParamOverride> overrides = {{"sum", "count", "2047"}};
    const LessonRun run = runLesson(overflow, overrides);
    EXPECT_TRUE(run.errors.empty());
    EXPECT_EQ(toDouble(kFp16, run.find("sum")->result->find("stored_sum")->bits), 32752.0); // 2047 * 16 fits
    EXPECT_EQ(run.find("scaled")->params[2].second, "4096"); // other blocks keep their values

    const std::vector<ParamOverride> everywhere = {{"", "count", "8"}};
    const LessonRun all = runLesson(overflow, everywhere);
    EXPECT_EQ(all.find("scaled")->result->find("exact_sum")->real, 2.0);

    const std::vector<ParamOverride> bad = {{"", "count", "x"}, {"", "colour", "red"}, {"nope", "count", "1"}};
    const LessonRun broken = runLesson(overflow, bad);
    ASSERT_EQ(broken.errors.size(), 4u); // colour, nope, and count=x in both sum_copies blocks
    EXPECT_NE(broken.errors[0].find("has a parameter 'colour'"), std::string::npos) << broken.errors[0];
    EXPECT_NE(broken.errors[1].find("no experiment block with id 'nope'"), std::string::npos) << broken.errors[1];
    EXPECT_NE(broken.errors[2].find("count='x': 'x' is not a whole number"), std::string::npos) << broken.errors[2];
}

TEST(LessonRunner, UnknownExperimentsAndBadValuesAreClearErrors) {
    EXPECT_NE(runExperiment("no_such", {}).error.find("unknown experiment 'no_such' (known: format_fields"),
              std::string::npos);
    EXPECT_EQ(runExperiment("sum_copies", {{"count", "2000000"}}).error,
              "experiment 'sum_copies': count='2000000': must be between 1 and 1000000");
    EXPECT_NE(runExperiment("format_fields", {{"value", "1.2.3"}}).error.find("value='1.2.3'"), std::string::npos);
    EXPECT_NE(runExperiment("convert_values", {{"rounding", "sr"}})
                  .error.find("this experiment takes rne rna rtz rup rdn rto"),
              std::string::npos);
    EXPECT_NE(runExperiment("format_range", {{"formats", "fp16,int8"}}).error.find("int8"), std::string::npos);
    EXPECT_TRUE(runExperiment("format_table", {{"formats", "fp16,int8"}}).result);
}

} // namespace
} // namespace fplab::lessons::test
