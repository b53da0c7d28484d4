// Reading the speed table's CSV.
#include "core/tensor_core/measured_gemm.h"

#include <algorithm>
#include <charconv>

namespace fplab::tc {

namespace {

// "-" (did not run, or no value) reads as 0.
bool parseNumber(const std::string& s, double& v) {
    if (s == "-") return v = 0, true;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size() && v >= 0;
}

std::size_t column(std::string_view name) {
    return std::size_t(std::find(kBenchCsvColumns.begin(), kBenchCsvColumns.end(), name) - kBenchCsvColumns.begin());
}

// Parses one row; empty on success, else what is wrong.
std::string parseRow(const std::vector<std::string>& f, MeasuredGemm& r) {
    if (f.size() != kBenchCsvColumns.size())
        return std::to_string(f.size()) + " fields, the speed table has " + std::to_string(kBenchCsvColumns.size());
    r.type = f[column("type")];
    r.column = f[column("column")];
    r.impl = f[column("impl")];
    if (r.type.empty()) return "the type is empty";
    if (r.impl != "cublas" && r.impl != "kernel") return "impl must be cublas or kernel, got \"" + r.impl + "\"";
    const std::string& size = f[column("size")];
    const auto [p, ec] = std::from_chars(size.data(), size.data() + size.size(), r.size);
    if (ec != std::errc() || p != size.data() + size.size() || r.size <= 0)
        return "size must be a positive integer, got \"" + size + "\"";
    for (auto [name, target] :
         {std::pair{"median ms", &r.medianMs}, std::pair{"min ms", &r.minMs}, std::pair{"max ms", &r.maxMs},
          std::pair{"TFLOPS", &r.tflops}, std::pair{"datasheet TFLOPS", &r.datasheetTflops}})
        if (!parseNumber(f[column(name)], *target))
            return std::string(name) + " must be a number or -, got \"" + f[column(name)] + "\"";
    r.status = f[column("status")];
    r.ran = r.status == "ok";
    if (!r.ran && r.status.rfind("skipped", 0) != 0)
        return "status must be ok or skipped: ..., got \"" + r.status + "\"";
    if (r.ran && !(r.tflops > 0 && r.medianMs > 0)) return "a row that ran needs its time and TFLOPS";
    return {};
}

} // namespace

const MeasuredGemm* MeasuredBench::find(std::string_view type, std::string_view impl, int size) const {
    for (const MeasuredGemm& r : rows)
        if (r.type == type && r.impl == impl && r.size == size) return &r;
    return nullptr;
}

std::vector<std::string> splitCsvLine(std::string_view line) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') fields.back() += '"', ++i;
            else if (c == '"') quoted = false;
            else fields.back() += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back();
        } else {
            fields.back() += c;
        }
    }
    return fields;
}

MeasuredBenchOrError parseBenchCsv(std::string_view text) {
    MeasuredBench bench;
    bool inTable = false;
    int lineNo = 0;
    const auto fail = [&](const std::string& what) {
        return MeasuredBenchOrError{std::nullopt, "line " + std::to_string(lineNo) + ": " + what};
    };
    while (!text.empty()) {
        const std::size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) {
            inTable = false;
            continue;
        }
        if (line.rfind("# ", 0) == 0) {
            inTable = false;
            const std::size_t colon = line.find(": ");
            if (colon == std::string_view::npos) continue;
            const std::string_view key = line.substr(2, colon - 2), value = line.substr(colon + 2);
            std::string& field = key == "device"            ? bench.device
                                 : key == "datasheet entry" ? bench.datasheetEntry
                                                            : bench.source;
            if (&field == &bench.source) continue; // another note
            if (!field.empty() && field != value)
                return fail("the " + std::string(key) + " changes from \"" + field + "\" to \"" + std::string(value) +
                            "\"");
            field = value;
            continue;
        }
        const std::vector<std::string> fields = splitCsvLine(line);
        if (!inTable) {
            if (!std::equal(fields.begin(), fields.end(), kBenchCsvColumns.begin(), kBenchCsvColumns.end()))
                return fail("not the speed table's header (type,column,impl,size,...)");
            inTable = true;
            continue;
        }
        MeasuredGemm row;
        if (const std::string problem = parseRow(fields, row); !problem.empty()) return fail(problem);
        bench.rows.push_back(std::move(row));
    }
    if (bench.rows.empty()) return {std::nullopt, "no measured rows"};
    if (bench.device.empty()) return {std::nullopt, "no \"# device:\" line"};
    return {std::move(bench), {}};
}

} // namespace fplab::tc
