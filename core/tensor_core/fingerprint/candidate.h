// One candidate description of a tensor-core instruction's arithmetic, the space of candidates a
// fingerprint searches, and the evaluation of a candidate on a cell with the block FMA of
// core/tensor_core (each block is blockFma; what blockFma cannot vary is done around it).
#pragma once

#include "core/rounding.h"
#include "core/tensor_core/fingerprint/answers.h"
#include "core/tensor_core/mma_config.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::tc::fingerprint {

// The parameters a fingerprint determines, in the order reports list them.
enum class Param : std::uint8_t {
    Operands,         // the operands as the unit sees them: the input type, or converted exactly to FP16
    KGrouping,        // how k is split into blocks: in k order, or the FP8 pair interleave of sm_90 mma.sync
    BlockSize,        // n: products per block FMA
    FractionBits,     // F: fraction bits kept below 2^E when terms are aligned
    FinalRounding,    // how a block's sum is rounded: rz rne rd ru
    RoundPrecision,   // significand bits of that rounding: 24 (fp32), 14 (e8m13), 11 (fp16)
    AddendEntry,      // where c enters: inside the first block, or one final addition after the blocks
    Normalisation,    // whether products are normalised before alignment
    SubnormalInputs,  // subnormal a, b and c kept or flushed to zero
    SubnormalOutputs, // subnormal results kept or flushed to zero
    TinyExponent,     // E when every term is tiny: MMA-Sim (E >= -126) or Khattak-Mikaitis (C = 0 dropped)
};
inline constexpr int kParamCount = 11;
inline constexpr std::array<Param, kParamCount> kAllParams{
    Param::Operands,        Param::KGrouping,        Param::BlockSize,   Param::FractionBits,
    Param::FinalRounding,   Param::RoundPrecision,   Param::AddendEntry, Param::Normalisation,
    Param::SubnormalInputs, Param::SubnormalOutputs, Param::TinyExponent};

enum class OperandFormat : std::uint8_t { Native, Fp16 };
enum class KGrouping : std::uint8_t { InOrder, Fp8Pairs };
enum class AddendEntry : std::uint8_t { FirstBlock, FinalAddRne, FinalAddRz };

struct Candidate {
    OperandFormat operands = OperandFormat::Native;
    KGrouping grouping = KGrouping::InOrder;
    int blockSize = 16;
    int fractionBits = 25;
    RoundingMode rounding = RoundingMode::TowardZero;
    int roundPrecision = 24;
    AddendEntry addend = AddendEntry::FirstBlock;
    bool normalise = false;
    bool flushSubnormalInputs = false;
    bool flushSubnormalOutputs = false;
    TinyModel tiny = TinyModel::MmaSim;
    friend bool operator==(const Candidate&, const Candidate&) = default;
};

// A parameter's value as an integer (enums by their underlying value, booleans 0/1), and its token
// for files, JSON and the tables: "fp16", "fp8-pairs", "16", "25", "rz", "final-add-rne", "no".
int paramValue(const Candidate& c, Param p);
std::string valueToken(Param p, int value);
std::string_view paramKey(Param p); // "operands", "k-grouping", "block-size", ...

// The order in which k is cut into blocks: KGrouping::Fp8Pairs puts k in {4t, 4t+1, 16+4t, 16+4t+1}
// (t = 0..3) first, then the rest, as sm_90 lowers FP8 mma.sync m16n8k32 to two FP16 HMMAs.
std::vector<int> kOrder(KGrouping g, int k);

// Every candidate worth testing for this instruction: parameters with no effect for it are not varied
// (FP16 conversion only for FP8, the FP8 grouping only for k = 32, block sizes up to k).
std::vector<Candidate> candidateSpace(InputType input, AccumType accum, int k);

// Evaluates candidates on cells. Built once per answer set: it caches each cell's operands in the
// forms the candidates need.
class CandidateEvaluator {
public:
    explicit CandidateEvaluator(const AnswerSet& answers);
    // D for one cell under one candidate (accumulator bits).
    std::uint64_t evaluate(const Candidate& c, std::size_t cell) const;
    bool matches(const Candidate& c, std::size_t cell) const { return evaluate(c, cell) == m_answers.cells[cell].d; }
    std::size_t cellCount() const { return m_answers.cells.size(); }

private:
    struct Operands {
        std::vector<std::uint64_t> a, b;
    };
    const Operands& operandsFor(const Candidate& c, std::size_t cell) const;

    const AnswerSet& m_answers;
    Arch m_arch;
    std::array<std::vector<int>, 2> m_orders; // kOrder for each KGrouping
    // [cell][fp16?][flushed?]
    std::vector<std::array<std::array<Operands, 2>, 2>> m_operands;
    std::vector<std::uint64_t> m_flushedC;
};

} // namespace fplab::tc::fingerprint
