#include "core/reveal/revealer.h"

#include "core/reveal/probe_values.h"
#include "core/random.h"
#include "core/values.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace fplab::reveal {

namespace {

// The tree while it grows: a fused node found late gains the pivot's path as one more child.
struct GrowingTree {
    explicit GrowingTree(int terms) : children(std::size_t(terms)) {}
    std::vector<std::vector<int>> children;
    int add(std::vector<int> kids) {
        children.push_back(std::move(kids));
        return int(children.size()) - 1;
    }
};

class Revealer {
public:
    Revealer(SummationTarget& target, const RevealOptions& options, const ProbeValues& values)
        : m_target(target), m_options(options), m_values(values), m_tree(options.terms), m_rng(options.seed),
          m_terms(std::size_t(options.terms), values.unit) {}

    RevealResult run() {
        std::vector<int> all(std::size_t(m_options.terms));
        for (int i = 0; i < m_options.terms; ++i) all[std::size_t(i)] = i;
        const auto [root, span] = build(all);
        if (span != m_options.terms)
            throw RevealError("the probes join at most " + std::to_string(span) + " of the " +
                              std::to_string(m_options.terms) +
                              " terms: the units were not absorbed into M, so the "
                              "target keeps its sum in a format wider than the probe values allow for " +
                              std::string(m_target.termFormat().name()) + " terms (an FP16 sum kept in FP64, say)");
        RevealResult result;
        result.tree = finish(root);
        result.probes = m_probes;
        result.probeLog = std::move(m_log);
        return result;
    }

private:
    int joined(int positive, int negative) {
        m_terms[std::size_t(positive)] = m_values.large;
        m_terms[std::size_t(negative)] = m_values.negLarge;
        std::uint64_t result = 0;
        try {
            result = m_target.sum(m_terms);
        } catch (const TargetError& e) {
            throw TargetError("probe " + std::to_string(m_probes + 1) + " (M at term " + std::to_string(positive) +
                              ", -M at term " + std::to_string(negative) + "): " + e.what());
        }
        m_terms[std::size_t(positive)] = m_values.unit;
        m_terms[std::size_t(negative)] = m_values.unit;
        ++m_probes;
        const int n = m_options.terms;
        const double units = std::ldexp(toDouble(m_target.resultFormat(), result), -m_values.unitExponent);
        if (!(units >= 0 && units <= n - 2 && units == std::floor(units)))
            throw RevealError("probe " + std::to_string(m_probes) + " (M at term " + std::to_string(positive) +
                              ", -M at term " + std::to_string(negative) + "): the sum came out as " +
                              std::to_string(toDouble(m_target.resultFormat(), result)) +
                              ", which is not a whole number of units (2^" + std::to_string(m_values.unitExponent) +
                              ") between 0 and " + std::to_string(n - 2) +
                              ": the target does not add its terms, or its accumulator is wide enough to keep "
                              "the units beside M");
        const int l = n - int(units);
        if (m_options.keepProbes) m_log.push_back({positive, negative, result, l});
        if (m_options.progress && !m_options.progress(m_probes)) throw RevealCancelled();
        return l;
    }

    // Reveals the subtree spanned by `group`; returns its root and how many terms lie under the node
    // that joins the whole group (the group's size when the group is a whole subtree).
    std::pair<int, int> build(std::vector<int> group) {
        if (group.size() == 1) return {group[0], 1};
        const std::size_t pick = std::size_t(m_rng.next() % group.size());
        std::swap(group[0], group[pick]);
        const int pivot = group[0];
        std::vector<std::pair<int, int>> byJoin; // (L, term)
        byJoin.reserve(group.size() - 1);
        for (std::size_t k = 1; k < group.size(); ++k) byJoin.emplace_back(joined(pivot, group[k]), group[k]);
        std::sort(byJoin.begin(), byJoin.end());
        int current = pivot;
        for (std::size_t k = 0; k < byJoin.size();) {
            std::size_t end = k;
            std::vector<int> members;
            while (end < byJoin.size() && byJoin[end].first == byJoin[k].first) members.push_back(byJoin[end++].second);
            const int count = int(members.size());
            const auto [subRoot, span] = build(std::move(members));
            if (span == count) {
                current = m_tree.add({current, subRoot});
            } else if (span != byJoin[k].first || !isInner(subRoot)) {
                // A fused node's members join each other where they join the pivot; anything else is no tree.
                throw RevealError("the probes around term " + std::to_string(pivot) +
                                  " describe no tree: the target's answers contradict each other");
            } else {
                m_tree.children[std::size_t(subRoot)].push_back(current); // the fused node the path joins
                current = subRoot;
            }
            k = end;
        }
        return {current, byJoin.back().first};
    }

    bool isInner(int node) const { return node >= m_options.terms; }

    SumTree finish(int root) const {
        SumTree tree(m_options.terms);
        std::vector<int> mapped(m_tree.children.size(), -1);
        for (int i = 0; i < m_options.terms; ++i) mapped[std::size_t(i)] = i;
        // Post-order without recursion: chains of thousands of nodes are common.
        std::vector<std::pair<int, std::size_t>> stack{{root, 0}};
        while (!stack.empty()) {
            auto& [node, next] = stack.back();
            const auto& kids = m_tree.children[std::size_t(node)];
            if (!isInner(node) || next == kids.size()) {
                if (isInner(node)) {
                    std::vector<int> ids;
                    for (const int k : kids) ids.push_back(mapped[std::size_t(k)]);
                    mapped[std::size_t(node)] = tree.addNode(std::move(ids));
                }
                stack.pop_back();
                continue;
            }
            stack.emplace_back(kids[next++], 0);
        }
        if (!tree.complete()) throw RevealError("the probes do not join every term into one sum");
        return tree;
    }

    SummationTarget& m_target;
    const RevealOptions& m_options;
    ProbeValues m_values;
    GrowingTree m_tree;
    StochasticStream m_rng;
    std::vector<std::uint64_t> m_terms;
    long long m_probes = 0;
    std::vector<Probe> m_log;
};

} // namespace

RevealResult revealOrder(SummationTarget& target, const RevealOptions& options) {
    const ProbeValues values = requireProbeValues(target.termFormat());
    if (options.terms < 1 || options.terms > values.maxTerms)
        throw std::invalid_argument("a " + std::string(target.termFormat().name()) + " sum can be revealed for 1 to " +
                                    std::to_string(values.maxTerms) +
                                    " terms (the count of units must stay exact), not " +
                                    std::to_string(options.terms));
    if (options.terms == 1) return {};
    return Revealer(target, options, values).run();
}

} // namespace fplab::reveal
