// The text `fplab-cli quantize --compare-rules` prints: one row per scale rule, then the relative-error
// histogram per rule.
#pragma once

#include "core/blockscale/rule_comparison.h"

#include <ostream>

namespace fplab::cli {

void printRuleComparison(std::ostream& out, blockscale::Scheme scheme, blockscale::Grouping grouping,
                         blockscale::Shape shape, std::span<const float> data, const blockscale::RuleComparison& c);

} // namespace fplab::cli
