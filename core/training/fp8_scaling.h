// The scale of one FP8 GEMM operand over a run: delayed (Transformer Engine: from an amax history of
// earlier steps, "max" or "most recent", with a margin), current (from the tensor itself), or block
// (DeepSeek-V3: one scale per 1x128 or 128x128 block); and what the cast did to the tensor.
#pragma once

#include "core/blockscale/block_scales.h"
#include "core/training/precision_policy.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace fplab::training {

// One FP8 tensor of one step. Scales are dequantisation scales: x ~ code * scale.
struct Fp8TensorStats {
    std::string name; // "fc1.input", "fc1.weight", "fc1.grad_output"
    blockscale::Fp8Element element = blockscale::Fp8Element::E4m3;
    float amax = 0;        // of this step's tensor
    float historyAmax = 0; // delayed: the history's amax the scale came from (0: empty history); else amax
    float scale = 1;       // the scale used (block recipe: the largest block scale)
    std::int64_t elements = 0;
    std::int64_t nonzero = 0;
    std::int64_t saturated = 0; // clamped to +-fp8Max
    std::int64_t flushed = 0;   // nonzero, became zero
    double saturatedFraction() const { return elements ? double(saturated) / double(elements) : 0.0; }
    double flushedFraction() const { return nonzero ? double(flushed) / double(nonzero) : 0.0; }
    // Adds another micro-batch's cast of the same tensor (amaxes: the larger; scale: the later).
    void merge(const Fp8TensorStats& o);
};

// The last `length` amaxes, oldest first once full.
class AmaxHistory {
public:
    explicit AmaxHistory(int length) : m_values(std::size_t(length < 1 ? 1 : length), 0.0f) {}
    void push(float amax);
    bool empty() const { return m_count == 0; }
    // The amax the algorithm takes from the history (0 when empty).
    float amax(AmaxAlgo algo) const;

private:
    std::vector<float> m_values;
    std::size_t m_next = 0;
    std::size_t m_count = 0;
};

class Fp8TensorScaling {
public:
    Fp8TensorScaling(std::string name, blockscale::Fp8Element element, Fp8Recipe recipe, const Fp8Settings& settings);

    const std::string& name() const { return m_name; }
    blockscale::Fp8Element element() const { return m_element; }
    Fp8Recipe recipe() const { return m_recipe; }
    const Fp8Settings& settings() const { return m_settings; }
    // The scale a per-tensor recipe uses for x now (delayed: from the history alone).
    float scaleFor(std::span<const float> x) const { return scaleForAmax(blockscale::amaxOf(x)); }
    // The same from x's amax alone (a GPU reduces it on the device): the amax the scale comes from
    // (delayed: the history's, 0 when empty; otherwise `amax`), and the scale.
    float sourceAmax(float amax) const;
    float scaleForAmax(float amax) const;
    // A training step's cast is done: the delayed history takes the tensor's amax (when finite).
    void record(float amax);
    // Casts x (rows x cols). Per-tensor recipes use one scale; the block recipe one per
    // blockRows x blockCols block. With `record` (a training step, not an evaluation) the delayed
    // history takes x's amax afterwards. `stats`, when given, receives what the cast did.
    blockscale::ScaledMatrix quantize(std::span<const float> x, int rows, int cols, int blockRows, int blockCols,
                                      bool record, Fp8TensorStats* stats);

private:
    std::string m_name;
    blockscale::Fp8Element m_element;
    Fp8Recipe m_recipe;
    Fp8Settings m_settings;
    AmaxHistory m_history;
};

} // namespace fplab::training
