// Benchmark configuration shared by the CUDA build and the stub.
#include "gpu/bench.h"

#include "gpu/ladder.h"

namespace fplab::gpu {

std::string_view benchImplName(BenchImpl impl) {
    switch (impl) {
    case BenchImpl::Cublas: return "cublas";
    case BenchImpl::Kernel: return "kernel";
    case BenchImpl::Ladder: return "ladder";
    }
    return "cublas";
}

double percentOfCublas(const BenchRow& row) {
    return row.ran && row.cublasTflops > 0 ? 100.0 * row.tflops / row.cublasTflops : 0;
}

std::string benchRowStatus(const BenchRow& row) {
    if (!row.wrong.empty()) return std::string(kWrongMark) + ": " + row.wrong;
    if (!row.ran) return "skipped: " + row.skipped;
    return row.note.empty() ? "ok" : "ok: " + row.note;
}

std::vector<GemmType> defaultLadderTypes() { return {GemmType::Fp16Fp32}; }

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
    if (c.timeLimitSeconds < 0) return "the time limit must be positive";
    for (int r : c.rungs)
        if (r < 1 || r > 5) return "rungs are numbered 1 to 5, not " + std::to_string(r);
    if (!c.rungs.empty() && c.impl != BenchImpl::Ladder) return "rungs are chosen only with the ladder";
    if (c.impl == BenchImpl::Ladder)
        for (GemmType t : c.types)
            if (!isLadderType(t)) return "the ladder runs fp16-fp32 and bf16-fp32, not " + std::string(gemmTypeName(t));
    return {};
}

} // namespace fplab::gpu
