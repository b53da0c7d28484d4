// The GEMM ladder without a GPU: the rung table, the sizes each rung takes, the bench's ladder table
// (gpu bench --impl ladder, CSV) read back by the parser the GPU Lab uses, the recorded-results search,
// and the CLI's answers without a GPU.
#include "app/cli/ladder_report.h"
#include "gpu/bench.h"
#include "gpu/datasheet.h"
#include "gpu/kernels/ladder_tiles.h"
#include "gpu/ladder.h"
#include "gpu/ladder_results.h"
#include "gpu_test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace fplab::gpu {
namespace {

TEST(Ladder, FiveRungsInOrderEachWithItsFileAndIdea) {
    ASSERT_EQ(ladderRungs().size(), std::size_t(kLadderRungCount));
    for (std::size_t i = 0; i < ladderRungs().size(); ++i) {
        const auto& r = ladderRungs()[i];
        EXPECT_EQ(r.number, int(i) + 1);
        EXPECT_EQ(&ladderRungInfo(r.rung), &r);
        EXPECT_FALSE(r.idea.empty());
        EXPECT_FALSE(r.cost.empty());
        EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(FPLAB_SOURCE_DIR) / r.kernelFile)) << r.kernelFile;
        EXPECT_EQ(parseLadderRung(r.name), r.rung);
        EXPECT_EQ(parseLadderRung(std::to_string(r.number)), r.rung);
    }
    EXPECT_FALSE(parseLadderRung("6"));
    EXPECT_FALSE(parseLadderRung("cutlass"));
    EXPECT_FALSE(ladderRungInfo(LadderRung::SimtNaive).tensorCore);
    EXPECT_EQ(ladderRungInfo(LadderRung::WgmmaTma).api, tc::Api::Wgmma);
    EXPECT_EQ(ladderRungInfo(LadderRung::WgmmaTma).minComputeCapability, 90);
}

TEST(Ladder, TileShapesFitTheH100) {
    // 228 KB of shared memory per SM, at most 227 KB for one block; registers are checked by ptxas.
    EXPECT_LE(ladder::pipelined::kSharedBytes, 227 * 1024);
    EXPECT_LE(ladder::hopper::kSharedBytes, 227 * 1024);
    EXPECT_EQ(ladder::hopper::kTileK * 2, 128); // one swizzle row per TMA box row
    // Each rung's tiles divide 256 (the bit-check size) and 4096, 8192 (the bench sizes).
    for (const auto& r : ladderRungs())
        for (int s : {256, 4096, 8192})
            EXPECT_EQ(checkLadderProblem(r.rung, GemmType::Fp16Fp32, s, s, s), "") << r.name;
}

TEST(Ladder, ProblemsTheRungsCannotTakeAreRefusedWithTheReason) {
    EXPECT_NE(checkLadderProblem(LadderRung::SmemMma, GemmType::Tf32, 256, 256, 256).find("fp16-fp32 and bf16-fp32"),
              std::string::npos);
    const std::string why = checkLadderProblem(LadderRung::CpAsyncPipeline, GemmType::Fp16Fp32, 256, 128, 256);
    EXPECT_NE(why.find("n of 256"), std::string::npos) << why;
    EXPECT_EQ(checkLadderProblem(LadderRung::SimtNaive, GemmType::Bf16Fp32, 17, 5, 3), "");
    EXPECT_NE(checkLadderProblem(LadderRung::SimtNaive, GemmType::Bf16Fp32, 0, 5, 3), "");
    BenchConfig c;
    c.impl = BenchImpl::Ladder;
    c.types = {GemmType::Int8Int32};
    EXPECT_NE(checkBenchConfig(c).find("not int8-int32"), std::string::npos);
}

TEST(Ladder, WithoutAGpuEveryRungSaysWhy) {
    if (test::noGpuReason().empty()) GTEST_SKIP() << "a GPU is present";
    for (const auto& r : ladderRungs()) EXPECT_FALSE(ladderUnavailableReason(r.rung, GemmType::Fp16Fp32).empty());
}

std::vector<BenchRow> sampleRows() {
    std::vector<BenchRow> rows;
    BenchRow cublas;
    cublas.type = GemmType::Fp16Fp32;
    cublas.impl = "cublas";
    cublas.size = 8192;
    cublas.ran = true;
    cublas.medianMs = 1.5;
    cublas.tflops = 700;
    cublas.datasheetPeak = 989.4;
    rows.push_back(cublas);
    for (int rung = 1; rung <= 5; ++rung) {
        BenchRow r = cublas;
        r.impl = "ladder";
        r.rung = rung;
        r.cublasTflops = 700;
        r.tflops = 70.0 * rung;
        if (rung == 5) r.ran = false, r.tflops = 0, r.skipped = "this build has no sm_90a code, \"quoted\"";
        rows.push_back(r);
    }
    return rows;
}

TEST(LadderCsv, TheBenchTableReadsBackRowForRow) {
    std::ostringstream csv;
    cli::printReport(cli::ladderBenchReport(sampleRows(), "NVIDIA H100 80GB HBM3", "H100 SXM5", "2026-11-25"),
                     cli::OutputFormat::Csv, csv);
    const std::string text = csv.str();
    EXPECT_NE(text.find("# date: 2026-11-25\n"), std::string::npos) << text;
    EXPECT_NE(text.find("fp16-fp32,3,ldmatrix-blocked,8192,"), std::string::npos) << text;
    EXPECT_NE(text.find(",210.00,700.00,30.0,989.4,21.2,"), std::string::npos) << text;
    // Another table before it (the cuBLAS speed table shares 06-bench.csv) is skipped.
    const std::string file = "# device: X\ntype,column,impl,size\nfp16-fp32,FP16,cublas,1024\n" + text;
    std::string error;
    const auto records = parseLadderCsv(file, error);
    ASSERT_EQ(error, "");
    ASSERT_EQ(records.size(), 1u);
    const auto& rec = records[0];
    EXPECT_EQ(rec.device, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(rec.date, "2026-11-25");
    ASSERT_EQ(rec.rows.size(), 6u);
    EXPECT_EQ(rec.rows[0].rung, 0);
    EXPECT_DOUBLE_EQ(rec.rows[0].tflops, 700);
    EXPECT_EQ(rec.rows[3].rung, 3);
    EXPECT_DOUBLE_EQ(rec.rows[3].tflops, 210);
    EXPECT_DOUBLE_EQ(rec.rows[3].cublasTflops, 700);
    EXPECT_DOUBLE_EQ(rec.rows[3].datasheetTflops, 989.4);
    EXPECT_TRUE(rec.rows[3].ran);
    EXPECT_FALSE(rec.rows[5].ran);
    EXPECT_EQ(rec.rows[5].status, "skipped: this build has no sm_90a code, \"quoted\"");
}

TEST(LadderCsv, AMalformedRowIsAnErrorNamingTheLine) {
    std::ostringstream csv;
    cli::printReport(cli::ladderBenchReport(sampleRows(), "GPU", "none", "2026-11-25"), cli::OutputFormat::Csv, csv);
    std::string text = csv.str();
    const auto pos = text.find("fp16-fp32,2,");
    text.replace(pos, 12, "fp16-fp32,x,");
    std::string error;
    EXPECT_TRUE(parseLadderCsv(text, error).empty());
    EXPECT_NE(error.find("line 7: rung must be"), std::string::npos) << error;
}

TEST(LadderCsv, TheLatestRecordIsFoundUnderAFolder) {
    const auto dir = std::filesystem::temp_directory_path() / ("fplab-ladder-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    EXPECT_FALSE(latestRecordedLadder(dir)); // no folder
    std::filesystem::create_directories(dir / "h100-2026-11-20");
    std::filesystem::create_directories(dir / "h100-2026-11-25");
    EXPECT_FALSE(latestRecordedLadder(dir)); // no results
    for (const char* date : {"2026-11-25", "2026-11-20"}) {
        std::ofstream out(dir / ("h100-" + std::string(date)) / "06-bench.csv");
        cli::printReport(cli::ladderBenchReport(sampleRows(), std::string("GPU of ") + date, "none", date),
                         cli::OutputFormat::Csv, out);
    }
    const auto latest = latestRecordedLadder(dir);
    ASSERT_TRUE(latest);
    EXPECT_EQ(latest->device, "GPU of 2026-11-25");
    EXPECT_NE(latest->source.find("h100-2026-11-25"), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(LadderCsv, TheRecordedResultsFolderIsTheSourceTreesDocs) {
    EXPECT_TRUE(std::filesystem::is_directory(recordedResultsDir())) << recordedResultsDir();
    EXPECT_EQ(recordedResultsDir().filename(), "gpu-results");
}

} // namespace
} // namespace fplab::gpu

namespace fplab::gpu {
namespace {

std::string readSource(const std::string& relative) {
    std::ifstream in(std::filesystem::path(FPLAB_SOURCE_DIR) / relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The lines between "// lesson snippet begin" and "// lesson snippet end", without their common indentation.
std::string snippetOf(const std::string& source) {
    const std::string begin = "// lesson snippet begin\n", end = "// lesson snippet end";
    const auto b = source.find(begin), e = source.find(end);
    if (b == std::string::npos || e == std::string::npos || e < b) return {};
    std::istringstream lines(source.substr(b + begin.size(), source.rfind('\n', e) + 1 - (b + begin.size())));
    std::vector<std::string> kept;
    std::size_t indent = std::string::npos;
    for (std::string line; std::getline(lines, line);) {
        if (line.find_first_not_of(' ') != std::string::npos) indent = std::min(indent, line.find_first_not_of(' '));
        kept.push_back(line);
    }
    std::string out;
    for (const auto& line : kept) out += (line.size() >= indent ? line.substr(indent) : line) + "\n";
    return out;
}

TEST(LadderLesson, ShowsEachRungsInnerLoopAsTheKernelFileHasIt) {
    for (const char* lang : {"en", "zh_CN"}) {
        const std::string lesson = readSource(std::string("lessons/content/13-why-cublas-is-fast.") + lang + ".md");
        ASSERT_FALSE(lesson.empty()) << lang;
        for (const auto& rung : ladderRungs()) {
            const std::string snippet = snippetOf(readSource(std::string(rung.kernelFile)));
            ASSERT_FALSE(snippet.empty()) << rung.kernelFile << " has no lesson snippet markers";
            EXPECT_NE(lesson.find("```cpp\n" + snippet + "```\n"), std::string::npos)
                << lang << ": the lesson's code for rung " << rung.number << " differs from " << rung.kernelFile
                << "; it must be:\n"
                << snippet;
        }
    }
}

TEST(LadderLesson, TheRooflineUsesTheDatasheetAndTheLaddersTiles) {
    const DatasheetEntry* h100 = findDatasheetEntry("NVIDIA H100 80GB HBM3");
    ASSERT_TRUE(h100);
    EXPECT_EQ(h100->fp16, 989.4);
    EXPECT_EQ(h100->memoryTBps, 3.35);
    std::string tileM = "tile_m: 1", tileN = "tile_n: 1";
    for (const auto& rung : ladderRungs())
        if (rung.number > 1) {
            tileM += ", " + std::to_string(rung.tileM);
            tileN += ", " + std::to_string(rung.tileN);
        }
    for (const char* lang : {"en", "zh_CN"}) {
        const std::string lesson = readSource(std::string("lessons/content/13-why-cublas-is-fast.") + lang + ".md");
        EXPECT_NE(lesson.find("peak_tflops: 989.4\nbandwidth_tbs: 3.35\n"), std::string::npos) << lang;
        EXPECT_NE(lesson.find(tileM + "\n" + tileN + "\n"), std::string::npos)
            << lang << ": " << tileM << " / " << tileN;
        EXPECT_NE(lesson.find("747.5"), std::string::npos) << lang; // the recorded cuBLAS figure it cites
    }
}

} // namespace
} // namespace fplab::gpu
