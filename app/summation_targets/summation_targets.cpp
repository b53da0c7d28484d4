#include "app/summation_targets/summation_targets.h"

#include <stdexcept>

namespace fplab::summation_targets {

std::vector<Target> allTargets() {
    std::vector<Target> all(reveal::kModelTargets.begin(), reveal::kModelTargets.end());
    if (blasAvailable()) all.insert(all.end(), kBlasTargets.begin(), kBlasTargets.end());
    all.insert(all.end(), kGpuTargets.begin(), kGpuTargets.end());
    return all;
}

std::string_view targetName(const Target& t) {
    if (const auto* model = std::get_if<reveal::ModelTarget>(&t)) return reveal::modelTargetName(*model);
    if (const auto* blas = std::get_if<BlasTarget>(&t)) return blasTargetName(*blas);
    return gpuTargetName(std::get<GpuTarget>(t));
}

std::optional<Target> parseTarget(std::string_view name) {
    if (const auto model = reveal::parseModelTarget(name)) return Target{*model};
    if (const auto blas = parseBlasTarget(name)) return Target{*blas};
    if (const auto gpu = parseGpuTarget(name)) return Target{*gpu};
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

std::optional<Format> ownTermFormat(const Target& t) {
    if (const auto* model = std::get_if<reveal::ModelTarget>(&t)) return reveal::fixedTermFormat(*model);
    if (const auto* gpu = std::get_if<GpuTarget>(&t); gpu && gpuTargetSumsFp16(*gpu)) return kFp16;
    return kFp32;
}

std::unique_ptr<reveal::SummationTarget> makeTarget(const Target& t, int terms, std::optional<Format> type) {
    if (const auto* model = std::get_if<reveal::ModelTarget>(&t))
        return reveal::makeModelTarget(*model, terms, type.value_or(reveal::fixedTermFormat(*model).value_or(kFp32)));
    const Format own = *ownTermFormat(t);
    if (type && !(*type == own))
        throw std::invalid_argument("the " + std::string(targetName(t)) + " target sums " + std::string(own.name()) +
                                    " terms, not " + std::string(type->name()));
    if (const auto* blas = std::get_if<BlasTarget>(&t)) return makeBlasTarget(*blas, terms);
    return makeGpuTarget(std::get<GpuTarget>(t), terms);
}

} // namespace fplab::summation_targets
