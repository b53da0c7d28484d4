#include "core/reveal/tree_replay.h"

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/tensor_core/exact_accumulator.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <vector>

namespace fplab::reveal {

namespace {

Result fusedSum(const Format& f, const std::vector<std::uint64_t>& operands, const ReplayRules& rules) {
    bool special = false;
    int largest = -100000;
    for (const std::uint64_t v : operands) {
        const Unpacked u = unpack(f, v);
        if (!isFinite(u.cls)) special = true;
        else if (u.cls != FloatClass::Zero) largest = std::max(largest, u.exponent);
    }
    if (special) { // infinities and NaNs: IEEE additions give the answer every fused rule agrees on
        Result s{operands[0], 0};
        for (std::size_t k = 1; k < operands.size(); ++k) {
            const Result r = add(f, s.bits, operands[k]);
            s = {r.bits, Flags(s.flags | r.flags)};
        }
        return s;
    }
    tc::ExactAccumulator acc;
    bool allNegativeZero = true;
    bool cut = false;
    for (const std::uint64_t v : operands) {
        const Unpacked u = unpack(f, v);
        allNegativeZero = allNegativeZero && u.cls == FloatClass::Zero && u.sign;
        if (u.cls == FloatClass::Zero) continue;
        std::uint64_t significand = u.significand;
        int lowest = u.exponent - f.mantissaBits; // the weight of the significand's last bit
        if (rules.fusedFractionBits >= 0) {
            const int keep = largest - rules.fusedFractionBits;
            if (lowest < keep) {
                const int shift = keep - lowest;
                const std::uint64_t kept = shift >= 64 ? 0 : significand >> shift;
                cut = cut || (kept << (shift >= 64 ? 0 : shift)) != significand || shift >= 64;
                significand = kept;
                lowest = keep;
            }
        }
        if (significand != 0) acc.add(u.sign, significand, lowest);
    }
    if (acc.isZero()) return {allNegativeZero ? f.signMask() : 0, Flags(cut ? kInexact : 0)};
    Result r = acc.round(f, Env{rules.fusedRounding});
    if (cut) r.flags = Flags(r.flags | kInexact);
    return r;
}

} // namespace

std::vector<Result> replayNodes(const SumTree& tree, const Format& termFormat, std::span<const std::uint64_t> terms,
                                const ReplayRules& rules) {
    const Format& acc = rules.accumulator;
    if (int(terms.size()) != tree.terms()) throw std::invalid_argument("the tree and the terms differ in count");
    if (acc.precision() < termFormat.precision() || acc.maxExponent() < termFormat.maxExponent())
        throw std::invalid_argument("the accumulator must hold every term exactly");
    std::vector<Result> value(std::size_t(tree.nodeCount()));
    for (int i = 0; i < tree.terms(); ++i)
        value[std::size_t(i)] = {
            termFormat == acc ? terms[std::size_t(i)] : convert(termFormat, terms[std::size_t(i)], acc).bits, 0};
    // Inner nodes come after their children.
    std::vector<std::uint64_t> operands;
    for (int node = tree.terms(); node < tree.nodeCount(); ++node) {
        const auto& kids = tree.children(node);
        if (kids.size() == 2) {
            value[std::size_t(node)] = add(acc, value[std::size_t(kids[0])].bits, value[std::size_t(kids[1])].bits);
            continue;
        }
        operands.clear();
        for (const int k : kids) operands.push_back(value[std::size_t(k)].bits);
        value[std::size_t(node)] = fusedSum(acc, operands, rules);
    }
    return value;
}

std::uint64_t replaySum(const SumTree& tree, const Format& termFormat, std::span<const std::uint64_t> terms,
                        const ReplayRules& rules) {
    return replayNodes(tree, termFormat, terms, rules)[std::size_t(tree.root())].bits;
}

double partialSumError(const SumTree& tree, int node, const Format& termFormat, std::span<const std::uint64_t> terms,
                       const Format& valueFormat, std::uint64_t value) {
    tc::ExactAccumulator acc;
    const auto addValue = [&acc](const Format& f, std::uint64_t bits, bool negate) {
        const Unpacked u = unpack(f, bits);
        if (u.cls == FloatClass::Normal || u.cls == FloatClass::Subnormal)
            acc.add(u.sign != negate, u.significand, u.exponent - f.mantissaBits);
    };
    addValue(valueFormat, value, false);
    std::vector<int> stack{node};
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        if (tree.isLeaf(n)) addValue(termFormat, terms[std::size_t(n)], true);
        else stack.insert(stack.end(), tree.children(n).begin(), tree.children(n).end());
    }
    const Result r = acc.round(kFp64);
    return std::bit_cast<double>(r.bits);
}

} // namespace fplab::reveal
