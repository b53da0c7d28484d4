// Published dense peak throughput of common NVIDIA GPUs per data type, to set measured
// numbers against. Values are dense (no 2:4 sparsity), in TFLOPS (TOPS for INT8), at boost clock.
#pragma once

#include "gpu/gemm_types.h"

#include <array>
#include <span>
#include <string_view>

namespace fplab::gpu {

struct DatasheetEntry {
    std::string_view name;         // "H100 SXM5"
    std::string_view architecture; // "Hopper"
    int computeCapability;         // 90
    // The device name (as cudaGetDeviceProperties reports it, compared lower-case) must contain
    // every non-empty `mustContain` and none of the non-empty `mustNotContain`.
    std::array<std::string_view, 2> mustContain;
    std::array<std::string_view, 3> mustNotContain;
    double fp64;       // SIMT FP64
    double fp64Tensor; // FP64 on tensor cores (DMMA); 0 where absent
    double fp32;       // SIMT FP32
    double tf32;       // tensor cores
    double fp16;       // FP16 inputs, FP32 accumulate
    double fp16Acc16;  // FP16 inputs, FP16 accumulate (GeForce parts run this at twice the FP32-accumulate rate)
    double bf16;       // BF16 inputs, FP32 accumulate
    double fp8;        // FP8 inputs, FP32 accumulate; 0 before Ada/Hopper
    double int8;       // TOPS
    bool uncertain;    // at least one value not confirmed against an NVIDIA document
    std::string_view note;
    std::string_view source;
    // Memory (HBM) bandwidth in TB/s from the same datasheets, for rooflines; 0 where the table does not
    // give it (A100: its 40 GB and 80 GB parts differ and one entry covers both; GeForce and L4 not entered).
    double memoryTBps = 0;
};

std::span<const DatasheetEntry> datasheetTable();
// The entry whose patterns match a device name ("NVIDIA H100 80GB HBM3" -> H100 SXM5); nullptr if none.
const DatasheetEntry* findDatasheetEntry(std::string_view deviceName);
// The dense peak for a GEMM type; 0 when the table has no value. FP64: the tensor-core peak when
// fp64TensorCores and the GPU has one (cuBLAS uses DMMA), otherwise the SIMT peak.
double datasheetPeak(const DatasheetEntry& entry, GemmType type, bool fp64TensorCores = true);

} // namespace fplab::gpu
