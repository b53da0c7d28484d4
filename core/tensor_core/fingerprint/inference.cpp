#include "core/tensor_core/fingerprint/inference.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace fplab::tc::fingerprint {

Inference inferParameters(const AnswerSet& answers, const std::vector<Assumption>& assumptions) {
    if (auto why = checkAnswers(answers); !why.empty()) throw std::invalid_argument(why);
    std::vector<Candidate> space = candidateSpace(answers.input, answers.accum, answers.k);
    std::erase_if(space, [&](const Candidate& c) {
        for (const Assumption& a : assumptions)
            if (paramValue(c, a.param) != a.value) return true;
        return false;
    });
    const CandidateEvaluator eval(answers);
    const std::size_t cells = eval.cellCount();
    // The first cell each candidate fails on; `cells` when it reproduces them all.
    std::vector<std::size_t> failedAt(space.size(), cells);
    for (std::size_t i = 0; i < space.size(); ++i)
        for (std::size_t cell = 0; cell < cells; ++cell)
            if (!eval.matches(space[i], cell)) {
                failedAt[i] = cell;
                break;
            }

    Inference inf;
    inf.candidates = space.size();
    inf.cells = cells;
    const std::size_t best = space.empty() ? 0 : *std::max_element(failedAt.begin(), failedAt.end());
    inf.survivors = std::size_t(std::count(failedAt.begin(), failedAt.end(), cells));
    // Without survivors the verdicts describe the candidates that went furthest.
    const std::size_t keep = inf.survivors ? cells : best;
    for (std::size_t i = 0; i < space.size(); ++i)
        if (failedAt[i] == keep) {
            inf.example = space[i];
            inf.exampleFailedAt = keep == cells ? -1 : long(keep);
            break;
        }
    for (Param p : kAllParams) {
        ParamVerdict v;
        v.param = p;
        std::set<int> held, searched;
        for (std::size_t i = 0; i < space.size(); ++i) {
            searched.insert(paramValue(space[i], p));
            if (failedAt[i] == keep) held.insert(paramValue(space[i], p));
        }
        v.values.assign(held.begin(), held.end());
        v.searched.assign(searched.begin(), searched.end());
        for (const Assumption& a : assumptions) v.assumed |= a.param == p;
        if (v.inferred() && v.searched.size() > 1 && inf.survivors) {
            std::size_t last = 0;
            for (std::size_t i = 0; i < space.size(); ++i)
                if (paramValue(space[i], p) != v.values.front()) last = std::max(last, failedAt[i]);
            v.decidedBy = long(last);
        }
        inf.params.push_back(v);
    }
    return inf;
}

std::size_t countMatches(const AnswerSet& answers, const Candidate& c) {
    if (auto why = checkAnswers(answers); !why.empty()) throw std::invalid_argument(why);
    const CandidateEvaluator eval(answers);
    std::size_t n = 0;
    for (std::size_t cell = 0; cell < eval.cellCount(); ++cell) n += eval.matches(c, cell);
    return n;
}

} // namespace fplab::tc::fingerprint
