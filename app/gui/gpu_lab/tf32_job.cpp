// The TF32 demonstration's runs and their errors against FP64.
#include "app/gui/gpu_lab/tf32_job.h"

#include "app/gui/gpu_lab/sliced_backend.h"
#include "gpu/backends.h"
#include "gpu/bench.h"
#include "gpu/compare.h"
#include "gpu/gpu_error.h"

#include <cmath>
#include <cstdlib>

namespace fplab::gui {

using namespace fplab::gpu;

namespace {

GemmProblem retyped(const GemmProblem& p, GemmType type) {
    GemmProblem out = p;
    out.type = type;
    if (type == GemmType::Fp64) {
        // FP32 values are exact in FP64.
        for (auto* v : {&out.a, &out.b})
            for (auto& bits : *v) bits = inputFromDouble(GemmType::Fp64, inputToDouble(GemmType::Fp32, bits));
        for (auto& bits : out.c) bits = outputFromDouble(GemmType::Fp64, outputToDouble(GemmType::Fp32, bits));
    }
    return out;
}

Tf32Row measure(const GemmOutput& out, const GemmOutput& fp64, bool tf32, bool onGpu) {
    Tf32Row row;
    row.tf32 = tf32;
    row.onGpu = onGpu;
    row.backend = out.backend;
    row.milliseconds = out.milliseconds;
    row.note = out.note;
    double errorSquares = 0, refSquares = 0, ulpSum = 0;
    for (std::size_t i = 0; i < out.d.size(); ++i) {
        const double r = outputToDouble(GemmType::Fp64, fp64.d[i]);
        const double e = outputToDouble(GemmType::Fp32, out.d[i]) - r;
        row.maxAbsError = std::max(row.maxAbsError, std::abs(e));
        errorSquares += e * e;
        refSquares += r * r;
        const std::int64_t u = ulpDistance(GemmType::Fp32, out.d[i], outputFromDouble(GemmType::Fp32, r));
        const std::int64_t a = u == kNanMismatch ? 0 : std::abs(u);
        row.maxAbsUlps = std::max(row.maxAbsUlps, a);
        ulpSum += double(a);
    }
    row.relativeError = refSquares > 0 ? std::sqrt(errorSquares / refSquares) : 0;
    row.meanAbsUlps = out.d.empty() ? 0 : ulpSum / double(out.d.size());
    return row;
}

} // namespace

Tf32JobResult runTf32Job(const Tf32JobRequest& request, const JobControl& control) {
    ProblemSpec spec;
    spec.type = GemmType::Fp32;
    spec.m = spec.n = spec.k = request.size;
    spec.seed = request.seed;
    const GemmProblem fp32 = makeRandomProblem(spec);
    const GemmProblem tf32 = retyped(fp32, GemmType::Tf32);
    const int steps = request.useGpu ? 5 : 3;

    Tf32JobResult result;
    result.size = request.size;
    const GemmOutput fp64 =
        SlicedBackend(std::make_unique<CpuReferenceBackend>(), control, 0, steps).run(retyped(fp32, GemmType::Fp64));
    const GemmOutput off = SlicedBackend(std::make_unique<CpuSequentialBackend>(), control, 1, steps).run(fp32);
    result.rows.push_back(measure(off, fp64, false, false));
    const GemmOutput on = SlicedBackend(std::make_unique<CpuModelBackend>(request.arch, tc::Tf32Input::NearestEven),
                                        control, 2, steps)
                              .run(tf32);
    result.rows.push_back(measure(on, fp64, true, false));
    if (!request.useGpu) return result;

    try {
        CublasBackend cublas;
        const GemmOutput gpuOff = cublas.run(fp32);
        control.report(3.5 / steps);
        const GemmOutput gpuOn = cublas.run(tf32);
        Tf32Row rowOff = measure(gpuOff, fp64, false, true);
        Tf32Row rowOn = measure(gpuOn, fp64, true, true);
        control.checkCancelled();
        BenchConfig bench;
        bench.types = {GemmType::Fp32, GemmType::Tf32};
        bench.sizes = {request.speedSize};
        for (const BenchRow& b : runBenchmark(bench)) {
            if (!b.ran) continue;
            (b.type == GemmType::Tf32 ? rowOn : rowOff).tflops = b.tflops;
        }
        result.rows.push_back(std::move(rowOff));
        result.rows.push_back(std::move(rowOn));
    } catch (const GpuError& e) {
        result.gpuError = e.what();
    }
    control.report(1.0);
    return result;
}

} // namespace fplab::gui
