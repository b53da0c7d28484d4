// `fplab-cli gpu verified [--update SUMMARY] [--table FILE]`: what has been checked on a GPU, claim by claim
// (docs/gpu-results/verified.tsv, gpu/verified_claims.h), and its update from a GPU run's summary.txt.
#include "app/cli/cli_options.h"
#include "app/cli/command_gpu.h"
#include "core/platform/atomic_file.h"
#include "gpu/verified_claims.h"

#include <fstream>
#include <ostream>
#include <sstream>

namespace fplab::cli {

using namespace fplab::gpu;

OptionTable gpuVerifiedOptions(GpuArgs& a) {
    OptionTable t;
    t.command = "gpu verified";
    t.summary = "what has been checked on a GPU, claim by claim (no GPU needed)";
    t.options.push_back(gpuValue(a, "--table", "FILE", "the claim table (default: docs/gpu-results/verified.tsv)"));
    t.options.push_back(gpuValue(a, "--update", "SUMMARY",
                                 "apply a scripts/gpu-run.sh summary.txt to the table and rewrite it: verified and "
                                 "FAILED verdicts replace the claims' status, 'not run' ones leave them"));
    t.options.push_back(
        gpuValue(a, "--source", "S", "with --update: where the run's files are (default: SUMMARY's folder)"));
    addOutputOptions(t, a);
    return t;
}

int runGpuVerified(const GpuArgs& a, CommandIo io) {
    const std::filesystem::path file = a.get("--table") ? std::filesystem::path(*a.get("--table")) : claimTableFile();
    ClaimTable table = loadClaimTable(file);
    if (!table.error.empty()) {
        io.err << "fplab-cli gpu verified: " << table.error << "\n";
        return kExitBadInput;
    }
    if (const std::string* summaryFile = a.get("--update")) {
        std::ifstream in(*summaryFile, std::ios::binary);
        if (!in) {
            io.err << "fplab-cli gpu verified: cannot read " << quoted(*summaryFile) << "\n";
            return kExitBadInput;
        }
        std::ostringstream text;
        text << in.rdbuf();
        const std::string source = a.get("--source")
                                       ? *a.get("--source")
                                       : std::filesystem::path(*summaryFile).parent_path().filename().string();
        std::string error;
        const int changed = applyRunSummary(table, text.str(), source, error);
        if (!error.empty()) {
            io.err << "fplab-cli gpu verified: " << *summaryFile << ": " << error << "\n";
            return kExitBadInput;
        }
        if (const auto failed = platform::writeFileAtomically(file, formatClaimTable(table))) {
            io.err << "fplab-cli gpu verified: cannot write " << quoted(file.string()) << ": " << *failed << "\n";
            return kExitOutput;
        }
        io.out << "updated " << changed << " claim(s) in " << file.string() << "\n";
        return kExitOk;
    }
    int counts[3] = {};
    for (const VerifiedClaim& c : table.claims) ++counts[int(c.status)];
    Report r;
    r.fields.push_back({"table", txt(file.filename().string())});
    r.fields.push_back({"verified", num(std::int64_t(counts[int(ClaimStatus::Verified)]))});
    r.fields.push_back({"FAILED", num(std::int64_t(counts[int(ClaimStatus::Failed)]))});
    r.fields.push_back({"not yet measured on a GPU", num(std::int64_t(counts[int(ClaimStatus::NotMeasured)]))});
    Table t{"claims", {"claim", "status", "date", "gpu", "what"}, {}};
    for (const VerifiedClaim& c : table.claims)
        t.rows.push_back({txt(c.id),
                          txt(c.status == ClaimStatus::NotMeasured ? "not yet measured on a GPU"
                                                                   : std::string(claimStatusKey(c.status))),
                          txt(c.date), txt(c.gpu), txt(c.what)});
    r.tables.push_back(std::move(t));
    printReport(r, a.format, io.out);
    return kExitOk;
}

} // namespace fplab::cli
