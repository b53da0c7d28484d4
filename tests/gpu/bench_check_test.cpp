// Checked before timed (gpu/bench_check.h), on the CPU: a fake GPU subject computes its GEMM with the CPU
// model and can plant one wrong cell; a row that fails its check must show WRONG and no TFLOPS in the
// ladder table, its CSV read back (what the GPU Lab chart and lesson 13 draw) and the speed table.
#include "app/cli/ladder_report.h"
#include "gpu/backends.h"
#include "gpu/bench_check.h"
#include "gpu/gemm.h"
#include "gpu/ladder_results.h"

#include <gtest/gtest.h>

#include <sstream>

namespace fplab::gpu {
namespace {

// D = A*B on the CPU (the given backend), with one cell optionally off by one bit; every run takes 2 ms.
class FakeSubject final : public BenchSubject {
public:
    FakeSubject(GemmType type, int size, GemmBackend& backend, bool plantWrongCell) {
        ProblemSpec spec;
        spec.type = type;
        spec.m = spec.n = spec.k = size;
        spec.withC = false;
        spec.seed = 99;
        m_problem = makeRandomProblem(spec);
        m_d = backend.run(m_problem).d;
        if (plantWrongCell) m_d[std::size_t(49) * std::size_t(size) + 8] ^= 1; // benchSampleCells(64)[4]
    }
    void runOnce() override { ++runs; }
    double timedRunMs() override {
        ++runs;
        return 2.0;
    }
    std::vector<BenchCell> sample(std::span<const std::pair<int, int>> cells) override {
        std::vector<BenchCell> out;
        const int n = m_problem.n, k = m_problem.k;
        for (const auto& [i, j] : cells) {
            BenchCell c;
            c.i = i;
            c.j = j;
            for (int t = 0; t < k; ++t) {
                c.a.push_back(m_problem.a[std::size_t(i) * std::size_t(k) + std::size_t(t)]);
                c.b.push_back(m_problem.b[std::size_t(t) * std::size_t(n) + std::size_t(j)]);
            }
            c.got = m_d[std::size_t(i) * std::size_t(n) + std::size_t(j)];
            out.push_back(std::move(c));
        }
        return out;
    }
    int runs = 0;

private:
    GemmProblem m_problem;
    std::vector<std::uint64_t> m_d;
};

BenchRow rungRow(int rung) {
    BenchRow row;
    row.type = GemmType::Fp16Fp32;
    row.impl = "ladder";
    row.rung = rung;
    row.size = 64;
    return row;
}

TEST(BenchCheck, SampledCellsIncludeTheCornersAndTheirCellsArePlanted) {
    const auto cells = benchSampleCells(64);
    ASSERT_EQ(cells.size(), 16u);
    EXPECT_EQ(cells[3], std::make_pair(63, 63));
    EXPECT_EQ(cells[4], std::make_pair(49, 8)) << "the fake subject plants its wrong cell there";
}

TEST(BenchCheck, ARightRungIsTimedAndAWrongOneIsNot) {
    CpuModelBackend model(tc::Arch::Sm90);
    BenchConfig config;
    config.warmup = 1;
    config.repeats = 3;
    FakeSubject right(GemmType::Fp16Fp32, 64, model, false);
    BenchRow ok = rungRow(3);
    checkThenTime(ok, config, right, rungRowCheck(3, GemmType::Fp16Fp32, tc::Arch::Sm90));
    EXPECT_TRUE(ok.ran);
    EXPECT_EQ(ok.wrong, "");
    EXPECT_EQ(ok.medianMs, 2.0);
    EXPECT_GT(ok.tflops, 0);
    EXPECT_EQ(right.runs, 1 + 1 + 3);
    EXPECT_NE(ok.checkedAgainst.find("cpu-model-sm_90"), std::string::npos) << ok.checkedAgainst;

    FakeSubject wrong(GemmType::Fp16Fp32, 64, model, true);
    BenchRow bad = rungRow(3);
    checkThenTime(bad, config, wrong, rungRowCheck(3, GemmType::Fp16Fp32, tc::Arch::Sm90));
    EXPECT_FALSE(bad.ran);
    EXPECT_EQ(bad.tflops, 0);
    EXPECT_EQ(wrong.runs, 1) << "a wrong row is not timed";
    EXPECT_EQ(bad.wrong.rfind("cell (49, 8): got 0x", 0), 0u) << bad.wrong;
    EXPECT_EQ(benchRowStatus(bad).rfind("WRONG: cell (49, 8)", 0), 0u);
}

TEST(BenchCheck, RungOneIsTheFmaChainAndRungFiveTheWgmmaModel) {
    CpuSequentialBackend chain;
    FakeSubject fma(GemmType::Fp16Fp32, 64, chain, false);
    BenchRow one = rungRow(1);
    checkThenTime(one, {}, fma, rungRowCheck(1, GemmType::Fp16Fp32, tc::Arch::Sm90));
    EXPECT_TRUE(one.ran) << one.wrong;
    // The mma.sync model is not the FMA chain: rung 1 held to it would be WRONG.
    FakeSubject fma2(GemmType::Fp16Fp32, 64, chain, false);
    BenchRow notChain = rungRow(2);
    checkThenTime(notChain, {}, fma2, rungRowCheck(2, GemmType::Fp16Fp32, tc::Arch::Sm90));
    EXPECT_FALSE(notChain.wrong.empty());

    EXPECT_NE(rungRowCheck(5, GemmType::Fp16Fp32, tc::Arch::Sm90).against.find("wgmma"), std::string::npos);
}

TEST(BenchCheck, LibraryRowsAreHeldToTheBoundOfAnyOrder) {
    CpuReferenceBackend reference;
    const BenchCheck check = libraryRowCheck(GemmType::Fp32, GemmType::Fp32, GemmType::Fp32);
    EXPECT_FALSE(check.model);
    FakeSubject right(GemmType::Fp32, 64, reference, false);
    BenchRow ok;
    ok.size = 64;
    checkThenTime(ok, {}, right, check);
    EXPECT_TRUE(ok.ran) << ok.wrong;
    // One bit off in the last place is within the bound; a cell that is far off is not.
    FakeSubject oneUlp(GemmType::Fp32, 64, reference, true);
    BenchRow near;
    near.size = 64;
    checkThenTime(near, {}, oneUlp, check);
    EXPECT_TRUE(near.ran) << near.wrong;
    EXPECT_GT(orderFreeBound(GemmType::Fp32, 64, 10.0), 0);
    BenchCell far;
    far.a = {0x3f800000};
    far.b = {0x40000000};
    far.got = 0x40400000; // 3, the exact sum is 2
    EXPECT_EQ(firstWrongCell(check, std::span(&far, 1)).rfind("cell (0, 0): got 3,", 0), 0u);
}

TEST(BenchCheck, AWrongRowShowsWrongAndNoTflopsInEveryFrontEnd) {
    BenchRow cublas = rungRow(0);
    cublas.impl = "cublas";
    cublas.ran = true;
    cublas.tflops = 700;
    cublas.medianMs = 1.5;
    BenchRow bad = rungRow(5);
    bad.cublasTflops = 700;
    bad.wrong = "cell (3, 5): got 0x3f800001, model 0x3f800000";
    const std::vector<BenchRow> rows = {cublas, bad};

    std::ostringstream csv;
    cli::printReport(cli::ladderBenchReport(rows, "NVIDIA H100", "H100 SXM5", "2026-11-27"), cli::OutputFormat::Csv,
                     csv);
    EXPECT_NE(csv.str().find(",WRONG,"), std::string::npos) << csv.str();
    EXPECT_NE(csv.str().find("WRONG: cell (3, 5): got 0x3f800001, model 0x3f800000"), std::string::npos) << csv.str();

    // Read back as the GPU Lab's chart and lesson 13's figures read it: no TFLOPS, marked wrong.
    std::string error;
    const auto records = parseLadderCsv(csv.str(), error);
    ASSERT_EQ(error, "");
    ASSERT_EQ(records.size(), 1u);
    ASSERT_EQ(records[0].rows.size(), 2u);
    EXPECT_TRUE(records[0].rows[1].wrong);
    EXPECT_FALSE(records[0].rows[1].ran);
    EXPECT_EQ(records[0].rows[1].tflops, 0);
    EXPECT_TRUE(ladderRecordFromRows(rows, "d", "2026-11-27").rows[1].wrong);

    BenchRow speed = bad;
    speed.impl = "kernel";
    speed.rung = 0;
    std::ostringstream text;
    cli::printReport(cli::speedBenchReport({speed}, "NVIDIA H100", "H100 SXM5"), cli::OutputFormat::Text, text);
    EXPECT_NE(text.str().find("WRONG"), std::string::npos) << text.str();
}

} // namespace
} // namespace fplab::gpu
