// The CPU/GPU comparison of lesson experiments, with fake GPU counterparts (no GPU needed): the
// comparison marks exactly the differing quantities and bits, runCounterpart reports every way a GPU
// side can be missing, and summation_order's CPU side reproduces the sums an H100 recorded.
#include "core/format.h"
#include "lessons/gpu_counterpart.h"
#include "lessons/lesson_library.h"
#include "lessons/side_by_side.h"
#include "lessons/side_by_side_text.h"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

namespace fplab::lessons {
namespace {

ExperimentResult sample() {
    ExperimentResult r;
    r.quantities.push_back(floatQuantity("a", {"a"}, kFp32, 0x3f800000));
    r.quantities.push_back(floatQuantity("b", {"b"}, kFp16, 0x3c00));
    r.quantities.push_back(realQuantity("r", {"r"}, 0.1));
    r.quantities.push_back(countQuantity("n", {"n"}, 7));
    r.quantities.push_back(textQuantity("t", {"t"}, {"yes", "是"}));
    r.quantities.push_back(floatQuantity("cpu_only", {"cpu only"}, kFp32, 0));
    return r;
}

const QuantityPair& row(const SideBySide& s, const std::string& key) {
    for (const QuantityPair& p : s.rows)
        if (p.key == key) return p;
    throw std::logic_error("no row " + key);
}

TEST(SideBySide, IdenticalResultsAgreeEverywhere) {
    ExperimentResult gpu = sample();
    gpu.quantities.pop_back();
    const SideBySide s = compareResults(sample(), gpu);
    EXPECT_EQ(s.count(Match::Same), 5u);
    EXPECT_EQ(s.count(Match::Differs), 0u);
    EXPECT_EQ(row(s, "cpu_only").match, Match::CpuOnly);
}

TEST(SideBySide, OneFlippedBitMarksExactlyThatQuantityAndBit) {
    for (int bit = 0; bit < 16; ++bit) {
        ExperimentResult gpu = sample();
        gpu.quantities.pop_back();
        gpu.quantities[1].bits ^= std::uint64_t(1) << bit; // b, an FP16 value
        gpu.quantities.push_back(textQuantity("device", {"GPU"}, {"fake"}));
        const SideBySide s = compareResults(sample(), gpu);
        EXPECT_EQ(s.count(Match::Differs), 1u) << bit;
        const QuantityPair& b = row(s, "b");
        EXPECT_EQ(b.match, Match::Differs);
        EXPECT_EQ(b.differingBits, std::uint64_t(1) << bit);
        // "0_01111_0000000000": one caret, under the flipped bit.
        const std::string bits = quantityBits(*b.gpu);
        const std::string marks = differenceMarks(b);
        ASSERT_EQ(std::count(marks.begin(), marks.end(), '^'), 1) << marks;
        int position = 0; // counted from the least significant bit
        for (std::size_t i = bits.size(); i-- > marks.find('^') + 1;)
            if (bits[i] == '0' || bits[i] == '1') ++position;
        EXPECT_EQ(position, bit) << bits << "\n" << marks;
        EXPECT_EQ(row(s, "device").match, Match::GpuOnly);
        EXPECT_EQ(row(s, "a").match, Match::Same);
    }
}

TEST(SideBySide, EveryKindOfQuantityIsCompared) {
    ExperimentResult gpu = sample();
    gpu.quantities[0].format = kBf16; // same bits, another format: not the same number
    gpu.quantities[2].real = 0.30000000000000004;
    gpu.quantities[3].count = 8;
    gpu.quantities[4].text = {"no", "否"};
    const SideBySide s = compareResults(sample(), gpu);
    for (const char* key : {"a", "r", "n", "t"}) EXPECT_EQ(row(s, key).match, Match::Differs) << key;
    EXPECT_EQ(row(s, "a").differingBits, 0u); // different formats: no bit marks
    EXPECT_EQ(differenceMarks(row(s, "a")), "");
    EXPECT_EQ(row(s, "b").match, Match::Same);
}

TEST(SideBySide, TextMarksTheDifferingLineAndBits) {
    ExperimentResult gpu = sample();
    gpu.quantities.pop_back();
    gpu.quantities[0].bits = 0x3f7fffff; // 1.0 rounded toward zero after a tiny negative term
    std::ostringstream out;
    writeSideBySideText(out, compareResults(sample(), gpu), Language::English);
    const std::string text = out.str();
    EXPECT_NE(text.find("| 1.0 (0x3f800000)"), std::string::npos) << text;
    EXPECT_NE(text.find("| 0.999999940395355224609375 (0x3f7fffff) | DIFFERS"), std::string::npos) << text;
    EXPECT_NE(text.find("CPU 0_01111111_00000000000000000000000"), std::string::npos) << text;
    EXPECT_NE(text.find("GPU 0_01111110_11111111111111111111111"), std::string::npos) << text;
    // The lowest exponent bit and the 23 mantissa bits differ; the carets sit under them.
    EXPECT_NE(text.find("\n                     ^ " + std::string(23, '^') + "\n"), std::string::npos) << text;
    EXPECT_EQ(std::count(text.begin(), text.end(), '^'), 24) << text;
    EXPECT_NE(text.find("1 result(s) differ."), std::string::npos) << text;
    EXPECT_NE(text.find("| CPU only"), std::string::npos) << text;
}

// A GPU counterpart that answers as told.
class FakeCounterpart final : public GpuCounterpart {
public:
    std::string reason;
    enum class Mode { Echo, Refuse, Fail } mode = Mode::Echo;
    std::string unavailableReason() const override { return reason; }
    bool hasCounterpart(std::string_view experiment) const override { return experiment == "summation_order"; }
    ExperimentResult run(std::string_view, const ParamValues& params) override {
        if (mode == Mode::Refuse) throw ExperimentError("not on this GPU");
        if (mode == Mode::Fail) throw std::runtime_error("CUDA call failed");
        ExperimentResult r;
        r.quantities.push_back(countQuantity("count", {"n"}, params.integer("count")));
        return r;
    }
};

TEST(SideBySide, RunCounterpartReportsEachWayTheGpuSideIsMissing) {
    FakeCounterpart fake;
    const GpuSide ok = runCounterpart(fake, "summation_order", {{"count", "10"}});
    ASSERT_TRUE(ok.result) << ok.error;
    EXPECT_EQ(ok.result->find("count")->count, 10);

    const GpuSide bad = runCounterpart(fake, "summation_order", {{"count", "ten"}});
    EXPECT_FALSE(bad.result);
    EXPECT_TRUE(bad.refused);
    EXPECT_NE(bad.error.find("count"), std::string::npos) << bad.error;

    EXPECT_TRUE(runCounterpart(fake, "accumulate", {}).refused); // no counterpart
    fake.mode = FakeCounterpart::Mode::Refuse;
    const GpuSide refused = runCounterpart(fake, "summation_order", {});
    EXPECT_TRUE(refused.refused);
    EXPECT_EQ(refused.error, "not on this GPU");
    fake.mode = FakeCounterpart::Mode::Fail;
    const GpuSide failed = runCounterpart(fake, "summation_order", {});
    EXPECT_FALSE(failed.refused);
    EXPECT_EQ(failed.error, "failed: CUDA call failed");
    fake.reason = "no GPU: none here";
    const GpuSide none = runCounterpart(fake, "summation_order", {});
    EXPECT_FALSE(none.result);
    EXPECT_FALSE(none.refused);
    EXPECT_EQ(none.error, "no GPU: none here");
}

// The accumulation lesson's `acc` block on a GPU whose FP16 sum is one bit off; `fixes` refused.
class OneBitOff final : public GpuCounterpart {
public:
    std::string unavailableReason() const override { return {}; }
    bool hasCounterpart(std::string_view e) const override { return e == "accumulate" || e == "accumulate_fixes"; }
    ExperimentResult run(std::string_view experiment, const ParamValues& params) override {
        if (experiment == "accumulate_fixes") throw ExperimentError("not on this fake");
        ExperimentResult r = *runExperiment(experiment, ParamList(params.all().begin(), params.all().end())).result;
        for (Quantity& q : r.quantities)
            if (q.key == "low") q.bits ^= 2;
        return r;
    }
};

TEST(SideBySide, ALessonRunOnAGpuShowsBothSidesStepByStep) {
    const LessonLibrary library = LessonLibrary::loadDirectory(FPLAB_TEST_LESSONS_DIR);
    const LessonRun run = runLesson(*library.find("accumulation")->in(Language::English));
    OneBitOff gpu;
    const auto sides = runGpuSides(run, gpu);
    ASSERT_EQ(sides.size(), 2u); // acc and fixes; order has no counterpart here
    EXPECT_TRUE(sides.at("acc").result);
    EXPECT_TRUE(sides.at("fixes").refused);
    std::ostringstream out;
    writeLessonRunSideBySide(out, run, sides, "", Language::English);
    const std::string text = out.str();
    EXPECT_EQ(text.find("GPU side not run: not on this fake"), text.rfind("GPU side not run")) << text;
    EXPECT_NE(text.find("GPU side not run: not on this fake"), std::string::npos) << text;
    EXPECT_NE(text.find("| 9.953125 (0x48fa)"), std::string::npos) << text;
    EXPECT_NE(text.find("| 9.9375 (0x48f8)                    | DIFFERS\n        CPU 0_10010_0011111010\n"
                        "        GPU 0_10010_0011111000\n                            ^\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("1 result(s) differ."), std::string::npos) << text;
    EXPECT_NE(text.find("Kahan sum in FP16"), std::string::npos) << text; // the refused block's CPU side
    std::ostringstream stepOnly;
    writeLessonRunSideBySide(stepOnly, run, runGpuSides(run, gpu, 4), "", Language::English, 4);
    EXPECT_EQ(stepOnly.str().find("DIFFERS"), std::string::npos);
}

// What an H100 printed for 2^20 values of seed 1 (`fplab-cli gpu accumulate`, the H100 evidence of 2026-11-24):
// sequential 0x49002400, tree 0x49002460, five atomicAdd runs all different.
class RecordedH100 final : public GpuCounterpart {
public:
    std::string unavailableReason() const override { return {}; }
    bool hasCounterpart(std::string_view experiment) const override { return experiment == "summation_order"; }
    ExperimentResult run(std::string_view, const ParamValues&) override {
        ExperimentResult r;
        r.quantities.push_back(textQuantity("device", {"GPU"}, {"NVIDIA H100 80GB HBM3 (sm_90), recorded"}));
        r.quantities.push_back(floatQuantity("sequential", {"seq"}, kFp32, 0x49002400));
        r.quantities.push_back(floatQuantity("tree", {"tree"}, kFp32, 0x49002460));
        const std::uint32_t atomic[] = {0x49002440, 0x4900245C, 0x49002462, 0x4900243A, 0x49002438};
        for (int i = 0; i < 5; ++i)
            r.quantities.push_back(floatQuantity("atomic_" + std::to_string(i + 1), {"atomic"}, kFp32, atomic[i]));
        r.quantities.push_back(countQuantity("atomic_distinct", {"distinct"}, 5));
        return r;
    }
};

TEST(SideBySide, SummationOrderMatchesTheRecordedH100AndMarksOnlyTheAtomics) {
    const ParamList params = {{"count", "1048576"}, {"seed", "1"}, {"atomic_runs", "5"}};
    const ExperimentOutcome cpu = runExperiment("summation_order", params);
    ASSERT_TRUE(cpu.result) << cpu.error;
    EXPECT_EQ(cpu.result->find("sequential")->bits, 0x49002400u);
    EXPECT_EQ(cpu.result->find("tree")->bits, 0x49002460u);
    RecordedH100 h100;
    const GpuSide gpu = runCounterpart(h100, "summation_order", params);
    ASSERT_TRUE(gpu.result) << gpu.error;
    const SideBySide s = compareResults(*cpu.result, *gpu.result);
    EXPECT_EQ(row(s, "sequential").match, Match::Same);
    EXPECT_EQ(row(s, "tree").match, Match::Same);
    std::vector<std::string> differing;
    for (const QuantityPair& p : s.rows)
        if (p.match == Match::Differs) differing.push_back(p.key);
    EXPECT_EQ(differing, (std::vector<std::string>{"atomic_1", "atomic_2", "atomic_3", "atomic_4", "atomic_5",
                                                   "atomic_distinct"}));
    // The CPU applies the atomics in index order: 0x49002400; run 1 (0x49002440) differs in one bit.
    EXPECT_EQ(row(s, "atomic_1").differingBits, 0x40u);
}

} // namespace
} // namespace fplab::lessons
