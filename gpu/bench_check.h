// Checked before timed: every speed row first compares a sample of its output cells with the model of
// its own instruction, bit for bit, or, where the summation order is the library's own (cuBLAS), with an
// error bound that holds for any order. A row that fails is WRONG: it keeps no time and no TFLOPS.
// Plain C++ (no CUDA), so the path is tested on any machine with a fake subject that plants a wrong cell.
#pragma once

#include "core/tensor_core/mma_config.h"
#include "gpu/bench.h"
#include "gpu/gemm_types.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace fplab::gpu {

// One sampled output cell with what it was computed from (C is zero in every speed row).
struct BenchCell {
    int i = 0;
    int j = 0;
    std::vector<std::uint64_t> a; // row i of A, in the A operand's type
    std::vector<std::uint64_t> b; // column j of B, in the B operand's type
    std::uint64_t got = 0;        // D(i, j) as the GPU wrote it
};

// How a row's cells are judged: bit for bit against `model` when it is set, otherwise within the
// order-free bound (orderFreeBound) of the exact sum.
struct BenchCheck {
    std::string against; // "cpu-model-sm_90 (mma.sync)", "the bound of any summation order"
    std::function<std::uint64_t(const BenchCell&)> model;
    GemmType type = GemmType::Fp32;                          // the row's type (output format)
    GemmType aType = GemmType::Fp32, bType = GemmType::Fp32; // the operands' types (mixed FP8 rows differ)
};

// The cells a row samples: the four corners and 12 spread over the matrix.
std::vector<std::pair<int, int>> benchSampleCells(int size);

// |D - exact| may not exceed this for any summation order and split of k: every one of at most k + 1
// roundings or cuts loses at most `slack` of sum |a_k b_k| (slack: twice the output's unit roundoff, or the
// tensor core's cut 2^-F where that is coarser), plus TF32's input rounding, plus k smallest subnormals.
double orderFreeBound(GemmType type, int k, double absSum);

// Empty when every cell passes; otherwise the first failing cell in words:
// "cell (3, 7): got 0x3f800001, model 0x3f800000" or "cell (3, 7): got 1.5, 0.25 from the exact 1.25, bound 1e-06".
std::string firstWrongCell(const BenchCheck& check, std::span<const BenchCell> cells);

// The checks of the three kinds of row on a GPU of model architecture `arch`.
BenchCheck kernelRowCheck(GemmType type, tc::Arch arch);         // the project's kernels: mma.sync model or FMA chain
BenchCheck rungRowCheck(int rung, GemmType type, tc::Arch arch); // a ladder rung: the model of its instruction
BenchCheck libraryRowCheck(GemmType type, GemmType aType, GemmType bType); // cuBLAS / cuBLASLt: the bound

// What the bench times, seen from the check: the GPU's GEMM on device buffers, or a fake in the tests.
class BenchSubject {
public:
    virtual ~BenchSubject() = default;
    virtual void runOnce() = 0;      // one GEMM, complete on return
    virtual double timedRunMs() = 0; // one GEMM, its device time
    virtual std::vector<BenchCell> sample(std::span<const std::pair<int, int>> cells) = 0; // after runOnce
};

// Runs once, checks the sampled cells (row.checkedAgainst, row.wrong), and only if they pass runs the
// warm-up and the timed repeats (median, min, max, TFLOPS). A WRONG row keeps ran = false and no time.
void checkThenTime(BenchRow& row, const BenchConfig& config, BenchSubject& subject, const BenchCheck& check);

} // namespace fplab::gpu
