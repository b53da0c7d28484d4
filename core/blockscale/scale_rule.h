// The rule that turns a block's largest magnitude (amax) into its scale, as a choice: each scheme's own
// rule and the rules argued about beside it (docs/block-scaling.md cites each one's source). A Recipe is a
// scheme with one of its rules and one of its groupings; the command-line words are written once, here,
// as the scheme names are in scheme.cpp.
#pragma once

#include "core/blockscale/scheme.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::blockscale {

enum class ScaleRule : std::uint8_t {
    Ocp,         // E8M0 2^(floor(log2 amax) - emax_elem): OCP MX v1.0 section 6.3
    RoundUp,     // E8M0 2^ceil(log2(amax / max_elem)): Mishra et al., arXiv 2506.08027
    Nearest,     // E8M0: FP32 amax / max_elem cast to E8M0, round to nearest (ml_dtypes' cast)
    Fp32,        // FP32 amax / max_elem; x / s in FP32, then rounded to the element (DeepSeek-V3)
    Max6,        // NVFP4: the block's amax maps to 6 (NVIDIA, arXiv 2509.25149)
    Max4,        // NVFP4: the block's amax maps to 4
    FourOverSix, // NVFP4: per block 6 or 4, by the smaller squared error (Cook et al., arXiv 2512.02010)
};

std::string_view scaleRuleName(ScaleRule r);
// Case-insensitive; nothing when the name is unknown.
std::optional<ScaleRule> parseScaleRule(std::string_view name);
// "ocp|round-up|..." for usage text and error messages.
std::string_view knownScaleRuleNames();

// The rules a scheme offers, its own first.
std::span<const ScaleRule> rulesFor(Scheme s);
ScaleRule defaultRule(Scheme s);

struct Recipe {
    Scheme scheme = Scheme::Mxfp4;
    ScaleRule rule = ScaleRule::Ocp;
    Grouping grouping = Grouping::Row32;
};
Recipe defaultRecipe(Scheme s);
// Why a recipe cannot be used ("the rule max4 is not one of mxfp4's: ocp|round-up|nearest|fp32"), or nothing.
std::optional<std::string> recipeError(const Recipe& r);
// Grouping::Tile16x16 is offered to NVFP4 only (its 2D weight blocks).
bool offers2dBlocks(Scheme s);
// Every scheme under each of its rules with its own grouping, NVFP4 also with 16x16 tiles.
std::vector<Recipe> everyRecipe();

// The format its block scales are stored in: E8M0, FP32, or E4M3 (NVFP4, times an FP32 tensor scale).
const Format& scaleFormat(const Recipe& r);

} // namespace fplab::blockscale
