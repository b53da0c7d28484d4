// Wording a learner trips on (issue 15 item 6), pinned on the shipped lessons in both languages:
// the sources named, not "the seed notes"; "flushed" kept for flush-to-zero, which a value rounding
// to zero is not; FP64's 0.1 shown with its every digit.
#include "lesson_test_support.h"

#include "lessons/lesson_runner.h"

#include <gtest/gtest.h>

#include <variant>

namespace fplab::lessons::test {
namespace {

// Every text of a lesson run a learner reads: the narration as filled, and each experiment's
// quantity labels, table titles and columns, chart titles and series names.
std::vector<std::string> textsOf(const std::string& id, Language language) {
    std::vector<std::string> out;
    const LessonRun& run = shippedRun(id, language);
    for (const StepRun& step : run.steps) {
        for (const Block& block : step.step->blocks)
            if (const auto* n = std::get_if<Narration>(&block))
                out.push_back(fillPlaceholders(n->markdown, run, language));
        for (const ExperimentRun& e : step.experiments) {
            if (!e.result) continue;
            for (const Quantity& q : e.result->quantities) out.push_back(q.label.in(language));
            for (const ResultTable& t : e.result->tables) {
                out.push_back(t.title.in(language));
                for (const LocalText& c : t.columns) out.push_back(c.in(language));
            }
            for (const Chart& c : e.result->charts) {
                out.push_back(c.title.in(language));
                for (const Series& s : c.series) out.push_back(s.label.in(language));
            }
        }
    }
    return out;
}

TEST(LessonWording, SourcesAreNamedAndNothingRoundingToZeroIsCalledFlushed) {
    int lessons = 0;
    for (const LessonEntry& entry : shippedLibrary().lessons()) {
        for (const Language language : {Language::English, Language::Chinese}) {
            if (!entry.versions.count(language)) continue;
            ++lessons;
            for (const std::string& text : textsOf(entry.id, language)) {
                EXPECT_EQ(text.find("seed notes"), std::string::npos) << entry.id << ": " << text.substr(0, 200);
                EXPECT_EQ(text.find("种子笔记"), std::string::npos) << entry.id << ": " << text.substr(0, 200);
                // Flush-to-zero is a mode of formats and hardware without subnormals (lesson 4, and the
                // range table's "none (flushed)"); values that round to zero were not flushed.
                for (const char* phrase :
                     {"flushed to zero", "flushed to 0", "are flushed", " flushed,", "flush to zero first", "冲刷"})
                    EXPECT_EQ(text.find(phrase), std::string::npos)
                        << entry.id << ": '" << phrase << "' in " << text.substr(0, 200);
            }
        }
    }
    EXPECT_GE(lessons, 24);
}

TEST(LessonWording, TheAccumulationLessonNamesItsSource) {
    for (const Language language : {Language::English, Language::Chinese}) {
        bool named = false;
        for (const std::string& text : textsOf("accumulation", language))
            named = named || text.find("CS336") != std::string::npos;
        EXPECT_TRUE(named);
    }
}

// "FP64 stores 0.1 as 0.1" was Python's shortest repr; what FP64 stores has 55 significant digits.
TEST(LessonWording, Fp64StoresOneTenthWithEveryDigit) {
    const std::string exact = "0.1000000000000000055511151231257827021181583404541015625";
    for (const Language language : {Language::English, Language::Chinese}) {
        bool found = false;
        for (const std::string& text : textsOf("anatomy", language))
            if (text.find("FP64") != std::string::npos && text.find(exact) != std::string::npos) found = true;
        EXPECT_TRUE(found) << (language == Language::English ? "en" : "zh");
    }
}

} // namespace
} // namespace fplab::lessons::test
