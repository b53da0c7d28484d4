// The GPU Lab's fingerprint jobs: run the probes on the GPU, or read a saved answer file, then infer
// the tensor core's parameters (core/tensor_core/fingerprint). Plain C++, run on the JobRunner worker.
#pragma once

#include "app/gui/common/job_control.h"
#include "core/tensor_core/fingerprint/answers.h"
#include "core/tensor_core/fingerprint/report.h"
#include "gpu/gemm_types.h"

#include <string>

namespace fplab::gui {

struct FingerprintJobResult {
    tc::fingerprint::AnswerSet answers;
    tc::fingerprint::FingerprintReport report;
    std::string source; // the file it was loaded from; empty after a GPU run
};

// Throws GpuError (no GPU, unsupported), JobCancelled.
FingerprintJobResult runFingerprintJob(gpu::GemmType type, tc::Api api, const JobControl& control = {});
// A fingerprint file, or bare recorded cells read as `bareCellsType` and `api` on sm_90.
// Throws std::runtime_error naming the file and the problem.
FingerprintJobResult loadFingerprintJob(const std::string& path, gpu::GemmType bareCellsType, tc::Api api,
                                        const JobControl& control = {});

} // namespace fplab::gui
