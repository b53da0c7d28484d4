// Reveals the order in which a black box sums its terms (FPRev: Xie, Gao, Wang, Xue, "Revealing
// Floating-Point Accumulation Orders in Software/Hardware Implementations", USENIX ATC 2025,
// Algorithm 2), with the probe values of probe_values.h. A probe puts M at position i, -M at j and the
// unit elsewhere; n minus the counted units is L(i, j), the number of terms under the node that joins
// i and j (for a fused node, all the terms under it). For one pivot i, the other terms grouped by
// L(i, j) are the subtrees met on the way from i to the root, smallest first; each is revealed the
// same way. A group whose own root is larger than the group is a fused node the pivot's path joins.
#pragma once

#include "core/reveal/sum_tree.h"
#include "core/reveal/summation_target.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace fplab::reveal {

struct Probe {
    int positive = 0;         // where M was
    int negative = 0;         // where -M was
    std::uint64_t result = 0; // what the target returned (resultFormat bits)
    int joined = 0;           // L: terms under the node joining the two positions
};

struct RevealOptions {
    int terms = 0;
    // Chooses each group's pivot; any pivot gives the same tree, a random one keeps the number of
    // probes near linear for the chains (sequential sums) that the first index would make quadratic.
    std::uint64_t seed = 1;
    bool keepProbes = false;
    // Called after each probe with the number done; returning false cancels (RevealCancelled).
    std::function<bool(long long probes)> progress;
};

struct RevealResult {
    SumTree tree{1};
    long long probes = 0;
    std::vector<Probe> probeLog; // every probe, in order, with keepProbes
};

class RevealCancelled : public std::runtime_error {
public:
    RevealCancelled() : std::runtime_error("the reveal was cancelled") {}
};

// A result that is no count of units (the target is not a sum, or it does not absorb units into M):
// the message names the probe.
class RevealError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Throws std::invalid_argument for an unsupported format or a count of terms outside [1, maxTerms],
// RevealError for answers no sum order explains, TargetError from the target, RevealCancelled.
RevealResult revealOrder(SummationTarget& target, const RevealOptions& options);

} // namespace fplab::reveal
