// `fplab-cli gpu fingerprint [--type T] [--instruction mma.sync|wgmma] [--json] [--save FILE] [--load FILE]`:
// runs the fingerprint probes on the GPU (or reads saved or recorded answers), infers the tensor
// core's parameters and prints them beside the built-in model, with the probe that decided each.
// `--probe-corners` runs only the probes of the model's two open corners (corner_probe_report.h).
#include "app/cli/cli_options.h"
#include "app/cli/command_gpu.h"
#include "app/cli/corner_probe_report.h"
#include "core/platform/atomic_file.h"
#include "core/tensor_core/fingerprint/answers_file.h"
#include "core/tensor_core/fingerprint/report.h"
#include "gpu/backend_choice.h"
#include "gpu/fingerprint.h"
#include "gpu/gemm_types.h"
#include "gpu/gpu_error.h"
#include "gpu/lt_fp8_descriptor.h"
#include "gpu/promotion_run.h"
#include "lessons/json_writer.h"

#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

namespace fp = tc::fingerprint;
using gpu::GemmType;

std::string paramLabel(fp::Param p) {
    switch (p) {
    case fp::Param::Operands: return "operands in the unit";
    case fp::Param::KGrouping: return "k grouping";
    case fp::Param::BlockSize: return "products per block (n)";
    case fp::Param::FractionBits: return "fraction bits kept (F)";
    case fp::Param::FinalRounding: return "final rounding";
    case fp::Param::RoundPrecision: return "rounding precision (bits)";
    case fp::Param::AddendEntry: return "where c enters";
    case fp::Param::Normalisation: return "product normalisation";
    case fp::Param::SubnormalInputs: return "subnormal inputs";
    case fp::Param::SubnormalOutputs: return "subnormal outputs";
    case fp::Param::TinyExponent: return "all-tiny exponent rule";
    }
    return "?";
}

std::string agreementWord(const fp::ReportRow& r) {
    switch (r.agreement) {
    case fp::Agreement::Agree: return "yes";
    case fp::Agreement::Differ: return "NO";
    case fp::Agreement::Consistent: return "open";
    case fp::Agreement::NoBuiltIn: return "-";
    }
    return "?";
}

std::string decidedText(const fp::ReportRow& r, const fp::ParamVerdict& v) {
    if (r.assumed) return "(assumed)";
    if (!r.decidedByProbe.empty()) return r.decidedByProbe;
    if (v.searched.size() == 1) return "(only value for this instruction)";
    return r.inferred.size() == 1 ? "-" : "(undetermined)";
}

std::string typeText(const fp::AnswerSet& s) {
    return std::string(tc::inputName(s.input)) + " -> " + std::string(tc::accumName(s.accum));
}

void printText(const fp::AnswerSet& s, const fp::FingerprintReport& r, std::ostream& out) {
    const auto& inf = r.inference;
    out << "fingerprint: " << (s.device.empty() ? "(unnamed device)" : s.device) << ", compute capability "
        << s.computeCapability / 10 << "." << s.computeCapability % 10;
    if (r.archModelled) out << " (model " << tc::archName(r.arch) << ")";
    if (!s.driver.empty()) out << ", driver " << s.driver;
    if (!s.date.empty()) out << ", " << s.date;
    out << "\ninstruction: " << tc::apiName(s.api) << " " << s.shape << ", " << typeText(s) << ", k = " << s.k << "\n";
    out << "cells: " << inf.cells << "; candidate models searched: " << inf.candidates
        << "; reproducing every cell: " << inf.survivors << "\n";
    if (r.builtIn.candidate)
        out << "built-in model: reproduces " << r.builtInMatches << " of " << inf.cells << " cells\n";
    else out << "built-in model: none (" << r.builtIn.message << ")\n";
    if (!inf.survivors)
        out << "no candidate reproduces every cell; the rows show the candidates that went furthest (first failure: "
               "cell "
            << inf.exampleFailedAt + 1 << ", " << s.cells[std::size_t(inf.exampleFailedAt)].probe << ")\n";
    std::vector<std::vector<std::string>> rows{{"parameter", "inferred", "built-in", "decided by", "agree"}};
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const auto& row = r.rows[i];
        rows.push_back({paramLabel(row.param), fp::valuesText(row.param, row.inferred),
                        row.builtIn ? fp::valueToken(row.param, *row.builtIn) : "-", decidedText(row, inf.params[i]),
                        agreementWord(row)});
    }
    std::vector<std::size_t> width(5, 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    out << "\n";
    for (const auto& row : rows) {
        std::string line = " ";
        for (std::size_t c = 0; c < row.size(); ++c) line += " " + row[c] + std::string(width[c] - row[c].size(), ' ');
        while (line.back() == ' ') line.pop_back();
        out << line << "\n";
    }
    out << "\n\"a | b\": the answers allow both; \"open\": the built-in value is among them. \"decided by\" names the\n"
           "probe whose answer ruled out the last alternative.\n";
}

void printJson(const fp::AnswerSet& s, const fp::FingerprintReport& r, std::ostream& out) {
    const auto& inf = r.inference;
    lessons::JsonWriter json(out);
    auto stringOrNull = [&](bool present, std::string_view text) {
        if (present) json.value(text);
        else json.null();
    };
    json.beginObject();
    json.field("device", s.device);
    json.field("compute capability", std::int64_t(s.computeCapability));
    json.key("model arch");
    stringOrNull(r.archModelled, tc::archName(r.arch));
    json.field("driver", s.driver);
    json.field("date", s.date);
    json.field("instruction", tc::apiName(s.api));
    json.field("shape", s.shape);
    json.field("input", tc::inputName(s.input));
    json.field("accum", tc::accumName(s.accum));
    json.field("k", std::int64_t(s.k));
    json.field("cells", std::int64_t(inf.cells));
    json.field("candidates", std::int64_t(inf.candidates));
    json.field("survivors", std::int64_t(inf.survivors));
    json.key("built-in matches");
    if (r.builtIn.candidate) json.value(std::int64_t(r.builtInMatches));
    else json.null();
    json.field("built-in note", r.builtIn.candidate ? r.builtIn.basis : r.builtIn.message);
    json.key("parameters");
    json.beginArray();
    for (const auto& row : r.rows) {
        json.beginObjectOnOneLine();
        json.field("parameter", fp::paramKey(row.param));
        json.key("inferred");
        json.beginArray();
        for (const auto& v : row.inferred) json.value(fp::valueToken(row.param, v));
        json.endArray();
        json.key("built-in");
        stringOrNull(row.builtIn.has_value(), row.builtIn ? fp::valueToken(row.param, *row.builtIn) : std::string());
        json.key("decided by");
        stringOrNull(!row.decidedByProbe.empty(), row.decidedByProbe);
        json.field("agree", agreementWord(row));
        json.endObject();
    }
    json.endArray();
    json.endObject();
}

struct Options {
    std::optional<GemmType> type;
    tc::Api api = tc::Api::MmaSync;
    std::optional<tc::Arch> arch;
    bool json = false;
    bool promotion = false;
    std::string save, load;
    bool probeCorners = false;
    std::optional<std::string> backend;
    std::optional<tc::ZeroProducts> zeroProducts;
    std::optional<tc::ZeroSign> zeroSign;
};

OptionTable fingerprintOptions(Options& o) {
    OptionTable t;
    t.command = "gpu fingerprint";
    t.summary = "infer the tensor cores' arithmetic from probes";
    t.description =
        "Runs probe vectors (after Fasi, Higham, Mikaitis and Khattak) through the GPU's tensor cores, infers\n"
        "the arithmetic (products per block, alignment bits, final rounding, where c enters, normalisation,\n"
        "subnormals, FP8 operand handling) and shows it beside FP Lab's built-in model, parameter by parameter,\n"
        "with the probe that decided each. Exit 4 without a GPU unless --load is given.\n"
        "--probe-corners runs only the probes of the model's two open corners instead.\n";
    t.options = {
        {"--type", "T", "tf32 fp16-fp32 fp16-fp16 bf16-fp32 e4m3-fp32 e5m2-fp32\n(default: every type the GPU has)",
         [&o](std::string_view v, std::string& error) {
             o.type = gpu::findGemmType(v);
             if (!o.type)
                 error = "unknown type " + quoted(v) + " (tf32, fp16-fp32, fp16-fp16, bf16-fp32, e4m3-fp32, e5m2-fp32)";
             return o.type.has_value();
         }},
        {"--instruction", "I", "mma.sync (default) or wgmma",
         [&o](std::string_view v, std::string& error) {
             if (v == "mma.sync") o.api = tc::Api::MmaSync;
             else if (v == "wgmma") o.api = tc::Api::Wgmma;
             else error = "--instruction must be mma.sync or wgmma (got " + quoted(v) + ")";
             return error.empty();
         }},
        {"--json", "", "the report as one JSON object", setFlag(o.json)},
        {"--save", "FILE",
         "write the answers (one type) for a later --load; with --load it converts\nrecorded cells into such a file",
         setText(o.save)},
        {"--load", "FILE",
         "read a saved file, or bare recorded cells (\"a0..a(k-1) b0..b(k-1) c d\" in hex per "
         "line, as in the H100 evidence); bare cells need --type, and --arch and --instruction "
         "describe where they were taken",
         setText(o.load)},
        {"--probe-corners", "",
         "run only the probes of the model's two open corners (does a zero product\n"
         "take part in the alignment exponent E; the sign of a sum rounded to zero) and\n"
         "say which reading the answers follow: FP Lab's (the built-in default, open)\n"
         "or MMA-Sim's",
         setFlag(o.probeCorners)},
        {"--backend", "B",
         "with --probe-corners: gpu (default) or model, the CPU model answering with\n"
         "the readings of --zero-products and --zero-sign (to see what the probes say)",
         [&o](std::string_view v, std::string& error) {
             if (v != "gpu" && v != "model") error = "--backend must be gpu or model (got " + quoted(v) + ")";
             else o.backend = std::string(v);
             return error.empty();
         }},
        {"--zero-products", "R", "with --backend model: dropped (FP Lab) or counted (MMA-Sim); default: built-in",
         setNamed(o.zeroProducts, tc::parseZeroProducts, "zero-product reading", "dropped counted")},
        {"--zero-sign", "R", "with --backend model: sum (FP Lab) or positive (MMA-Sim); default: built-in",
         setNamed(o.zeroSign, tc::parseZeroSign, "zero-sign reading", "sum positive")},
        {"--arch", "A",
         "with --load of bare cells: sm_80 or sm_90 (default sm_90); with\n"
         "--backend model: the model's architecture (default sm_90)",
         [&o](std::string_view v, std::string& error) {
             o.arch = tc::parseArch(v);
             if (!o.arch) error = "--arch must be sm_80 or sm_90 (got " + quoted(v) + ")";
             return o.arch.has_value();
         }},
        {"--promotion", "",
         "instead: infer the interval at which cuBLASLt's E4M3 GEMM promotes its partial sums to\n"
         "FP32, with FAST_ACCUM off and on (exit 5 unless off matches an interval and on none)",
         setFlag(o.promotion)},
    };
    return t;
}

int report(const fp::AnswerSet& s, const Options& o, CommandIo io) {
    const fp::FingerprintReport r = fp::makeFingerprintReport(s);
    if (o.json) printJson(s, r, io.out);
    else printText(s, r, io.out);
    return kExitOk;
}

// Writes the answers to --save (when given); false, with the reason on stderr, when the write fails.
bool saveAnswers(const fp::AnswerSet& answers, const Options& o, CommandIo io) {
    if (o.save.empty()) return true;
    const auto error = platform::writeFileAtomically(o.save, fp::formatAnswers(answers));
    if (error) io.err << "fplab-cli gpu fingerprint: cannot write '" << o.save << "': " << *error << "\n";
    return !error;
}

int runLoad(const Options& o, CommandIo io) {
    const fp::AnswersOrError parsed = gpu::readFingerprintAnswers(o.load, o.type, o.api,
                                                                  o.arch.value_or(tc::Arch::Sm90));
    if (parsed.needsType) {
        io.err << "fplab-cli gpu fingerprint: " << o.load
               << " is not a fingerprint file; to read bare recorded cells give --type (and --arch)\n";
        return kExitUsage;
    }
    if (!parsed.answers) {
        io.err << "fplab-cli gpu fingerprint: " << parsed.error << "\n";
        return kExitBadInput;
    }
    // --load with --save converts (bare recorded cells become a fingerprint file the app loads).
    if (!saveAnswers(*parsed.answers, o, io)) return kExitOutput;
    return report(*parsed.answers, o, io);
}

int runOnGpu(const Options& o, CommandIo io) {
    if (auto why = gpu::noGpuReason(); !why.empty()) {
        io.err << "fplab-cli gpu fingerprint: " << why << "\n";
        return kExitNoGpu;
    }
    std::vector<GemmType> types = o.type ? std::vector<GemmType>{*o.type} : gpu::fingerprintTypes();
    if (!o.save.empty() && types.size() != 1) {
        io.err << "fplab-cli gpu fingerprint: --save writes one type; give --type\n";
        return kExitUsage;
    }
    int ran = 0;
    for (GemmType t : types) {
        if (auto why = gpu::fingerprintUnavailableReason(t, o.api); !why.empty()) {
            io.err << "fplab-cli gpu fingerprint: " << gpu::gemmTypeName(t) << ": skipped: " << why << "\n";
            continue;
        }
        const fp::AnswerSet s = gpu::runFingerprintOnGpu(t, o.api);
        if (!saveAnswers(s, o, io)) return kExitOutput;
        if (ran++) io.out << "\n";
        report(s, o, io);
    }
    return ran ? kExitOk : kExitNoGpu;
}

// --promotion: the probe of core/tensor_core/fingerprint/promotion_probe.h through cuBLASLt.
int runPromotion(CommandIo io) {
    if (auto why = gpu::noGpuReason(); !why.empty()) {
        io.err << "fplab-cli gpu fingerprint: " << why << "\n";
        return kExitNoGpu;
    }
    const gpu::PromotionRun run = gpu::runPromotionProbeOnGpu();
    io.out << "cuBLASLt E4M3 GEMM " << run.probe.m << "x" << run.probe.n << "x" << run.probe.k
           << ", C = 0: the promotion probe (docs/tensor-core-model.md, \"Promotion to FP32\")\n"
           << "  FAST_ACCUM off: " << tc::promotionInferenceText(run.probe, run.fastAccumOff) << "\n"
           << "  FAST_ACCUM on:  " << tc::promotionInferenceText(run.probe, run.fastAccumOn) << "\n";
    const bool offPromotes = run.fastAccumOff.matched && run.fastAccumOff.interval > 0;
    const bool onPlain = run.fastAccumOn.matched && run.fastAccumOn.interval == 0;
    if (offPromotes && run.fastAccumOff.interval != gpu::kAssumedCublasLtFp8PromotionInterval)
        io.out << "  the model assumes " << gpu::kAssumedCublasLtFp8PromotionInterval
               << " (kAssumedCublasLtFp8PromotionInterval, gpu/lt_fp8_descriptor.h): change it to "
               << run.fastAccumOff.interval << "\n";
    return offPromotes && onPlain ? kExitOk : kExitMismatch;
}

// The options --probe-corners takes, and those it does not; an exit code when the command line is wrong.
std::optional<int> checkCornerOptions(const Options& o, CommandIo io) {
    auto usage = [&](const std::string& message) {
        io.err << "fplab-cli gpu fingerprint: " << message << "\n";
        return std::optional<int>(kExitUsage);
    };
    if (!o.probeCorners) {
        if (o.backend || o.zeroProducts || o.zeroSign)
            return usage("--backend, --zero-products and --zero-sign apply to --probe-corners only");
        return std::nullopt;
    }
    if (!o.load.empty() || !o.save.empty() || o.json)
        return usage("--probe-corners takes no --load, --save or --json: it prints what each probe says");
    if (o.api != tc::Api::MmaSync)
        return usage("--probe-corners runs mma.sync tiles only (FP Lab has no wgmma kernel)");
    const bool model = o.backend == "model";
    if (!model && (o.zeroProducts || o.zeroSign || o.arch))
        return usage("--zero-products, --zero-sign and --arch choose the CPU model's readings: give --backend model");
    return std::nullopt;
}

CornerProbeOptions cornerProbeOptions(const Options& o) {
    CornerProbeOptions c;
    if (o.type) c.types = {*o.type};
    c.onModel = o.backend == "model";
    c.arch = o.arch.value_or(tc::Arch::Sm90);
    const tc::CornerReadings builtIn = tc::defaultCornerReadings(c.arch, tc::Api::MmaSync).readings;
    c.readings.zeroProducts = o.zeroProducts.value_or(builtIn.zeroProducts);
    c.readings.zeroSign = o.zeroSign.value_or(builtIn.zeroSign);
    return c;
}

} // namespace

OptionTable gpuFingerprintOptions() {
    static Options unused;
    return fingerprintOptions(unused);
}

int runGpuFingerprint(std::span<const std::string_view> args, CommandIo io) {
    Options o;
    if (const std::optional<int> code = parseOptions(fingerprintOptions(o), args, io)) return *code;
    if (const std::optional<int> code = checkCornerOptions(o, io)) return *code;
    try {
        if (o.promotion) return runPromotion(io);
        if (o.probeCorners) return runCornerProbes(cornerProbeOptions(o), io);
        return o.load.empty() ? runOnGpu(o, io) : runLoad(o, io);
    } catch (const gpu::GpuError& e) {
        io.err << "fplab-cli gpu fingerprint: " << e.what() << "\n";
        return e.kind() == gpu::GpuError::Kind::InvalidArgument ? kExitBadInput
               : e.kind() == gpu::GpuError::Kind::CudaCall      ? kExitInternal
                                                                : kExitNoGpu;
    } catch (const std::invalid_argument& e) {
        io.err << "fplab-cli gpu fingerprint: " << e.what() << "\n";
        return kExitBadInput;
    }
}

} // namespace fplab::cli
