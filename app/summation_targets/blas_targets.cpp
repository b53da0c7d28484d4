#include "app/summation_targets/blas_targets.h"

#if FPLAB_HAVE_OPENBLAS
#include <cblas.h>
#endif

#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

namespace fplab::summation_targets {

namespace {

constexpr std::array<std::string_view, kBlasTargets.size()> kNames{"openblas-sdot", "openblas-sgemv",
                                                                   "openblas-sgemm-m1", "openblas-sgemm-m64"};

#if FPLAB_HAVE_OPENBLAS
class BlasTargetImpl final : public reveal::SummationTarget {
public:
    BlasTargetImpl(BlasTarget t, int terms) : m_kind(t), m_terms(terms) {
        openblas_set_num_threads(1);
        const std::size_t n = std::size_t(terms);
        const std::size_t rows = t == BlasTarget::SgemmM64 ? 64 : 1;
        m_a.assign(rows * n, 1.0f);
        m_b.assign(n * rows, 1.0f);
        m_c.assign(rows * rows, 0.0f);
    }
    const Format& termFormat() const override { return kFp32; }
    std::uint64_t sum(std::span<const std::uint64_t> terms) override {
        const int n = m_terms;
        for (int k = 0; k < n; ++k) m_a[std::size_t(k)] = std::bit_cast<float>(std::uint32_t(terms[std::size_t(k)]));
        float result = 0;
        switch (m_kind) {
        case BlasTarget::Sdot: result = cblas_sdot(n, m_a.data(), 1, m_b.data(), 1); break;
        case BlasTarget::Sgemv:
            cblas_sgemv(CblasRowMajor, CblasNoTrans, 1, n, 1.0f, m_a.data(), n, m_b.data(), 1, 0.0f, m_c.data(), 1);
            result = m_c[0];
            break;
        case BlasTarget::SgemmM1:
        case BlasTarget::SgemmM64: {
            const int rows = m_kind == BlasTarget::SgemmM64 ? 64 : 1;
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, rows, n, 1.0f, m_a.data(), n, m_b.data(), rows,
                        0.0f, m_c.data(), rows);
            result = m_c[0];
            break;
        }
        }
        return std::bit_cast<std::uint32_t>(result);
    }

private:
    BlasTarget m_kind;
    int m_terms;
    std::vector<float> m_a, m_b, m_c;
};
#endif

} // namespace

std::string_view blasTargetName(BlasTarget t) { return kNames[std::size_t(t)]; }

std::optional<BlasTarget> parseBlasTarget(std::string_view name) {
    for (const BlasTarget t : kBlasTargets)
        if (blasTargetName(t) == name) return t;
    return std::nullopt;
}

#if FPLAB_HAVE_OPENBLAS
bool blasAvailable() { return true; }
std::string_view blasCoreName() { return openblas_get_corename(); }
std::unique_ptr<reveal::SummationTarget> makeBlasTarget(BlasTarget t, int terms) {
    return std::make_unique<BlasTargetImpl>(t, terms);
}
#else
bool blasAvailable() { return false; }
std::string_view blasCoreName() { return "none"; }
std::unique_ptr<reveal::SummationTarget> makeBlasTarget(BlasTarget t, int) {
    throw std::invalid_argument("the " + std::string(blasTargetName(t)) +
                                " target needs OpenBLAS, which this build of FP Lab was made without");
}
#endif

} // namespace fplab::summation_targets
