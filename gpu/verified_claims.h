// What has been verified on a GPU, claim by claim: docs/gpu-results/verified.tsv (claim, status, date, gpu,
// source, what; tab-separated, a header line first). One table drives every "not yet measured on a GPU" mark
// of the app and `fplab-cli gpu verified`; a GPU run's summary.txt (scripts/gpu-run.sh) updates it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::gpu {

enum class ClaimStatus : std::uint8_t { Verified, Failed, NotMeasured };
std::string_view claimStatusKey(ClaimStatus s); // "verified" "FAILED" "not measured": the table's words
std::optional<ClaimStatus> parseClaimStatusKey(std::string_view s);

struct VerifiedClaim {
    std::string id; // "ladder-rung-5"
    ClaimStatus status = ClaimStatus::NotMeasured;
    std::string date;   // YYYY-MM-DD of the run that decided it, "-" when none
    std::string gpu;    // the GPU it ran on, "-" when none
    std::string source; // where the run's output is, under docs/gpu-results/ ("-" when none)
    std::string what;   // the claim in words
};

struct ClaimTable {
    std::vector<VerifiedClaim> claims;
    std::string error; // empty when the text was read; otherwise the line and what is wrong with it
};

ClaimTable parseClaimTable(std::string_view text);
std::string formatClaimTable(const ClaimTable& table);
// docs/gpu-results/verified.tsv of the source tree (recordedResultsDir()); an error names a missing file.
ClaimTable loadClaimTable(const std::filesystem::path& file);
std::filesystem::path claimTableFile();

const VerifiedClaim* findClaim(const ClaimTable& table, std::string_view id);
// Every claim whose id starts with `prefix` ("ladder-rung-", "training-fp8-"): Verified when all are,
// Failed when one failed, NotMeasured otherwise (also when none matches).
ClaimStatus featureStatus(const ClaimTable& table, std::string_view prefix);

// Applies a summary.txt of scripts/gpu-run.sh: "# FP Lab GPU run, DATE, GPU" then "claim<TAB>verdict" lines.
// A verdict "verified..." or "FAILED..." sets the claim's status, date, GPU and source; "not run (...)" leaves
// it as it was. Returns the number of claims changed; `error` names a malformed line or an unknown claim.
int applyRunSummary(ClaimTable& table, std::string_view summary, const std::string& source, std::string& error);

} // namespace fplab::gpu
