// Checks a revealed order as FPRev does: random terms summed by the target and replayed in the tree's
// order must give the same bits, trial after trial.
#pragma once

#include "core/reveal/summation_target.h"
#include "core/reveal/tree_replay.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace fplab::reveal {

struct ValidationReport {
    int trials = 0;                     // trials run (all of them, or up to the first difference)
    std::optional<int> firstDifference; // 1-based trial number of the first disagreement
    std::vector<std::uint64_t> terms;   // that trial's terms
    std::uint64_t targetResult = 0;     // what the target returned for them
    std::uint64_t replayResult = 0; // what the tree gave (in rules.accumulator, then converted to the result format)
    bool allAgreed() const { return !firstDifference; }
};

// Terms with random signs, significands and exponents in [-8, 0]: no overflow for any count of terms
// a reveal takes, and every order gives a different rounding somewhere.
std::vector<std::uint64_t> randomTerms(const Format& f, int count, std::uint64_t seed);

// Runs up to `trials` trials (stops at the first difference). `progress` as in RevealOptions.
ValidationReport validateOrder(SummationTarget& target, const SumTree& tree, const ReplayRules& rules, int trials,
                               std::uint64_t seed, const std::function<bool(long long)>& progress = {});

// The rules a target's own fused nodes follow, in the target's result format.
ReplayRules replayRulesFor(const SummationTarget& target);

} // namespace fplab::reveal
