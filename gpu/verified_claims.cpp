#include "gpu/verified_claims.h"

#include "gpu/ladder_results.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace fplab::gpu {

namespace {

std::vector<std::string> splitTabs(const std::string& line) {
    std::vector<std::string> fields(1);
    for (char c : line) {
        if (c == '\t') fields.emplace_back();
        else fields.back() += c;
    }
    return fields;
}

constexpr std::string_view kHeader = "claim\tstatus\tdate\tgpu\tsource\twhat";

} // namespace

std::string_view claimStatusKey(ClaimStatus s) {
    switch (s) {
    case ClaimStatus::Verified: return "verified";
    case ClaimStatus::Failed: return "FAILED";
    case ClaimStatus::NotMeasured: return "not measured";
    }
    return "?";
}

std::optional<ClaimStatus> parseClaimStatusKey(std::string_view s) {
    for (ClaimStatus c : {ClaimStatus::Verified, ClaimStatus::Failed, ClaimStatus::NotMeasured})
        if (claimStatusKey(c) == s) return c;
    return std::nullopt;
}

ClaimTable parseClaimTable(std::string_view text) {
    ClaimTable table;
    std::istringstream in{std::string(text)};
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (lineNo == 1) {
            if (line != kHeader) table.error = "line 1: the header must be \"claim, status, date, gpu, source, what\"";
            if (!table.error.empty()) return table;
            continue;
        }
        if (line.empty()) continue;
        const std::vector<std::string> f = splitTabs(line);
        const auto status = f.size() == 6 ? parseClaimStatusKey(f[1]) : std::nullopt;
        if (f.size() != 6 || !status || f[0].empty() || findClaim(table, f[0])) {
            table.error = "line " + std::to_string(lineNo) + ": " +
                          (f.size() != 6  ? std::to_string(f.size()) + " fields, the table has 6"
                           : !status      ? "unknown status \"" + f[1] + "\" (verified, FAILED, not measured)"
                           : f[0].empty() ? std::string("no claim id")
                                          : "claim \"" + f[0] + "\" appears twice");
            table.claims.clear();
            return table;
        }
        table.claims.push_back({f[0], *status, f[2], f[3], f[4], f[5]});
    }
    if (lineNo == 0) table.error = "the table is empty";
    return table;
}

std::string formatClaimTable(const ClaimTable& table) {
    std::string s = std::string(kHeader) + "\n";
    for (const VerifiedClaim& c : table.claims)
        s += c.id + "\t" + std::string(claimStatusKey(c.status)) + "\t" + c.date + "\t" + c.gpu + "\t" + c.source +
             "\t" + c.what + "\n";
    return s;
}

ClaimTable loadClaimTable(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return {{}, "cannot read " + file.string()};
    std::ostringstream text;
    text << in.rdbuf();
    ClaimTable t = parseClaimTable(text.str());
    if (!t.error.empty()) t.error = file.string() + ": " + t.error;
    return t;
}

std::filesystem::path claimTableFile() { return recordedResultsDir() / "verified.tsv"; }

const VerifiedClaim* findClaim(const ClaimTable& table, std::string_view id) {
    for (const VerifiedClaim& c : table.claims)
        if (c.id == id) return &c;
    return nullptr;
}

ClaimStatus featureStatus(const ClaimTable& table, std::string_view prefix) {
    bool any = false, all = true;
    for (const VerifiedClaim& c : table.claims) {
        if (c.id.rfind(prefix, 0) != 0) continue;
        any = true;
        if (c.status == ClaimStatus::Failed) return ClaimStatus::Failed;
        all = all && c.status == ClaimStatus::Verified;
    }
    return any && all ? ClaimStatus::Verified : ClaimStatus::NotMeasured;
}

int applyRunSummary(ClaimTable& table, std::string_view summary, const std::string& source, std::string& error) {
    error.clear();
    std::istringstream in{std::string(summary)};
    std::string line, date = "-", gpu = "-";
    int lineNo = 0, changed = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        constexpr std::string_view kRun = "# FP Lab GPU run, ";
        if (line.rfind(kRun, 0) == 0) {
            const std::string rest = line.substr(kRun.size());
            const auto comma = rest.find(", ");
            date = rest.substr(0, comma);
            gpu = comma == std::string::npos ? "-" : rest.substr(comma + 2);
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        if (tab == std::string::npos) {
            error = "line " + std::to_string(lineNo) + ": expected \"claim<TAB>verdict\"";
            return changed;
        }
        const std::string id = line.substr(0, tab), verdict = line.substr(tab + 1);
        auto it = std::find_if(table.claims.begin(), table.claims.end(),
                               [&](const VerifiedClaim& c) { return c.id == id; });
        if (it == table.claims.end()) {
            // The run's own lines (such as other branches' probes) that are no claim of the table.
            if (id.find(' ') != std::string::npos) continue;
            error = "line " + std::to_string(lineNo) + ": unknown claim \"" + id + "\"";
            return changed;
        }
        const bool verified = verdict.rfind("verified", 0) == 0, failed = verdict.rfind("FAILED", 0) == 0;
        if (!verified && !failed) continue;
        it->status = verified ? ClaimStatus::Verified : ClaimStatus::Failed;
        it->date = date;
        it->gpu = gpu;
        it->source = source;
        ++changed;
    }
    return changed;
}

} // namespace fplab::gpu
