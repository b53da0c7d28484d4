#include "core/tensor_core/instruction_fma.h"

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/tensor_core/gpu_specials.h"

#include <array>
#include <stdexcept>
#include <string>

namespace fplab::tc {

namespace {

constexpr std::size_t kMaxProducts = 64;
constexpr std::size_t kMaxBlocks = 8;

void checkFixed(const BlockModel& m, std::size_t aSize, std::size_t bSize) {
    const InstructionStructure& s = m.structure;
    if (!s.fixed()) throw std::invalid_argument("this model's instructions are chained blocks; use chainedDot");
    if (aSize != bSize)
        throw std::invalid_argument("a holds " + std::to_string(aSize) + " values but b holds " +
                                    std::to_string(bSize));
    if (aSize > std::size_t(s.k))
        throw std::invalid_argument("one instruction holds at most " + std::to_string(s.k) + " products, got " +
                                    std::to_string(aSize));
    if (std::size_t(s.k) > kMaxProducts || std::size_t(s.blocks) > kMaxBlocks || s.blocks < 1)
        throw std::invalid_argument("unsupported instruction structure");
}

// C added after the blocks: one FP32 addition in the core's soft-float (the GPU's FADD, no flush to zero),
// with the tensor cores' canonical NaN.
std::uint64_t addAfter(const BlockModel& m, std::uint64_t blocks, std::uint64_t c, AddendStep* st) {
    Env env;
    env.rounding = m.structure.addendRounding;
    OperationTrace trace;
    const Result r = add(m.accumFormat, blocks, c, env, st ? &trace : nullptr);
    const std::uint64_t bits = isNan(classify(m.accumFormat, r.bits)) ? canonicalNan(m.accumFormat) : r.bits;
    if (st) {
        st->present = true;
        st->blocksResult = blocks;
        st->c = c;
        st->result = bits;
        st->rounding = trace.rounding;
        st->rule = "one " + std::string(m.accumFormat.name()) + " addition, " +
                   std::string(roundingName(m.structure.addendRounding)) + " (the FFMA/FADD path, not the tensor core)";
    }
    return bits;
}

// The blocks over the unit operands, then C. `given` (optional) restores the operands and k in the steps.
MmaResult runInstruction(const BlockModel& m, const BlockModel& inner, std::span<const std::uint64_t> aUnit,
                         std::span<const std::uint64_t> bUnit, std::uint64_t c, std::span<const std::uint64_t> aGiven,
                         std::span<const std::uint64_t> bGiven, std::vector<BlockSteps>* steps) {
    const InstructionStructure& s = m.structure;
    std::array<std::array<std::uint64_t, kMaxProducts>, kMaxBlocks> av{}, bv{};
    std::array<std::array<int, kMaxProducts>, kMaxBlocks> kOf{};
    std::array<std::size_t, kMaxBlocks> count{};
    for (std::size_t k = 0; k < aUnit.size(); ++k) {
        const std::size_t blk = std::size_t(blockOfProduct(s, int(k)));
        av[blk][count[blk]] = aUnit[k];
        bv[blk][count[blk]] = bUnit[k];
        kOf[blk][count[blk]++] = int(k);
    }
    MmaResult r{s.addend == AddendEntry::AfterBlocks ? 0 : c, Caveat::None};
    for (int blk = 0; blk < s.blocks; ++blk) {
        BlockSteps* st = steps ? &steps->emplace_back() : nullptr;
        const std::size_t n = count[std::size_t(blk)];
        const MmaResult br = blockFma(inner, std::span<const std::uint64_t>(av[std::size_t(blk)].data(), n),
                                      std::span<const std::uint64_t>(bv[std::size_t(blk)].data(), n), r.bits, st);
        if (st) {
            std::size_t j = 0;
            for (TermStep& t : st->terms) {
                if (t.kind != TermStep::Kind::Product) continue;
                t.k = kOf[std::size_t(blk)][j++];
                t.aBits = aGiven[std::size_t(t.k)];
                t.bBits = bGiven[std::size_t(t.k)];
            }
        }
        if (r.caveat == Caveat::None) r.caveat = br.caveat;
        r.bits = br.bits;
    }
    if (s.addend == AddendEntry::AfterBlocks)
        r.bits = addAfter(m, r.bits, c, steps ? &steps->back().addendAfter : nullptr);
    return r;
}

} // namespace

std::uint64_t unitFormatOperand(const BlockModel& m, std::uint64_t given) {
    if (m.unitFormat == m.inputFormat) return given;
    return convert(m.inputFormat, given, m.unitFormat).bits; // exact: the unit format holds every input value
}

BlockModel innerBlockModel(const BlockModel& m) {
    BlockModel inner = m;
    inner.inputFormat = m.unitFormat;
    if (m.unitFormat == kFp16) inner.config.input = InputType::Fp16;
    inner.structure = InstructionStructure{};
    return inner;
}

int blockOfProduct(const InstructionStructure& s, int k) {
    if (s.kRun > 0) return (k / s.kRun) % s.blocks;
    const int per = (s.k + s.blocks - 1) / s.blocks;
    return k / per;
}

MmaResult instructionFma(const BlockModel& m, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                         std::uint64_t c, std::vector<BlockSteps>* steps) {
    checkFixed(m, a.size(), b.size());
    if (c >> accumBits(m.config.accum))
        throw std::invalid_argument("c is wider than " + std::to_string(accumBits(m.config.accum)) + " bits (" +
                                    std::string(accumName(m.config.accum)) + ")");
    const std::uint64_t inMask = (std::uint64_t(1) << operandBits(m.config.input)) - 1;
    std::array<std::uint64_t, kMaxProducts> au{}, bu{};
    for (std::size_t k = 0; k < a.size(); ++k) {
        if ((a[k] & ~inMask) || (b[k] & ~inMask))
            throw std::invalid_argument("operand " + std::to_string(k) + " is wider than " +
                                        std::to_string(operandBits(m.config.input)) + " bits (" +
                                        std::string(inputName(m.config.input)) + ")");
        au[k] = unitFormatOperand(m, a[k]);
        bu[k] = unitFormatOperand(m, b[k]);
    }
    if (steps) steps->clear();
    return runInstruction(m, innerBlockModel(m), std::span(au.data(), a.size()), std::span(bu.data(), b.size()), c, a,
                          b, steps);
}

namespace detail {
MmaResult instructionFmaOnUnit(const BlockModel& m, const BlockModel& inner, std::span<const std::uint64_t> aUnit,
                               std::span<const std::uint64_t> bUnit, std::uint64_t c) {
    return runInstruction(m, inner, aUnit, bUnit, c, {}, {}, nullptr);
}
} // namespace detail

} // namespace fplab::tc
