// One instruction of a model whose structure is fixed (BlockModel::structure.fixed()), such as the
// measured sm_90 FP8 mma.sync: the operands converted to the unit format, several block FMAs over
// interleaved k, and C added after them (docs/tensor-core-model.md, "One instruction, two blocks").
#pragma once

#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/mma_config.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fplab::tc {

// The operand as the unit multiplies it: converted exactly to model.unitFormat (sm_90 FP8 mma.sync:
// FP8 -> FP16); the same bits when the unit format is the input format.
std::uint64_t unitFormatOperand(const BlockModel& model, std::uint64_t given);

// The model each block of a fixed-structure instruction runs: inputs in the unit format, C in the block.
BlockModel innerBlockModel(const BlockModel& model);

// Which block of the instruction product k belongs to (structure.kRun, structure.blocks).
int blockOfProduct(const InstructionStructure& structure, int k);

// One D element of one instruction: at most structure.k products (missing ones count as zero) and c,
// all as given to the instruction. `steps` receives one entry per block, with the products' k and
// operands as given; the last one holds the addition of C. Throws std::invalid_argument when the
// model's structure is not fixed or the operands do not fit.
MmaResult instructionFma(const BlockModel& model, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                         std::uint64_t c, std::vector<BlockSteps>* steps = nullptr);

namespace detail {
// instructionFma on operands already in the unit format, without steps: the emulated GEMM's path.
MmaResult instructionFmaOnUnit(const BlockModel& model, const BlockModel& inner, std::span<const std::uint64_t> aUnit,
                               std::span<const std::uint64_t> bUnit, std::uint64_t c);
} // namespace detail

} // namespace fplab::tc
