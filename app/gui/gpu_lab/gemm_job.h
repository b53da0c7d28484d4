// The GEMM panel's job: one random problem through the chosen backends (always with the IEEE
// reference and the CPU tensor-core model), every pair compared cell by cell, and one summary
// row per backend: cells bit-identical to the model, ulps from the reference, time.
#pragma once

#include "app/gui/common/job_control.h"
#include "core/tensor_core/mma_config.h"
#include "gpu/backend_choice.h"
#include "gpu/compare.h"

#include <optional>
#include <string>
#include <vector>

namespace fplab::gui {

struct GemmJobRequest {
    gpu::ProblemSpec spec;
    tc::Arch arch = tc::Arch::Sm80;
    // The CPU models' readings of the two open corners (nullopt: the built-in ones).
    std::optional<tc::CornerReadings> corners;
    // Reference and Model are added when missing.
    std::vector<gpu::BackendChoice> backends;
};

struct GemmBackendRow {
    std::string backend;       // full name ("cpu-model-sm_80")
    std::string instruction;   // what it runs for the type, in words (GemmBackend::instruction)
    std::string comparedModel; // the model vsModel compares with: the backend's own instruction's where known
    bool ran = false;
    std::string skipped; // why not, when !ran
    double milliseconds = 0;
    std::optional<gpu::OutputComparison> vsModel;     // absent for the model itself or when it did not run
    std::optional<gpu::OutputComparison> vsReference; // absent for the reference itself
    std::string note;
};

struct GemmJobResult {
    GemmJobRequest request;
    gpu::GemmProblem problem;
    gpu::ComparisonReport report;
    std::string referenceName;
    std::string modelName;
    std::vector<GemmBackendRow> rows; // in the order the backends ran
};

// Throws JobCancelled, or GpuError for a malformed request.
GemmJobResult runGemmJob(const GemmJobRequest& request, const JobControl& control = {});

// The comparison of `lhs` with `rhs` in the report (either order: the ulps are negated when the
// report holds rhs - lhs); nullopt when one of them did not run.
std::optional<gpu::OutputComparison> findComparison(const gpu::ComparisonReport& report, const std::string& lhs,
                                                    const std::string& rhs);

} // namespace fplab::gui
