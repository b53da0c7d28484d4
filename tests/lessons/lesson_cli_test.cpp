// `fplab-cli lesson`: list, run (text and JSON), show, experiments and check, in process;
// JSON output is checked to be well-formed and to carry the lessons' numbers as bits.
#include "gpu/backend_choice.h"
#include "tests/cli/cli_run.h"

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>

namespace fplab::cli::test {
namespace {

// A strict recursive-descent JSON checker: true when `text` is one JSON value (plus whitespace).
class JsonChecker {
public:
    explicit JsonChecker(const std::string& text) : m_s(text) {}
    bool valid() {
        ws();
        if (!value()) return false;
        ws();
        return m_i == m_s.size();
    }

private:
    void ws() {
        while (m_i < m_s.size() && std::isspace(static_cast<unsigned char>(m_s[m_i]))) ++m_i;
    }
    bool lit(const char* word) {
        const std::string w(word);
        if (m_s.compare(m_i, w.size(), w) != 0) return false;
        m_i += w.size();
        return true;
    }
    bool string() {
        if (m_s[m_i] != '"') return false;
        for (++m_i; m_i < m_s.size(); ++m_i) {
            const char c = m_s[m_i];
            if (c == '"') {
                ++m_i;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) return false;
            if (c == '\\') ++m_i;
        }
        return false;
    }
    bool number() {
        const std::size_t start = m_i;
        if (m_s[m_i] == '-') ++m_i;
        while (m_i < m_s.size() && (std::isdigit(static_cast<unsigned char>(m_s[m_i])) || m_s[m_i] == '.' ||
                                    m_s[m_i] == 'e' || m_s[m_i] == 'E' || m_s[m_i] == '+' || m_s[m_i] == '-'))
            ++m_i;
        return m_i > start && std::isdigit(static_cast<unsigned char>(m_s[m_i - 1]));
    }
    bool value() {
        if (m_i >= m_s.size()) return false;
        const char c = m_s[m_i];
        if (c == '{' || c == '[') {
            const char close = c == '{' ? '}' : ']';
            ++m_i;
            ws();
            if (m_s[m_i] == close) {
                ++m_i;
                return true;
            }
            while (true) {
                ws();
                if (c == '{') {
                    if (!string()) return false;
                    ws();
                    if (m_s[m_i++] != ':') return false;
                    ws();
                }
                if (!value()) return false;
                ws();
                if (m_s[m_i] == ',') {
                    ++m_i;
                    continue;
                }
                if (m_s[m_i] == close) {
                    ++m_i;
                    return true;
                }
                return false;
            }
        }
        if (c == '"') return string();
        if (lit("true") || lit("false") || lit("null")) return true;
        return number();
    }
    const std::string& m_s;
    std::size_t m_i = 0;
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The first line of `text` holding `part`, or "".
std::string lineWith(const std::string& text, const std::string& part) {
    for (const std::string& line : linesOf(text))
        if (contains(line, part)) return line;
    return {};
}

TEST(LessonCli, ListsTheLessons) {
    const CliRun r = runInProcess({"lesson", "list"});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(contains(r.out, "1  anatomy  Anatomy of a float  (5 steps; en zh_CN)")) << r.out;
    EXPECT_TRUE(contains(r.out, "7  memory  Memory")) << r.out;
    const CliRun zh = runInProcess({"lesson", "list", "--lang", "zh_CN"});
    EXPECT_TRUE(contains(zh.out, "3  overflow  上溢")) << zh.out;
}

TEST(LessonCli, ListJsonIsWellFormed) {
    const CliRun r = runInProcess({"lesson", "list", "--json"});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(JsonChecker(r.out).valid()) << r.out;
    for (const char* id : {"anatomy", "range", "overflow", "swamping", "accumulation", "rounding", "memory"})
        EXPECT_TRUE(contains(r.out, std::string("\"id\": \"") + id + "\"")) << id;
    EXPECT_TRUE(contains(r.out, "\"errors\": []"));
}

TEST(LessonCli, RunPrintsTheAccumulationNumbers) {
    const CliRun r = runInProcess({"lesson", "run", "accumulation"});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(contains(lineWith(r.out, "FP32 sum of FP32 addends "), "= 10.000133514404296875  (fp32 0x4120008c"))
        << r.out;
    EXPECT_TRUE(contains(lineWith(r.out, "FP16 sum of FP16 addends "), "= 9.953125  (fp16 0x48fa")) << r.out;
    EXPECT_TRUE(contains(lineWith(r.out, "FP32 sum of FP16 addends "), "= 10.00213623046875  (fp32 0x412008c0"))
        << r.out;
}

// A step with no experiment still gets its title, so the numbering has no gaps (lesson 3's step 2).
TEST(LessonCli, RunPrintsEveryStepTitle) {
    for (int lesson = 1; lesson <= 10; ++lesson)
        for (const char* lang : {"en", "zh_CN"}) {
            const CliRun r = runInProcess({"lesson", "run", std::to_string(lesson), "--lang", lang});
            ASSERT_EQ(r.code, kExitOk) << lesson << " " << r.err;
            const std::string step = std::string(lang) == "en" ? "Step " : "步骤 ";
            std::vector<std::string> titles;
            for (const std::string& line : linesOf(r.out))
                if (line.rfind(step, 0) == 0) titles.push_back(line);
            ASSERT_FALSE(titles.empty()) << r.out;
            for (std::size_t k = 0; k < titles.size(); ++k)
                EXPECT_EQ(titles[k].rfind(step + std::to_string(k + 1) + "/" + std::to_string(titles.size()) + ": ", 0),
                          0u)
                    << "lesson " << lesson << " " << lang << ": " << titles[k];
        }
    const CliRun overflow = runInProcess({"lesson", "run", "overflow"});
    EXPECT_TRUE(contains(overflow.out, "Step 2/4: ")) << overflow.out;
    const CliRun only = runInProcess({"lesson", "run", "overflow", "--step", "2"});
    EXPECT_TRUE(contains(only.out, "Step 2/4: ")) << only.out;
}

TEST(LessonCli, RunJsonCarriesBitsAndExactValues) {
    const CliRun r = runInProcess({"lesson", "run", "5", "--json"});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    ASSERT_TRUE(JsonChecker(r.out).valid()) << r.out.substr(0, 2000);
    EXPECT_TRUE(contains(r.out, "\"bits\": \"0x4120008c\""));
    EXPECT_TRUE(contains(r.out, "\"exact\": \"10.000133514404296875\""));
    EXPECT_TRUE(contains(r.out, "\"value\": \"9.953125\""));
    EXPECT_TRUE(contains(r.out, "\"bits\": \"0x412008c0\""));
    const CliRun memory = runInProcess({"lesson", "run", "memory", "--json", "--step", "4"});
    ASSERT_TRUE(JsonChecker(memory.out).valid());
    EXPECT_TRUE(contains(memory.out, "\"value\": \"486.7002410888672\""));
    EXPECT_TRUE(contains(memory.out, "\"value\": \"249.3501205444336\""));
    EXPECT_TRUE(contains(memory.out, "\"value\": \"168.3501205444336\""));
    EXPECT_FALSE(contains(memory.out, "\"index\": 3,"));
    for (const char* id : {"anatomy", "range", "overflow", "swamping", "accumulation", "rounding", "memory"})
        for (const char* lang : {"en", "zh_CN"}) {
            const CliRun each = runInProcess({"lesson", "run", id, "--json", "--lang", lang});
            EXPECT_EQ(each.code, kExitOk) << id << " " << each.err;
            EXPECT_TRUE(JsonChecker(each.out).valid()) << id << " " << lang;
        }
}

TEST(LessonCli, ParametersCanBeChanged) {
    const CliRun r = runInProcess({"lesson", "run", "overflow", "--param", "sum.count=2047", "--step", "1"});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(contains(lineWith(r.out, "Sum accumulated in FP32, stored in FP16 "),
                         "= 32752.0  (fp16 0x77ff 0_11101_1111111111"))
        << r.out;
    const CliRun z = runInProcess({"lesson", "run", "overflow", "--param", "format=bf16", "--json"});
    EXPECT_EQ(z.code, kExitOk) << z.err;
    EXPECT_TRUE(contains(z.out, "\"format\": \"bf16\""));
}

TEST(LessonCli, ErrorsAreClear) {
    const CliRun unknown = runInProcess({"lesson", "run", "nope"});
    EXPECT_EQ(unknown.code, kExitBadInput);
    EXPECT_TRUE(contains(unknown.err, "no lesson") && contains(unknown.err, "nope")) << unknown.err;
    const CliRun bad = runInProcess({"lesson", "run", "overflow", "--param", "count=lots"});
    EXPECT_EQ(bad.code, kExitBadInput);
    EXPECT_TRUE(contains(bad.err, "error: [sum] experiment 'sum_copies': count='lots': 'lots' is not a whole number"))
        << bad.err;
    const CliRun noParam = runInProcess({"lesson", "run", "overflow", "--param", "colour=red"});
    EXPECT_EQ(noParam.code, kExitBadInput);
    EXPECT_TRUE(contains(noParam.err, "no experiment in lesson 'overflow' has a parameter 'colour'")) << noParam.err;
    const CliRun step = runInProcess({"lesson", "run", "overflow", "--step", "9"});
    EXPECT_EQ(step.code, kExitUsage);
    EXPECT_TRUE(contains(step.err, "has 4 steps, not 9")) << step.err;
    EXPECT_EQ(runInProcess({"lesson"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"lesson", "frobnicate"}).code, kExitUsage);
    EXPECT_EQ(runInProcess({"lesson", "run", "1", "--lang", "fr"}).code, kExitUsage);
}

TEST(LessonCli, ShowPrintsNarrationWithLiveValues) {
    const CliRun r = runInProcess({"lesson", "show", "overflow", "--step", "2", "--lang", "zh_CN"});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(contains(r.out, "累加在 32768.0 处不再增长：\n第 2049 次加法是第一次不起作用的加法")) << r.out;
}

TEST(LessonCli, ExperimentsAreListed) {
    const CliRun r = runInProcess({"lesson", "experiments", "--json"});
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_TRUE(JsonChecker(r.out).valid());
    EXPECT_TRUE(contains(r.out, "\"name\": \"gpt2_footprint\""));
}

TEST(LessonCli, CheckReportsFileAndLine) {
    const std::filesystem::path dir = std::filesystem::path(FPLAB_TEST_SCRATCH_DIR) / "cli-check";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::filesystem::path file = dir / "10-bad.en.md";
    std::ofstream(file) << "---\nid: bad\norder: 10\ntitle: Bad\n---\n## S\n\nValue {{sum.no_such_key}}.\n\n"
                           "```experiment sum_copies id=sum\n```\n";
    const CliRun r = runInProcess({"lesson", "check", file.string()});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_TRUE(contains(r.err, file.string() + ":8: {{sum.no_such_key}}: that experiment has no such result"))
        << r.err;
    const CliRun good = runInProcess(
        {"lesson", "check", std::string(FPLAB_TEST_LESSONS_DIR) + "/05-accumulation.en.md"});
    EXPECT_EQ(good.code, kExitOk) << good.err;
    EXPECT_TRUE(contains(good.out, "05-accumulation.en.md: ok (5 steps, 3 experiments)"));
}

// --backend gpu through the real GPU adapter: without a GPU, the one-line reason, the CPU results and
// exit code 4; with one, both sides (the seed sums agree bit for bit on every GPU).
TEST(LessonCli, BackendGpuPrintsTheReasonOrBothSides) {
    const CliRun r = runInProcess({"lesson", "run", "accumulation", "--step", "1", "--backend", "gpu"});
    const std::string reason = gpu::noGpuReason();
    if (!reason.empty()) {
        EXPECT_EQ(r.code, kExitNoGpu) << r.err;
        EXPECT_EQ(lineWith(r.out, "GPU side not run"), "GPU side not run: " + reason + ". CPU-emulated results only.")
            << r.out;
        EXPECT_TRUE(contains(lineWith(r.out, "FP32 sum of FP32 addends "), "= 10.000133514404296875  (fp32 0x4120008c"))
            << r.out;
        EXPECT_TRUE(contains(r.err, "--backend gpu: " + reason)) << r.err;
        EXPECT_FALSE(contains(r.out, "DIFFERS"));
    } else {
        EXPECT_EQ(r.code, kExitOk) << r.err;
        const std::string line = lineWith(r.out, "FP32 sum of FP32 addends ");
        EXPECT_NE(line.find("10.000133514404296875 (0x4120008c)"), line.rfind("10.000133514404296875 (0x4120008c)"))
            << r.out;
        EXPECT_EQ(line.substr(line.size() - 6), "| same") << r.out;
        EXPECT_TRUE(contains(r.out, "Every result computed on both sides agrees bit for bit.")) << r.out;
    }
    const CliRun zh = runInProcess(
        {"lesson", "run", "accumulation", "--step", "1", "--backend", "gpu", "--lang", "zh_CN"});
    EXPECT_EQ(zh.code, r.code);
    if (!reason.empty()) {
        EXPECT_TRUE(contains(zh.out, "未在 GPU 上运行：" + reason)) << zh.out;
    }
}

TEST(LessonCli, BackendCpuIsThePlainRunAndBadBackendsAreRefused) {
    const CliRun plain = runInProcess({"lesson", "run", "accumulation"});
    const CliRun cpu = runInProcess({"lesson", "run", "accumulation", "--backend", "cpu"});
    EXPECT_EQ(cpu.code, kExitOk);
    EXPECT_EQ(cpu.out, plain.out);
    const CliRun tpu = runInProcess({"lesson", "run", "accumulation", "--backend", "tpu"});
    EXPECT_EQ(tpu.code, kExitUsage);
    EXPECT_TRUE(contains(tpu.err, "unknown backend 'tpu' (known: cpu gpu)")) << tpu.err;
    const CliRun json = runInProcess({"lesson", "run", "accumulation", "--backend", "gpu", "--json"});
    EXPECT_EQ(json.code, kExitUsage);
    EXPECT_TRUE(contains(json.err, "--backend gpu goes with 'lesson run' and text output")) << json.err;
}

TEST(LessonCli, ADirectoryWithABrokenFileStillLists) {
    const std::filesystem::path dir = std::filesystem::path(FPLAB_TEST_SCRATCH_DIR) / "cli-broken";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(std::string(FPLAB_TEST_LESSONS_DIR) + "/05-accumulation.en.md",
                               dir / "05-accumulation.en.md");
    std::ofstream(dir / "06-bad.en.md") << "---\nid: bad\norder: 6\n---\n";
    const CliRun r = runInProcess({"lesson", "list", "--dir", dir.string()});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_TRUE(contains(r.out, "5  accumulation  Accumulation")) << r.out;
    EXPECT_TRUE(contains(r.err, "06-bad.en.md:1: the front matter has no 'title:'")) << r.err;
}

} // namespace
} // namespace fplab::cli::test
