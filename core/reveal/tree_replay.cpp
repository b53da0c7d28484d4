#include "core/reveal/tree_replay.h"

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/tensor_core/exact_accumulator.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace fplab::reveal {

namespace {

std::uint64_t fusedSum(const Format& f, const std::vector<std::uint64_t>& operands, const ReplayRules& rules) {
    bool special = false;
    int largest = -100000;
    for (const std::uint64_t v : operands) {
        const Unpacked u = unpack(f, v);
        if (!isFinite(u.cls)) special = true;
        else if (u.cls != FloatClass::Zero) largest = std::max(largest, u.exponent);
    }
    if (special) { // infinities and NaNs: IEEE additions give the answer every fused rule agrees on
        std::uint64_t s = operands[0];
        for (std::size_t k = 1; k < operands.size(); ++k) s = add(f, s, operands[k]).bits;
        return s;
    }
    tc::ExactAccumulator acc;
    bool allNegativeZero = true;
    for (const std::uint64_t v : operands) {
        const Unpacked u = unpack(f, v);
        allNegativeZero = allNegativeZero && u.cls == FloatClass::Zero && u.sign;
        if (u.cls == FloatClass::Zero) continue;
        std::uint64_t significand = u.significand;
        int lowest = u.exponent - f.mantissaBits; // the weight of the significand's last bit
        if (rules.fusedFractionBits >= 0) {
            const int keep = largest - rules.fusedFractionBits;
            if (lowest < keep) {
                const int cut = keep - lowest;
                significand = cut >= 64 ? 0 : significand >> cut;
                lowest = keep;
            }
        }
        if (significand != 0) acc.add(u.sign, significand, lowest);
    }
    if (acc.isZero()) return allNegativeZero ? f.signMask() : 0;
    return acc.round(f, Env{rules.fusedRounding}).bits;
}

} // namespace

std::uint64_t replaySum(const SumTree& tree, const Format& termFormat, std::span<const std::uint64_t> terms,
                        const ReplayRules& rules) {
    const Format& acc = rules.accumulator;
    if (int(terms.size()) != tree.terms()) throw std::invalid_argument("the tree and the terms differ in count");
    if (acc.precision() < termFormat.precision() || acc.maxExponent() < termFormat.maxExponent())
        throw std::invalid_argument("the accumulator must hold every term exactly");
    std::vector<std::uint64_t> value(std::size_t(tree.nodeCount()));
    for (int i = 0; i < tree.terms(); ++i)
        value[std::size_t(i)] = termFormat == acc ? terms[std::size_t(i)] : convert(termFormat, terms[std::size_t(i)], acc).bits;
    // Inner nodes come after their children.
    std::vector<std::uint64_t> operands;
    for (int node = tree.terms(); node < tree.nodeCount(); ++node) {
        const auto& kids = tree.children(node);
        if (kids.size() == 2) {
            value[std::size_t(node)] = add(acc, value[std::size_t(kids[0])], value[std::size_t(kids[1])]).bits;
            continue;
        }
        operands.clear();
        for (const int k : kids) operands.push_back(value[std::size_t(k)]);
        value[std::size_t(node)] = fusedSum(acc, operands, rules);
    }
    return value[std::size_t(tree.root())];
}

} // namespace fplab::reveal
