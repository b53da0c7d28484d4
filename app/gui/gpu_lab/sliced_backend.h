// A GEMM backend wrapped for the worker thread: a CPU backend runs a block of rows at a time
// (rows of D are independent, so the result is the same bits), reporting progress and stopping
// when cancelled; a GPU backend runs whole, since a library may pick another algorithm for a slice.
#pragma once

#include "app/gui/common/job_control.h"
#include "gpu/gemm.h"

#include <memory>

namespace fplab::gui {

class SlicedBackend final : public gpu::GemmBackend {
public:
    // This backend is number `index` of `count` run one after the other (for the progress fraction).
    SlicedBackend(std::unique_ptr<gpu::GemmBackend> inner, const JobControl& control, int index, int count);

    std::string name() const override;
    std::string description() const override;
    std::string unavailableReason(gpu::GemmType type) const override;
    std::string instruction(gpu::GemmType type) const override;
    // Throws JobCancelled when cancelled between blocks.
    gpu::GemmOutput run(const gpu::GemmProblem& problem) override;

private:
    void reportRows(int done, int total) const;

    std::unique_ptr<gpu::GemmBackend> m_inner;
    const JobControl& m_control;
    int m_index;
    int m_count;
};

} // namespace fplab::gui
