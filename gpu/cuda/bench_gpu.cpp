// The speed table: square GEMMs of each type through cuBLAS (or the project's kernels), each first checked on
// sampled cells (gpu/bench_check.h), then timed with CUDA events after warm-up runs, median of the repeats,
// next to the datasheet's dense peak.
#include "gpu/backends.h"
#include "gpu/bench.h"
#include "gpu/bench_check.h"
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
#include <chrono>
#include <cstring>
#include <functional>

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

// One row's GEMM on device buffers, as the check and the timer see it (gpu/bench_check.h).
class DeviceGemmSubject final : public BenchSubject {
public:
    DeviceGemmSubject(std::size_t s, int inBytes, int outBytes, GemmType aType, GemmType bType,
                      std::function<void()> once)
        : m_s(s), m_inBytes(std::size_t(inBytes)), m_outBytes(std::size_t(outBytes)), m_aType(aType), m_bType(bType),
          m_a(s * s * m_inBytes), m_bt(s * s * m_inBytes), m_c(s * s * m_outBytes), m_d(s * s * m_outBytes),
          m_once(std::move(once)) {
        kernels::fillRandom(m_a.get(), s * s, inBytes, valueTable(aType, 1), 11);
        kernels::fillRandom(m_bt.get(), s * s, inBytes, valueTable(bType, 2), 12);
        FPLAB_CUDA_CHECK(cudaMemset(m_c.get(), 0, m_c.size()));
        FPLAB_CUDA_CHECK(cudaMemset(m_d.get(), 0, m_d.size()));
    }
    void* a() { return m_a.get(); }
    void* bt() { return m_bt.get(); }
    void* c() { return m_c.get(); }
    void* d() { return m_d.get(); }
    void runOnce() override {
        m_once();
        FPLAB_CUDA_CHECK(cudaDeviceSynchronize());
    }
    double timedRunMs() override {
        m_timer.start();
        m_once();
        return m_timer.stopMs();
    }
    std::vector<BenchCell> sample(std::span<const std::pair<int, int>> cells) override {
        FPLAB_CUDA_CHECK(cudaDeviceSynchronize());
        std::vector<BenchCell> out;
        for (const auto& [i, j] : cells) {
            BenchCell cell;
            cell.i = i;
            cell.j = j;
            cell.a = downloadRow(m_a.get(), std::size_t(i));
            cell.b = downloadRow(m_bt.get(), std::size_t(j));
            FPLAB_CUDA_CHECK(cudaMemcpy(&cell.got,
                                        static_cast<const std::uint8_t*>(m_d.get()) +
                                            (std::size_t(i) * m_s + std::size_t(j)) * m_outBytes,
                                        m_outBytes, cudaMemcpyDeviceToHost));
            out.push_back(std::move(cell));
        }
        return out;
    }

private:
    std::vector<std::uint64_t> downloadRow(const void* base, std::size_t row) const {
        std::vector<std::uint8_t> bytes(m_s * m_inBytes);
        FPLAB_CUDA_CHECK(cudaMemcpy(bytes.data(), static_cast<const std::uint8_t*>(base) + row * m_s * m_inBytes,
                                    bytes.size(), cudaMemcpyDeviceToHost));
        std::vector<std::uint64_t> v(m_s, 0);
        for (std::size_t t = 0; t < m_s; ++t) std::memcpy(&v[t], &bytes[t * m_inBytes], m_inBytes);
        return v;
    }

    std::size_t m_s, m_inBytes, m_outBytes;
    GemmType m_aType, m_bType;
    cuda::DeviceBuffer<std::uint8_t> m_a, m_bt, m_c, m_d;
    std::function<void()> m_once;
    cuda::GpuTimer m_timer;
};

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
    std::unique_ptr<cuda::CublasRunner::Plan> plan;
    if (fp8Lt) {
        plan = runner->planFp8(ops.a, ops.b, row.size, row.size, row.size);
        row.note = ops.note;
    } else if (runner) {
        plan = runner->plan(row.type, row.size, row.size, row.size);
    }
    const auto& kernel = kernels::kernelsFor(row.type);
    const auto rung = row.rung > 0 ? kernels::ladder::launcherOf(ladderRungs()[std::size_t(row.rung - 1)].rung)
                                   : nullptr;
    DeviceGemmSubject* self = nullptr;
    DeviceGemmSubject subject(s, int(inBytes), int(outBytes), aType, bType, [&] {
        if (plan) plan->run(self->a(), self->bt(), self->d(), false);
        else if (rung)
            rung(row.type, self->a(), self->bt(), reinterpret_cast<const float*>(self->c()),
                 reinterpret_cast<float*>(self->d()), row.size, row.size, row.size, nullptr);
        else
            kernel.gemm(KernelVariant::TensorCore, self->a(), self->bt(), self->c(), self->d(), row.size, row.size,
                        row.size, nullptr);
    });
    self = &subject;
    const tc::Arch arch = modelArchFor(requireDevice().computeCapability());
    const BenchCheck check = runner         ? libraryRowCheck(row.type, aType, bType)
                             : row.rung > 0 ? rungRowCheck(row.rung, row.type, arch)
                                            : kernelRowCheck(row.type, arch);
    checkThenTime(row, config, subject, check);
}

} // namespace

namespace {

using Clock = std::chrono::steady_clock;

// Empty while the bench may start another row; otherwise why not.
std::string pastTimeLimit(const BenchConfig& config, Clock::time_point start) {
    if (config.timeLimitSeconds <= 0) return {};
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    if (elapsed < config.timeLimitSeconds) return {};
    char buf[96];
    std::snprintf(buf, sizeof buf, "not run: the bench's time limit of %g s was reached", config.timeLimitSeconds);
    return buf;
}

// Checks, then times one row; a GpuError becomes the row's reason for not running.
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
    const auto start = Clock::now();
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
            cublas.skipped = pastTimeLimit(config, start);
            if (cublas.skipped.empty()) cublas.skipped = cuda::CublasRunner::unsupportedReason(type, size, size, size);
            if (cublas.skipped.empty()) timeRow(cublas, config, &runner);
            emit(cublas);
            for (const LadderRungInfo& info : ladderRungs()) {
                if (!config.rungs.empty() &&
                    std::find(config.rungs.begin(), config.rungs.end(), info.number) == config.rungs.end())
                    continue;
                BenchRow row = base;
                row.impl = std::string(benchImplName(BenchImpl::Ladder));
                row.rung = info.number;
                row.cublasTflops = cublas.ran ? cublas.tflops : 0;
                row.skipped = pastTimeLimit(config, start);
                if (row.skipped.empty()) row.skipped = checkLadderProblem(info.rung, type, size, size, size);
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
    const auto start = Clock::now();
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
            row.skipped = pastTimeLimit(config, start);
            if (row.skipped.empty())
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
