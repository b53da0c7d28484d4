#include "gpu/bench_check.h"

#include "core/tensor_core/emulated_gemm.h"
#include "gpu/backends.h"
#include "gpu/gemm.h"
#include "gpu/gpu_error.h"
#include "gpu/ladder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

namespace fplab::gpu {

namespace {

// The one-cell problem of a sampled cell: 1 x 1 x k, C = 0.
GemmProblem cellProblem(GemmType type, const BenchCell& cell) {
    GemmProblem p;
    p.type = type;
    p.m = p.n = 1;
    p.k = int(cell.a.size());
    p.a = cell.a;
    p.b = cell.b;
    p.c = {0};
    return p;
}

// A backend as a model of one cell.
std::function<std::uint64_t(const BenchCell&)> cellModel(std::shared_ptr<GemmBackend> backend, GemmType type) {
    return [backend, type](const BenchCell& cell) { return backend->run(cellProblem(type, cell)).d.front(); };
}

std::string hexBits(std::uint64_t v, int bits) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "0x%0*llx", bits / 4, static_cast<unsigned long long>(v));
    return buf;
}

} // namespace

std::vector<std::pair<int, int>> benchSampleCells(int size) {
    const int last = size - 1;
    std::vector<std::pair<int, int>> cells = {{0, 0}, {0, last}, {last, 0}, {last, last}};
    for (unsigned s = 1; cells.size() < 16; ++s)
        cells.emplace_back(int((s * 2654435761u) % unsigned(size)), int((s * 40503u + 17) % unsigned(size)));
    return cells;
}

double orderFreeBound(GemmType type, int k, double absSum) {
    if (isIntegerType(type)) return 0;
    const GemmTypeInfo& info = gemmTypeInfo(type);
    const int outPrecision = info.output->precision();
    double slack = std::ldexp(2.0, -(outPrecision - 1)); // twice the unit roundoff: RZ and RNE alike
    // The tensor core cuts terms F bits below the largest: 13 for FP8 on Hopper, 23 or more otherwise.
    if (isFp8Type(type)) slack = std::max(slack, std::ldexp(1.0, -12));
    else if (isTensorCoreType(type)) slack = std::max(slack, std::ldexp(1.0, -22));
    double bound = double(k + 1) * slack * absSum * (1 + std::ldexp(1.0, -10));
    if (type == GemmType::Tf32) bound += std::ldexp(1.0, -9) * absSum; // both inputs rounded to TF32
    const int minExp = info.output->minExponent() - (outPrecision - 1);
    return bound + double(k + 1) * std::ldexp(1.0, minExp);
}

std::string firstWrongCell(const BenchCheck& check, std::span<const BenchCell> cells) {
    const GemmTypeInfo& info = gemmTypeInfo(check.type);
    for (const BenchCell& cell : cells) {
        const std::string where = "cell (" + std::to_string(cell.i) + ", " + std::to_string(cell.j) + "): ";
        if (check.model) {
            const std::uint64_t want = check.model(cell);
            if (want != cell.got)
                return where + "got " + hexBits(cell.got, info.outputBits) + ", model " +
                       hexBits(want, info.outputBits);
            continue;
        }
        double exact = 0, absSum = 0;
        for (std::size_t t = 0; t < cell.a.size(); ++t) {
            const double x = inputToDouble(check.aType, cell.a[t]), y = inputToDouble(check.bType, cell.b[t]);
            exact += x * y; // FP64: exact for every product here, and the sum's own error is far below the bound
            absSum += std::fabs(x * y);
        }
        const double got = outputToDouble(check.type, cell.got);
        const double bound = orderFreeBound(check.type, int(cell.a.size()), absSum);
        const bool integerWrong = isIntegerType(check.type) &&
                                  std::int32_t(std::int64_t(exact)) != std::int32_t(cell.got);
        if (integerWrong || !(std::fabs(got - exact) <= bound)) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "got %.9g, %.3g from the exact %.9g, bound %.3g", got,
                          std::fabs(got - exact), exact, bound);
            return where + buf;
        }
    }
    return {};
}

BenchCheck kernelRowCheck(GemmType type, tc::Arch arch) {
    BenchCheck check;
    check.type = check.aType = check.bType = type;
    std::shared_ptr<GemmBackend> backend;
    if (isTensorCoreType(type)) backend = std::make_shared<CpuModelBackend>(arch);
    else backend = std::make_shared<CpuSequentialBackend>();
    check.against = backend->name() + " (" + backend->instruction(type) + ")";
    check.model = cellModel(backend, type);
    return check;
}

BenchCheck rungRowCheck(int rung, GemmType type, tc::Arch arch) {
    const LadderRungInfo& info = ladderRungs()[std::size_t(rung - 1)];
    if (!info.tensorCore || info.api == tc::Api::MmaSync) {
        BenchCheck check = kernelRowCheck(type, arch);
        if (!info.tensorCore) {
            auto backend = std::make_shared<CpuSequentialBackend>();
            check.against = backend->name() + " (the FMA chain)";
            check.model = cellModel(backend, type);
        }
        return check;
    }
    // wgmma: straight from core, with the instruction's block size (the model backend shows wgmma for FP8 only).
    BenchCheck check;
    check.type = check.aType = check.bType = type;
    const auto resolved = tc::resolveModel(*mmaConfigFor(type, arch, tc::Tf32Input::NearestAway, info.api));
    if (!resolved.model) throw GpuError(GpuError::Kind::Unsupported, resolved.message);
    const tc::BlockModel model = *resolved.model;
    check.against = "cpu-model-" + std::string(tc::archName(arch)) + "-wgmma (" + std::string(info.instruction) + ")";
    check.model = [model, type](const BenchCell& cell) {
        const std::vector<std::uint32_t> a(cell.a.begin(), cell.a.end()), b(cell.b.begin(), cell.b.end()), c{0};
        std::vector<std::uint32_t> d(1);
        tc::GemmOptions options;
        options.blockK = modelBlockK(model, type);
        options.threads = 1;
        tc::emulateGemm(model, {1, 1, int(a.size())}, a, b, c, d, options);
        return std::uint64_t(d[0]);
    };
    return check;
}

BenchCheck libraryRowCheck(GemmType type, GemmType aType, GemmType bType) {
    BenchCheck check;
    check.type = type;
    check.aType = aType;
    check.bType = bType;
    check.against = isIntegerType(type) ? "the exact integer sum" : "the bound of any summation order";
    return check;
}

void checkThenTime(BenchRow& row, const BenchConfig& config, BenchSubject& subject, const BenchCheck& check) {
    row.ran = false;
    row.checkedAgainst = check.against;
    subject.runOnce();
    const std::vector<BenchCell> cells = subject.sample(benchSampleCells(row.size));
    row.wrong = firstWrongCell(check, cells);
    if (!row.wrong.empty()) return;
    for (int i = 0; i < config.warmup; ++i) subject.runOnce();
    std::vector<double> ms;
    for (int i = 0; i < config.repeats; ++i) ms.push_back(subject.timedRunMs());
    std::sort(ms.begin(), ms.end());
    const std::size_t mid = ms.size() / 2;
    row.medianMs = ms.size() % 2 ? ms[mid] : 0.5 * (ms[mid - 1] + ms[mid]);
    row.minMs = ms.front();
    row.maxMs = ms.back();
    const double s = double(row.size);
    row.tflops = row.medianMs > 0 ? 2.0 * s * s * s / (row.medianMs * 1e-3) / 1e12 : 0;
    row.ran = true;
}

} // namespace fplab::gpu
