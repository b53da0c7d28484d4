// `fplab-cli gpu info|gemm|compare|accumulate|bench|fingerprint`: the GPU lab from the command line, with
// text, --csv or --json output. Without a GPU (or a CUDA build) each says why and exits 4;
// `gpu info` then still exits 0 and reports "no GPU: <reason>".
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/command_gpu_fingerprint.h"
#include "gpu/accumulate.h"
#include "gpu/backend_choice.h"
#include "gpu/backends.h"
#include "gpu/bench.h"
#include "gpu/compare.h"
#include "gpu/datasheet.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"
#include "gpu/mma_fragment.h"
#include "gpu/single_mma.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

using namespace fplab::gpu;

constexpr int kExitNoGpu = 4;    // the command needs a GPU and there is none (or no CUDA build)
constexpr int kExitMismatch = 5; // compare: results that must be bit-identical differ

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
    "  bench [--types a,b,..] [--sizes 1024,2048,..] [--impl cublas|kernel] [--warmup N] [--repeats N]\n"
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

// ---- output: tables as text, CSV or JSON ------------------------------------------------------

enum class OutputFormat { Text, Csv, Json };

struct Cell {
    std::string text;
    bool numeric = false;
};

struct Table {
    std::string name;
    std::vector<std::string> columns;
    std::vector<std::vector<Cell>> rows;
};

struct Report {
    std::vector<std::pair<std::string, Cell>> fields; // key: value lines before the tables
    std::vector<Table> tables;
    std::vector<std::string> notes; // text output only
};

Cell num(double v, const char* spec = "%.6g") {
    char buf[64];
    std::snprintf(buf, sizeof buf, spec, v);
    return {buf, true};
}
Cell num(std::int64_t v) { return {std::to_string(v), true}; }
Cell txt(std::string s) { return {std::move(s), false}; }
Cell hex32(std::uint64_t bits) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08llX", static_cast<unsigned long long>(bits));
    return {buf, false};
}
Cell yesNo(bool b) { return {b ? "yes" : "no", false}; }

std::string jsonValue(const Cell& c) {
    if (c.numeric && c.text.find_first_not_of("0123456789+-.eE") == std::string::npos && !c.text.empty())
        return c.text;
    return jsonString(c.text);
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

void printReport(const Report& r, OutputFormat format, std::ostream& out) {
    if (format == OutputFormat::Json) {
        out << "{";
        bool first = true;
        for (const auto& [k, v] : r.fields) {
            out << (first ? "" : ",") << "\n  " << jsonString(k) << ": " << jsonValue(v);
            first = false;
        }
        for (const auto& t : r.tables) {
            out << (first ? "" : ",") << "\n  " << jsonString(t.name) << ": [";
            first = false;
            for (std::size_t i = 0; i < t.rows.size(); ++i) {
                out << (i ? ",\n    {" : "\n    {");
                for (std::size_t c = 0; c < t.columns.size(); ++c)
                    out << (c ? ", " : "") << jsonString(t.columns[c]) << ": " << jsonValue(t.rows[i][c]);
                out << "}";
            }
            out << (t.rows.empty() ? "]" : "\n  ]");
        }
        out << "\n}\n";
        return;
    }
    if (format == OutputFormat::Csv) {
        for (const auto& [k, v] : r.fields) out << "# " << k << ": " << v.text << "\n";
        for (std::size_t ti = 0; ti < r.tables.size(); ++ti) {
            const auto& t = r.tables[ti];
            if (ti) out << "\n";
            if (r.tables.size() > 1) out << "# " << t.name << "\n";
            for (std::size_t c = 0; c < t.columns.size(); ++c) out << (c ? "," : "") << csvField(t.columns[c]);
            out << "\n";
            for (const auto& row : t.rows) {
                for (std::size_t c = 0; c < row.size(); ++c) out << (c ? "," : "") << csvField(row[c].text);
                out << "\n";
            }
        }
        return;
    }
    for (const auto& [k, v] : r.fields) out << k << ": " << v.text << "\n";
    for (const auto& t : r.tables) {
        out << "\n" << t.name << "\n";
        std::vector<std::size_t> width(t.columns.size());
        for (std::size_t c = 0; c < t.columns.size(); ++c) width[c] = t.columns[c].size();
        for (const auto& row : t.rows)
            for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].text.size());
        auto line = [&](auto get) {
            std::string s = " ";
            for (std::size_t c = 0; c < t.columns.size(); ++c) {
                std::string cell = get(c);
                s += " " + cell + std::string(width[c] - cell.size(), ' ');
            }
            while (!s.empty() && s.back() == ' ') s.pop_back();
            out << s << "\n";
        };
        line([&](std::size_t c) { return t.columns[c]; });
        for (const auto& row : t.rows) line([&](std::size_t c) { return row[c].text; });
    }
    for (const auto& n : r.notes) out << "\n" << n << "\n";
}

// ---- argument helpers ----------------------------------------------------------------------------

struct Args {
    OutputFormat format = OutputFormat::Text;
    std::vector<std::pair<std::string, std::string>> options; // --name value
    std::vector<std::string> flags;                            // --name
    std::vector<std::string_view> positional;

    const std::string* get(std::string_view name) const {
        for (const auto& [k, v] : options)
            if (k == name) return &v;
        return nullptr;
    }
    bool has(std::string_view name) const {
        for (const auto& f : flags)
            if (f == name) return true;
        return false;
    }
};

// Options that take a value; everything else starting with -- is a flag.
bool takesValue(std::string_view name) {
    static constexpr std::string_view kValued[] = {"--type", "--impl", "--m", "--n", "--k", "--seed", "--dist",
                                                   "--arch", "--tiles", "--addend", "--count", "--values",
                                                   "--atomic-repeats", "--types", "--sizes", "--warmup", "--repeats"};
    for (auto v : kValued)
        if (v == name) return true;
    return false;
}

bool parseArgs(std::span<const std::string_view> words, Args& a, std::string& error) {
    ArgScanner scan(words);
    while (!scan.done()) {
        std::string_view name;
        std::optional<std::string_view> inlineValue;
        if (!scan.nextOption(name, inlineValue)) {
            a.positional.push_back(scan.nextPositional());
            continue;
        }
        if (name == "--csv") a.format = OutputFormat::Csv;
        else if (name == "--json") a.format = OutputFormat::Json;
        else if (takesValue(name)) {
            const auto v = scan.optionValue(inlineValue);
            if (!v) {
                error = std::string(name) + " needs a value";
                return false;
            }
            a.options.emplace_back(std::string(name), std::string(*v));
        } else {
            a.flags.emplace_back(name);
        }
    }
    return true;
}

// Checks that only known options were given to a subcommand.
bool onlyKnown(const Args& a, std::initializer_list<std::string_view> known, std::string& error) {
    auto isKnown = [&](std::string_view n) {
        for (auto k : known)
            if (k == n) return true;
        return false;
    };
    for (const auto& [k, v] : a.options)
        if (!isKnown(k)) {
            error = "unknown option " + quoted(k);
            return false;
        }
    for (const auto& f : a.flags)
        if (!isKnown(f)) {
            error = "unknown option " + quoted(f);
            return false;
        }
    if (!a.positional.empty()) {
        error = "unexpected argument " + quoted(a.positional.front());
        return false;
    }
    return true;
}

bool parseInt(const Args& a, std::string_view name, long long lo, long long hi, long long& value, std::string& error) {
    const std::string* s = a.get(name);
    if (!s) return true;
    long long v = 0;
    const auto [ptr, ec] = std::from_chars(s->data(), s->data() + s->size(), v);
    if (ec != std::errc() || ptr != s->data() + s->size() || v < lo || v > hi) {
        error = std::string(name) + " must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
                " (got " + quoted(*s) + ")";
        return false;
    }
    value = v;
    return true;
}

std::vector<std::string> splitList(const std::string& s) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= s.size()) {
        const std::size_t comma = s.find(',', start);
        const std::size_t end = comma == std::string::npos ? s.size() : comma;
        if (end > start) out.push_back(s.substr(start, end - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

int reportNoGpu(std::string_view sub, CommandIo io) {
    io.err << "fplab-cli gpu " << sub << ": " << noGpuReason() << "\n";
    return kExitNoGpu;
}

std::optional<tc::Arch> archOption(const Args& a, std::string& error) {
    const std::string* s = a.get("--arch");
    if (!s) return defaultModelArch();
    if (auto arch = tc::parseArch(*s)) return arch;
    error = "--arch must be sm_80 or sm_90 (got " + quoted(*s) + ")";
    return std::nullopt;
}

struct ProblemOptions {
    ProblemSpec spec;
    bool ok = false;
};

ProblemOptions problemOptions(const Args& a, GemmType type, int defaultSize, std::string& error) {
    ProblemOptions p;
    long long m = defaultSize, n = defaultSize, k = defaultSize, seed = 1;
    if (!parseInt(a, "--m", 1, 4096, m, error) || !parseInt(a, "--n", 1, 4096, n, error) ||
        !parseInt(a, "--k", 1, 4096, k, error) || !parseInt(a, "--seed", 0, (1ll << 62), seed, error))
        return p;
    p.spec.type = type;
    p.spec.m = int(m);
    p.spec.n = int(n);
    p.spec.k = int(k);
    p.spec.seed = std::uint64_t(seed);
    if (const std::string* d = a.get("--dist")) {
        if (*d == "uniform") p.spec.distribution = Distribution::Uniform;
        else if (*d == "int") p.spec.distribution = Distribution::SmallIntegers;
        else {
            error = "--dist must be uniform or int (got " + quoted(*d) + ")";
            return p;
        }
    }
    p.ok = true;
    return p;
}

std::optional<GemmType> typeOption(const Args& a, std::string& error) {
    const std::string* t = a.get("--type");
    if (!t) {
        error = "--type is required (" + gemmTypeNameList() + ")";
        return std::nullopt;
    }
    if (auto type = findGemmType(*t)) return type;
    error = "unknown GEMM type " + quoted(*t) + " (" + gemmTypeNameList() + ")";
    return std::nullopt;
}

// ---- gpu info ----------------------------------------------------------------------------------

int runInfo(const Args& a, CommandIo io) {
    std::string error;
    if (!onlyKnown(a, {}, error)) {
        io.err << "fplab-cli gpu info: " << error << "\n";
        return kExitUsage;
    }
    const auto& q = queryDevices();
    Report r;
    r.fields.push_back({"built with CUDA", yesNo(q.builtWithCuda)});
    r.fields.push_back({"driver CUDA version", txt(cudaVersionText(q.driverVersion))});
    r.fields.push_back({"runtime CUDA version", txt(cudaVersionText(q.runtimeVersion))});
    r.fields.push_back({"gpu", txt(q.available ? "yes" : "no GPU: " + q.reason)});
    Table devices{"devices", {"index", "name", "arch", "SMs", "memory GiB", "SM clock MHz", "memory clock MHz",
                              "bus width", "L2 MiB", "PCI bus"}, {}};
    Table peaks{"datasheet (dense peaks, TFLOPS; INT8 TOPS)", {"device", "entry", "fp64", "fp64 tensor", "fp32", "tf32",
                                                                 "fp16", "fp16 acc16", "bf16", "fp8", "int8", "uncertain",
                                                                 "source"}, {}};
    for (const auto& d : q.devices) {
        devices.rows.push_back({num(std::int64_t(d.index)), txt(d.name), txt(d.archName()), num(std::int64_t(d.smCount)),
                                num(double(d.totalMemoryBytes) / double(1ull << 30), "%.1f"),
                                num(std::int64_t(d.smClockKhz / 1000)), num(std::int64_t(d.memoryClockKhz / 1000)),
                                num(std::int64_t(d.memoryBusWidthBits)),
                                num(double(d.l2CacheBytes) / double(1 << 20), "%.1f"), txt(d.pciBusId)});
        if (const auto* e = findDatasheetEntry(d.name))
            peaks.rows.push_back({txt(d.name), txt(std::string(e->name)), num(e->fp64), num(e->fp64Tensor),
                                  num(e->fp32), num(e->tf32), num(e->fp16), num(e->fp16Acc16), num(e->bf16),
                                  num(e->fp8), num(e->int8), yesNo(e->uncertain), txt(std::string(e->source))});
        else
            r.notes.push_back("no datasheet entry for " + quoted(d.name) + "; measured numbers are shown without a peak");
    }
    if (!q.devices.empty()) r.tables.push_back(devices);
    if (!peaks.rows.empty()) r.tables.push_back(peaks);
    printReport(r, a.format, io.out);
    return kExitOk;
}

// ---- gpu gemm ------------------------------------------------------------------------------------

int runGemm(const Args& a, CommandIo io) {
    std::string error;
    if (!onlyKnown(a, {"--type", "--impl", "--m", "--n", "--k", "--seed", "--dist", "--arch"}, error)) {
        io.err << "fplab-cli gpu gemm: " << error << "\n";
        return kExitUsage;
    }
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
        io.err << "fplab-cli gpu gemm: --impl must be kernel, naive, cublas, model, model-wgmma, sequential or reference (got "
               << quoted(impl) << ")\n";
        return kExitUsage;
    }
    const bool onGpu = isGpuBackend(impl);
    if (onGpu && !noGpuReason().empty()) return reportNoGpu("gemm", io);
    if (auto why = backend->unavailableReason(*type); !why.empty()) {
        io.err << "fplab-cli gpu gemm: " << backend->name() << " cannot run " << gemmTypeName(*type) << ": " << why << "\n";
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

// ---- gpu compare ---------------------------------------------------------------------------------

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

int compareGemm(const Args& a, GemmType type, tc::Arch arch, const ProblemSpec& spec, bool cpuOnly, Report& r) {
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
        outs.rows.push_back({txt(t), txt(s.backend), txt(instructionOf(s.backend)), txt("-"), txt("skipped: " + s.reason)});
    Table pairs{"pairs " + t, {"type", "lhs", "rhs", "identical", "cells", "nan mismatches", "max |ulps|", "mean |ulps|",
                               "must be identical", "model of its instruction", "verdict"}, {}};
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
            r.notes.push_back("ulps " + p.lhs + " - " + p.rhs + " (" + t + "; '.' identical, 1-9 ulps, '+' more, 'N' NaN):\n" +
                              heatMap(p));
    }
    r.tables.push_back(outs);
    r.tables.push_back(pairs);
    return status;
}

int compareMma(const Args& a, GemmType type, tc::Arch arch, long long tiles, Report& r) {
    const std::string t(gemmTypeName(type));
    Table tab{"single mma " + t, {"type", "instruction", "model", "tiles", "identical tiles", "cells",
                                  "identical cells", "max |ulps|", "status"}, {}};
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
                        txt("mma.sync on " + std::string(tc::archName(arch))),
                        num(std::int64_t(tiles)), num(std::int64_t(identicalTiles)), num(std::int64_t(cells)),
                        num(std::int64_t(identicalCells)), num(maxUlps),
                        txt(status == "ok" && identicalCells != cells ? "MISMATCH" : status)});
    r.tables.push_back(tab);
    return status == "ok" && identicalCells != cells ? kExitMismatch : kExitOk;
}

int compareVectors(tc::Arch arch, bool cpuOnly, Report& r) {
    Table tab{"test vectors (docs/tensor-core-model.md section 5)", {"vector", "type", "what", "expected", "ieee",
                                                                      "model", "gpu", "gpu = expected", "basis"}, {}};
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

int runCompare(const Args& a, CommandIo io) {
    std::string error;
    if (!onlyKnown(a, {"--type", "--m", "--n", "--k", "--seed", "--dist", "--arch", "--map", "--cpu", "--mma",
                       "--tiles", "--vectors"},
                   error)) {
        io.err << "fplab-cli gpu compare: " << error << "\n";
        return kExitUsage;
    }
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
        const int s = a.has("--mma") ? compareMma(a, type, *arch, tiles, r) : compareGemm(a, type, *arch, spec, cpuOnly, r);
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

// ---- gpu accumulate ------------------------------------------------------------------------------

std::string bitsHex(std::uint64_t bits, int width) {
    char buf[24];
    std::snprintf(buf, sizeof buf, width == 16 ? "0x%04llX" : "0x%08llX", static_cast<unsigned long long>(bits));
    return buf;
}

int runAccumulate(const Args& a, CommandIo io) {
    std::string error;
    if (!onlyKnown(a, {"--addend", "--count", "--values", "--seed", "--atomic-repeats"}, error)) {
        io.err << "fplab-cli gpu accumulate: " << error << "\n";
        return kExitUsage;
    }
    double addend = 0.01;
    if (const std::string* s = a.get("--addend")) {
        char* end = nullptr;
        addend = std::strtod(s->c_str(), &end);
        if (s->empty() || end != s->c_str() + s->size()) {
            io.err << "fplab-cli gpu accumulate: --addend must be a decimal number (got " << quoted(*s) << ")\n";
            return kExitUsage;
        }
    }
    long long count = 1000, values = 1 << 20, seed = 1, repeats = 5;
    if (!parseInt(a, "--count", 0, 100'000'000, count, error) || !parseInt(a, "--values", 1, 1 << 26, values, error) ||
        !parseInt(a, "--seed", 0, 1ll << 62, seed, error) || !parseInt(a, "--atomic-repeats", 0, 100, repeats, error)) {
        io.err << "fplab-cli gpu accumulate: " << error << "\n";
        return kExitUsage;
    }
    const std::string noGpu = noGpuReason();
    const bool useGpu = noGpu.empty();
    const auto rep = repeatedAddition(addend, int(count), useGpu);
    const auto order = summationOrder(int(values), std::uint64_t(seed), int(repeats), useGpu);
    Report r;
    r.fields.push_back({"addend", num(addend, "%.17g")});
    r.fields.push_back({"count", num(std::int64_t(count))});
    r.fields.push_back({"gpu", txt(useGpu ? "yes" : noGpu)});
    Table t1{"repeated addition", {"sum", "format", "cpu value", "cpu bits", "gpu value", "gpu bits", "identical"}, {}};
    for (const auto& row : rep.rows) {
        const int w = row.resultFormat == "fp16" ? 16 : 32;
        t1.rows.push_back({txt(row.name), txt(row.resultFormat), num(row.cpuValue, "%.17g"), txt(bitsHex(row.cpuBits, w)),
                           row.gpuValue ? num(*row.gpuValue, "%.17g") : txt("-"),
                           row.gpuBits ? txt(bitsHex(*row.gpuBits, w)) : txt("-"),
                           row.gpuBits ? yesNo(*row.gpuBits == row.cpuBits) : txt("-")});
    }
    auto f32 = [](std::uint32_t bits) {
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return double(f);
    };
    Table t2{"summation order", {"order", "cpu value", "gpu value", "gpu bits", "identical to cpu", "error vs exact"}, {}};
    t2.rows.push_back({txt("exact (fp64)"), num(order.exact, "%.17g"), txt("-"), txt("-"), txt("-"), num(0.0)});
    t2.rows.push_back({txt("sequential, one thread"), num(f32(order.cpuSequential), "%.17g"),
                       order.gpuSequential ? num(f32(*order.gpuSequential), "%.17g") : txt("-"),
                       order.gpuSequential ? txt(bitsHex(*order.gpuSequential, 32)) : txt("-"),
                       order.gpuSequential ? yesNo(*order.gpuSequential == order.cpuSequential) : txt("-"),
                       num(f32(order.cpuSequential) - order.exact, "%.6g")});
    t2.rows.push_back({txt("tree, 256-wide blocks"), num(f32(order.cpuTree), "%.17g"),
                       order.gpuTree ? num(f32(*order.gpuTree), "%.17g") : txt("-"),
                       order.gpuTree ? txt(bitsHex(*order.gpuTree, 32)) : txt("-"),
                       order.gpuTree ? yesNo(*order.gpuTree == order.cpuTree) : txt("-"),
                       num(f32(order.cpuTree) - order.exact, "%.6g")});
    for (std::size_t i = 0; i < order.gpuAtomic.size(); ++i)
        t2.rows.push_back({txt("atomicAdd, run " + std::to_string(i + 1)), txt("-"), num(f32(order.gpuAtomic[i]), "%.17g"),
                           txt(bitsHex(order.gpuAtomic[i], 32)), txt("-"),
                           num(f32(order.gpuAtomic[i]) - order.exact, "%.6g")});
    r.fields.push_back({"values summed", num(std::int64_t(values))});
    r.tables.push_back(t1);
    r.tables.push_back(t2);
    printReport(r, a.format, io.out);
    if (!useGpu) {
        io.err << "fplab-cli gpu accumulate: " << noGpu << " (only the CPU column was computed)\n";
        return kExitNoGpu;
    }
    return kExitOk;
}

// ---- gpu bench -----------------------------------------------------------------------------------

int runBench(const Args& a, CommandIo io) {
    std::string error;
    if (!onlyKnown(a, {"--types", "--sizes", "--impl", "--warmup", "--repeats"}, error)) {
        io.err << "fplab-cli gpu bench: " << error << "\n";
        return kExitUsage;
    }
    BenchConfig config;
    if (const std::string* t = a.get("--types")) {
        for (const auto& name : splitList(*t)) {
            const auto type = findGemmType(name);
            if (!type) {
                io.err << "fplab-cli gpu bench: unknown GEMM type " << quoted(name) << " (" << gemmTypeNameList() << ")\n";
                return kExitUsage;
            }
            config.types.push_back(*type);
        }
    }
    if (const std::string* s = a.get("--sizes")) {
        config.sizes.clear();
        for (const auto& item : splitList(*s)) {
            int v = 0;
            const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
            if (ec != std::errc() || ptr != item.data() + item.size()) {
                io.err << "fplab-cli gpu bench: --sizes takes integers separated by commas (got " << quoted(item) << ")\n";
                return kExitUsage;
            }
            config.sizes.push_back(v);
        }
    }
    if (const std::string* impl = a.get("--impl")) {
        if (*impl == "cublas") config.impl = BenchImpl::Cublas;
        else if (*impl == "kernel") config.impl = BenchImpl::Kernel;
        else {
            io.err << "fplab-cli gpu bench: --impl must be cublas or kernel (got " << quoted(*impl) << ")\n";
            return kExitUsage;
        }
    }
    long long warmup = config.warmup, repeats = config.repeats;
    if (!parseInt(a, "--warmup", 0, 100, warmup, error) || !parseInt(a, "--repeats", 1, 1000, repeats, error)) {
        io.err << "fplab-cli gpu bench: " << error << "\n";
        return kExitUsage;
    }
    config.warmup = int(warmup);
    config.repeats = int(repeats);
    if (auto why = checkBenchConfig(config); !why.empty()) {
        io.err << "fplab-cli gpu bench: " << why << "\n";
        return kExitUsage;
    }
    if (!noGpuReason().empty()) return reportNoGpu("bench", io);
    const auto& dev = queryDevices().devices.front();
    const auto rows = runBenchmark(config, [&](const BenchRow& row) {
        if (a.format == OutputFormat::Text)
            io.err << "  " << gemmTypeName(row.type) << " " << row.size << ": "
                   << (row.ran ? std::to_string(row.tflops) + " TFLOPS" : "skipped") << "\n";
    });
    Report r;
    r.fields.push_back({"device", txt(dev.name)});
    const auto* sheet = findDatasheetEntry(dev.name);
    r.fields.push_back({"datasheet entry", txt(sheet ? std::string(sheet->name) + (sheet->uncertain ? " (uncertain)" : "")
                                                     : "none")});
    Table t{"bench", {"type", "column", "impl", "size", "median ms", "min ms", "max ms", "TFLOPS", "datasheet TFLOPS",
                      "% of datasheet", "status"}, {}};
    for (const auto& row : rows) {
        const auto& info = gemmTypeInfo(row.type);
        const bool peak = row.ran && row.datasheetPeak > 0;
        t.rows.push_back({txt(std::string(info.name)), txt(std::string(info.benchLabel)), txt(row.impl),
                          num(std::int64_t(row.size)), row.ran ? num(row.medianMs) : txt("-"),
                          row.ran ? num(row.minMs) : txt("-"), row.ran ? num(row.maxMs) : txt("-"),
                          row.ran ? num(row.tflops, "%.2f") : txt("-"),
                          row.datasheetPeak > 0 ? num(row.datasheetPeak) : txt("-"),
                          peak ? num(100.0 * row.tflops / row.datasheetPeak, "%.1f") : txt("-"),
                          txt(row.ran ? (row.note.empty() ? "ok" : "ok: " + row.note) : "skipped: " + row.skipped)});
    }
    r.tables.push_back(t);
    printReport(r, a.format, io.out);
    return kExitOk;
}

// ---- dispatch ------------------------------------------------------------------------------------

int runGpu(std::span<const std::string_view> args, CommandIo io) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        (args.empty() ? io.err : io.out) << kUsage;
        return args.empty() ? kExitUsage : kExitOk;
    }
    const std::string_view sub = args[0];
    if (sub == "fingerprint") return runGpuFingerprint(args.subspan(1), io);
    Args a;
    std::string error;
    if (!parseArgs(args.subspan(1), a, error)) {
        io.err << "fplab-cli gpu " << sub << ": " << error << "\n";
        return kExitUsage;
    }
    try {
        if (sub == "info") return runInfo(a, io);
        if (sub == "gemm") return runGemm(a, io);
        if (sub == "compare") return runCompare(a, io);
        if (sub == "accumulate") return runAccumulate(a, io);
        if (sub == "bench") return runBench(a, io);
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
