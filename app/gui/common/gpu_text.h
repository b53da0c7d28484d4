// gpu/ explains itself in English sentences built in C++ (why there is no GPU, what failed), out of
// tr()'s sight. These put them in the user's language: the known sentences translated, a CUDA
// error's technical detail kept after a translated sentence saying what kind of failure it was.
#pragma once

#include <QCoreApplication>
#include <QString>

#include <string>

namespace fplab::gpu {
class GpuError;
}

namespace fplab::gui {

class GpuText {
    Q_DECLARE_TR_FUNCTIONS(fplab::gui::GpuText)
};

// A reason from gpu/ (DeviceQuery::reason, a backend's unavailableReason) in the user's language.
QString gpuReasonText(const std::string& reason);
// A GpuError (or any exception text) for a status line: the kind of failure, then its detail.
QString gpuErrorText(const gpu::GpuError& error);
QString gpuErrorText(const std::exception& error);
// A CUDA version ("12.4") or the word for none.
QString cudaVersionLabel(int version);

// The visible mark of a GPU feature whose claims (the ids starting with `claimPrefix` in
// docs/gpu-results/verified.tsv, gpu/verified_claims.h) are not all verified on a GPU: "Not yet measured on a
// GPU", or "FAILED on a GPU" when a run found it wrong; empty when every claim is verified.
QString gpuMeasurementMark(std::string_view claimPrefix);

} // namespace fplab::gui
