#include "core/reveal/validation.h"

#include "core/arithmetic.h"
#include "core/random.h"

#include <string>
#include "core/reveal/revealer.h"

namespace fplab::reveal {

std::vector<std::uint64_t> randomTerms(const Format& f, int count, std::uint64_t seed) {
    StochasticStream rng(seed);
    std::vector<std::uint64_t> terms(std::size_t(count > 0 ? count : 0));
    for (auto& t : terms) {
        const std::uint64_t r = rng.next();
        const int exponent = -int(r % 9);
        const std::uint64_t fraction = (r >> 8) & f.mantissaMask();
        t = (std::uint64_t(exponent + f.bias) << f.mantissaBits) | fraction | ((r >> 63) ? f.signMask() : 0);
    }
    return terms;
}

ReplayRules replayRulesFor(const SummationTarget& target) {
    ReplayRules rules{target.resultFormat()};
    rules.fusedFractionBits = target.fusedFractionBits();
    rules.fusedRounding = target.fusedRounding();
    return rules;
}

ValidationReport validateOrder(SummationTarget& target, const SumTree& tree, const ReplayRules& rules, int trials,
                               std::uint64_t seed, const std::function<bool(long long)>& progress) {
    ValidationReport report;
    StochasticStream seeds(seed);
    for (int trial = 1; trial <= trials; ++trial) {
        auto terms = randomTerms(target.termFormat(), tree.terms(), seeds.next());
        std::uint64_t got = 0;
        try {
            got = target.sum(terms);
        } catch (const TargetError& e) {
            throw TargetError("validation trial " + std::to_string(trial) + ": " + e.what());
        }
        std::uint64_t replayed = replaySum(tree, target.termFormat(), terms, rules);
        if (!(rules.accumulator == target.resultFormat()))
            replayed = convert(rules.accumulator, replayed, target.resultFormat()).bits;
        report.trials = trial;
        if (got != replayed) {
            report.firstDifference = trial;
            report.terms = std::move(terms);
            report.targetResult = got;
            report.replayResult = replayed;
            return report;
        }
        if (progress && !progress(trial)) throw RevealCancelled();
    }
    return report;
}

} // namespace fplab::reveal
