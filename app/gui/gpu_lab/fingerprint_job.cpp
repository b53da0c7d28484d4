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

FingerprintJobResult loadFingerprintJob(const std::string& path, const JobControl& control) {
    std::string error;
    const auto text = fp::readWholeFile(path, error);
    if (!text) throw std::runtime_error(error);
    if (!fp::isAnswersFile(*text))
        throw std::runtime_error(path + " is not a fingerprint file (bare recorded cells can be converted with "
                                        "fplab-cli gpu fingerprint --load FILE --type T --save NEW)");
    auto parsed = fp::parseAnswers(*text);
    if (!parsed.answers) throw std::runtime_error(path + ": " + parsed.error);
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
