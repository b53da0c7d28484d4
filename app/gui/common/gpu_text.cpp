#include "app/gui/common/gpu_text.h"

#include "gpu/device_info.h"
#include "gpu/gpu_error.h"
#include "gpu/verified_claims.h"

#include <string_view>

namespace fplab::gui {

namespace {

// The sentences gpu/ starts its reasons with (gpu/cuda/device_query.cpp, gpu/gpu_error.h, the
// backends); what follows them (an error code, a version) is kept as it is.
struct KnownReason {
    std::string_view english;
    const char* source;
};
constexpr KnownReason kKnown[] = {
    {"FP Lab was built without CUDA", QT_TRANSLATE_NOOP("fplab::gui::GpuText", "FP Lab was built without CUDA")},
    {"no CUDA-capable GPU is visible", QT_TRANSLATE_NOOP("fplab::gui::GpuText", "no CUDA-capable GPU is visible")},
    {"no NVIDIA driver is installed", QT_TRANSLATE_NOOP("fplab::gui::GpuText", "no NVIDIA driver is installed")},
    {"the NVIDIA driver supports CUDA ",
     QT_TRANSLATE_NOOP("fplab::gui::GpuText", "the NVIDIA driver is older than this build's CUDA: ")},
    {"only the CUDA stub driver library was found",
     QT_TRANSLATE_NOOP("fplab::gui::GpuText", "only the CUDA stub driver library was found")},
    {"every GPU is busy or in exclusive-process mode",
     QT_TRANSLATE_NOOP("fplab::gui::GpuText", "every GPU is busy or in exclusive-process mode")},
    {"the driver reports no CUDA devices",
     QT_TRANSLATE_NOOP("fplab::gui::GpuText", "the driver reports no CUDA devices")},
    {"no GPU: ", QT_TRANSLATE_NOOP("fplab::gui::GpuText", "no GPU: ")},
};

} // namespace

QString gpuReasonText(const std::string& reason) {
    for (const KnownReason& k : kKnown) {
        if (reason.compare(0, k.english.size(), k.english) != 0) continue;
        const std::string rest = reason.substr(k.english.size());
        // "no GPU: <reason>" nests another reason.
        const QString tail = k.english == "no GPU: " ? gpuReasonText(rest) : QString::fromStdString(rest);
        return GpuText::tr(k.source) + tail;
    }
    return QString::fromStdString(reason);
}

QString gpuErrorText(const gpu::GpuError& error) {
    using Kind = gpu::GpuError::Kind;
    QString kind;
    switch (error.kind()) {
    case Kind::NotBuilt: kind = GpuText::tr("This copy of FP Lab has no GPU code"); break;
    case Kind::NoDevice: kind = GpuText::tr("No usable GPU"); break;
    case Kind::CudaCall: kind = GpuText::tr("A CUDA call failed"); break;
    case Kind::CublasCall: kind = GpuText::tr("A cuBLAS call failed"); break;
    case Kind::Unsupported: kind = GpuText::tr("This GPU or this build cannot run it"); break;
    case Kind::InvalidArgument: kind = GpuText::tr("The request is not valid"); break;
    }
    return GpuText::tr("%1 (details: %2)").arg(kind, gpuReasonText(error.what()));
}

QString gpuErrorText(const std::exception& error) {
    if (const auto* gpuError = dynamic_cast<const gpu::GpuError*>(&error)) return gpuErrorText(*gpuError);
    return QString::fromStdString(error.what());
}

QString cudaVersionLabel(int version) {
    return version <= 0 ? GpuText::tr("none") : QString::fromStdString(gpu::cudaVersionText(version));
}

} // namespace fplab::gui

namespace fplab::gui {

QString gpuMeasurementMark(std::string_view claimPrefix) {
    // Read once: the table is part of the source tree and changes only with a commit.
    static const gpu::ClaimTable table = gpu::loadClaimTable(gpu::claimTableFile());
    if (!table.error.empty())
        return GpuText::tr("Not yet measured on a GPU (the table of verified claims cannot be read: %1)")
            .arg(QString::fromStdString(table.error));
    switch (gpu::featureStatus(table, claimPrefix)) {
    case gpu::ClaimStatus::Verified: return {};
    case gpu::ClaimStatus::Failed: return GpuText::tr("FAILED on a GPU (docs/gpu-results/verified.tsv)");
    case gpu::ClaimStatus::NotMeasured: break;
    }
    return GpuText::tr("Not yet measured on a GPU");
}

} // namespace fplab::gui
