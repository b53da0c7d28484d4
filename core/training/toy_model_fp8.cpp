// The FP8 modes' linear layers. Per-tensor recipes cast each operand once (E4M3 input and weight,
// E5M2 gradient) and reuse the casts in the backward pass, as Transformer Engine does; the block
// recipe (DeepSeek-V3) casts each GEMM operand along its own k: activations and gradients in 1x128
// tiles (128x1 where k runs down the batch), weights in 128x128 blocks, all E4M3, and promotes the
// tensor core's partial sums to FP32 every 128 products.
#include "core/training/toy_model.h"

#include "core/blockscale/block_dot.h"
#include "core/training/matmul.h"

#include <algorithm>

namespace fplab::training {

namespace {

using blockscale::Fp8Element;
constexpr int kTile = blockscale::kDeepSeekTile;
constexpr const char* kOperandNames[] = {"input", "weight", "grad_output"};
// More rows per stop check than matmul's: each block decodes b anew.
constexpr int kFp8RowsPerStopCheck = 16;

void toFloats(const std::vector<double>& d, std::vector<float>& out) {
    out.resize(d.size());
    for (std::size_t i = 0; i < d.size(); ++i) out[i] = float(d[i]); // FP32 results: exact
}

blockscale::BlockGemmOptions gemmOptions(const PrecisionPolicy& policy) {
    return {blockscale::Accumulation::HopperFp8, policy.fp8 == Fp8Recipe::Block ? blockscale::kDeepSeekPromotion : 0};
}

// Rows [first, first + count) of m, where first is a multiple of m.blockRows or m has one row of blocks.
blockscale::ScaledMatrix rowSlice(const blockscale::ScaledMatrix& m, int first, int count) {
    blockscale::ScaledMatrix s;
    s.rows = count;
    s.cols = m.cols;
    s.blockRows = m.blockRows;
    s.blockCols = m.blockCols;
    s.element = m.element;
    const auto codes = m.codes.begin() + std::ptrdiff_t(first) * m.cols;
    s.codes.assign(codes, codes + std::ptrdiff_t(count) * m.cols);
    const int blockFirst = m.blocksDown() == 1 ? 0 : first / m.blockRows;
    const auto scales = m.scales.begin() + std::ptrdiff_t(blockFirst) * m.blocksAcross();
    s.scales.assign(scales, scales + std::ptrdiff_t(s.blocksDown()) * s.blocksAcross());
    return s;
}

// a * b, in blocks of a's rows with a stop check before each (each cell depends on its row of a alone, so the
// result is the one-call GEMM's).
std::vector<double> interruptibleGemm(const blockscale::ScaledMatrix& a, const blockscale::ScaledMatrix& b,
                                      const PrecisionPolicy& policy, const StopRequest* stop) {
    if (!stop) return blockscale::blockScaledGemm(a, b, gemmOptions(policy));
    const int unit = a.blocksDown() == 1 ? 1 : a.blockRows;
    const int rowsPerBlock = std::max(unit, kFp8RowsPerStopCheck / unit * unit);
    std::vector<double> d;
    d.reserve(std::size_t(a.rows) * std::size_t(b.cols));
    for (int first = 0; first < a.rows; first += rowsPerBlock) {
        stopIfRequested(stop);
        const std::vector<double> part = blockscale::blockScaledGemm(
            rowSlice(a, first, std::min(rowsPerBlock, a.rows - first)), b, gemmOptions(policy));
        d.insert(d.end(), part.begin(), part.end());
    }
    return d;
}

} // namespace

std::vector<std::string> ToyModel::fp8TensorNames() const {
    std::vector<std::string> names;
    for (const Linear& l : m_linears)
        for (const char* o : kOperandNames) names.push_back(l.name + "." + o);
    return names;
}

Fp8TensorScaling& ToyModel::fp8Scaling(std::size_t index, int operand, const PrecisionPolicy& policy) {
    if (m_fp8.empty() || m_fp8Recipe != policy.fp8 ||
        m_fp8.front().settings().blockRule != policy.fp8Settings.blockRule) {
        m_fp8.clear();
        m_fp8Recipe = policy.fp8;
        const Fp8Element grad = policy.fp8 == Fp8Recipe::Block ? Fp8Element::E4m3 : Fp8Element::E5m2;
        const std::vector<std::string> names = fp8TensorNames();
        for (std::size_t i = 0; i < names.size(); ++i)
            m_fp8.emplace_back(names[i], i % 3 == 2 ? grad : Fp8Element::E4m3, policy.fp8, policy.fp8Settings);
    }
    return m_fp8[index * 3 + std::size_t(operand)];
}

void ToyModel::fp8Record(std::size_t index, int operand, const Fp8TensorStats& stats) {
    if (!m_fp8Stats) return;
    if (m_fp8Stats->size() < m_linears.size() * 3) m_fp8Stats->resize(m_linears.size() * 3);
    Fp8TensorStats& slot = (*m_fp8Stats)[index * 3 + std::size_t(operand)];
    if (slot.name.empty()) slot = stats;
    else slot.merge(stats);
}

void ToyModel::fp8Forward(std::size_t index, const Linear& layer, int batch, const PrecisionPolicy& policy,
                          Cache& cache) {
    const bool block = policy.fp8 == Fp8Recipe::Block;
    const Parameter& w = m_params[std::size_t(layer.weight)];
    Fp8TensorStats st;
    cache.fp8Input = fp8Scaling(index, 0, policy)
                         .quantize(cache.input, batch, layer.in, 1, block ? kTile : layer.in, m_fp8Recording,
                                   m_fp8Stats ? &st : nullptr);
    fp8Record(index, 0, st);
    cache.fp8Weight = fp8Scaling(index, 1, policy)
                          .quantize(w.value, layer.out, layer.in, block ? kTile : layer.out, block ? kTile : layer.in,
                                    m_fp8Recording, m_fp8Stats ? &st : nullptr);
    fp8Record(index, 1, st);
    toFloats(interruptibleGemm(cache.fp8Input, blockscale::transposed(cache.fp8Weight), policy, m_stop), cache.output);
}

void ToyModel::fp8Backward(std::size_t index, const Linear& layer, Cache& cache, const std::vector<float>& gradOut,
                           int batch, const PrecisionPolicy& policy, std::vector<float>& dW,
                           std::vector<float>* gradIn) {
    const bool block = policy.fp8 == Fp8Recipe::Block;
    Fp8TensorScaling& scaling = fp8Scaling(index, 2, policy);
    Fp8TensorStats st;
    // dY (batch x out), cast along out: the k of dX = dY * W.
    const blockscale::ScaledMatrix dY = scaling.quantize(gradOut, batch, layer.out, 1, block ? kTile : layer.out,
                                                         m_fp8Recording, m_fp8Stats ? &st : nullptr);
    fp8Record(index, 2, st);
    if (gradIn) toFloats(interruptibleGemm(dY, cache.fp8Weight, policy, m_stop), *gradIn);
    // dW = dY^T * X: k runs down the batch.
    if (block) {
        std::vector<float> dYT(gradOut.size());
        transpose(gradOut.data(), dYT.data(), batch, layer.out);
        const blockscale::ScaleRule rule = policy.fp8Settings.blockRule;
        const blockscale::ScaledMatrix a = blockscale::quantizeBlocks(dYT, layer.out, batch, 1, kTile, dY.element,
                                                                      rule);
        const blockscale::ScaledMatrix b = blockscale::quantizeBlocks(cache.input, batch, layer.in, kTile, 1,
                                                                      cache.fp8Input.element, rule);
        toFloats(interruptibleGemm(a, b, policy, m_stop), dW);
    } else {
        toFloats(interruptibleGemm(blockscale::transposed(dY), cache.fp8Input, policy, m_stop), dW);
    }
}

} // namespace fplab::training
