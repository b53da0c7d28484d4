// Reading the ladder's CSV tables back: "# key: value" fields, a header line, rows until a blank line.
#include "gpu/ladder_results.h"

#include "core/tensor_core/measured_gemm.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace fplab::gpu {

namespace {

// "-" (did not run, or no value) and WRONG (a failed check) read as 0.
bool parseNumber(const std::string& s, double& v) {
    if (s == "-" || s == kWrongMark) return v = 0, true;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
}

bool parseInt(const std::string& s, int& v) {
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
}

std::size_t column(std::string_view name) {
    return std::size_t(std::find(kLadderCsvColumns.begin(), kLadderCsvColumns.end(), name) - kLadderCsvColumns.begin());
}

} // namespace

std::vector<LadderRecord> parseLadderCsv(std::string_view text, std::string& error) {
    error.clear();
    std::vector<LadderRecord> records;
    std::string device, date;
    enum class State { Between, Ladder, Other } state = State::Between;
    std::istringstream in{std::string(text)};
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.rfind("# ", 0) == 0) {
            state = State::Between;
            const auto colon = line.find(": ");
            if (colon == std::string::npos) continue;
            const std::string key = line.substr(2, colon - 2), value = line.substr(colon + 2);
            if (key == kLadderDeviceField) device = value, date.clear();
            if (key == kLadderDateField) date = value;
            continue;
        }
        if (line.empty()) {
            state = State::Between;
            continue;
        }
        if (state == State::Other) continue;
        const auto fields = tc::splitCsvLine(line);
        if (state == State::Between) {
            // A header: the ladder's, or another table's, whose rows are skipped.
            const bool ours = fields.size() == kLadderCsvColumns.size() &&
                              std::equal(fields.begin(), fields.end(), kLadderCsvColumns.begin());
            state = ours ? State::Ladder : State::Other;
            if (ours) records.push_back({device, date, {}, {}});
            continue;
        }
        auto bad = [&](const std::string& what) {
            error = "line " + std::to_string(lineNo) + ": " + what;
            return std::vector<LadderRecord>{};
        };
        if (fields.size() != kLadderCsvColumns.size())
            return bad(std::to_string(fields.size()) + " fields, the ladder table has " +
                       std::to_string(kLadderCsvColumns.size()));
        LadderResult r;
        const auto type = findGemmType(fields[column("type")]);
        if (!type) return bad("unknown GEMM type \"" + fields[column("type")] + "\"");
        r.type = *type;
        if (!parseInt(fields[column("rung")], r.rung) || r.rung < 0 || r.rung > 5)
            return bad("rung must be 0 (cuBLAS) to 5, got \"" + fields[column("rung")] + "\"");
        if (!parseInt(fields[column("size")], r.size) || r.size <= 0)
            return bad("size must be a positive integer, got \"" + fields[column("size")] + "\"");
        for (auto [name, target] : {std::pair{"TFLOPS", &r.tflops}, std::pair{"cuBLAS TFLOPS", &r.cublasTflops},
                                    std::pair{"datasheet TFLOPS", &r.datasheetTflops}})
            if (!parseNumber(fields[column(name)], *target))
                return bad(std::string(name) + " must be a number or -, got \"" + fields[column(name)] + "\"");
        r.status = fields[column("status")];
        r.ran = r.status.rfind("ok", 0) == 0;
        r.wrong = r.status.rfind(kWrongMark, 0) == 0;
        records.back().rows.push_back(std::move(r));
    }
    return records;
}

std::optional<LadderRecord> latestRecordedLadder(const std::filesystem::path& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return std::nullopt;
    std::vector<std::filesystem::path> files;
    for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec) && it->path().extension() == ".csv") files.push_back(it->path());
    std::sort(files.begin(), files.end());
    std::optional<LadderRecord> best;
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        std::string error;
        for (auto& r : parseLadderCsv(text.str(), error)) {
            if (r.rows.empty()) continue;
            r.source = f.string();
            if (!best || r.date >= best->date) best = std::move(r);
        }
    }
    return best;
}

LadderRecord ladderRecordFromRows(const std::vector<BenchRow>& rows, std::string device, std::string date) {
    LadderRecord record{std::move(device), std::move(date), {}, {}};
    for (const BenchRow& row : rows) {
        LadderResult r;
        r.type = row.type;
        r.rung = row.rung;
        r.size = row.size;
        r.ran = row.ran;
        r.tflops = row.ran ? row.tflops : 0;
        r.cublasTflops = row.rung ? row.cublasTflops : 0;
        r.datasheetTflops = row.datasheetPeak;
        r.wrong = !row.wrong.empty();
        r.status = benchRowStatus(row);
        record.rows.push_back(std::move(r));
    }
    return record;
}

std::filesystem::path recordedResultsDir() { return FPLAB_GPU_RESULTS_DIR; }

} // namespace fplab::gpu
