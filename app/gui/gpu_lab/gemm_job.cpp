// Running the GEMM comparison block by block on the worker, and summarising it per backend.
#include "app/gui/gpu_lab/gemm_job.h"

#include "app/gui/gpu_lab/sliced_backend.h"
#include "gpu/backend_choice.h"
#include "gpu/backends.h"

#include <algorithm>

namespace fplab::gui {

using namespace fplab::gpu;

std::optional<OutputComparison> findComparison(const ComparisonReport& report, const std::string& lhs,
                                               const std::string& rhs) {
    for (const OutputComparison& c : report.pairs) {
        if (c.lhs == lhs && c.rhs == rhs) return c;
        if (c.lhs == rhs && c.rhs == lhs) {
            OutputComparison swapped = c;
            std::swap(swapped.lhs, swapped.rhs);
            for (std::int64_t& u : swapped.ulps)
                if (u != kNanMismatch) u = -u;
            return swapped;
        }
    }
    return std::nullopt;
}

GemmJobResult runGemmJob(const GemmJobRequest& request, const JobControl& control) {
    const auto chosen = [&](BackendChoice b) {
        return b == BackendChoice::Reference || b == BackendChoice::Model ||
               std::find(request.backends.begin(), request.backends.end(), b) != request.backends.end();
    };
    // Run in the enum's order: CPU first, reference first.
    std::vector<BackendChoice> ordered;
    for (BackendChoice b : allBackendChoices())
        if (chosen(b)) ordered.push_back(b);

    GemmJobResult result;
    result.request = request;
    result.problem = makeRandomProblem(request.spec);
    std::vector<std::unique_ptr<GemmBackend>> backends;
    for (std::size_t i = 0; i < ordered.size(); ++i) {
        auto inner = makeBackend(ordered[i], request.arch, request.corners);
        if (ordered[i] == BackendChoice::Reference) result.referenceName = inner->name();
        if (ordered[i] == BackendChoice::Model) result.modelName = inner->name();
        backends.push_back(std::make_unique<SlicedBackend>(std::move(inner), control, int(i), int(ordered.size())));
    }
    result.report = compareBackends(result.problem, backends);
    // compareBackends lists a cancelled backend as failed; the whole job was cancelled then.
    control.checkCancelled();

    for (const auto& backend : backends) {
        GemmBackendRow row;
        row.backend = backend->name();
        row.instruction = backend->instruction(result.problem.type);
        // A GPU backend is compared with the model of the instruction it runs, when that model ran.
        row.comparedModel = instructionModelName(row.backend, result.problem.type, request.arch);
        const bool ownModelRan = std::any_of(result.report.outputs.begin(), result.report.outputs.end(),
                                             [&](const GemmOutput& o) { return o.backend == row.comparedModel; });
        if (row.comparedModel.empty() || !ownModelRan) row.comparedModel = result.modelName;
        const auto out = std::find_if(result.report.outputs.begin(), result.report.outputs.end(),
                                      [&](const GemmOutput& o) { return o.backend == row.backend; });
        if (out == result.report.outputs.end()) {
            for (const SkippedBackend& s : result.report.skipped)
                if (s.backend == row.backend) row.skipped = s.reason;
        } else {
            row.ran = true;
            row.milliseconds = out->milliseconds;
            row.note = out->note;
            if (row.backend != row.comparedModel)
                row.vsModel = findComparison(result.report, row.backend, row.comparedModel);
            if (row.backend != result.referenceName)
                row.vsReference = findComparison(result.report, row.backend, result.referenceName);
        }
        result.rows.push_back(std::move(row));
    }
    control.report(1.0);
    return result;
}

} // namespace fplab::gui
