// What the GPU transformer kernels can run, and their factory (no CUDA here: both builds compile this file).
#include "gpu/training/transformer/gpu_transformer_kernels.h"

#include "core/training/transformer/emulated_ops.h"
#include "gpu/gpu_error.h"

namespace fplab::gpu {

namespace {

using training::MatmulPrecision;
using training::TransformerOp;

std::string where(int layer, TransformerOp op) {
    const std::string name(training::transformerOpName(op));
    return layer < 0 ? name : "layer " + std::to_string(layer) + " " + name;
}

std::string checkMatmul(int layer, TransformerOp op, const MatmulPrecision& m) {
    if (m.fp8 != training::Fp8Recipe::None)
        return where(layer, op) + ": the FP8 recipes run on the CPU emulator only (the GPU transformer has no FP8 "
                                  "GEMMs)";
    if (m.tensorCore)
        return where(layer, op) + ": the tensor-core model (--tensor-core) is the emulator's; on the GPU the "
                                  "matmuls run on cuBLASLt's own kernels";
    const bool fp32 = m.input == FormatId::Fp32 && m.accumulate == FormatId::Fp32;
    const bool low = (m.input == FormatId::Fp16 || m.input == FormatId::Bf16) && m.accumulate == FormatId::Fp32;
    const bool fp16 = m.input == FormatId::Fp16 && m.accumulate == FormatId::Fp16;
    if (fp32 || low || fp16) return {};
    return where(layer, op) +
           ": cuBLASLt multiplies fp32, fp16 or bf16 operands accumulating in fp32, or fp16 "
           "accumulating in fp16, not " +
           std::string(training::emulatedFormat(m.input).name()) + " operands accumulating in " +
           std::string(training::emulatedFormat(m.accumulate).name());
}

std::string checkLayer(int layer, const training::LayerPrecision& l) {
    for (TransformerOp op :
         {TransformerOp::Query, TransformerOp::Key, TransformerOp::Value, TransformerOp::AttentionOutput,
          TransformerOp::MlpUp, TransformerOp::MlpDown, TransformerOp::AttentionScores})
        if (std::string why = checkMatmul(layer, op, l.matmul(op)); !why.empty()) return why;
    return {};
}

} // namespace

std::string transformerGpuUnsupportedReason(const training::TransformerPrecision& p) {
    if (std::string why = checkLayer(-1, p.layer); !why.empty()) return why;
    for (const auto& [index, layer] : p.layers)
        if (std::string why = checkLayer(index, layer); !why.empty()) return why;
    if (std::string why = checkMatmul(-1, TransformerOp::Logits, p.logits); !why.empty()) return why;
    if (p.weights == training::WeightStorage::Bf16Stochastic)
        return "stochastically rounded BF16 weights run on the CPU emulator only (the GPU rounds them to nearest)";
    if (p.optimizerState != FormatId::Fp32)
        return "Adam's state in " + std::string(training::emulatedFormat(p.optimizerState).name()) +
               " runs on the CPU emulator only (the GPU keeps it in fp32)";
    return {};
}

training::TransformerKernelsFactory cudaTransformerKernelsFactory() {
    return [](const training::TransformerModel& initial, const training::TransformerPrecision& precision,
              const training::OptimizerSettings& optimizer, int maxRows, std::uint64_t /*seed: no random bits*/) {
        if (const std::string why = transformerGpuUnsupportedReason(precision); !why.empty())
            throw GpuError(GpuError::Kind::Unsupported, why);
        return makeCudaTransformerKernels(initial, precision, optimizer, maxRows);
    };
}

} // namespace fplab::gpu
