// Cell-by-cell comparison of GEMM outputs, and the all-backends report.
#include "gpu/compare.h"

#include "core/classify.h"
#include "gpu/gpu_error.h"

#include <cstdlib>

namespace fplab::gpu {

namespace {

// Encodings in value order: sign-magnitude mapped onto the integers, +0 and -0 both to 0.
std::int64_t orderedKey(const Format& f, std::uint64_t bits) {
    const auto magnitude = std::int64_t(bits & f.magnitudeMask());
    return signOf(f, bits) ? -magnitude : magnitude;
}

} // namespace

std::int64_t ulpDistance(GemmType type, std::uint64_t lhs, std::uint64_t rhs) {
    const auto& info = gemmTypeInfo(type);
    if (!info.output)
        return std::int64_t(std::int32_t(std::uint32_t(lhs))) - std::int64_t(std::int32_t(std::uint32_t(rhs)));
    const Format& f = *info.output;
    const bool lnan = isNan(classify(f, lhs));
    const bool rnan = isNan(classify(f, rhs));
    if (lnan || rnan) return lnan && rnan ? 0 : kNanMismatch;
    return orderedKey(f, lhs) - orderedKey(f, rhs);
}

bool expectBitIdentical(GemmType type, std::string_view lhs, std::string_view rhs) {
    auto is = [&](std::string_view x, std::string_view y) { return (lhs == x && rhs == y) || (lhs == y && rhs == x); };
    auto startsWith = [](std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; };
    if (isIntegerType(type)) return true; // exact arithmetic: every backend must agree
    if (is("cpu-sequential", "cuda-naive")) return true;
    // The kernels run mma.sync: the model of that instruction ("cpu-model-sm_XX", no instruction suffix).
    auto mmaSyncModel = [&](std::string_view s) { return startsWith(s, "cpu-model") && s.find("-wgmma") == s.npos; };
    const bool modelVsKernel = (mmaSyncModel(lhs) && rhs == "cuda-kernel") ||
                               (mmaSyncModel(rhs) && lhs == "cuda-kernel");
    if (modelVsKernel) return true;
    // The SIMT types: the tiled kernel, the model backend and cpu-sequential are all the FMA chain.
    if (!isTensorCoreType(type)) {
        auto fmaChain = [&](std::string_view s) {
            return s == "cpu-sequential" || s == "cuda-naive" || s == "cuda-kernel" || mmaSyncModel(s);
        };
        return fmaChain(lhs) && fmaChain(rhs);
    }
    return false;
}

OutputComparison compareOutputs(GemmType type, int m, int n, const GemmOutput& lhs, const GemmOutput& rhs) {
    const std::size_t cells = std::size_t(m) * std::size_t(n);
    if (m <= 0 || n <= 0 || lhs.d.size() != cells || rhs.d.size() != cells)
        throw GpuError(GpuError::Kind::InvalidArgument,
                       "compareOutputs: " + lhs.backend + " has " + std::to_string(lhs.d.size()) + " cells and " +
                           rhs.backend + " " + std::to_string(rhs.d.size()) + ", expected " + std::to_string(cells));
    OutputComparison c;
    c.lhs = lhs.backend;
    c.rhs = rhs.backend;
    c.type = type;
    c.m = m;
    c.n = n;
    c.expectIdentical = expectBitIdentical(type, lhs.backend, rhs.backend);
    c.ulps.resize(cells);
    c.identical.resize(cells);
    double sumAbs = 0;
    std::size_t measured = 0;
    for (std::size_t i = 0; i < cells; ++i) {
        c.identical[i] = lhs.d[i] == rhs.d[i];
        c.identicalCount += c.identical[i];
        c.ulps[i] = ulpDistance(type, lhs.d[i], rhs.d[i]);
        if (c.ulps[i] == kNanMismatch) {
            ++c.nanMismatches;
            continue;
        }
        const std::int64_t a = c.ulps[i] < 0 ? -c.ulps[i] : c.ulps[i];
        if (a > c.maxAbsUlps) c.maxAbsUlps = a;
        sumAbs += double(a);
        ++measured;
    }
    c.meanAbsUlps = measured ? sumAbs / double(measured) : 0;
    return c;
}

ComparisonReport compareBackends(const GemmProblem& problem, std::span<const std::unique_ptr<GemmBackend>> backends) {
    if (auto why = checkProblem(problem); !why.empty()) throw GpuError(GpuError::Kind::InvalidArgument, why);
    ComparisonReport r;
    r.type = problem.type;
    r.m = problem.m;
    r.n = problem.n;
    r.k = problem.k;
    for (const auto& backend : backends) {
        if (auto why = backend->unavailableReason(problem.type); !why.empty()) {
            r.skipped.push_back({backend->name(), why});
            continue;
        }
        try {
            r.outputs.push_back(backend->run(problem));
        } catch (const std::exception& e) {
            r.skipped.push_back({backend->name(), std::string("failed: ") + e.what()});
        }
    }
    for (std::size_t i = 0; i < r.outputs.size(); ++i)
        for (std::size_t j = i + 1; j < r.outputs.size(); ++j)
            r.pairs.push_back(compareOutputs(problem.type, problem.m, problem.n, r.outputs[i], r.outputs[j]));
    return r;
}

} // namespace fplab::gpu
