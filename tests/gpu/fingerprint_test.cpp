// `fplab-cli gpu fingerprint`: the no-GPU exit, reading the recorded H100 cells (bare and converted
// to a fingerprint file), bad input; and, with a GPU, the probes run on the device.
#include "../cli/cli_run.h"
#include "core/tensor_core/fingerprint/probes.h"
#include "core/tensor_core/fingerprint/report.h"
#include "gpu/fingerprint.h"
#include "gpu_test_support.h"

#include <filesystem>

namespace fplab::gpu {
namespace {

using cli::test::CliRun;
using cli::test::runInProcess;

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }
const std::string kE4m3 = std::string(FPLAB_TC_DATA_DIR) + "/h100/mma_e4m3.txt";

TEST(FingerprintCli, WithoutAGpuOrLoadItExitsFourWithTheReason) {
    if (test::noGpuReason().empty()) GTEST_SKIP() << "a GPU is present";
    const CliRun r = runInProcess({"gpu", "fingerprint", "--type", "fp16-fp32"});
    EXPECT_EQ(r.code, cli::kExitNoGpu);
    EXPECT_TRUE(contains(r.err, "fplab-cli gpu fingerprint: " + test::noGpuReason())) << r.err;
}

TEST(FingerprintCli, ReadsTheRecordedH100CellsAndConvertsThem) {
    const CliRun r = runInProcess({"gpu", "fingerprint", "--load", kE4m3, "--type", "e4m3-fp32"});
    ASSERT_EQ(r.code, cli::kExitOk) << r.err;
    EXPECT_TRUE(contains(r.out, "built-in model: reproduces 5120 of 5120 cells")) << r.out;
    EXPECT_TRUE(contains(r.out, "where c enters            final-add-rne")) << r.out;
    EXPECT_TRUE(contains(r.out, "k grouping                fp8-pairs")) << r.out;

    const auto dir = std::filesystem::temp_directory_path() / "fplab_fingerprint_cli_test";
    std::filesystem::create_directories(dir);
    const std::string saved = (dir / "h100-e4m3.fingerprint").string();
    const CliRun conv = runInProcess(
        {"gpu", "fingerprint", "--load", kE4m3, "--type", "e4m3", "--save", saved, "--json"});
    ASSERT_EQ(conv.code, cli::kExitOk) << conv.err;
    const CliRun back = runInProcess({"gpu", "fingerprint", "--load", saved, "--json"});
    ASSERT_EQ(back.code, cli::kExitOk) << back.err;
    EXPECT_EQ(back.out, conv.out);
    EXPECT_TRUE(contains(back.out, "{\"parameter\": \"block-size\", \"inferred\": [\"16\"], \"built-in\": \"16\", "
                                   "\"decided by\": \"mma_e4m3.txt:3\", \"agree\": \"yes\"}"))
        << back.out;
    std::filesystem::remove_all(dir);
}

TEST(FingerprintCli, BadInputIsNamed) {
    EXPECT_EQ(runInProcess({"gpu", "fingerprint", "--instruction", "hmma"}).code, cli::kExitUsage);
    EXPECT_EQ(runInProcess({"gpu", "fingerprint", "--type", "fp12"}).code, cli::kExitUsage);
    const CliRun missing = runInProcess({"gpu", "fingerprint", "--load", "/no/such/file"});
    EXPECT_EQ(missing.code, cli::kExitBadInput);
    EXPECT_TRUE(contains(missing.err, "cannot open /no/such/file")) << missing.err;
    const CliRun bare = runInProcess({"gpu", "fingerprint", "--load", kE4m3});
    EXPECT_EQ(bare.code, cli::kExitUsage);
    EXPECT_TRUE(contains(bare.err, "give --type")) << bare.err;
    const CliRun full = runInProcess({"gpu", "fingerprint", "--load", kE4m3, "--type", "e4m3", "--save", "/dev/full"});
    EXPECT_EQ(full.code, cli::kExitOutput);
    EXPECT_TRUE(contains(full.err, "cannot write '/dev/full': No space left on device")) << full.err;
    const CliRun wrongK = runInProcess({"gpu", "fingerprint", "--load", kE4m3, "--type", "fp16-fp32"});
    EXPECT_EQ(wrongK.code, cli::kExitBadInput);
    EXPECT_TRUE(contains(wrongK.err, "line 1: expected 34 hex numbers")) << wrongK.err;
    EXPECT_TRUE(contains(runInProcess({"gpu", "fingerprint", "--help"}).out, "Fasi, Higham, Mikaitis and Khattak"));
}

// What a GPU run does, with the built-in sm_90 model answering instead of the device: for every type the
// probes and random tiles leave the built-in model standing and contradict none of its parameters.
TEST(FingerprintOffline, EveryTypeKeepsTheBuiltInModelWhenItAnswers) {
    namespace fp = tc::fingerprint;
    for (GemmType type : fingerprintTypes()) {
        auto s = *fingerprintDescription(type, tc::Api::MmaSync);
        s.computeCapability = 90;
        const auto builtIn = fp::builtInModel(tc::Arch::Sm90, s.api, s.input, s.accum, s.k);
        ASSERT_TRUE(builtIn.candidate) << gemmTypeName(type);
        for (const auto& t : fp::fingerprintTiles(s.input, s.accum, s.k))
            for (auto& c : fp::cellsOfTile(t, s.k, std::vector<std::uint64_t>(128, 0))) s.cells.push_back(std::move(c));
        const fp::CandidateEvaluator eval(s);
        std::vector<std::uint64_t> d;
        for (std::size_t i = 0; i < s.cells.size(); ++i) d.push_back(eval.evaluate(*builtIn.candidate, i));
        for (std::size_t i = 0; i < s.cells.size(); ++i) s.cells[i].d = d[i];
        const auto r = fp::makeFingerprintReport(s);
        EXPECT_EQ(r.builtInMatches, s.cells.size()) << gemmTypeName(type);
        for (const auto& row : r.rows)
            EXPECT_NE(row.agreement, fp::Agreement::Differ) << gemmTypeName(type) << " " << fp::paramKey(row.param);
        for (fp::Param p : {fp::Param::BlockSize, fp::Param::FinalRounding, fp::Param::AddendEntry})
            EXPECT_EQ(r.rows[std::size_t(p)].inferred.size(), 1u) << gemmTypeName(type) << " " << fp::paramKey(p);
    }
}

class FingerprintGpu : public test::GpuTest {};

TEST_F(FingerprintGpu, ReproducesTheBuiltInFp16BlockOnTheDevice) {
    const auto s = runFingerprintOnGpu(GemmType::Fp16Fp32, tc::Api::MmaSync);
    const auto r = tc::fingerprint::makeFingerprintReport(s);
    EXPECT_EQ(r.builtInMatches, s.cells.size()) << "the fp16 single MMAs matched the model on the H100";
    for (const auto& row : r.rows) EXPECT_NE(row.agreement, tc::fingerprint::Agreement::Differ);
}

TEST(FingerprintReasons, WgmmaAndInt8AreExplained) {
    EXPECT_TRUE(contains(fingerprintUnavailableReason(GemmType::Fp16Fp32, tc::Api::Wgmma), "no wgmma kernel"));
    EXPECT_TRUE(contains(fingerprintUnavailableReason(GemmType::Int8Int32, tc::Api::MmaSync), "exact"));
}

} // namespace
} // namespace fplab::gpu
