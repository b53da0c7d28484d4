// Every value of a format that a lesson shows, in the engine's results and in `fplab-cli lesson run`, parses
// back to the bits it stands for and is the exact value the format stores unless it carries the shortened
// mark; a marked one is printed with every digit beside it (shown_value_check.h has the oracle).
#include "core/format_names.h"
#include "core/text/print.h"
#include "lessons/lesson_library.h"
#include "lessons/lesson_runner.h"
#include "lessons/value_text.h"
#include "tests/cli/cli_run.h"
#include "tests/lessons/shown_value_check.h"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>

namespace fplab::lessons::test {
namespace {

using cli::test::CliRun;
using cli::test::linesOf;
using cli::test::runInProcess;

const LessonLibrary& library() {
    static const LessonLibrary l = LessonLibrary::loadDirectory(FPLAB_TEST_LESSONS_DIR);
    return l;
}

TEST(LessonExactValues, TheValueTextIsExactOrMarked) {
    // Expected strings: Python's decimal.Decimal(x) for the exact values, laid out as Python's repr lays out a float.
    EXPECT_EQ(floatText(kFp16, 0x7bff), "65504.0");
    EXPECT_EQ(floatText(kE4m3, 0x7e), "448.0");
    EXPECT_EQ(floatText(kE5m2, 0x7b), "57344.0");
    EXPECT_EQ(floatText(kE4m3, 0x08), "0.015625");
    EXPECT_EQ(floatText(kFp16, 0x7800), "32768.0");
    EXPECT_EQ(floatText(kFp16, 0x0001), "5.9604644775390625e-08"); // Python's repr gives 5.960464477539063e-08
    EXPECT_EQ(floatText(kFp32, 0x3f800001), "1.00000011920928955078125");
    EXPECT_EQ(floatText(kFp32, 0x3dcccccd), "\u22480.1");
    EXPECT_EQ(floatText(kFp64, 0x3fb999999999999aull), "\u22480.1");
    EXPECT_EQ(floatText(kFp32, 0x7f7fffff), "\u22483.4028235e+38");
    EXPECT_EQ(floatText(kBf16, 0x0001), "\u22489e-41"); // 2^-133 has 92 significant digits
    EXPECT_EQ(floatText(kFp16, 0xfc00), "-inf");
    EXPECT_EQ(floatText(kFp16, 0x8000), "-0.0");
    EXPECT_FALSE(floatTextShortened(kFp16, 0x7bff));
    EXPECT_TRUE(floatTextShortened(kFp32, 0x3dcccccd));
    // Every FP16 value, and every BF16 value from 2^-25 to below 2^83, is shown exactly (Python's decimal module
    // agrees: the exact decimals of the others have more than 25 significant digits).
    for (std::uint64_t bits = 0; bits < 0x10000; ++bits)
        for (const Format& f : {kFp16, kBf16}) {
            const FloatClass c = classify(f, bits);
            const double magnitude = std::fabs(toDouble(f, bits));
            if (f.id == FormatId::Bf16 && (c == FloatClass::Normal || c == FloatClass::Subnormal) &&
                (magnitude < 0x1p-25 || magnitude >= 0x1p83))
                continue;
            const std::string problem = shownValueProblem(floatText(f, bits), f, bits);
            ASSERT_TRUE(problem.empty()) << f.name() << " " << hexBits(f, bits) << ": " << problem;
            ASSERT_FALSE(floatTextShortened(f, bits)) << f.name() << " " << hexBits(f, bits);
        }
}

TEST(LessonExactValues, EveryResultOfEveryLesson) {
    int checked = 0, marked = 0;
    for (const LessonEntry& entry : library().lessons())
        for (const auto& [language, lesson] : entry.versions) {
            const LessonRun run = runLesson(lesson);
            for (const StepRun& step : run.steps)
                for (const ExperimentRun& e : step.experiments) {
                    if (!e.result) continue;
                    const std::string where = entry.id + " " + e.call->id + " ";
                    for (const Quantity& q : e.result->quantities) {
                        if (q.kind != QuantityKind::Float) continue;
                        const std::string shown = quantityText(q, language);
                        EXPECT_EQ(shownValueProblem(shown, q.format, q.bits), "") << where << q.key;
                        marked += shown.rfind(kMark, 0) == 0;
                        ++checked;
                    }
                    for (const ResultTable& t : e.result->tables)
                        for (const auto& row : t.rows)
                            for (const TableCell& cell : row) {
                                if (!cell.value) continue;
                                EXPECT_EQ(shownValueProblem(cell.in(language), cell.value->format, cell.value->bits), "")
                                    << where << t.key;
                                ++checked;
                            }
                }
        }
    EXPECT_GT(checked, 500);
    std::printf("%d values checked, %d shown shortened\n", checked, marked);
}

// `fplab-cli lesson run`: "label = TEXT  (FORMAT 0xBITS BITS[, exact DIGITS]...)" for every value of a format,
// and "TEXT is exactly DIGITS" under a table for a shortened cell.
TEST(LessonExactValues, EveryValueTheCliPrints) {
    const std::regex quantityLine(R"(^ +.* = (\S+)  \(([a-z0-9=-]+) (0x[0-9a-f]+) [01_]+(, exact ([-0-9.e+]+))?)");
    const std::regex footnote(R"(^ +(\S+) (is exactly|的精确值为) (\S+)$)");
    int checked = 0, footnotes = 0;
    for (const LessonEntry& entry : library().lessons())
        for (const char* lang : {"en", "zh_CN"}) {
            const CliRun r = runInProcess({"lesson", "run", entry.id, "--lang", lang});
            ASSERT_EQ(r.code, 0) << entry.id << " " << r.err;
            for (const std::string& line : linesOf(r.out)) {
                std::smatch m;
                if (std::regex_search(line, m, quantityLine)) {
                    const FormatOrError f = lookupFormat(m[2].str());
                    if (!f.format) continue; // an integer format
                    const std::uint64_t bits = std::stoull(m[3].str(), nullptr, 16);
                    const std::string shown = m[1].str();
                    EXPECT_EQ(shownValueProblem(shown, *f.format, bits), "") << entry.id << ": " << line;
                    const bool isMarked = shown.rfind(kMark, 0) == 0;
                    EXPECT_EQ(m[4].matched, isMarked)
                        << entry.id << ": the exact value goes with a marked one: " << line;
                    if (m[5].matched) {
                        EXPECT_EQ(normalDecimal(m[5].str()), hostExact(toDouble(*f.format, bits))) << line;
                    }
                    ++checked;
                } else if (std::regex_search(line, m, footnote)) {
                    EXPECT_EQ(m[1].str().rfind(kMark, 0), 0u) << line;
                    // The shortened digits stand for the exact value in their format (checked above for every value
                    // a table cell holds): within BF16's half ulp, the coarsest format a value is shortened in.
                    const double shown = std::strtod(m[1].str().substr(kMark.size()).c_str(), nullptr);
                    const double exact = std::strtod(m[3].str().c_str(), nullptr);
                    EXPECT_LE(std::fabs(shown - exact), std::fabs(exact) * 0x1p-8) << line;
                    ++footnotes;
                }
            }
        }
    EXPECT_GT(checked, 300);
    std::printf("%d values checked in the CLI's text, %d table footnotes\n", checked, footnotes);
}

} // namespace
} // namespace fplab::lessons::test
