// Cell-by-cell comparison of GEMM outputs: the difference in ulps of the output format and
// whether the bits are identical, per cell (the app draws it as a heat map), plus summaries;
// and a report that runs one problem through every available backend.
#pragma once

#include "gpu/gemm.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace fplab::gpu {

// A cell where exactly one side is NaN has no distance.
inline constexpr std::int64_t kNanMismatch = std::numeric_limits<std::int64_t>::max();

// Signed distance lhs - rhs in representable steps of `type`'s output format (+0 and -0 are
// 0 apart; adjacent values 1), or the plain difference for INT32; kNanMismatch if exactly one is NaN.
std::int64_t ulpDistance(GemmType type, std::uint64_t lhs, std::uint64_t rhs);

struct OutputComparison {
    std::string lhs; // backend names
    std::string rhs;
    GemmType type = GemmType::Fp32;
    int m = 0;
    int n = 0;
    std::vector<std::int64_t> ulps;      // m x n, row-major: ulpDistance(lhs, rhs)
    std::vector<std::uint8_t> identical; // m x n: 1 where the bits are equal
    std::size_t identicalCount = 0;
    std::size_t nanMismatches = 0;
    std::int64_t maxAbsUlps = 0; // over cells with a distance
    double meanAbsUlps = 0;
    // Whether the two backends compute the same thing step for step, so that any difference is a bug
    // in one of them or in the model (naive kernel vs cpu-sequential, tensor-core kernel vs cpu-model).
    bool expectIdentical = false;

    std::size_t cellCount() const { return std::size_t(m) * std::size_t(n); }
    bool allIdentical() const { return identicalCount == cellCount(); }
};

// Throws GpuError(InvalidArgument) when an output does not hold m x n cells.
OutputComparison compareOutputs(GemmType type, int m, int n, const GemmOutput& lhs, const GemmOutput& rhs);

// True for the pairs of backends that must agree bit for bit (see OutputComparison::expectIdentical).
bool expectBitIdentical(GemmType type, std::string_view lhsBackend, std::string_view rhsBackend);

struct SkippedBackend {
    std::string backend;
    std::string reason;
};

struct ComparisonReport {
    GemmType type = GemmType::Fp32;
    int m = 0;
    int n = 0;
    int k = 0;
    std::vector<GemmOutput> outputs;
    std::vector<SkippedBackend> skipped; // could not run here, or failed (the reason says which)
    std::vector<OutputComparison> pairs; // every pair of outputs, in backend order
};

// Runs the problem through each backend that can run it, then compares every pair of outputs.
// A backend that throws is listed in `skipped` with its error; the report itself never throws for it.
ComparisonReport compareBackends(const GemmProblem& problem, std::span<const std::unique_ptr<GemmBackend>> backends);

} // namespace fplab::gpu
