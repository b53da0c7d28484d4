// `fplab-cli gpu gemm`: one GEMM on one backend, checked against the FP64 reference.
#include "app/cli/cli_options.h"
#include "app/cli/command_gpu.h"
#include "gpu/backend_choice.h"
#include "gpu/backends.h"
#include "gpu/compare.h"

#include <ostream>

namespace fplab::cli {

using namespace fplab::gpu;

OptionTable gpuGemmOptions(GpuArgs& a) {
    OptionTable t;
    t.command = "gpu gemm";
    t.summary = "one GEMM D = A*B + C on one backend, checked against the reference";
    t.options.push_back(gpuValue(a, "--type", "T", "the GEMM type: " + gemmTypeNameList()));
    t.options.back().required = true;
    t.options.push_back(gpuValue(a, "--impl", "I", "the backend: " + backendKeyList() + " (default kernel)"));
    addProblemOptions(t, a, 256);
    t.options.push_back(
        gpuValue(a, "--arch", "A", "the CPU model's architecture: sm_80 or sm_90 (default: the GPU's, else sm_80)"));
    addOutputOptions(t, a);
    return t;
}

int runGpuGemm(const GpuArgs& a, CommandIo io) {
    std::string error;
    const auto type = typeOption(a, error);
    const auto arch = type ? archOption(a, error) : std::nullopt;
    const auto po = arch ? problemOptions(a, *type, 256, error) : ProblemOptions{};
    if (!po.ok) {
        io.err << "fplab-cli gpu gemm: " << error << "\n";
        return kExitUsage;
    }
    const std::string impl = a.get("--impl") ? *a.get("--impl") : "kernel";
    auto backend = makeBackend(impl, *arch);
    if (!backend) {
        io.err << "fplab-cli gpu gemm: --impl must be one of " << backendKeyList() << " (got " << quoted(impl) << ")\n";
        return kExitUsage;
    }
    const bool onGpu = isGpuBackend(impl);
    if (onGpu && !noGpuReason().empty()) return reportNoGpu("gemm", io);
    if (auto why = backend->unavailableReason(*type); !why.empty()) {
        io.err << "fplab-cli gpu gemm: " << backend->name() << " cannot run " << gemmTypeName(*type) << ": " << why
               << "\n";
        return onGpu ? kExitNoGpu : kExitBadInput;
    }
    const GemmProblem problem = makeRandomProblem(po.spec);
    CpuReferenceBackend reference;
    const GemmOutput out = backend->run(problem);
    const GemmOutput ref = reference.run(problem);
    const auto cmp = compareOutputs(*type, problem.m, problem.n, out, ref);
    Report r;
    r.fields.push_back({"type", txt(std::string(gemmTypeName(*type)))});
    r.fields.push_back({"backend", txt(out.backend)});
    r.fields.push_back({"m", num(std::int64_t(problem.m))});
    r.fields.push_back({"n", num(std::int64_t(problem.n))});
    r.fields.push_back({"k", num(std::int64_t(problem.k))});
    r.fields.push_back({"milliseconds", num(out.milliseconds)});
    r.fields.push_back({"tflops", num(out.milliseconds > 0 ? 2.0 * problem.m * problem.n * double(problem.k) /
                                                                 (out.milliseconds * 1e-3) / 1e12
                                                           : 0.0)});
    r.fields.push_back({"cells identical to reference", num(std::int64_t(cmp.identicalCount))});
    r.fields.push_back({"cells", num(std::int64_t(cmp.cellCount()))});
    r.fields.push_back({"max |ulps| vs reference", num(cmp.maxAbsUlps)});
    r.fields.push_back({"mean |ulps| vs reference", num(cmp.meanAbsUlps)});
    if (!out.note.empty()) r.fields.push_back({"note", txt(out.note)});
    printReport(r, a.format, io.out);
    return kExitOk;
}

} // namespace fplab::cli
