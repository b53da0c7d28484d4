// `fplab-cli gpu info|gemm|compare|accumulate|bench|fingerprint`: the GPU lab from the command line, with
// text, --csv or --json output. Without a GPU (or a CUDA build) each says why and exits 4;
// `gpu info` then still exits 0 and reports "no GPU: <reason>".
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/command_gpu.h"
#include "gpu/gpu_error.h"

#include <ostream>
#include <string>

namespace fplab::cli {
namespace {

using namespace fplab::gpu;

constexpr std::string_view kUsage =
    "usage: fplab-cli gpu COMMAND [options] [--csv | --json]\n"
    "\n"
    "  info                      the GPU, driver and runtime, and the datasheet peaks for it\n"
    "  gemm --type T             one GEMM D = A*B + C on one backend, checked against the reference\n"
    "       [--impl kernel|naive|cublas|model|model-wgmma|sequential|reference] [--m M --n N --k K]\n"
    "       [--seed S]"
    "       [--dist uniform|int] [--arch sm_80|sm_90]\n"
    "  compare --type T|all      the same inputs through every backend: bit-identical cells and ulps\n"
    "       [--m M --n N --k K] [--seed S] [--dist uniform|int] [--arch A] [--map] [--cpu]\n"
    "       [--mma [--tiles N]]  exactly one mma.sync per tile, GPU against the CPU tensor-core model\n"
    "       [--vectors]          the test vectors of docs/tensor-core-model.md section 5\n"
    "  accumulate                0.01 added 1000 times in FP32, FP16, FP16 into FP32, FP16 Kahan, and\n"
    "       [--addend X --count N] [--values N --seed S --atomic-repeats R]   one sum in three orders\n"
    "  bench [--types a,b,..] [--sizes 1024,2048,..] [--impl cublas|kernel|ladder] [--warmup N] [--repeats N]\n"
    "                            ladder: cuBLAS, then the five rungs of gpu/kernels/ladder_*, TFLOPS and\n"
    "                            % of cuBLAS per rung and size (fp16-fp32 unless --types fp16-fp32,bf16-fp32)\n"
    "  fingerprint [--type T] [--instruction mma.sync|wgmma] [--save FILE | --load FILE] [--json]\n"
    "                            infer the tensor cores' arithmetic from probes (fingerprint --help)\n"
    "\n"
    "Types: fp64 fp32 tf32 fp16-fp32 fp16-fp16 bf16-fp32 e4m3-fp32 e5m2-fp32 int8-int32.\n"
    "Backends: reference (FP64 sums, one rounding), sequential (the naive kernels' FMA chain on the CPU),\n"
    "model (the CPU tensor-core model of mma.sync, the kernels' instruction; on sm_90 compare adds the wgmma\n"
    "model for FP8, cuBLASLt's instruction), naive and kernel (the project's CUDA kernels), cublas. Every\n"
    "compare row names its instruction; 'model of its instruction' marks each GPU backend's own model.\n"
    "Exit status: 0 fine, 1 bad input, 2 usage, 3 internal error, 4 no GPU, 5 compare found a difference\n"
    "between two backends that must agree bit for bit.\n";

int runGpu(std::span<const std::string_view> args, CommandIo io) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        (args.empty() ? io.err : io.out) << kUsage;
        return args.empty() ? kExitUsage : kExitOk;
    }
    const std::string_view sub = args[0];
    if (sub == "fingerprint") return runGpuFingerprint(args.subspan(1), io);
    GpuArgs a;
    std::string error;
    if (!parseGpuArgs(args.subspan(1), a, error)) {
        io.err << "fplab-cli gpu " << sub << ": " << error << "\n";
        return kExitUsage;
    }
    try {
        if (sub == "info") return runGpuInfo(a, io);
        if (sub == "gemm") return runGpuGemm(a, io);
        if (sub == "compare") return runGpuCompare(a, io);
        if (sub == "accumulate") return runGpuAccumulate(a, io);
        if (sub == "bench") return runGpuBench(a, io);
    } catch (const GpuError& e) {
        io.err << "fplab-cli gpu " << sub << ": " << e.what() << "\n";
        switch (e.kind()) {
        case GpuError::Kind::NotBuilt:
        case GpuError::Kind::NoDevice:
        case GpuError::Kind::Unsupported: return kExitNoGpu;
        case GpuError::Kind::InvalidArgument: return kExitBadInput;
        default: return kExitInternal;
        }
    }
    io.err << "fplab-cli gpu: unknown command " << quoted(sub) << " (info, gemm, compare, accumulate, bench, fingerprint)\n";
    return kExitUsage;
}

} // namespace

FPLAB_CLI_COMMAND("gpu", "the GPU lab: device info, GEMMs, comparisons with the CPU model, accumulation, speed",
                  runGpu);

} // namespace fplab::cli
