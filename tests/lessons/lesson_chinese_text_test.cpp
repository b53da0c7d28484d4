// Every lesson run in Simplified Chinese: no string an experiment returns (labels, texts, notes,
// table titles, columns and cells, chart and number-line labels) may be English prose.
//
// The rule (also in lessons/README.md): a Chinese string may be ASCII-only only when it is not
// prose, that is when every word in it is
//   - a number: decimal, hex (0x3c00), binary, hex-float, a power (2^-24), with a sign, a '%', a
//     multiplier such as 10×10, or 'inf' / 'nan';
//   - an identifier: a word with a digit, '_', '.', or a capital letter inside or throughout
//     (fp16, e4m3, float16, fc1.weight, log_softmax, LayerNorm, GPT-2, IEEE, TF32), or one letter;
//   - IEEE flag letters as batch prints them (ox, ux: letters of vzoux only);
//   - a unit: B, KiB, MiB, GiB, ms, ulp, ulps;
//   - a name from code kept as written, in the short list kCodeNames below: ops and functions
//     (relu, matmul, exp), PyTorch words (dtype, bool), the toy model's layer 'ln', algorithms
//     named after people (Kahan), libraries (cuBLAS), PTX instructions (wgmma, wmma; mma.sync has a dot).
// Any other word ('none', 'yes', 'stalled', 'after') means the string needs its Chinese text.
#include "tests/lessons/lesson_test_support.h"

#include <cctype>
#include <cstring>
#include <set>
#include <string_view>
#include <vector>

namespace fplab::lessons::test {
namespace {

// Names from code that stay as they are written there.
const std::set<std::string_view> kCodeNames = {
    "relu", "linear", "matmul", "exp", "log",      "sum",  "mean", "sqrt",  "fma",    "add",   "sub",
    "mul",  "div",    "max",    "min", "autocast", "rstd", "inf",  "nan",   "rne",    "rna",   "rtz",
    "rup",  "rdn",    "rto",    "sr",  "dtype",    "bool", "ln",   "Kahan", "cuBLAS", "wgmma", "wmma",
};

bool isFlagLetters(std::string_view w) {
    for (char c : w)
        if (!std::strchr("vzoux", c)) return false;
    return true;
}

bool isNumberWord(std::string_view w) {
    bool digit = false;
    for (char c : w) {
        if (std::isdigit(static_cast<unsigned char>(c))) digit = true;
        else if (!std::strchr("+-.eExXpPabcdefABCDEF^*/%_", c)) return false;
    }
    return digit;
}

bool isIdentifierWord(std::string_view w) {
    if (w.size() == 1) return true; // x, y, a, b: variables
    for (std::size_t i = 0; i < w.size(); ++i) {
        const char c = w[i];
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '.') return true;
        if (i > 0 && std::isupper(static_cast<unsigned char>(c))) return true; // camelCase, ALLCAPS
    }
    return false;
}

bool isUnitWord(std::string_view w) {
    static const std::set<std::string_view> units = {"B", "KiB", "MiB", "GiB", "ms", "ulp", "ulps"};
    return units.count(w) > 0;
}

// The words of `text` that make it English prose (empty: not prose, or not ASCII-only).
std::vector<std::string> proseWords(std::string_view text) {
    for (char c : text)
        if (static_cast<unsigned char>(c) >= 0x80) return {};
    std::vector<std::string> prose;
    std::string word;
    const auto flush = [&] {
        // Punctuation around a word ("(fp16)", "a,", "x:") is not part of it.
        std::size_t b = 0, e = word.size();
        while (b < e && std::strchr("([{'\"", word[b])) ++b;
        while (e > b && std::strchr(")]}'\",;:!?=", word[e - 1])) --e;
        const std::string_view w = std::string_view(word).substr(b, e - b);
        if (!w.empty() && !isNumberWord(w) && !isIdentifierWord(w) && !isUnitWord(w) && !isFlagLetters(w) &&
            !kCodeNames.count(w)) {
            bool letters = false;
            for (char c : w) letters = letters || std::isalpha(static_cast<unsigned char>(c));
            if (letters) prose.emplace_back(w);
        }
        word.clear();
    };
    for (char c : text) {
        if (c == ' ' || c == '/' || c == '|' || c == ',') flush();
        else word += c;
    }
    flush();
    return prose;
}

struct Place {
    std::string where;
    std::string text;
};

void collect(const ExperimentResult& r, const std::string& at, std::vector<Place>& out) {
    const Language zh = Language::Chinese;
    for (const Quantity& q : r.quantities) {
        out.push_back({at + " label of " + q.key, q.label.in(zh)});
        if (q.kind == QuantityKind::Text) out.push_back({at + " text of " + q.key, q.text.in(zh)});
        out.push_back({at + " note of " + q.key, q.note.in(zh)});
    }
    for (const ResultTable& t : r.tables) {
        out.push_back({at + " table " + t.key + " title", t.title.in(zh)});
        for (const LocalText& c : t.columns) out.push_back({at + " table " + t.key + " column", c.in(zh)});
        for (std::size_t i = 0; i < t.rows.size(); ++i)
            for (const LocalText& c : t.rows[i])
                out.push_back({at + " table " + t.key + " row " + std::to_string(i + 1), c.in(zh)});
    }
    for (const Chart& c : r.charts) {
        for (const LocalText* s : {&c.title, &c.xLabel, &c.yLabel}) out.push_back({at + " chart " + c.key, s->in(zh)});
        for (const Series& s : c.series) out.push_back({at + " chart " + c.key + " series " + s.key, s.label.in(zh)});
    }
    for (const NumberLine& l : r.numberLines) {
        out.push_back({at + " number line " + l.key, l.title.in(zh)});
        for (const Mark& m : l.marks) out.push_back({at + " number line " + l.key + " mark", m.label.in(zh)});
    }
    for (const LocalText& n : r.notes) out.push_back({at + " note", n.in(zh)});
}

TEST(LessonChineseText, TheRuleTellsProseFromNames) {
    EXPECT_TRUE(proseWords("float16").empty());
    EXPECT_TRUE(proseWords("fc1.weight.grad").empty());
    EXPECT_TRUE(proseWords("0x3c00 = 2^-24, 10×10").empty());
    EXPECT_TRUE(proseWords("relu / matmul (LayerNorm)").empty());
    EXPECT_TRUE(proseWords("1.5 MiB, -0.25 ulp").empty());
    EXPECT_TRUE(proseWords("无").empty());
    EXPECT_TRUE(proseWords("ux").empty());
    EXPECT_EQ(proseWords("none"), std::vector<std::string>{"none"});
    EXPECT_EQ(proseWords("after fc1"), std::vector<std::string>{"after"});
    EXPECT_EQ(proseWords("float32 throughout"), std::vector<std::string>{"throughout"});
}

TEST(LessonChineseText, NoExperimentPrintsEnglishProseInChinese) {
    int lessons = 0;
    for (const LessonEntry& entry : shippedLibrary().lessons()) {
        if (!entry.versions.count(Language::Chinese)) continue;
        ++lessons;
        const LessonRun& run = shippedRun(entry.id, Language::Chinese);
        for (const StepRun& step : run.steps)
            for (const ExperimentRun& e : step.experiments) {
                ASSERT_TRUE(e.result) << entry.id << "/" << e.call->id << ": " << e.error;
                std::vector<Place> places;
                collect(*e.result, entry.id + "/" + e.call->id, places);
                for (const Place& p : places) {
                    const std::vector<std::string> words = proseWords(p.text);
                    if (words.empty()) continue;
                    ADD_FAILURE() << p.where << ": '" << p.text << "' is English (" << words.front() << ")";
                }
            }
    }
    // Every shipped lesson has its Chinese file, so every one was run (and there are at least the first ten).
    EXPECT_EQ(lessons, int(shippedLibrary().lessons().size()));
    EXPECT_GE(lessons, 10);
}

} // namespace
} // namespace fplab::lessons::test
