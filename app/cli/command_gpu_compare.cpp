// `fplab-cli gpu compare`: the same inputs through every backend (or one mma per tile, or the test
// vectors) with bit-identical cells and ulps; exits 5 when backends that must agree differ.
#include "app/cli/cli_options.h"
#include "app/cli/command_gpu.h"
#include "gpu/backend_choice.h"
#include "gpu/backends.h"
#include "gpu/compare.h"
#include "gpu/gpu_error.h"
#include "gpu/mma_fragment.h"
#include "gpu/single_mma.h"

#include <algorithm>
#include <memory>
#include <ostream>

namespace fplab::cli {

using namespace fplab::gpu;

namespace {

// '.' identical, '0' same value other bits (+0/-0), 1-9 ulps, '+' more, 'N' NaN on one side only.
std::string heatMap(const OutputComparison& c) {
    std::string s;
    for (int i = 0; i < c.m; ++i) {
        for (int j = 0; j < c.n; ++j) {
            const std::size_t idx = std::size_t(i) * c.n + j;
            const std::int64_t u = c.ulps[idx];
            char ch = '.';
            if (!c.identical[idx]) {
                if (u == kNanMismatch) ch = 'N';
                else {
                    const std::int64_t m = u < 0 ? -u : u;
                    ch = m > 9 ? '+' : char('0' + m);
                }
            }
            s += ch;
        }
        s += '\n';
    }
    return s;
}

int compareGemm(const GpuArgs& a, GemmType type, tc::Arch arch, const ProblemSpec& spec, bool cpuOnly, Report& r) {
    std::vector<std::unique_ptr<GemmBackend>> backends;
    for (auto& b : makeAllBackends(arch)) {
        if (!cpuOnly || !isGpuBackend(b->name())) backends.push_back(std::move(b));
    }
    const GemmProblem problem = makeRandomProblem(spec);
    const ComparisonReport rep = compareBackends(problem, backends);
    const std::string t(gemmTypeName(type));
    // Every row names the instruction its backend runs: the same types can mean different arithmetic.
    auto instructionOf = [&](const std::string& name) {
        for (const auto& b : backends)
            if (b->name() == name) return b->instruction(type);
        return std::string("-");
    };
    Table outs{"backends " + t, {"type", "backend", "instruction", "milliseconds", "note"}, {}};
    for (const auto& o : rep.outputs)
        outs.rows.push_back({txt(t), txt(o.backend), txt(instructionOf(o.backend)), num(o.milliseconds), txt(o.note)});
    for (const auto& s : rep.skipped)
        outs.rows.push_back(
            {txt(t), txt(s.backend), txt(instructionOf(s.backend)), txt("-"), txt("skipped: " + s.reason)});
    Table pairs{"pairs " + t,
                {"type", "lhs", "rhs", "identical", "cells", "nan mismatches", "max |ulps|", "mean |ulps|",
                 "must be identical", "model of its instruction", "verdict"},
                {}};
    int status = kExitOk;
    for (const auto& p : rep.pairs) {
        std::string verdict = p.allIdentical() ? "identical" : "differs";
        if (p.expectIdentical && !p.allIdentical()) {
            verdict = "MISMATCH";
            status = kExitMismatch;
        }
        pairs.rows.push_back({txt(t), txt(p.lhs), txt(p.rhs), num(std::int64_t(p.identicalCount)),
                              num(std::int64_t(p.cellCount())), num(std::int64_t(p.nanMismatches)), num(p.maxAbsUlps),
                              num(p.meanAbsUlps), yesNo(p.expectIdentical),
                              yesNo(instructionModelName(p.lhs, type, arch) == p.rhs ||
                                    instructionModelName(p.rhs, type, arch) == p.lhs),
                              txt(verdict)});
        if (a.has("--map") && !p.allIdentical() && p.m <= 64 && p.n <= 64)
            r.notes.push_back("ulps " + p.lhs + " - " + p.rhs + " (" + t +
                              "; '.' identical, 1-9 ulps, '+' more, 'N' NaN):\n" + heatMap(p));
    }
    r.tables.push_back(outs);
    r.tables.push_back(pairs);
    return status;
}

int compareMma(const GpuArgs& a, GemmType type, tc::Arch arch, long long tiles, Report& r) {
    const std::string t(gemmTypeName(type));
    Table tab{"single mma " + t,
              {"type", "instruction", "model", "tiles", "identical tiles", "cells", "identical cells", "max |ulps|",
               "status"},
              {}};
    const auto& info = gemmTypeInfo(type);
    if (info.shape == MmaShape::None) return kExitOk; // SIMT types have no MMA
    std::size_t identicalTiles = 0, cells = 0, identicalCells = 0;
    std::int64_t maxUlps = 0;
    std::string status = "ok";
    try {
        for (long long i = 0; i < tiles; ++i) {
            // Alternate uniform and small-integer tiles; seeds differ per tile.
            const auto tile = makeRandomMmaTile(type, std::uint64_t(1000 + i),
                                                i % 2 ? Distribution::SmallIntegers : Distribution::Uniform);
            GemmOutput gpuOut{"gpu", runSingleMmaOnGpu(tile), 0, {}};
            GemmOutput modelOut{"model", runSingleMmaOnModel(tile, arch), 0, {}};
            const auto c = compareOutputs(type, mma::kM, mma::kN, gpuOut, modelOut);
            identicalTiles += c.allIdentical();
            cells += c.cellCount();
            identicalCells += c.identicalCount;
            maxUlps = std::max(maxUlps, c.maxAbsUlps);
            if (!c.allIdentical() && a.has("--map"))
                r.notes.push_back("tile " + std::to_string(i) + " gpu - model (" + t + "):\n" + heatMap(c));
        }
    } catch (const GpuError& e) {
        status = std::string("skipped: ") + e.what();
    }
    tab.rows.push_back({txt(t), txt(std::string(info.instruction)),
                        txt("mma.sync on " + std::string(tc::archName(arch))), num(std::int64_t(tiles)),
                        num(std::int64_t(identicalTiles)), num(std::int64_t(cells)), num(std::int64_t(identicalCells)),
                        num(maxUlps), txt(status == "ok" && identicalCells != cells ? "MISMATCH" : status)});
    r.tables.push_back(tab);
    return status == "ok" && identicalCells != cells ? kExitMismatch : kExitOk;
}

int compareVectors(tc::Arch arch, bool cpuOnly, Report& r) {
    Table tab{"test vectors (docs/tensor-core-model.md section 5)",
              {"vector", "type", "what", "expected", "ieee", "model", "gpu", "gpu = expected", "basis"},
              {}};
    int status = kExitOk;
    for (const auto& v : tensorCoreModelVectors()) {
        const MmaTile tile = tileFor(v);
        const std::uint32_t expected = expectedFor(v, arch);
        std::string model = "-", gpu = "-", agree = "-";
        try {
            model = hex32(runSingleMmaOnModel(tile, arch)[0]).text;
        } catch (const GpuError& e) {
            model = std::string("unavailable: ") + e.what();
        }
        if (!cpuOnly) {
            try {
                const auto bits = runSingleMmaOnGpu(tile)[0];
                gpu = hex32(bits).text;
                agree = bits == expected ? "yes" : "NO";
                if (bits != expected) status = kExitMismatch;
            } catch (const GpuError& e) {
                gpu = std::string("unavailable: ") + e.what();
            }
        }
        tab.rows.push_back({txt(std::string(v.name)), txt(std::string(gemmTypeName(v.type))), txt(std::string(v.what)),
                            hex32(expected), hex32(v.ieee), txt(model), txt(gpu), txt(agree),
                            txt(std::string(v.basis))});
    }
    r.fields.push_back({"vectors for", txt(std::string(tc::archDescription(arch)))});
    r.tables.push_back(tab);
    return status;
}

} // namespace

OptionTable gpuCompareOptions(GpuArgs& a) {
    OptionTable t;
    t.command = "gpu compare";
    t.summary = "the same inputs through every backend: bit-identical cells and ulps";
    t.description = "Exit status 5 when two backends that must agree bit for bit differ.\n";
    t.options.push_back(gpuValue(a, "--type", "T", "the GEMM type, or all: " + gemmTypeNameList()));
    addProblemOptions(t, a, 64);
    t.options.push_back(
        gpuValue(a, "--arch", "A", "the CPU model's architecture: sm_80 or sm_90 (default: the GPU's, else sm_80)"));
    t.options.push_back(
        gpuFlag(a, "--map", "print a map of the differing cells ('.' identical, 1-9 ulps, '+' more, 'N' NaN)"));
    t.options.push_back(gpuFlag(a, "--cpu", "the CPU backends only: no GPU needed"));
    t.options.push_back(gpuFlag(a, "--mma", "exactly one mma.sync per tile, GPU against the CPU tensor-core model"));
    t.options.push_back(gpuValue(a, "--tiles", "N", "with --mma: how many tiles, 1 to 100000 (default 100)"));
    t.options.push_back(gpuFlag(a, "--vectors", "the test vectors of docs/tensor-core-model.md section 5"));
    addOutputOptions(t, a);
    return t;
}

int runGpuCompare(const GpuArgs& a, CommandIo io) {
    std::string error;
    const auto arch = archOption(a, error);
    long long tiles = 100;
    if (!arch || !parseInt(a, "--tiles", 1, 100000, tiles, error)) {
        io.err << "fplab-cli gpu compare: " << error << "\n";
        return kExitUsage;
    }
    const bool cpuOnly = a.has("--cpu");
    if (a.has("--vectors")) {
        if (!cpuOnly && !noGpuReason().empty()) return reportNoGpu("compare", io);
        Report r;
        const int status = compareVectors(*arch, cpuOnly, r);
        printReport(r, a.format, io.out);
        return status;
    }
    std::vector<GemmType> types;
    if (const std::string* t = a.get("--type"); t && *t == "all") {
        for (const auto& info : allGemmTypes()) types.push_back(info.type);
    } else {
        const auto type = typeOption(a, error);
        if (!type) {
            io.err << "fplab-cli gpu compare: " << error << "\n";
            return kExitUsage;
        }
        types.push_back(*type);
    }
    const auto po = problemOptions(a, types.front(), 64, error);
    if (!po.ok) {
        io.err << "fplab-cli gpu compare: " << error << "\n";
        return kExitUsage;
    }
    if (a.has("--mma") && cpuOnly) {
        io.err << "fplab-cli gpu compare: --mma compares the GPU with the model; it cannot run with --cpu\n";
        return kExitUsage;
    }
    if (!cpuOnly && !noGpuReason().empty()) return reportNoGpu("compare", io);
    Report r;
    r.fields.push_back({"cpu model", txt(std::string(tc::archDescription(*arch)))});
    if (!a.has("--mma")) {
        r.fields.push_back({"m", num(std::int64_t(po.spec.m))});
        r.fields.push_back({"n", num(std::int64_t(po.spec.n))});
        r.fields.push_back({"k", num(std::int64_t(po.spec.k))});
    }
    int status = kExitOk;
    for (GemmType type : types) {
        ProblemSpec spec = po.spec;
        spec.type = type;
        const int s = a.has("--mma") ? compareMma(a, type, *arch, tiles, r)
                                     : compareGemm(a, type, *arch, spec, cpuOnly, r);
        if (s != kExitOk) status = s;
    }
    // One table per kind across all types reads better than one per type.
    if (types.size() > 1) {
        std::vector<Table> merged;
        for (auto& t : r.tables) {
            const std::string kind = t.name.substr(0, t.name.rfind(' '));
            auto it = std::find_if(merged.begin(), merged.end(), [&](const Table& m) { return m.name == kind; });
            if (it == merged.end()) {
                t.name = kind;
                merged.push_back(std::move(t));
            } else {
                for (auto& row : t.rows) it->rows.push_back(std::move(row));
            }
        }
        r.tables = std::move(merged);
    }
    printReport(r, a.format, io.out);
    return status;
}

} // namespace fplab::cli
