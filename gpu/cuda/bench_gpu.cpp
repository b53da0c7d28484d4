// The speed table: square GEMMs of each type through cuBLAS (or the project's kernels), timed with
// CUDA events after warm-up runs, median of the repeats, next to the datasheet's dense peak.
#include "gpu/backends.h"
#include "gpu/bench.h"
#include "gpu/cuda/cublas_runner.h"
#include "gpu/datasheet.h"
#include "gpu/device_info.h"
#include "gpu/gemm.h"
#include "gpu/kernels/fill.h"
#include "gpu/kernels/ladder_launchers.h"
#include "gpu/kernels/launchers.h"
#include "gpu/ladder.h"

#include "core/random.h"

#include <algorithm>

namespace fplab::gpu {

namespace {

// 256 input bit patterns drawn uniformly from [-1, 1) (INT8: [-128, 127]) and rounded to the type.
std::vector<std::uint64_t> valueTable(GemmType type, std::uint64_t seed) {
    StochasticStream rng(seed);
    std::vector<std::uint64_t> t(256);
    for (auto& v : t) {
        const double u = double(rng.next() >> 11) * 0x1.0p-53;
        v = isIntegerType(type) ? std::uint64_t(std::int64_t(rng.next() % 256) - 128) & 0xFF
                                : inputFromDouble(type, 2 * u - 1);
    }
    return t;
}

std::string gib(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / double(1ull << 30));
    return buf;
}

void benchOne(BenchRow& row, const BenchConfig& config, cuda::CublasRunner* runner) {
    const auto& info = gemmTypeInfo(row.type);
    const std::size_t s = std::size_t(row.size);
    const std::size_t inBytes = std::size_t(info.inputBits / 8), outBytes = std::size_t(info.outputBits / 8);
    const double need = double(s * s) * double(2 * inBytes + 2 * outBytes);
    std::size_t freeBytes = 0, totalBytes = 0;
    FPLAB_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    if (need > 0.9 * double(freeBytes)) {
        row.skipped = "needs " + gib(need) + " of device memory, " + gib(double(freeBytes)) + " free";
        return;
    }
    // FP8 through cuBLASLt: the type's own operands, or the mixed GEMM cuBLASLt has (benchFp8Operands).
    const bool fp8Lt = runner && isFp8Type(row.type);
    const BenchFp8Operands ops = benchFp8Operands(row.type);
    auto typeOf = [](Fp8Operand t) { return t == Fp8Operand::E4m3 ? GemmType::E4m3Fp32 : GemmType::E5m2Fp32; };
    const GemmType aType = fp8Lt ? typeOf(ops.a) : row.type, bType = fp8Lt ? typeOf(ops.b) : row.type;
    cuda::DeviceBuffer<std::uint8_t> a(s * s * inBytes), bt(s * s * inBytes), c(s * s * outBytes), d(s * s * outBytes);
    kernels::fillRandom(a.get(), s * s, int(inBytes), valueTable(aType, 1), 11);
    kernels::fillRandom(bt.get(), s * s, int(inBytes), valueTable(bType, 2), 12);
    FPLAB_CUDA_CHECK(cudaMemset(c.get(), 0, c.size()));
    std::unique_ptr<cuda::CublasRunner::Plan> plan;
    if (fp8Lt) {
        plan = runner->planFp8(ops.a, ops.b, row.size, row.size, row.size);
        row.note = ops.note;
    } else if (runner) {
        plan = runner->plan(row.type, row.size, row.size, row.size);
    }
    const auto& kernel = kernels::kernelsFor(row.type);
    const auto rung = row.rung > 0 ? kernels::ladder::launcherOf(ladderRungs()[std::size_t(row.rung - 1)].rung) : nullptr;
    auto once = [&] {
        if (plan)
            plan->run(a.get(), bt.get(), d.get(), false);
        else if (rung)
            rung(row.type, a.get(), bt.get(), reinterpret_cast<const float*>(c.get()), reinterpret_cast<float*>(d.get()),
                 row.size, row.size, row.size, nullptr);
        else
            kernel.gemm(KernelVariant::TensorCore, a.get(), bt.get(), c.get(), d.get(), row.size, row.size, row.size,
                        nullptr);
    };
    for (int i = 0; i < config.warmup; ++i) once();
    FPLAB_CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<double> ms;
    cuda::GpuTimer timer;
    for (int i = 0; i < config.repeats; ++i) {
        timer.start();
        once();
        ms.push_back(timer.stopMs());
    }
    FPLAB_CUDA_CHECK(cudaDeviceSynchronize());
    std::sort(ms.begin(), ms.end());
    const std::size_t mid = ms.size() / 2;
    row.medianMs = ms.size() % 2 ? ms[mid] : 0.5 * (ms[mid - 1] + ms[mid]);
    row.minMs = ms.front();
    row.maxMs = ms.back();
    row.tflops = row.medianMs > 0 ? 2.0 * double(s) * double(s) * double(s) / (row.medianMs * 1e-3) / 1e12 : 0;
    row.ran = true;
}

} // namespace

namespace {

// Times one row; a GpuError becomes the row's reason for not running.
void timeRow(BenchRow& row, const BenchConfig& config, cuda::CublasRunner* runner) {
    try {
        benchOne(row, config, runner);
    } catch (const GpuError& e) {
        row.ran = false;
        row.skipped = e.what();
        cudaGetLastError(); // clear a launch error so the next row starts clean
    }
}

// Per type and size: cuBLAS, then every rung, each rung row carrying cuBLAS's figure.
std::vector<BenchRow> runLadderBenchmark(const BenchConfig& config, const DatasheetEntry* sheet,
                                         const std::function<void(const BenchRow&)>& onRow) {
    cuda::CublasRunner runner;
    std::vector<BenchRow> rows;
    auto emit = [&](const BenchRow& row) {
        rows.push_back(row);
        if (onRow) onRow(row);
    };
    for (GemmType type : config.types.empty() ? defaultLadderTypes() : config.types) {
        for (int size : config.sizes) {
            BenchRow base;
            base.type = type;
            base.size = size;
            base.datasheetPeak = sheet ? datasheetPeak(*sheet, type) : 0;
            BenchRow cublas = base;
            cublas.impl = std::string(benchImplName(BenchImpl::Cublas));
            cublas.skipped = cuda::CublasRunner::unsupportedReason(type, size, size, size);
            if (cublas.skipped.empty()) timeRow(cublas, config, &runner);
            emit(cublas);
            for (const LadderRungInfo& info : ladderRungs()) {
                BenchRow row = base;
                row.impl = std::string(benchImplName(BenchImpl::Ladder));
                row.rung = info.number;
                row.cublasTflops = cublas.ran ? cublas.tflops : 0;
                row.skipped = checkLadderProblem(info.rung, type, size, size, size);
                if (row.skipped.empty()) row.skipped = ladderUnavailableReason(info.rung, type);
                if (row.skipped.empty()) timeRow(row, config, nullptr);
                emit(row);
            }
        }
    }
    return rows;
}

} // namespace

std::vector<BenchRow> runBenchmark(const BenchConfig& config, const std::function<void(const BenchRow&)>& onRow) {
    if (auto why = checkBenchConfig(config); !why.empty()) throw GpuError(GpuError::Kind::InvalidArgument, why);
    const auto& dev = requireDevice();
    const DatasheetEntry* sheet = findDatasheetEntry(dev.name);
    if (config.impl == BenchImpl::Ladder) return runLadderBenchmark(config, sheet, onRow);
    const auto types = config.types.empty() ? defaultBenchTypes() : config.types;
    std::unique_ptr<cuda::CublasRunner> runner;
    if (config.impl == BenchImpl::Cublas) runner = std::make_unique<cuda::CublasRunner>();
    std::vector<BenchRow> rows;
    for (GemmType type : types) {
        for (int size : config.sizes) {
            BenchRow row;
            row.type = type;
            row.impl = std::string(benchImplName(config.impl));
            row.size = size;
            row.datasheetPeak = sheet ? datasheetPeak(*sheet, type, config.impl == BenchImpl::Cublas) : 0;
            // e5m2-fp32 through cuBLASLt is timed as E4M3 x E5M2 (benchFp8Operands): E4M3's rules apply.
            const GemmType ruleType = runner && isFp8Type(type) ? GemmType::E4m3Fp32 : type;
            row.skipped = runner ? cuda::CublasRunner::unsupportedReason(ruleType, size, size, size)
                                 : kernelGemmUnavailableReason(type, KernelVariant::TensorCore);
            if (row.skipped.empty()) timeRow(row, config, runner.get());
            rows.push_back(row);
            if (onRow) onRow(row);
        }
    }
    return rows;
}

} // namespace fplab::gpu
