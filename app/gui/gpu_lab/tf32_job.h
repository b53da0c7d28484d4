// The TF32 demonstration: the same FP32 GEMM with TF32 off and on, as PyTorch's
// set_float32_matmul_precision("highest") and ("high") choose, each measured against an FP64
// GEMM of the same inputs. On the CPU: the FP32 FMA chain against the tensor-core model with
// inputs rounded to TF32 (nearest even, as cuBLAS does); with a GPU also cuBLAS both ways, timed.
#pragma once

#include "app/gui/common/job_control.h"
#include "core/tensor_core/mma_config.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fplab::gui {

struct Tf32JobRequest {
    int size = 128; // m = n = k
    std::uint64_t seed = 1;
    tc::Arch arch = tc::Arch::Sm80;
    bool useGpu = false;
    int speedSize = 4096; // square GEMM the GPU's TFLOPS are measured on
};

struct Tf32Row {
    bool tf32 = false; // false: "highest" (FP32), true: "high" (TF32)
    bool onGpu = false;
    std::string backend;
    double maxAbsError = 0;   // max |D - R| over the cells, R the FP64 GEMM
    double relativeError = 0; // ||D - R|| / ||R|| (Frobenius norms)
    double meanAbsUlps = 0;   // from R rounded to FP32
    std::int64_t maxAbsUlps = 0;
    double milliseconds = 0;
    std::optional<double> tflops; // GPU rows, at speedSize
    std::string note;
};

struct Tf32JobResult {
    int size = 0;
    std::vector<Tf32Row> rows;
    std::string gpuError; // the GPU part failed: why (the CPU rows are still there)
};

// Throws JobCancelled.
Tf32JobResult runTf32Job(const Tf32JobRequest& request, const JobControl& control = {});

} // namespace fplab::gui
