// The datasheet table. Sources (NVIDIA documents; the "sparse" figures they print are halved here):
//  [A100]   NVIDIA A100 Tensor Core GPU datasheet (2021): FP64 9.7, FP64 TC 19.5, FP32 19.5, TF32 156,
//           BF16/FP16 312, INT8 624 TOPS (the seed notes quote the same table).
//  [Hopper] NVIDIA H100 Tensor Core GPU datasheet: SXM FP64 34 / TC 67, FP32 67, TF32 989*, BF16/FP16 1,979*,
//           FP8 3,958*, INT8 3,958*; PCIe FP64 26 / TC 51, FP32 51, TF32 756*, BF16/FP16 1,513*, FP8 3,026*,
//           INT8 3,026* (* with sparsity); GPU memory bandwidth 3.35 TB/s (SXM), 2 TB/s (PCIe), 3.9 TB/s (NVL);
//           the H100 whitepaper's dense SXM5 table: TF32 494.7, FP16 989.4,
//           FP8 1978.9, INT8 1978.9.
//  [H200]   NVIDIA H200 Tensor Core GPU datasheet: SXM as H100 SXM; NVL FP64 30 / TC 60, FP32 60,
//           TF32 835*, BF16/FP16 1,671*, FP8 3,341*, INT8 3,341*; GPU memory bandwidth 4.8 TB/s (SXM and NVL).
//  [L4]     NVIDIA L4 Tensor Core GPU datasheet: FP32 30.3, TF32 120*, BF16/FP16 242*, FP8 485*, INT8 485*.
//  [GA102]  NVIDIA Ampere GA102 GPU architecture whitepaper, appendix: RTX 3090 FP32 35.6, FP16 tensor with
//           FP16 acc. 142 / with FP32 acc. 71, BF16 71, TF32 35.6, INT8 284; RTX 3080 29.8 / 119 / 59.5 / 59.5 /
//           29.8 / 238.
//  [AD102]  NVIDIA Ada GPU architecture whitepaper, appendix: RTX 4090 FP32 82.6, FP16 tensor with FP16 acc.
//           330.3 / with FP32 acc. 165.2, BF16 165.2, TF32 82.6, INT8 660.6; RTX 4080 48.7 / 194.9 / 97.5 /
//           97.5 / 48.7 / 389.9.
// Checked against third-party copies of these tables (search of public pages); entries marked uncertain
// hold a value that was not: FP64 of L4 and GeForce parts (1/64 of FP32, not printed by NVIDIA), the
// FP32-accumulate FP8 rate of GeForce Ada, and the H200 NVL / RTX 4080 rows as a whole.
#include "gpu/datasheet.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace fplab::gpu {

namespace {

// clang-format off: one GPU a row, the columns aligned for reading.
constexpr DatasheetEntry kTable[] = {
    {"A100 SXM4",
     "Ampere",
     80,
     {"a100", "sxm"},
     {},
     9.7,
     19.5,
     19.5,
     156,
     312,
     312,
     312,
     0,
     624,
     false,
     "",
     "[A100] datasheet"},
    {"A100 PCIe",
     "Ampere",
     80,
     {"a100", "pcie"},
     {},
     9.7,
     19.5,
     19.5,
     156,
     312,
     312,
     312,
     0,
     624,
     false,
     "same peaks as SXM4 at a lower power limit (sustained clocks may be lower)",
     "[A100] datasheet"},
    {"H100 PCIe",
     "Hopper",
     90,
     {"h100", "pcie"},
     {},
     26,
     51,
     51,
     378,
     756.5,
     756.5,
     756.5,
     1513,
     1513,
     false,
     "",
     "[Hopper] datasheet, sparse/2",
     2.0},
    {"H100 NVL",
     "Hopper",
     90,
     {"h100", "nvl"},
     {},
     30,
     60,
     60,
     417.5,
     835.5,
     835.5,
     835.5,
     1670.5,
     1670.5,
     true,
     "per GPU of the NVL pair; not re-checked",
     "[Hopper] datasheet, sparse/2",
     3.9},
    {"H100 SXM5",
     "Hopper",
     90,
     {"h100", ""},
     {"pcie", "nvl", ""},
     34,
     67,
     67,
     494.7,
     989.4,
     989.4,
     989.4,
     1978.9,
     1978.9,
     false,
     "",
     "[Hopper] whitepaper dense table; datasheet",
     3.35},
    {"H200 NVL",
     "Hopper",
     90,
     {"h200", "nvl"},
     {},
     30,
     60,
     60,
     417.5,
     835.5,
     835.5,
     835.5,
     1670.5,
     1670.5,
     true,
     "not re-checked",
     "[H200] datasheet, sparse/2",
     4.8},
    {"H200 SXM",
     "Hopper",
     90,
     {"h200", ""},
     {"nvl", "", ""},
     34,
     67,
     67,
     494.5,
     989.5,
     989.5,
     989.5,
     1979,
     1979,
     false,
     "the same GH100 as H100 SXM with 141 GB HBM3e",
     "[H200] datasheet, sparse/2",
     4.8},
    {"L4",
     "Ada Lovelace",
     89,
     {"l4", ""},
     {"l40", "", ""},
     0.49,
     0,
     30.3,
     60,
     121,
     121,
     121,
     242.5,
     242.5,
     true,
     "FP64 is 1/64 of FP32 (not in the datasheet)",
     "[L4] datasheet, sparse/2"},
    {"GeForce RTX 3080",
     "Ampere",
     86,
     {"rtx 3080", ""},
     {"ti", "laptop", "mobile"},
     0.47,
     0,
     29.8,
     29.8,
     59.5,
     119,
     59.5,
     0,
     238,
     true,
     "FP64 1/64 of FP32 (estimate)",
     "[GA102] whitepaper"},
    {"GeForce RTX 3090",
     "Ampere",
     86,
     {"rtx 3090", ""},
     {"ti", "", ""},
     0.56,
     0,
     35.6,
     35.6,
     71,
     142,
     71,
     0,
     284,
     true,
     "FP64 1/64 of FP32 (estimate)",
     "[GA102] whitepaper"},
    {"GeForce RTX 4080",
     "Ada Lovelace",
     89,
     {"rtx 4080", ""},
     {"super", "laptop", "mobile"},
     0.76,
     0,
     48.7,
     48.7,
     97.5,
     194.9,
     97.5,
     194.9,
     389.9,
     true,
     "not re-checked; FP8 with FP32 accumulate assumed half the FP16-acc. rate",
     "[AD102] whitepaper"},
    {"GeForce RTX 4090",
     "Ada Lovelace",
     89,
     {"rtx 4090", ""},
     {"laptop", "mobile", ""},
     1.29,
     0,
     82.6,
     82.6,
     165.2,
     330.3,
     165.2,
     330.3,
     660.6,
     true,
     "FP8 with FP32 accumulate (330.3) and FP64 (1/64) not confirmed in an NVIDIA document",
     "[AD102] whitepaper"},
};
// clang-format on

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

// A pattern matches where it starts a word of the name: "sxm" matches "a100-sxm4-80gb",
// "l4" matches "nvidia l4" and also "nvidia l40s" (so L4 excludes "l40").
bool startsAWord(const std::string& name, std::string_view pattern) {
    for (std::size_t pos = name.find(pattern); pos != std::string::npos; pos = name.find(pattern, pos + 1))
        if (pos == 0 || !std::isalnum(static_cast<unsigned char>(name[pos - 1]))) return true;
    return false;
}

bool matches(const DatasheetEntry& e, const std::string& name) {
    for (auto p : e.mustContain)
        if (!p.empty() && !startsAWord(name, p)) return false;
    for (auto p : e.mustNotContain)
        if (!p.empty() && startsAWord(name, p)) return false;
    return true;
}

} // namespace

std::span<const DatasheetEntry> datasheetTable() { return kTable; }

const DatasheetEntry* findDatasheetEntry(std::string_view deviceName) {
    const std::string name = lower(deviceName);
    for (const auto& e : kTable)
        if (matches(e, name)) return &e;
    return nullptr;
}

double datasheetPeak(const DatasheetEntry& e, GemmType type, bool fp64TensorCores) {
    switch (type) {
    case GemmType::Fp64: return fp64TensorCores && e.fp64Tensor > 0 ? e.fp64Tensor : e.fp64;
    case GemmType::Fp32: return e.fp32;
    case GemmType::Tf32: return e.tf32;
    case GemmType::Fp16Fp32: return e.fp16;
    case GemmType::Fp16Fp16: return e.fp16Acc16;
    case GemmType::Bf16Fp32: return e.bf16;
    case GemmType::E4m3Fp32:
    case GemmType::E5m2Fp32: return e.fp8;
    case GemmType::Int8Int32: return e.int8;
    }
    return 0;
}

} // namespace fplab::gpu
