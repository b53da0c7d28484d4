// How PTX tensor-core instructions split their k dimension into block FMAs, per architecture
// (docs/tensor-core-model.md section 2.1), as data for the app and the emulated GEMM's schedule.
#pragma once

#include "core/tensor_core/mma_config.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace fplab::tc {

// A set of input types, as bits (1 << InputType).
using InputSet = std::uint8_t;
constexpr InputSet inputBit(InputType t) { return InputSet(1u << unsigned(t)); }

struct InstructionBlocks {
    Api api = Api::MmaSync;
    std::string_view shape; // "m16n8k16", "16x16x16", "m64nNk16"
    int k = 0;              // the instruction's k
    InputSet inputs = 0;    // the input types this row covers
    int blocks = 0;         // block FMAs per instruction, chained lowest k first
    int blockSize = 0;      // products per block: the emulated GEMM's blockK for this instruction
    std::string_view basis; // [M] [S] [V] [G] and the source; "inferred" where no source gives a row
};

// Every row for one architecture, in the order of docs/tensor-core-model.md section 2.1.
std::span<const InstructionBlocks> instructionTable(Arch arch);
// The rows that take `input` on `arch`.
std::vector<InstructionBlocks> instructionsFor(Arch arch, InputType input);

} // namespace fplab::tc
