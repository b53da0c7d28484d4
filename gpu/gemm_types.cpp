// The table of GEMM data types.
#include "gpu/gemm_types.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace fplab::gpu {

namespace {

// PTX instruction names from the PTX ISA, section 9.7.14.5 (warp-level mma.sync) and 9.7.1 (fma).
constexpr std::array<GemmTypeInfo, kGemmTypeCount> kTypes = {{
    {GemmType::Fp64, "fp64", "FP64 inputs, FP64 accumulate (SIMT FMA)", &kFp64, &kFp64, 64, 64, MmaShape::None, 0, 0,
     "fma.rn.f64", "FP64"},
    {GemmType::Fp32, "fp32", "FP32 inputs, FP32 accumulate (SIMT FMA)", &kFp32, &kFp32, 32, 32, MmaShape::None, 0, 0,
     "fma.rn.f32", "FP32"},
    {GemmType::Tf32, "tf32", "FP32 data rounded to TF32 (cvt.rna), FP32 accumulate", &kFp32, &kFp32, 32, 32,
     MmaShape::M16N8K8, 8, 80, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", "TF32"},
    {GemmType::Fp16Fp32, "fp16-fp32", "FP16 inputs, FP32 accumulate", &kFp16, &kFp32, 16, 32, MmaShape::M16N8K16, 16,
     80, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "FP16"},
    {GemmType::Fp16Fp16, "fp16-fp16", "FP16 inputs, FP16 accumulate", &kFp16, &kFp16, 16, 16, MmaShape::M16N8K16, 16,
     80, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", "FP16 (FP16 acc.)"},
    {GemmType::Bf16Fp32, "bf16-fp32", "BF16 inputs, FP32 accumulate", &kBf16, &kFp32, 16, 32, MmaShape::M16N8K16, 16,
     80, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", "BF16"},
    {GemmType::E4m3Fp32, "e4m3-fp32", "FP8 E4M3 inputs, FP32 accumulate", &kE4m3, &kFp32, 8, 32, MmaShape::M16N8K32, 32,
     89, "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32", "FP8"},
    {GemmType::E5m2Fp32, "e5m2-fp32", "FP8 E5M2 inputs, FP32 accumulate", &kE5m2, &kFp32, 8, 32, MmaShape::M16N8K32, 32,
     89, "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32", "FP8 (E5M2)"},
    {GemmType::Int8Int32, "int8-int32", "INT8 inputs, INT32 accumulate (wraps)", nullptr, nullptr, 8, 32,
     MmaShape::M16N8K32, 32, 80, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", "INT8"},
}};

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

} // namespace

std::span<const GemmTypeInfo> allGemmTypes() { return kTypes; }

const GemmTypeInfo& gemmTypeInfo(GemmType type) { return kTypes[static_cast<std::size_t>(type)]; }

std::string_view gemmTypeName(GemmType type) { return gemmTypeInfo(type).name; }

std::optional<GemmType> findGemmType(std::string_view name) {
    const std::string n = lower(name);
    for (const auto& t : kTypes)
        if (n == t.name) return t.type;
    if (n == "fp16" || n == "half") return GemmType::Fp16Fp32;
    if (n == "bf16") return GemmType::Bf16Fp32;
    if (n == "fp8" || n == "e4m3") return GemmType::E4m3Fp32;
    if (n == "e5m2") return GemmType::E5m2Fp32;
    if (n == "int8" || n == "i8") return GemmType::Int8Int32;
    if (n == "double") return GemmType::Fp64;
    if (n == "float") return GemmType::Fp32;
    return std::nullopt;
}

std::string gemmTypeNameList() {
    std::string s;
    for (const auto& t : kTypes) {
        if (!s.empty()) s += ", ";
        s += t.name;
    }
    return s;
}

} // namespace fplab::gpu
