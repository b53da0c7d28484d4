// The text `fplab-cli quantize --compare-rules` prints: one row per scale rule, then the relative-error
// histogram per rule.
#pragma once

#include "core/blockscale/rule_comparison.h"

#include <cstdint>
#include <optional>
#include <ostream>

namespace fplab::cli {

// hadamardSeed: the comparison went through the random Hadamard transform with that seed (the heading says so).
void printRuleComparison(std::ostream& out, blockscale::Scheme scheme, blockscale::Grouping grouping,
                         blockscale::Shape shape, std::span<const float> data,
                         std::optional<std::uint64_t> hadamardSeed, const blockscale::RuleComparison& c);

} // namespace fplab::cli
