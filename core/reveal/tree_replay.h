// Computes a sum in a given order: what a revealed tree is checked with (FPRev's validation: random
// inputs summed by the target and by the tree must agree bit for bit) and what the built-in model
// targets sum with.
#pragma once

#include "core/format.h"
#include "core/result.h"
#include "core/reveal/sum_tree.h"
#include "core/rounding.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fplab::reveal {

struct ReplayRules {
    // Where partial sums live; the terms are converted to it exactly (it must be at least as wide).
    Format accumulator;
    // A node of two children is one IEEE addition, rounded to nearest-even. A node of more children is a
    // fused addition: with fusedFractionBits < 0 the exact sum rounded once; otherwise every operand is
    // first cut (toward zero) to fusedFractionBits fraction bits below the largest operand's leading bit,
    // as tensor cores align their products, then the sum is rounded once with fusedRounding.
    int fusedFractionBits = -1;
    RoundingMode fusedRounding = RoundingMode::NearestEven;
};

// The sum of `terms` (bits of termFormat) in the order of `tree`, in rules.accumulator.
// Throws std::invalid_argument when terms.size() differs from the tree's terms or the accumulator is
// narrower than the terms' format.
std::uint64_t replaySum(const SumTree& tree, const Format& termFormat, std::span<const std::uint64_t> terms,
                        const ReplayRules& rules);

// Every node's value in rules.accumulator, indexed like the tree's nodes, with the flags its own addition
// raised (none for a leaf, whose value is the term converted exactly).
std::vector<Result> replayNodes(const SumTree& tree, const Format& termFormat, std::span<const std::uint64_t> terms,
                                const ReplayRules& rules);

// value minus the exact sum of the terms under `node`, computed exactly and rounded once to FP64: the
// rounding error the partial sum carries.
double partialSumError(const SumTree& tree, int node, const Format& termFormat, std::span<const std::uint64_t> terms,
                       const Format& valueFormat, std::uint64_t value);

} // namespace fplab::reveal
