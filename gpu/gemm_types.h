// The GEMM data types of the GPU lab (input -> accumulator/output), with the tensor-core
// instruction each project kernel uses. Shared by the kernels, cuBLAS, the CPU backends and the CLI.
#pragma once

#include "core/format.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fplab::gpu {

enum class GemmType : std::uint8_t {
    Fp64,      // SIMT FP64 (cuBLAS uses the FP64 tensor cores where present)
    Fp32,      // SIMT FP32
    Tf32,      // FP32 data, TF32 tensor cores, FP32 accumulate
    Fp16Fp32,  // FP16 inputs, FP32 accumulate and output
    Fp16Fp16,  // FP16 inputs, FP16 accumulate and output
    Bf16Fp32,  // BF16 inputs, FP32 accumulate and output
    E4m3Fp32,  // FP8 E4M3 inputs, FP32 accumulate (sm_89+)
    E5m2Fp32,  // FP8 E5M2 inputs, FP32 accumulate (sm_89+)
    Int8Int32, // INT8 inputs, INT32 accumulate (wraps)
};

// The warp-level tensor-core instruction shape a project kernel uses (SIMT types: None).
enum class MmaShape : std::uint8_t {
    None,
    M16N8K16, // f16 / bf16
    M16N8K8,  // tf32
    M16N8K32, // e4m3 / e5m2 / s8
};

struct GemmTypeInfo {
    GemmType type;
    std::string_view name;        // CLI name: "fp16-fp32"
    std::string_view description; // "FP16 inputs, FP32 accumulate"
    const Format* input;          // element format of A and B; nullptr for INT8
    const Format* output;         // format of C and D; nullptr for INT32
    int inputBits;                // storage width of one A/B element on the device
    int outputBits;               // storage width of one C/D element
    MmaShape shape;
    int mmaK;                     // k of one MMA instruction (0 for SIMT)
    int minComputeCapability;     // 10*major+minor the project kernel needs
    std::string_view instruction; // the PTX instruction of the project kernel
    std::string_view benchLabel;  // the column of the speed table: FP64 FP32 TF32 FP16 BF16 FP8 INT8
};

inline constexpr int kGemmTypeCount = 9;

std::span<const GemmTypeInfo> allGemmTypes();
const GemmTypeInfo& gemmTypeInfo(GemmType type);
std::string_view gemmTypeName(GemmType type);
// Accepts the CLI names ("fp16-fp32") and a few aliases ("fp16" = fp16-fp32, "fp8" = e4m3-fp32, "int8").
std::optional<GemmType> findGemmType(std::string_view name);
// "fp64, fp32, tf32, ..." for error messages.
std::string gemmTypeNameList();

constexpr bool isIntegerType(GemmType t) { return t == GemmType::Int8Int32; }
constexpr bool isTensorCoreType(GemmType t) { return t != GemmType::Fp64 && t != GemmType::Fp32; }
constexpr bool isFp8Type(GemmType t) { return t == GemmType::E4m3Fp32 || t == GemmType::E5m2Fp32; }

} // namespace fplab::gpu
