#include "core/blockscale/scale_rule.h"

#include <algorithm>
#include <array>

namespace fplab::blockscale {
namespace {

struct RuleName {
    ScaleRule rule;
    std::string_view name;
};
constexpr std::array<RuleName, 7> kNames = {{
    {ScaleRule::Ocp, "ocp"},
    {ScaleRule::RoundUp, "round-up"},
    {ScaleRule::Nearest, "nearest"},
    {ScaleRule::Fp32, "fp32"},
    {ScaleRule::Max6, "max6"},
    {ScaleRule::Max4, "max4"},
    {ScaleRule::FourOverSix, "4over6"},
}};

constexpr std::array<ScaleRule, 4> kMxRules = {ScaleRule::Ocp, ScaleRule::RoundUp, ScaleRule::Nearest, ScaleRule::Fp32};
// MXINT8's elements are fixed point: no FP32-scale rule is defined for them.
constexpr std::array<ScaleRule, 3> kMxint8Rules = {ScaleRule::Ocp, ScaleRule::RoundUp, ScaleRule::Nearest};
constexpr std::array<ScaleRule, 3> kNvfp4Rules = {ScaleRule::Max6, ScaleRule::Max4, ScaleRule::FourOverSix};
// DeepSeek-V3's FP32 scales, and power-of-two (UE8M0) scales by the MX rules.
constexpr std::array<ScaleRule, 4> kFp8Rules = {ScaleRule::Fp32, ScaleRule::Ocp, ScaleRule::RoundUp,
                                                ScaleRule::Nearest};

std::string namesOf(std::span<const ScaleRule> rules) {
    std::string s;
    for (ScaleRule r : rules) {
        if (!s.empty()) s += '|';
        s += scaleRuleName(r);
    }
    return s;
}

} // namespace

std::string_view scaleRuleName(ScaleRule r) { return kNames[static_cast<std::size_t>(r)].name; }

std::optional<ScaleRule> parseScaleRule(std::string_view name) {
    for (const RuleName& n : kNames)
        if (equalNoCase(n.name, name)) return n.rule;
    return std::nullopt;
}

std::string_view knownScaleRuleNames() { return "ocp|round-up|nearest|fp32|max6|max4|4over6"; }

std::span<const ScaleRule> rulesFor(Scheme s) {
    switch (schemeInfo(s).family) {
    case ScaleFamily::MxSharedExponent:
        if (s == Scheme::Mxint8) return kMxint8Rules;
        return kMxRules;
    case ScaleFamily::Nvfp4TwoLevel: return kNvfp4Rules;
    case ScaleFamily::Fp8Amax: return kFp8Rules;
    }
    return kMxRules;
}

ScaleRule defaultRule(Scheme s) { return rulesFor(s).front(); }

Recipe defaultRecipe(Scheme s) { return {s, defaultRule(s), schemeInfo(s).grouping}; }

bool offers2dBlocks(Scheme s) { return s == Scheme::Nvfp4; }

std::vector<Recipe> everyRecipe() {
    std::vector<Recipe> out;
    for (const SchemeInfo& info : allSchemes())
        for (const ScaleRule rule : rulesFor(info.scheme)) {
            out.push_back({info.scheme, rule, info.grouping});
            if (offers2dBlocks(info.scheme)) out.push_back({info.scheme, rule, Grouping::Tile16x16});
        }
    return out;
}

std::optional<std::string> recipeError(const Recipe& r) {
    const std::span<const ScaleRule> rules = rulesFor(r.scheme);
    if (std::ranges::find(rules, r.rule) == rules.end())
        return "the scale rule " + std::string(scaleRuleName(r.rule)) + " is not one of " +
               std::string(schemeName(r.scheme)) + "'s (" + namesOf(rules) + ")";
    const bool tile = r.grouping == Grouping::Tile16x16 && offers2dBlocks(r.scheme);
    if (r.grouping != schemeInfo(r.scheme).grouping && !tile)
        return "16x16 blocks are offered to nvfp4 only, not to " + std::string(schemeName(r.scheme));
    return std::nullopt;
}

const Format& scaleFormat(const Recipe& r) {
    switch (r.rule) {
    case ScaleRule::Ocp:
    case ScaleRule::RoundUp:
    case ScaleRule::Nearest: return kE8m0;
    case ScaleRule::Fp32: return kFp32;
    case ScaleRule::Max6:
    case ScaleRule::Max4:
    case ScaleRule::FourOverSix: return kE4m3;
    }
    return kE8m0;
}

} // namespace fplab::blockscale
