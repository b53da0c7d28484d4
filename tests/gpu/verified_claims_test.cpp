// The table of what has been verified on a GPU (docs/gpu-results/verified.tsv, gpu/verified_claims.h): the
// committed table reads, a GPU run's summary updates it (tests/gpu/data/sample_summary.txt), and
// `fplab-cli gpu verified` prints it and rewrites it with --update.
#include "app/cli/command.h"
#include "app/cli/exit_codes.h"
#include "gpu/verified_claims.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fplab::gpu {
namespace {

std::string readFile(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const std::filesystem::path kSource = FPLAB_SOURCE_DIR;

TEST(VerifiedClaims, TheCommittedTableReadsAndRoundTrips) {
    const ClaimTable t = loadClaimTable(kSource / "docs/gpu-results/verified.tsv");
    ASSERT_EQ(t.error, "");
    EXPECT_GE(t.claims.size(), 40u);
    EXPECT_EQ(formatClaimTable(t), readFile(kSource / "docs/gpu-results/verified.tsv"));
    // Nothing of the ladder has run on a GPU; the single mma.sync of FP16 has (2026-11-24).
    EXPECT_EQ(featureStatus(t, "ladder-rung-"), ClaimStatus::NotMeasured);
    ASSERT_NE(findClaim(t, "mma-sync-fp16-fp32"), nullptr);
    EXPECT_EQ(findClaim(t, "mma-sync-fp16-fp32")->status, ClaimStatus::Verified);
    EXPECT_EQ(findClaim(t, "mma-sync-fp16-fp32")->date, "2026-11-24");
}

TEST(VerifiedClaims, ASummaryUpdatesVerifiedAndFailedClaimsOnly) {
    ClaimTable t = loadClaimTable(kSource / "docs/gpu-results/verified.tsv");
    std::string error;
    const int changed = applyRunSummary(t, readFile(kSource / "tests/gpu/data/sample_summary.txt"), "h100-2026-12-01",
                                        error);
    EXPECT_EQ(error, "");
    EXPECT_EQ(changed, 3);
    EXPECT_EQ(findClaim(t, "ladder-rung-1")->status, ClaimStatus::Verified);
    EXPECT_EQ(findClaim(t, "ladder-rung-1")->date, "2026-12-01");
    EXPECT_EQ(findClaim(t, "ladder-rung-1")->gpu, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(findClaim(t, "ladder-rung-1")->source, "h100-2026-12-01");
    EXPECT_EQ(findClaim(t, "ladder-rung-5")->status, ClaimStatus::Failed);
    EXPECT_EQ(findClaim(t, "ladder-rung-2")->status, ClaimStatus::NotMeasured);
    EXPECT_EQ(findClaim(t, "mma-sync-tf32")->status, ClaimStatus::Verified) << "'not run' keeps the earlier verdict";
    EXPECT_EQ(findClaim(t, "mma-sync-tf32")->date, "2026-11-24");
    EXPECT_EQ(featureStatus(t, "ladder-rung-"), ClaimStatus::Failed);

    applyRunSummary(t, "no-such-claim\tverified\n", "x", error);
    EXPECT_EQ(error, "line 1: unknown claim \"no-such-claim\"");
    applyRunSummary(t, "ladder-rung-1 verified\n", "x", error);
    EXPECT_EQ(error, "line 1: expected \"claim<TAB>verdict\"");
}

TEST(VerifiedClaims, MalformedTablesAreNamed) {
    EXPECT_EQ(parseClaimTable("").error, "the table is empty");
    EXPECT_EQ(parseClaimTable("claim\tstatus\n").error,
              "line 1: the header must be \"claim, status, date, gpu, source, what\"");
    const std::string header = "claim\tstatus\tdate\tgpu\tsource\twhat\n";
    EXPECT_EQ(parseClaimTable(header + "a\tmaybe\t-\t-\t-\tx\n").error,
              "line 2: unknown status \"maybe\" (verified, FAILED, not measured)");
    EXPECT_EQ(parseClaimTable(header + "a\tverified\t-\t-\t-\tx\na\tverified\t-\t-\t-\tx\n").error,
              "line 3: claim \"a\" appears twice");
    EXPECT_EQ(parseClaimTable(header + "a\tverified\n").error, "line 2: 2 fields, the table has 6");
}

TEST(VerifiedClaims, CliPrintsAndUpdatesTheTable) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "fplab-verified-test";
    std::filesystem::create_directories(dir);
    const std::filesystem::path table = dir / "verified.tsv";
    std::filesystem::copy_file(kSource / "docs/gpu-results/verified.tsv", table,
                               std::filesystem::copy_options::overwrite_existing);
    auto run = [](std::vector<std::string> words) {
        std::vector<std::string_view> args(words.begin(), words.end());
        std::istringstream in;
        std::ostringstream out, err;
        const int code = cli::runCli(args, {in, out, err});
        return std::make_tuple(code, out.str(), err.str());
    };
    const auto [code, out, err] = run({"gpu", "verified", "--table", table.string()});
    EXPECT_EQ(code, 0) << err;
    const auto at = out.find("\n  ladder-rung-5 ");
    ASSERT_NE(at, std::string::npos) << out;
    const std::string line = out.substr(at + 1, out.find('\n', at + 1) - at - 1);
    EXPECT_NE(line.find("not yet measured on a GPU"), std::string::npos) << line;
    const std::string summary = (kSource / "tests/gpu/data/sample_summary.txt").string();
    const auto [code2, out2, err2] = run({"gpu", "verified", "--table", table.string(), "--update", summary});
    EXPECT_EQ(code2, 0) << err2;
    EXPECT_EQ(out2, "updated 3 claim(s) in " + table.string() + "\n");
    const ClaimTable updated = loadClaimTable(table);
    EXPECT_EQ(findClaim(updated, "ladder-rung-5")->status, ClaimStatus::Failed);
    EXPECT_EQ(findClaim(updated, "ladder-rung-5")->source, "data");
    const auto [code3, out3, err3] = run({"gpu", "verified", "--table", (dir / "missing.tsv").string()});
    EXPECT_EQ(code3, int(cli::kExitBadInput));
    EXPECT_NE(err3.find("cannot read"), std::string::npos);
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace fplab::gpu
