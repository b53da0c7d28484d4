// A fingerprint's raw material: the cells of one tensor-core instruction run on a GPU (inputs as
// given to the instruction and the D bits read back), with where and when they were taken.
#pragma once

#include "core/tensor_core/instruction_map.h"
#include "core/tensor_core/mma_config.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fplab::tc::fingerprint {

// One output cell of one MMA: D = sum_k a_k * b_k + c.
struct Cell {
    std::vector<std::uint64_t> a; // k operands as given to the instruction (TF32: FP32 bits)
    std::vector<std::uint64_t> b;
    std::uint64_t c = 0; // in the accumulator type
    std::uint64_t d = 0; // what the hardware returned
    std::string probe;   // the probe's name: "rounding+", "random-3(2,5)", "mma_e4m3.txt:37"
};

struct AnswerSet {
    std::string device;        // "NVIDIA H100 80GB HBM3"
    int computeCapability = 0; // 90 for sm_90
    std::string driver;        // CUDA version of the driver, "13.0"
    std::string date;          // "2026-11-24"
    Api api = Api::MmaSync;
    std::string shape; // "m16n8k32"
    InputType input = InputType::Fp16;
    AccumType accum = AccumType::Fp32;
    int k = 0; // products per cell
    std::vector<Cell> cells;
};

// The model's architecture for a compute capability: 90 and later are sm_90, everything else sm_80.
Arch archForComputeCapability(int computeCapability);

// Empty when every cell has k operands of the right widths; otherwise what is wrong, naming the cell.
std::string checkAnswers(const AnswerSet& answers);

} // namespace fplab::tc::fingerprint
