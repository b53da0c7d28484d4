// The transformer's FP8 linear layers, as the MLP's (toy_model_fp8.cpp) and Transformer Engine's: per-tensor
// recipes cast the input and the weight to E4M3 once, in the forward pass, and the backward pass reuses those
// casts with the output gradient in E5M2; the block recipe (DeepSeek-V3) casts each GEMM operand along its own
// k, activations and gradients in 1x128 tiles, weights in 128x128 blocks, all E4M3, and promotes the tensor
// core's partial sums to FP32 every 128 products. The GEMMs run on the Hopper FP8 wgmma model.
#include "core/training/transformer/transformer_model.h"

#include "core/blockscale/block_dot.h"
#include "core/training/matmul.h"

namespace fplab::training {

namespace {

using blockscale::Fp8Element;
constexpr int kTile = blockscale::kDeepSeekTile;

blockscale::BlockGemmOptions gemmOptions(const MatmulPrecision& m) {
    const bool promote = m.promote || m.fp8 == Fp8Recipe::Block;
    return {blockscale::Accumulation::HopperFp8, promote ? blockscale::kDeepSeekPromotion : 0};
}

// The FP32 results of an FP8 GEMM (exact in a float); one that is not finite is recorded.
void store(EmulatedOps& ops, const std::vector<double>& d, std::vector<float>& out) {
    out.resize(d.size());
    for (std::size_t i = 0; i < d.size(); ++i) {
        out[i] = float(d[i]);
        ops.noteResult(FormatId::Fp32, out[i], i, "fp8_gemm");
    }
}

} // namespace

Fp8TensorScaling& TransformerModel::fp8Scaling(const std::string& name, Fp8Element element, Fp8Recipe recipe) {
    auto it = m_fp8Scaling.find(name);
    if (it != m_fp8Scaling.end() && (it->second.recipe() != recipe || it->second.element() != element))
        it = m_fp8Scaling.erase(it);
    if (it == m_fp8Scaling.end() || it->first != name)
        it = m_fp8Scaling.try_emplace(name, name, element, recipe, m_precision.fp8).first;
    return it->second;
}

void TransformerModel::fp8Forward(EmulatedOps& ops, const MatmulPrecision& m, const std::vector<float>& x, int weight,
                                  std::vector<float>& y) {
    const Parameter& w = m_params[std::size_t(weight)];
    const bool block = m.fp8 == Fp8Recipe::Block;
    const int rows = int(x.size()) / w.rows;
    Fp8TensorStats st;
    Fp8Casts& casts = m_fp8Casts[weight];
    casts.input = fp8Scaling(w.name + ".input", Fp8Element::E4m3, m.fp8)
                      .quantize(x, rows, w.rows, 1, block ? kTile : w.rows, m_fp8Recording, &st);
    m_fp8Stats.push_back(st);
    casts.weight = fp8Scaling(w.name + ".weight", Fp8Element::E4m3, m.fp8)
                       .quantize(w.value, w.rows, w.cols, block ? kTile : w.rows, block ? kTile : w.cols,
                                 m_fp8Recording, &st);
    m_fp8Stats.push_back(st);
    store(ops, blockscale::blockScaledGemm(casts.input, casts.weight, gemmOptions(m)), y);
}

void TransformerModel::fp8Backward(EmulatedOps& ops, const MatmulPrecision& m, const std::vector<float>& x,
                                   const std::vector<float>& dy, int weight, std::vector<float>& dw,
                                   std::vector<float>& dx) {
    const Parameter& w = m_params[std::size_t(weight)];
    const bool block = m.fp8 == Fp8Recipe::Block;
    const int rows = int(dy.size()) / w.cols;
    const Fp8Casts& casts = m_fp8Casts.at(weight);
    Fp8TensorStats st;
    // dY (rows x out), cast along out: the k of dX = dY * W^T.
    const blockscale::ScaledMatrix dY = fp8Scaling(w.name + ".grad_output", block ? Fp8Element::E4m3 : Fp8Element::E5m2,
                                                   m.fp8)
                                            .quantize(dy, rows, w.cols, 1, block ? kTile : w.cols, m_fp8Recording, &st);
    m_fp8Stats.push_back(st);
    // dW = X^T * dY: k runs down the rows.
    if (block) {
        std::vector<float> xT(x.size());
        transpose(x.data(), xT.data(), rows, w.rows);
        const blockscale::ScaledMatrix a = blockscale::quantizeBlocks(xT, w.rows, rows, 1, kTile, Fp8Element::E4m3);
        const blockscale::ScaledMatrix b = blockscale::quantizeBlocks(dy, rows, w.cols, kTile, 1, dY.element);
        store(ops, blockscale::blockScaledGemm(a, b, gemmOptions(m)), dw);
        // The weight's 128x128 blocks serve W^T as well.
    } else {
        store(ops, blockscale::blockScaledGemm(blockscale::transposed(casts.input), dY, gemmOptions(m)), dw);
    }
    store(ops, blockscale::blockScaledGemm(dY, blockscale::transposed(casts.weight), gemmOptions(m)), dx);
}

} // namespace fplab::training
