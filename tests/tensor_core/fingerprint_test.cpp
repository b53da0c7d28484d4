// The fingerprint's inference on recorded answers: the 10,240 FP8 mma.sync cells measured on an H100
// (tests/tensor_core/data/h100, the same cells as docs/gpu-results/h100-2026-11-24) and the published FP16
// vectors of docs/tensor-core-model.md section 5; plus the answer file format.
#include "core/arithmetic.h"
#include "core/platform/atomic_file.h"
#include "core/tensor_core/fingerprint/answers_file.h"
#include "core/tensor_core/fingerprint/probes.h"
#include "core/tensor_core/fingerprint/report.h"

#include <gtest/gtest.h>

#include <bit>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <string>

namespace fplab::tc::fingerprint {
namespace {

AnswerSet h100Meta(InputType input) {
    AnswerSet m;
    m.device = "NVIDIA H100 80GB HBM3";
    m.computeCapability = 90;
    m.driver = "13.0";
    m.date = "2026-11-24";
    m.api = Api::MmaSync;
    m.shape = "m16n8k32";
    m.input = input;
    m.accum = AccumType::Fp32;
    m.k = 32;
    return m;
}

AnswerSet loadEvidence(const std::string& file, InputType input) {
    std::string error;
    const auto text = readWholeFile(std::string(FPLAB_TC_DATA_DIR) + "/h100/" + file, error);
    if (!text) throw std::runtime_error(error);
    auto r = parseBareCells(*text, h100Meta(input), file);
    if (!r.answers) throw std::runtime_error(r.error);
    return *r.answers;
}

const ReportRow& row(const FingerprintReport& r, Param p) {
    for (const auto& x : r.rows)
        if (x.param == p) return x;
    throw std::runtime_error("no row");
}

std::vector<int> one(int v) { return {v}; }

void expectMeasuredFp8Structure(const FingerprintReport& r) {
    EXPECT_GT(r.inference.survivors, 0u);
    // FP8 -> FP16 is exact and an F = 25 block keeps every bit of an FP8 product, so the answers cannot
    // tell FP16 operands from FP8 ones: both stay (the SASS, two HMMA.16816.F32, is what shows FP16).
    EXPECT_EQ(row(r, Param::Operands).inferred,
              (std::vector<int>{int(OperandFormat::Native), int(OperandFormat::Fp16)}));
    EXPECT_EQ(row(r, Param::FractionBits).inferred, one(25));
    EXPECT_EQ(row(r, Param::KGrouping).inferred, one(int(KGrouping::Fp8Pairs)));
    EXPECT_EQ(row(r, Param::BlockSize).inferred, one(16));
    EXPECT_EQ(row(r, Param::FinalRounding).inferred, one(int(RoundingMode::TowardZero)));
    EXPECT_EQ(row(r, Param::RoundPrecision).inferred, one(24));
    EXPECT_EQ(row(r, Param::AddendEntry).inferred, one(int(AddendEntry::FinalAddRne)));
    // The built-in model of sm_90 FP8 mma.sync is the measured structure: every decided parameter agrees.
    for (Param p : {Param::KGrouping, Param::BlockSize, Param::AddendEntry, Param::FinalRounding}) {
        EXPECT_GE(row(r, p).decidedBy, 0) << paramKey(p);
        EXPECT_EQ(row(r, p).agreement, Agreement::Agree) << paramKey(p);
    }
    EXPECT_EQ(r.builtInMatches, 5120u);
}

// The other FP8 instruction of sm_90 (wgmma, the real FP8 path) as the built-in model: the measured
// mma.sync cells show where it differs, and it reproduces only the cells
// docs/gpu-results/h100-2026-11-24/README.md counts.
std::size_t wgmmaMatches(const AnswerSet& s) {
    const BuiltInModel wgmma = builtInModel(Arch::Sm90, Api::Wgmma, s.input, s.accum, s.k);
    if (!wgmma.candidate) throw std::runtime_error(wgmma.message);
    EXPECT_EQ(paramValue(*wgmma.candidate, Param::KGrouping), int(KGrouping::InOrder));
    EXPECT_EQ(paramValue(*wgmma.candidate, Param::AddendEntry), int(AddendEntry::FirstBlock));
    return countMatches(s, *wgmma.candidate);
}

TEST(Fingerprint, InfersSm90Fp8MmaSyncFromTheMeasuredE4m3Cells) {
    const auto t0 = std::chrono::steady_clock::now();
    const AnswerSet s = loadEvidence("mma_e4m3.txt", InputType::E4m3);
    ASSERT_EQ(s.cells.size(), 5120u);
    const FingerprintReport r = makeFingerprintReport(s);
    expectMeasuredFp8Structure(r);
    // docs/gpu-results/h100-2026-11-24/README.md: the wgmma model reproduces 706 of the e4m3 cells.
    EXPECT_EQ(wgmmaMatches(s), 706u);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_LT(seconds, 30.0);
}

TEST(Fingerprint, InfersSm90Fp8MmaSyncFromTheMeasuredE5m2Cells) {
    const AnswerSet s = loadEvidence("mma_e5m2.txt", InputType::E5m2);
    ASSERT_EQ(s.cells.size(), 5120u);
    const FingerprintReport r = makeFingerprintReport(s);
    expectMeasuredFp8Structure(r);
    EXPECT_EQ(wgmmaMatches(s), 1223u);
}

// docs/tensor-core-model.md section 5, vectors 1-4 with the H100 results the document gives:
// FP16 inputs, FP32 c and d, one m16n8k16 mma.sync (k = 16; unlisted inputs 0).
AnswerSet publishedFp16Vectors() {
    AnswerSet s = h100Meta(InputType::Fp16);
    s.shape = "m16n8k16";
    s.k = 16;
    auto h = [](double v) { return convert(kFp64, std::bit_cast<std::uint64_t>(v), kFp16).bits; };
    auto f = [](double v) { return convert(kFp64, std::bit_cast<std::uint64_t>(v), kFp32).bits; };
    auto cell = [&](std::string name, std::vector<std::pair<int, std::pair<double, double>>> ab, double c,
                    std::uint64_t d) {
        Cell x;
        x.a.assign(16, 0);
        x.b.assign(16, 0);
        for (auto [k, v] : ab) {
            x.a[std::size_t(k)] = h(v.first);
            x.b[std::size_t(k)] = h(v.second);
        }
        x.c = f(c);
        x.d = d;
        x.probe = std::move(name);
        s.cells.push_back(x);
    };
    const double u24 = std::ldexp(1.0, -24), u23 = std::ldexp(1.0, -23);
    cell("rz", {{0, {1, 2}}, {1, {1, 3 * u24}}}, 0, 0x40000000);
    cell("rz-negative", {{0, {1, -2}}, {1, {1, -3 * u24}}}, 0, 0xC0000000);
    cell("alignment-bits", {{0, {u24, 1}}, {1, {u24, 0.5}}, {2, {u24, 0.5}}}, 1, 0x3F800001);
    cell("block-size", {{0, {1, 1}}, {8, {u23, 1}}}, 1 + u23, 0x40000001);
    cell("block-size-k1", {{0, {1, 1}}, {1, {u23, 1}}}, 1 + u23, 0x40000001);
    cell("per-term-cut", {{0, {3 * u24, -0.5}}}, 1, 0x3F7FFFFE);
    return s;
}

// The published method assumes the block structure (c inside the block, products neither converted
// nor normalised, k in order, no flushing) and reads n, F and the rounding from the vectors.
const std::vector<Assumption> kPublishedStructure{{Param::AddendEntry, int(AddendEntry::FirstBlock)},
                                                  {Param::Normalisation, 0},
                                                  {Param::SubnormalInputs, 0},
                                                  {Param::SubnormalOutputs, 0}};

TEST(Fingerprint, InfersTheSm90Fp16BlockFromThePublishedVectors) {
    const FingerprintReport r = makeFingerprintReport(publishedFp16Vectors(), kPublishedStructure);
    ASSERT_GT(r.inference.survivors, 0u);
    EXPECT_EQ(r.builtInMatches, 6u);
    EXPECT_EQ(row(r, Param::BlockSize).inferred, one(16));
    EXPECT_EQ(row(r, Param::BlockSize).decidedByProbe, "block-size");
    EXPECT_EQ(row(r, Param::FinalRounding).inferred, one(int(RoundingMode::TowardZero)));
    EXPECT_EQ(row(r, Param::RoundPrecision).inferred, one(24));
    // The vectors show F >= 25 (alignment-bits) but none has a term 26 bits below E.
    const auto& f = row(r, Param::FractionBits).inferred;
    ASSERT_FALSE(f.empty());
    EXPECT_EQ(f.front(), 25);
    EXPECT_TRUE(row(r, Param::AddendEntry).assumed);
    for (const ReportRow& x : r.rows) EXPECT_NE(x.agreement, Agreement::Differ) << paramKey(x.param);
}

TEST(Fingerprint, AGpuWithoutAModelStandsAloneAndIsWorthSaving) {
    AnswerSet s = publishedFp16Vectors();
    s.computeCapability = 89;
    const FingerprintReport r = makeFingerprintReport(s, kPublishedStructure);
    EXPECT_FALSE(r.archModelled);
    EXPECT_FALSE(r.builtIn.candidate);
    EXPECT_NE(r.builtIn.message.find("no model for compute capability 8.9"), std::string::npos) << r.builtIn.message;
    EXPECT_EQ(row(r, Param::BlockSize).inferred, one(16));
    EXPECT_EQ(row(r, Param::BlockSize).agreement, Agreement::NoBuiltIn);
}

TEST(Fingerprint, OneFlippedBitInOneMeasuredCellLeavesNoCandidate) {
    AnswerSet s = loadEvidence("mma_e4m3.txt", InputType::E4m3);
    s.cells[4000].d ^= 1;
    const Inference inf = inferParameters(s);
    EXPECT_EQ(inf.survivors, 0u);
    EXPECT_EQ(inf.exampleFailedAt, 4000);
}

// The designed probes and random tiles the GPU runs, answered by a known arithmetic, give it back.
AnswerSet answeredBy(const Candidate& truth, InputType in, AccumType acc, int k, int cc) {
    AnswerSet s;
    s.computeCapability = cc;
    s.input = in;
    s.accum = acc;
    s.k = k;
    for (const ProbeTile& t : fingerprintTiles(in, acc, k, 4)) {
        const std::vector<std::uint64_t> zeros(std::size_t(kTileM) * kTileN, 0);
        for (Cell& c : cellsOfTile(t, k, zeros)) s.cells.push_back(std::move(c));
    }
    const CandidateEvaluator eval(s);
    std::vector<std::uint64_t> d;
    for (std::size_t i = 0; i < s.cells.size(); ++i) d.push_back(eval.evaluate(truth, i));
    for (std::size_t i = 0; i < s.cells.size(); ++i) s.cells[i].d = d[i];
    return s;
}

TEST(Fingerprint, TheDesignedProbesRecoverTheSm80Fp16Block) {
    const BuiltInModel b = builtInModel(Arch::Sm80, Api::MmaSync, InputType::Fp16, AccumType::Fp32, 16);
    ASSERT_TRUE(b.candidate);
    const AnswerSet s = answeredBy(*b.candidate, InputType::Fp16, AccumType::Fp32, 16, 80);
    const FingerprintReport r = makeFingerprintReport(s);
    EXPECT_EQ(r.builtInMatches, s.cells.size());
    EXPECT_EQ(row(r, Param::BlockSize).inferred, one(8));
    EXPECT_EQ(row(r, Param::FractionBits).inferred, one(24));
    EXPECT_EQ(row(r, Param::FinalRounding).inferred, one(int(RoundingMode::TowardZero)));
    EXPECT_EQ(row(r, Param::AddendEntry).inferred, one(int(AddendEntry::FirstBlock)));
    EXPECT_EQ(row(r, Param::Normalisation).inferred, one(0));
    EXPECT_EQ(row(r, Param::BlockSize).agreement, Agreement::Agree);
    EXPECT_FALSE(row(r, Param::BlockSize).decidedByProbe.empty());
}

TEST(Fingerprint, TheDesignedProbesRecoverTheMeasuredFp8Structure) {
    Candidate truth;
    truth.operands = OperandFormat::Fp16;
    truth.grouping = KGrouping::Fp8Pairs;
    truth.blockSize = 16;
    truth.fractionBits = 25;
    truth.addend = AddendEntry::FinalAddRne;
    const AnswerSet s = answeredBy(truth, InputType::E4m3, AccumType::Fp32, 32, 90);
    const FingerprintReport r = makeFingerprintReport(s);
    EXPECT_EQ(row(r, Param::KGrouping).inferred, one(int(KGrouping::Fp8Pairs)));
    EXPECT_EQ(row(r, Param::BlockSize).inferred, one(16));
    EXPECT_EQ(row(r, Param::AddendEntry).inferred, one(int(AddendEntry::FinalAddRne)));
    EXPECT_EQ(row(r, Param::FinalRounding).inferred, one(int(RoundingMode::TowardZero)));
}

TEST(FingerprintFile, RoundTripsAndRejectsBadInput) {
    AnswerSet s = publishedFp16Vectors();
    s.device = "Test GPU with spaces";
    const std::string text = formatAnswers(s);
    const AnswersOrError back = parseAnswers(text);
    ASSERT_TRUE(back.answers) << back.error;
    EXPECT_EQ(back.answers->device, s.device);
    EXPECT_EQ(back.answers->computeCapability, 90);
    EXPECT_EQ(back.answers->api, Api::MmaSync);
    ASSERT_EQ(back.answers->cells.size(), s.cells.size());
    EXPECT_EQ(back.answers->cells[3].a, s.cells[3].a);
    EXPECT_EQ(back.answers->cells[3].d, s.cells[3].d);
    EXPECT_EQ(back.answers->cells[3].probe, "block-size");

    EXPECT_NE(parseAnswers("hello\n").error.find("not a fingerprint file"), std::string::npos);
    EXPECT_NE(parseAnswers("fplab-fingerprint 9\n").error.find("version 9"), std::string::npos);
    std::string bad = text;
    bad.replace(bad.find("input fp16"), 10, "input fp99");
    EXPECT_NE(parseAnswers(bad).error.find("unknown input type \"fp99\""), std::string::npos);
    std::string badAccum = text;
    badAccum.replace(badAccum.find("accum fp32"), 10, "accum fp64");
    EXPECT_NE(parseAnswers(badAccum).error.find("unknown accumulator type \"fp64\""), std::string::npos);
    std::string badApi = text;
    badApi.replace(badApi.find("instruction mma.sync"), 20, "instruction mma");
    EXPECT_NE(parseAnswers(badApi).error.find("unknown instruction \"mma\" (mma.sync, wmma, wgmma)"), std::string::npos)
        << parseAnswers(badApi).error;
    std::string shortCell = text + "cell x 1,2 3 0 0\n";
    EXPECT_NE(parseAnswers(shortCell).error.find("k = 16"), std::string::npos);
    AnswerSet meta = h100Meta(InputType::E4m3);
    EXPECT_NE(parseBareCells("01 02 03\n", meta, "x").error.find("line 1: expected 66"), std::string::npos);
}

TEST(FingerprintFile, ReadsBackWhatWasWritten) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("fplab_fp_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "h100.fingerprint").string();
    ASSERT_EQ(fplab::platform::writeFileAtomically(path, "fplab-fingerprint 1\n"), std::nullopt);
    std::string error;
    EXPECT_EQ(readWholeFile(path, error).value_or(""), "fplab-fingerprint 1\n");
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator{}), 1);
    EXPECT_FALSE(readWholeFile((dir / "no" / "such" / "x").string(), error));
    EXPECT_NE(error.find("cannot open"), std::string::npos);
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace fplab::tc::fingerprint
