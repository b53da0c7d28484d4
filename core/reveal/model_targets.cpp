#include "core/reveal/model_targets.h"

#include "core/arithmetic.h"
#include "core/reveal/host_float_sums.h"
#include "core/reveal/probe_values.h"
#include "core/reveal/tree_replay.h"
#include "core/tensor_core/block_fma.h"

#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

namespace fplab::reveal {

namespace {

constexpr std::array<std::string_view, kModelTargets.size()> kNames{
    "sequential",   "reversed",  "pairwise",   "blocked-8",      "lanes-8",          "fused-4",
    "gpu-tree-256", "host-loop", "std-reduce", "fast-math-loop", "tensor-core-a100", "tensor-core-h100",
};

// Sums by replaying a known tree in the term format.
class TreeTarget final : public SummationTarget {
public:
    TreeTarget(SumTree tree, const Format& f, int fusedBits)
        : m_tree(std::move(tree)), m_format(f), m_fusedBits(fusedBits) {}
    const Format& termFormat() const override { return m_format; }
    int fusedFractionBits() const override { return m_fusedBits; }
    std::uint64_t sum(std::span<const std::uint64_t> terms) override {
        ReplayRules rules{m_format};
        rules.fusedFractionBits = m_fusedBits;
        return replaySum(m_tree, m_format, terms, rules);
    }

private:
    SumTree m_tree;
    Format m_format;
    int m_fusedBits;
};

using HostSum = float (*)(const float*, std::size_t);

class HostFloatTarget final : public SummationTarget {
public:
    explicit HostFloatTarget(HostSum sum) : m_sum(sum) {}
    const Format& termFormat() const override { return kFp32; }
    std::uint64_t sum(std::span<const std::uint64_t> terms) override {
        m_values.resize(terms.size());
        for (std::size_t i = 0; i < terms.size(); ++i) m_values[i] = std::bit_cast<float>(std::uint32_t(terms[i]));
        return std::bit_cast<std::uint32_t>(m_sum(m_values.data(), m_values.size()));
    }

private:
    HostSum m_sum;
    std::vector<float> m_values;
};

// a · 1 for every term, chained over the model's blocks from C = +0, as one row of a GEMM with a column of ones.
class TensorCoreTarget final : public SummationTarget {
public:
    explicit TensorCoreTarget(tc::Arch arch) {
        tc::MmaConfig config;
        config.arch = arch;
        config.input = tc::InputType::Fp16;
        config.accum = tc::AccumType::Fp32;
        auto resolved = tc::resolveModel(config);
        if (!resolved.model) throw std::invalid_argument(resolved.message);
        m_model = *resolved.model;
    }
    const Format& termFormat() const override { return kFp16; }
    const Format& resultFormat() const override { return kFp32; }
    int fusedFractionBits() const override { return m_model.fractionBits; }
    RoundingMode fusedRounding() const override { return m_model.finalRounding; }
    std::uint64_t sum(std::span<const std::uint64_t> terms) override {
        m_ones.assign(terms.size(), 0x3C00); // FP16 1.0
        return tc::chainedDot(m_model, terms, m_ones, 0).bits;
    }

private:
    tc::BlockModel m_model;
    std::vector<std::uint64_t> m_ones;
};

void requireFormat(ModelTarget t, const Format& f) {
    requireProbeValues(f);
    const auto fixed = fixedTermFormat(t);
    if (fixed && !(*fixed == f))
        throw std::invalid_argument("the " + std::string(modelTargetName(t)) + " target sums " +
                                    std::string(fixed->name()) + " terms, not " + std::string(f.name()));
}

} // namespace

std::string_view modelTargetName(ModelTarget t) { return kNames[std::size_t(t)]; }

std::optional<ModelTarget> parseModelTarget(std::string_view name) {
    for (const ModelTarget t : kModelTargets)
        if (modelTargetName(t) == name) return t;
    return std::nullopt;
}

std::optional<Format> fixedTermFormat(ModelTarget t) {
    switch (t) {
    case ModelTarget::HostLoop:
    case ModelTarget::StdReduce:
    case ModelTarget::FastMathLoop: return kFp32;
    case ModelTarget::TensorCoreA100:
    case ModelTarget::TensorCoreH100: return kFp16;
    default: return std::nullopt;
    }
}

std::optional<SumTree> knownOrder(ModelTarget t, int terms) {
    switch (t) {
    case ModelTarget::Sequential: return sequentialTree(terms);
    case ModelTarget::Reversed: return reversedTree(terms);
    case ModelTarget::Pairwise: return pairwiseTree(terms);
    case ModelTarget::Blocked8: return blockedTree(terms, 8);
    case ModelTarget::Lanes8: return laneTree(terms, 8);
    case ModelTarget::Fused4: return fusedChainTree(terms, 4);
    case ModelTarget::GpuTree256: return stridedReductionTree(terms, 256);
    default: return std::nullopt;
    }
}

std::unique_ptr<SummationTarget> makeModelTarget(ModelTarget t, int terms, const Format& termFormat) {
    requireFormat(t, termFormat);
    switch (t) {
    case ModelTarget::HostLoop: return std::make_unique<HostFloatTarget>(&hostLoopSum);
    case ModelTarget::StdReduce: return std::make_unique<HostFloatTarget>(&stdReduceSum);
    case ModelTarget::FastMathLoop: return std::make_unique<HostFloatTarget>(&fastMathLoopSum);
    case ModelTarget::TensorCoreA100: return std::make_unique<TensorCoreTarget>(tc::Arch::Sm80);
    case ModelTarget::TensorCoreH100: return std::make_unique<TensorCoreTarget>(tc::Arch::Sm90);
    default: break;
    }
    // Fused-4's nodes keep 24 fraction bits below the largest operand before rounding, as a tensor core
    // aligns its products; that is what makes M absorb the units beside it.
    const int fusedBits = t == ModelTarget::Fused4 ? 24 : -1;
    if (fusedBits >= 0 && termFormat.maxExponent() > 255)
        throw std::invalid_argument("the fused-4 target sums fp32, fp16 and bf16 terms, not " +
                                    std::string(termFormat.name()));
    return std::make_unique<TreeTarget>(*knownOrder(t, terms), termFormat, fusedBits);
}

} // namespace fplab::reveal
