// Benchmark configuration shared by the CUDA build and the stub.
#include "gpu/bench.h"

namespace fplab::gpu {

std::string_view benchImplName(BenchImpl impl) { return impl == BenchImpl::Cublas ? "cublas" : "kernel"; }

std::vector<GemmType> defaultBenchTypes() {
    return {GemmType::Fp64,     GemmType::Fp32,     GemmType::Tf32,     GemmType::Fp16Fp32,
            GemmType::Bf16Fp32, GemmType::E4m3Fp32, GemmType::Int8Int32};
}

std::string checkBenchConfig(const BenchConfig& c) {
    if (c.sizes.empty()) return "no sizes given";
    for (int s : c.sizes)
        if (s < 16 || s > 16384 || s % 16 != 0)
            return "size " + std::to_string(s) + " is not a multiple of 16 between 16 and 16384";
    if (c.warmup < 0 || c.warmup > 100) return "warm-up runs must be between 0 and 100";
    if (c.repeats < 1 || c.repeats > 1000) return "repeats must be between 1 and 1000";
    return {};
}

} // namespace fplab::gpu
