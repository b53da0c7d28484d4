// The block-FMA model of NVIDIA tensor cores (docs/tensor-core-model.md, section 1): one block of
// products plus C, and a dot product of any length chained over blocks as the hardware does.
#pragma once

#include "core/tensor_core/block_steps.h"
#include "core/tensor_core/mma_config.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fplab::tc {

struct MmaResult {
    std::uint64_t bits = 0; // D in the accumulator format (int32 bits for integer models)
    Caveat caveat = Caveat::None;
    friend bool operator==(const MmaResult&, const MmaResult&) = default;
};

// One block FMA: at most model.blockSize products plus c.
// Operands are right-aligned bits as given to the instruction: the input type's encoding
// (TF32: FP32 bits, converted by model.config.tf32Input; int8/uint8: 8-bit two's complement or
// unsigned), c and the result in the accumulator type. Throws std::invalid_argument when the
// spans differ in length, hold more than blockSize values, or a value is wider than its type, and for a
// model whose instruction has a fixed structure of several blocks (use instructionFma, instruction_fma.h).
MmaResult blockFma(const BlockModel& model, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                   std::uint64_t c, BlockSteps* steps = nullptr);

// A dot product of any length as a sequence of blocks of blockK products (0: model.blockSize;
// at most model.blockSize), lowest k first, the running result rounded to the accumulator type
// after each block: D <- block(k-slice, D). The caveat is the first one met.
// A model with a fixed instruction structure chains whole instructions instead (blockK: 0 or structure.k).
MmaResult chainedDot(const BlockModel& model, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                     std::uint64_t c, int blockK = 0, std::vector<BlockSteps>* steps = nullptr);

} // namespace fplab::tc
