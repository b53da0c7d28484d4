// One row of a dot product, a matrix-vector and a matrix-matrix product through the system BLAS
// (OpenBLAS), as summation targets: the terms in row 0 of A, ones in B, and C[0][0] read back.
#pragma once

#include "core/reveal/summation_target.h"

#include <array>
#include <memory>
#include <optional>
#include <string_view>

namespace fplab::summation_targets {

enum class BlasTarget : std::uint8_t {
    Sdot,     // cblas_sdot(n, terms, 1, ones, 1)
    Sgemv,    // cblas_sgemv: y = A x, A of 1 x n holding the terms, x ones
    SgemmM1,  // cblas_sgemm: C (1 x 1) = A (1 x n) B (n x 1)
    SgemmM64, // cblas_sgemm: C (64 x 64) = A (64 x n) B (n x 64), the terms in A's row 0, C[0][0] read
};

inline constexpr std::array kBlasTargets{BlasTarget::Sdot, BlasTarget::Sgemv, BlasTarget::SgemmM1,
                                         BlasTarget::SgemmM64};

std::string_view blasTargetName(BlasTarget t); // "openblas-sdot", ...
std::optional<BlasTarget> parseBlasTarget(std::string_view name);

// False when FP Lab was built without OpenBLAS: allTargets() then leaves these out.
bool blasAvailable();
// The kernel OpenBLAS chose for this processor ("Haswell", "SkylakeX", ...): the order depends on it.
std::string_view blasCoreName();

// FP32 terms only (std::invalid_argument without OpenBLAS); OpenBLAS runs on one thread, so the order does not change with the machine's core count.
std::unique_ptr<reveal::SummationTarget> makeBlasTarget(BlasTarget t, int terms);

} // namespace fplab::summation_targets
