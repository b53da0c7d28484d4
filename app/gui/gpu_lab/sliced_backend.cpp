// Running a CPU backend block by block of rows of A, C and D.
#include "app/gui/gpu_lab/sliced_backend.h"

#include "gpu/backend_choice.h"

#include <algorithm>

namespace fplab::gui {

using namespace fplab::gpu;

SlicedBackend::SlicedBackend(std::unique_ptr<GemmBackend> inner, const JobControl& control, int index, int count)
    : m_inner(std::move(inner)), m_control(control), m_index(index), m_count(std::max(1, count)) {}

std::string SlicedBackend::name() const { return m_inner->name(); }
std::string SlicedBackend::description() const { return m_inner->description(); }
std::string SlicedBackend::unavailableReason(GemmType type) const { return m_inner->unavailableReason(type); }
std::string SlicedBackend::instruction(GemmType type) const { return m_inner->instruction(type); }

void SlicedBackend::reportRows(int done, int total) const {
    m_control.report((m_index + double(done) / std::max(1, total)) / m_count);
}

GemmOutput SlicedBackend::run(const GemmProblem& p) {
    m_control.checkCancelled();
    if (isGpuBackend(m_inner->name()) || p.m <= 1) {
        GemmOutput out = m_inner->run(p);
        reportRows(1, 1);
        return out;
    }
    // About 64 blocks, or fewer when a block would hold very little work.
    const long long perRow = std::max(1LL, 1LL * p.n * p.k);
    const int minRows = int(std::max(1LL, 4096 / perRow));
    const int step = std::max(minRows, (p.m + 63) / 64);
    GemmProblem slice;
    slice.type = p.type;
    slice.n = p.n;
    slice.k = p.k;
    slice.b = p.b; // copied once; A and C change per block
    GemmOutput out;
    out.d.reserve(std::size_t(p.m) * p.n);
    int notes = 0;
    for (int row = 0; row < p.m; row += step) {
        m_control.checkCancelled();
        slice.m = std::min(step, p.m - row);
        const auto aFirst = p.a.begin() + std::ptrdiff_t(row) * p.k;
        const auto cFirst = p.c.begin() + std::ptrdiff_t(row) * p.n;
        slice.a.assign(aFirst, aFirst + std::ptrdiff_t(slice.m) * p.k);
        slice.c.assign(cFirst, cFirst + std::ptrdiff_t(slice.m) * p.n);
        GemmOutput part = m_inner->run(slice);
        out.backend = part.backend;
        out.d.insert(out.d.end(), part.d.begin(), part.d.end());
        out.milliseconds += part.milliseconds;
        // Notes per block (a model caveat counts its own cells); the first few distinct ones are kept.
        if (!part.note.empty() && out.note.find(part.note) == std::string::npos && ++notes <= 3)
            out.note += (out.note.empty() ? "" : "; ") + (notes == 3 ? std::string("...") : part.note);
        reportRows(row + slice.m, p.m);
    }
    return out;
}

} // namespace fplab::gui
