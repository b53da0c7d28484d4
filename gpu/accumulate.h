// The accumulation lesson on the GPU: 0.01 added 1000 times in FP32, in FP16, and as FP16
// addends into an FP32 accumulator (plus FP16 Kahan summation), and how the order of a sum
// changes its result: one thread in order, a tree reduction, atomics. Each GPU number comes
// with the CPU (core soft-float) number for the same order of operations.
#pragma once

#include "core/summation_order.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fplab::gpu {

enum class RepeatedSum : std::uint8_t {
    Fp32,         // FP32 addend, FP32 accumulator
    Fp16,         // FP16 addend, FP16 accumulator
    Fp16IntoFp32, // FP16 addend widened into an FP32 accumulator
    Fp16Kahan,    // FP16 addend, FP16 accumulator with Kahan compensation
};
inline constexpr int kRepeatedSumCount = 4;

struct RepeatedAdditionRow {
    RepeatedSum kind;
    std::string name;         // "fp16 addends into fp32"
    std::string resultFormat; // "fp32" / "fp16"
    std::uint64_t cpuBits = 0;
    double cpuValue = 0;
    std::optional<std::uint64_t> gpuBits; // empty without a GPU
    std::optional<double> gpuValue;
};

struct RepeatedAdditionReport {
    double addend = 0.01;
    int count = 1000;
    std::uint32_t addendFp32Bits = 0; // the addend rounded (RNE) to each format
    std::uint16_t addendFp16Bits = 0;
    std::vector<RepeatedAdditionRow> rows;
    std::string gpuUnavailable; // why the GPU columns are empty
};

// The GPU side only: sums for every RepeatedSum (bits in the result format, indexed by kind).
std::vector<std::uint64_t> runRepeatedAdditionOnGpu(std::uint32_t addendFp32, std::uint16_t addendFp16, int count);

// CPU always; GPU when `useGpu` and one is usable (otherwise gpuUnavailable says why).
RepeatedAdditionReport repeatedAddition(double addend, int count, bool useGpu);

struct SummationOrderReport {
    int count = 0;
    std::uint64_t seed = 0;
    double exact = 0; // the FP64 sum of the FP32 values (exact for count <= 2^29 values in [0, 1))
    std::uint32_t cpuSequential = 0;
    std::uint32_t cpuTree = 0;
    std::optional<std::uint32_t> gpuSequential;
    std::optional<std::uint32_t> gpuTree;
    std::vector<std::uint32_t> gpuAtomic; // one per repetition: the order of atomicAdd varies
    std::string gpuUnavailable;
};

struct GpuSummation {
    std::uint32_t sequential = 0;
    std::uint32_t tree = 0;
    std::vector<std::uint32_t> atomic;
};

// Block size of the tree reduction; the CPU tree reproduces the same shape.
inline constexpr int kTreeBlock = kTreeReductionBlock;

GpuSummation runSummationOnGpu(const std::vector<std::uint32_t>& fp32Values, int atomicRepeats);
// The GPU tree's order on the CPU: blocks of kTreeBlock (zero-padded), stride-halving pairs, repeated
// on the block sums until one value is left.
std::uint32_t treeSumOnCpu(const std::vector<std::uint32_t>& fp32Values);

// count FP32 values uniform in [0, 1) from `seed`.
std::vector<std::uint32_t> summationValues(int count, std::uint64_t seed);
SummationOrderReport summationOrder(int count, std::uint64_t seed, int atomicRepeats, bool useGpu);

} // namespace fplab::gpu
