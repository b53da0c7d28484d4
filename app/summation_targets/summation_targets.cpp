#include "app/summation_targets/summation_targets.h"

#include <stdexcept>

namespace fplab::summation_targets {

std::vector<Target> allTargets() {
    std::vector<Target> all(reveal::kModelTargets.begin(), reveal::kModelTargets.end());
    if (blasAvailable()) all.insert(all.end(), kBlasTargets.begin(), kBlasTargets.end());
    return all;
}

std::string_view targetName(const Target& t) {
    if (const auto* model = std::get_if<reveal::ModelTarget>(&t)) return reveal::modelTargetName(*model);
    return blasTargetName(std::get<BlasTarget>(t));
}

std::optional<Target> parseTarget(std::string_view name) {
    if (const auto model = reveal::parseModelTarget(name)) return Target{*model};
    if (const auto blas = parseBlasTarget(name)) return Target{*blas};
    return std::nullopt;
}

std::string_view targetNamesText() {
    static const std::string text = [] {
        std::string s;
        for (const Target& t : allTargets()) s += (s.empty() ? "" : ", ") + std::string(targetName(t));
        return s;
    }();
    return text;
}

std::unique_ptr<reveal::SummationTarget> makeTarget(const Target& t, int terms, std::optional<Format> type) {
    if (const auto* model = std::get_if<reveal::ModelTarget>(&t))
        return reveal::makeModelTarget(*model, terms, type.value_or(reveal::fixedTermFormat(*model).value_or(kFp32)));
    if (type && !(*type == kFp32))
        throw std::invalid_argument("the " + std::string(targetName(t)) + " target sums fp32 terms, not " +
                                    std::string(type->name()));
    return makeBlasTarget(std::get<BlasTarget>(t), terms);
}

} // namespace fplab::summation_targets
