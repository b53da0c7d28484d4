// The benchmark, split by data type.
#include "app/gui/gpu_lab/speed_job.h"

#include "gpu/gpu_error.h"
#include "gpu/ladder.h"

namespace fplab::gui {

using namespace fplab::gpu;

std::vector<BenchRow> runSpeedJob(const BenchConfig& config, const JobControl& control) {
    if (auto why = checkBenchConfig(config); !why.empty()) throw GpuError(GpuError::Kind::InvalidArgument, why);
    const std::vector<GemmType> types = config.types.empty() ? defaultBenchTypes() : config.types;
    std::vector<BenchRow> rows;
    for (std::size_t i = 0; i < types.size(); ++i) {
        control.checkCancelled();
        BenchConfig one = config;
        one.types = {types[i]};
        for (BenchRow& row : runBenchmark(one)) rows.push_back(std::move(row));
        control.report(double(i + 1) / double(types.size()));
    }
    return rows;
}

std::vector<BenchRow> runLadderJob(int size, const JobControl& control) {
    BenchConfig config;
    config.impl = BenchImpl::Ladder;
    config.sizes = {size};
    int done = 0;
    return runBenchmark(config, [&](const BenchRow&) {
        control.report(double(++done) / double(1 + kLadderRungCount));
        control.checkCancelled();
    });
}

} // namespace fplab::gui
