// The step CSV's columns and rows. Numbers go through std::to_chars, which writes printf's "%.9g"
// in the C locale: the GUI runs under the user's locale, where printf could write "0,5".
#include "core/training/step_csv.h"

#include <algorithm>
#include <charconv>

namespace fplab::training {

std::string csvNumber(double v) {
    char buf[64];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 9);
    return std::string(buf, r.ptr);
}

StepCsvColumns stepCsvColumns(const TrainingRun& run) {
    StepCsvColumns c;
    c.stats = run.onEmulator();
    for (const Parameter& p : run.model().parameters()) c.parameters.push_back(p.name);
    if (run.policy().fp8Gemms()) c.fp8Tensors = run.model().fp8TensorNames();
    return c;
}

std::string stepCsvHeader(const StepCsvColumns& columns) {
    std::string h = "step,loss,accuracy,scale,scale_after,growth_tracker,skipped,nonfinite_grad,grad_norm,clipped";
    if (columns.stats) {
        h += ",grad_elements,grad_nonzero,underflow,subnormal,overflow,underflow_fraction,subnormal_fraction,"
             "overflow_fraction,updates_attempted,updates_vanished";
        for (const std::string& p : columns.parameters) h += ",update_ratio_" + p;
        for (const std::string& t : columns.fp8Tensors)
            h += "," + t + "_amax," + t + "_history_amax," + t + "_scale," + t + "_saturated_fraction," + t +
                 "_flushed_fraction";
    }
    return h + "\n";
}

std::string stepCsvRow(const StepRecord& r, bool stats) {
    const auto field = [](std::string& row, const std::string& text) {
        row += ',';
        row += text;
    };
    std::string row = std::to_string(r.step);
    field(row, csvNumber(r.loss));
    field(row, csvNumber(r.accuracy));
    field(row, csvNumber(r.scale));
    field(row, csvNumber(r.scaleAfter));
    field(row, std::to_string(r.growthTracker));
    field(row, r.skipped ? "1" : "0");
    field(row, r.nonFiniteGradients ? "1" : "0");
    field(row, csvNumber(r.gradNorm));
    field(row, r.clipped ? "1" : "0");
    if (stats) {
        const Fp16WindowCounts& w = r.window;
        for (std::int64_t n : {w.elements, w.nonzero(), w.underflow, w.subnormal, w.overflow})
            field(row, std::to_string(n));
        for (double f : {w.underflowFraction(), w.subnormalFraction(), w.overflowFraction()}) field(row, csvNumber(f));
        field(row, std::to_string(r.updatesAttempted));
        field(row, std::to_string(r.updatesVanished));
        for (double u : r.updateRatio) field(row, csvNumber(u));
        for (const Fp8TensorStats& t : r.fp8)
            for (double v :
                 {double(t.amax), double(t.historyAmax), double(t.scale), t.saturatedFraction(), t.flushedFraction()})
                field(row, csvNumber(v));
    }
    return row + "\n";
}

namespace {

std::vector<std::string> splitFields(const std::string& line) {
    std::vector<std::string> fields(1);
    for (char ch : line) {
        if (ch == ',') fields.emplace_back();
        else if (ch != '\n') fields.back() += ch;
    }
    return fields;
}

// The first `count` fields of a CSV line of numbers and names without commas of their own.
std::string firstFields(const std::string& line, std::size_t count) {
    std::size_t end = 0;
    for (std::size_t seen = 0; end < line.size() && line[end] != '\n'; ++end)
        if (line[end] == ',' && ++seen == count) break;
    return line.substr(0, end);
}

} // namespace

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char ch : text) {
        if (ch == '"') quoted += '"';
        quoted += ch;
    }
    return quoted + '"';
}

std::string comparisonCsv(const std::vector<CsvRun>& runs) {
    std::vector<std::string> shared;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const std::vector<std::string> columns = splitFields(stepCsvHeader(runs[i].columns));
        if (i == 0) {
            shared = columns;
            continue;
        }
        const auto differ = std::mismatch(shared.begin(), shared.end(), columns.begin(), columns.end());
        shared.erase(differ.first, shared.end());
    }
    std::string out = "run";
    for (const std::string& c : shared) out += "," + c;
    out += "\n";
    for (const CsvRun& run : runs) {
        if (!run.steps) continue;
        const std::string name = csvField(run.name);
        for (const StepRecord& r : *run.steps)
            out += name + "," + firstFields(stepCsvRow(r, run.columns.stats), shared.size()) + "\n";
    }
    return out;
}

} // namespace fplab::training
