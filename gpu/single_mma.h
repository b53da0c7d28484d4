// Exactly one tensor-core instruction (mma.sync m16n8k16 / m16n8k8 / m16n8k32) on given
// operands, on the GPU and on the CPU tensor-core model, so the two can be compared bit for bit;
// and the test vectors of docs/tensor-core-model.md section 5 as tiles.
#pragma once

#include "core/tensor_core/mma_config.h"
#include "gpu/gemm.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::gpu {

// The operands of one m16n8kK MMA: A is 16 x K, B is K x 8 (both row-major), C is 16 x 8.
// K is the instruction's k (gemmTypeInfo(type).mmaK). Bits as in GemmProblem; TF32 operands are
// FP32 bits given raw to the instruction (the tensor core ignores their low 13 bits).
struct MmaTile {
    GemmType type = GemmType::Fp16Fp32;
    std::vector<std::uint64_t> a;
    std::vector<std::uint64_t> b;
    std::vector<std::uint64_t> c;
};

// Empty when the tile is well-formed (a tensor-core type, the right sizes and widths).
std::string checkMmaTile(const MmaTile& tile);
MmaTile makeRandomMmaTile(GemmType type, std::uint64_t seed, Distribution distribution = Distribution::Uniform);
// The tile as a GemmProblem (m = 16, n = 8, k = the instruction's k), for the comparison report.
GemmProblem tileAsProblem(const MmaTile& tile);

// One mma.sync on device 0; returns D (16 x 8). Throws GpuError.
std::vector<std::uint64_t> runSingleMmaOnGpu(const MmaTile& tile);
// The same instruction (mma.sync) on the CPU model (operands converted as `tf32Input` says; raw: Truncate).
// Throws GpuError(Unsupported) when the model has no parameters for this type on `arch`.
// `corners`: the readings of the model's two open corners (nullopt: the built-in ones).
std::vector<std::uint64_t> runSingleMmaOnModel(const MmaTile& tile, tc::Arch arch,
                                               tc::Tf32Input tf32Input = tc::Tf32Input::Truncate,
                                               std::optional<tc::CornerReadings> corners = std::nullopt);

// A test vector: the nonzero operands of output cell (0, 0) and the results docs/tensor-core-model.md section 5 gives.
struct MmaVector {
    std::string_view name;
    std::string_view what;  // what it shows
    std::string_view basis; // how sure the expected values are ([M] measured, [V] model, ...)
    GemmType type;
    std::vector<double> a;               // row 0 of A: a_0, a_1, ...
    std::vector<double> b;               // column 0 of B
    std::vector<std::uint32_t> aRawBits; // TF32 vectors: raw FP32 bits instead of values (used when not empty)
    std::vector<std::uint32_t> bRawBits;
    double c = 0;
    std::uint32_t expectedSm80 = 0; // D(0,0) as FP32 bits
    std::uint32_t expectedSm90 = 0;
    std::uint32_t ieee = 0; // what IEEE FP32 arithmetic (sequential, round to nearest) would give
};

// Vectors 1-5 of docs/tensor-core-model.md section 5 (vector 6 needs wgmma, which the project does not run).
std::vector<MmaVector> tensorCoreModelVectors();
MmaTile tileFor(const MmaVector& v);
std::uint32_t expectedFor(const MmaVector& v, tc::Arch arch);

} // namespace fplab::gpu
