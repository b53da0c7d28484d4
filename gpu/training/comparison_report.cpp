// Formatting of the step comparison: losses to 6 decimals, scales exactly, differences to 2 digits.
#include "gpu/training/comparison_report.h"

#include <cstdio>

namespace fplab::gpu {

namespace {

std::string format(const char* spec, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, spec, v);
    return buf;
}

std::string pad(const std::string& s, std::size_t width) {
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string verdictOf(const training::StepComparison& s) {
    if (!s.judged) return s.agrees() ? "(ok)" : "(drift)";
    return s.agrees() ? "ok" : "DIFFER";
}

} // namespace

std::string comparisonHeader() {
    return "  step    cpu loss    gpu loss  loss diff    cpu scale    gpu scale  skipped  weight diff  verdict";
}

std::string comparisonLine(const training::StepComparison& s) {
    const std::string skipped = std::string(s.skippedA ? "y" : "n") + "/" + (s.skippedB ? "y" : "n");
    return pad(std::to_string(s.step), 6) + pad(format("%.6f", s.lossA), 12) + pad(format("%.6f", s.lossB), 12) +
           pad(format("%.2e", s.lossDifference), 11) + pad(format("%g", s.scaleA), 13) +
           pad(format("%g", s.scaleB), 13) + pad(skipped, 9) + pad(format("%.2e", s.weightDifference), 13) + "  " +
           verdictOf(s);
}

void writeComparisonCsv(std::ostream& csv, const training::RunComparison& r) {
    csv << "step,cpu_loss,gpu_loss,loss_difference,cpu_scale,gpu_scale,cpu_skipped,gpu_skipped,weight_difference,"
           "judged,agrees,fp8_difference,fp8_tensor\n";
    for (const training::StepComparison& s : r.steps)
        csv << s.step << "," << format("%.9g", s.lossA) << "," << format("%.9g", s.lossB) << ","
            << format("%.9g", s.lossDifference) << "," << format("%.9g", s.scaleA) << "," << format("%.9g", s.scaleB)
            << "," << (s.skippedA ? 1 : 0) << "," << (s.skippedB ? 1 : 0) << "," << format("%.9g", s.weightDifference)
            << "," << (s.judged ? 1 : 0) << "," << (s.agrees() ? 1 : 0) << "," << format("%.9g", s.fp8Difference) << ","
            << s.fp8Tensor << "\n";
}

} // namespace fplab::gpu
