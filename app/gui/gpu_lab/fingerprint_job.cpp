#include "app/gui/gpu_lab/fingerprint_job.h"

#include "core/tensor_core/fingerprint/answers_file.h"
#include "gpu/fingerprint.h"

#include <stdexcept>

namespace fplab::gui {

namespace fp = tc::fingerprint;

FingerprintJobResult runFingerprintJob(gpu::GemmType type, tc::Api api, const JobControl& control) {
    FingerprintJobResult r;
    // The probes take 80% of the bar, the inference the rest.
    r.answers = gpu::runFingerprintOnGpu(type, api, [&](int done, int total) {
        control.checkCancelled();
        control.report(0.8 * done / total);
    });
    r.report = fp::makeFingerprintReport(r.answers);
    control.report(1.0);
    return r;
}

FingerprintJobResult loadFingerprintJob(const std::string& path, gpu::GemmType bareCellsType, tc::Api api,
                                        const JobControl& control) {
    // Bare recorded cells (the H100 evidence) are read as the type and instruction chosen in the panel, on sm_90,
    // or as the type the cells' width (and the file's name) points to when the panel's does not fit.
    auto parsed = gpu::readFingerprintAnswers(path, bareCellsType, api, tc::Arch::Sm90, true);
    if (!parsed.answers) throw std::runtime_error(parsed.error);
    control.checkCancelled();
    control.report(0.2);
    FingerprintJobResult r;
    r.answers = std::move(*parsed.answers);
    r.report = fp::makeFingerprintReport(r.answers);
    r.source = path;
    control.report(1.0);
    return r;
}

} // namespace fplab::gui
