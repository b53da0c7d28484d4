#include "app/gui/summation/target_text.h"

#include <QCoreApplication>

namespace fplab::gui {

namespace {

class TargetText {
    Q_DECLARE_TR_FUNCTIONS(fplab::gui::TargetText)
};

QString modelTitle(reveal::ModelTarget t) {
    using reveal::ModelTarget;
    switch (t) {
    case ModelTarget::Sequential: return TargetText::tr("In order (a plain loop)");
    case ModelTarget::Reversed: return TargetText::tr("In reverse order");
    case ModelTarget::Pairwise: return TargetText::tr("Pairwise (halves, recursively)");
    case ModelTarget::Blocked8: return TargetText::tr("Blocks of 8");
    case ModelTarget::Lanes8: return TargetText::tr("Eight vector lanes");
    case ModelTarget::Fused4: return TargetText::tr("Fused additions of 4");
    case ModelTarget::GpuTree256: return TargetText::tr("GPU tree reduction (blocks of 256)");
    case ModelTarget::HostLoop: return TargetText::tr("float loop on this CPU");
    case ModelTarget::StdReduce: return TargetText::tr("std::reduce");
    case ModelTarget::FastMathLoop: return TargetText::tr("float loop, -O3 -ffast-math");
    case ModelTarget::TensorCoreA100: return TargetText::tr("Tensor core, A100 model (FP16)");
    case ModelTarget::TensorCoreH100: return TargetText::tr("Tensor core, H100 model (FP16)");
    }
    return {};
}

QString blasTitle(summation_targets::BlasTarget t) {
    using summation_targets::BlasTarget;
    switch (t) {
    case BlasTarget::Sdot: return TargetText::tr("OpenBLAS sdot");
    case BlasTarget::Sgemv: return TargetText::tr("OpenBLAS sgemv (one row)");
    case BlasTarget::SgemmM1: return TargetText::tr("OpenBLAS sgemm, batch of 1 (M = 1)");
    case BlasTarget::SgemmM64: return TargetText::tr("OpenBLAS sgemm, batch of 64 (M = 64)");
    }
    return {};
}

QString gpuTitle(summation_targets::GpuTarget t) {
    using summation_targets::GpuTarget;
    switch (t) {
    case GpuTarget::CublasSgemmM1: return TargetText::tr("GPU: cuBLAS FP32 GEMM, batch of 1");
    case GpuTarget::CublasSgemmM64: return TargetText::tr("GPU: cuBLAS FP32 GEMM, batch of 64");
    case GpuTarget::CublasSgemmM512: return TargetText::tr("GPU: cuBLAS FP32 GEMM, batch of 512");
    case GpuTarget::CublasHgemmM64: return TargetText::tr("GPU: cuBLAS FP16 GEMM on tensor cores, batch of 64");
    case GpuTarget::KernelHgemmM64: return TargetText::tr("GPU: FP Lab's mma.sync kernel, batch of 64");
    case GpuTarget::GpuSequential: return TargetText::tr("GPU: one thread, in order");
    case GpuTarget::GpuTree: return TargetText::tr("GPU: tree reduction kernel");
    case GpuTarget::GpuAtomic: return TargetText::tr("GPU: atomicAdd from many threads");
    case GpuTarget::SingleMma: return TargetText::tr("GPU: one mma.sync (16 terms)");
    }
    return {};
}

QString modelDescription(reveal::ModelTarget t) {
    using reveal::ModelTarget;
    switch (t) {
    case ModelTarget::Sequential: return TargetText::tr("Each term added to the running sum, first to last.");
    case ModelTarget::Reversed: return TargetText::tr("Each term added to the running sum, last to first.");
    case ModelTarget::Pairwise: return TargetText::tr("The two halves summed separately, recursively, then added.");
    case ModelTarget::Blocked8: return TargetText::tr("Each block of 8 summed in order, then the block sums in order.");
    case ModelTarget::Lanes8:
        return TargetText::tr(
            "Lane l adds every eighth term from l, as a SIMD dot product does; then the lanes are added pairwise.");
    case ModelTarget::Fused4:
        return TargetText::tr("Four terms and the previous result added at once, keeping 24 bits below the largest, as "
                              "a tensor core aligns.");
    case ModelTarget::GpuTree256:
        return TargetText::tr("The GPU Lab's reduction: halving strides inside blocks of 256, then the block sums.");
    case ModelTarget::HostLoop:
        return TargetText::tr("A float loop compiled without fast-math: the compiler keeps the order.");
    case ModelTarget::StdReduce:
        return TargetText::tr("The C++ library's std::reduce (libstdc++ adds groups of four).");
    case ModelTarget::FastMathLoop:
        return TargetText::tr("A float loop compiled with -O3 -ffast-math: the compiler chose this order.");
    case ModelTarget::TensorCoreA100:
    case ModelTarget::TensorCoreH100:
        return TargetText::tr("An FP16 dot product on FP Lab's model of the tensor core's block FMA (FP32 result).");
    }
    return {};
}

} // namespace

QString targetTitle(const summation_targets::Target& t) {
    if (const auto* m = std::get_if<reveal::ModelTarget>(&t)) return modelTitle(*m);
    if (const auto* b = std::get_if<summation_targets::BlasTarget>(&t)) return blasTitle(*b);
    return gpuTitle(std::get<summation_targets::GpuTarget>(t));
}

QString targetDescription(const summation_targets::Target& t) {
    if (const auto* m = std::get_if<reveal::ModelTarget>(&t)) return modelDescription(*m);
    if (const auto* g = std::get_if<summation_targets::GpuTarget>(&t)) {
        const std::string why = summation_targets::gpuTargetUnavailable();
        const QString what = *g == summation_targets::GpuTarget::GpuAtomic
                                 ? TargetText::tr("The order of atomicAdd changes from run to run: a reveal finds "
                                                  "answers no single tree explains.")
                                 : TargetText::tr("Runs on the GPU; the order is the library's or the kernel's own.");
        return why.empty() ? what
                           : what + QLatin1Char(' ') +
                                 TargetText::tr("Not available here: %1").arg(QString::fromStdString(why));
    }
    return TargetText::tr("One thread of the system BLAS (OpenBLAS, kernel %1): its order depends on the processor.")
        .arg(QString::fromLatin1(summation_targets::blasCoreName().data(),
                                 int(summation_targets::blasCoreName().size())));
}

} // namespace fplab::gui
