// `fplab-cli quantize`: a tensor from stdin or a .npy file, quantized with one block-scaled scheme
// (OCP MX, NVFP4, DeepSeek-style FP8): codes, scales, dequantized values and the error, as text, CSV
// or JSON, and the dequantized tensor written back as .npy.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/number_lines.h"
#include "app/cli/option_table.h"
#include "app/cli/rule_comparison_text.h"
#include "core/arithmetic.h"
#include "core/blockscale/hadamard.h"
#include "core/blockscale/measured_quantization.h"
#include "core/blockscale/npy.h"
#include "core/blockscale/quantizer.h"
#include "core/platform/atomic_file.h"
#include "core/text/parse.h"
#include "core/text/print.h"
#include "lessons/json_writer.h"
#include "app/tensor_files/mapped_file.h"
#include "app/tensor_files/safetensors.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

using namespace fplab::blockscale;

struct Options {
    std::optional<Scheme> scheme;
    std::optional<ScaleRule> rule;
    bool tiles16x16 = false;
    bool compareRules = false;
    bool csv = false;
    bool json = false;
    std::optional<Shape> shape;
    std::string out;
    std::string file;
    std::string tensor; // in a .safetensors file
    std::optional<std::uint64_t> hadamardSeed;
};

std::optional<Shape> parseShape(std::string_view text) {
    const std::size_t x = text.find_first_of("xX");
    if (x == std::string_view::npos) return std::nullopt;
    Shape s;
    const auto parse = [](std::string_view t, std::size_t& v) {
        const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        return ec == std::errc() && ptr == t.data() + t.size() && v > 0;
    };
    if (!parse(text.substr(0, x), s.rows) || !parse(text.substr(x + 1), s.cols)) return std::nullopt;
    return s;
}

OptionTable quantizeOptions(Options& o) {
    OptionTable t;
    t.command = "quantize";
    t.trailing = "[FILE.npy | FILE.safetensors --tensor NAME]";
    t.description = "Quantizes a tensor with a block-scaled scheme and shows each block's scale, each element's code,\n"
                    "its dequantized value and its error (input - dequantized), exactly, with error statistics.\n"
                    "\n"
                    "  FILE.npy     float32 '<f4', float16 '<f2' or bfloat16 ('<V2' as ml_dtypes' np.save writes it,\n"
                    "               or 'bfloat16'), little-endian, any shape (leading axes become rows)\n"
                    "  FILE.safetensors --tensor NAME\n"
                    "               one tensor of F64 (rounded to FP32), F32, F16, BF16, F8_E4M3, F8_E5M2, I8 or U8\n"
                    "               (`fplab-cli inspect FILE` lists them); the file is memory-mapped\n";
    t.options = {
        {"--scheme", "S",
         "mxfp8-e4m3 mxfp8-e5m2 mxfp6-e3m2 mxfp6-e2m3 mxfp4 mxint8 (OCP MX v1.0: 32 elements "
         "per E8M0 scale), nvfp4 (16 E2M1 elements per E4M3 scale, FP32 tensor scale), "
         "fp8-tensor fp8-channel fp8-block128 fp8-block128x128 (E4M3, FP32 scale amax/448 "
         "per tensor, per row, per 1x128 block of a row, per 128x128 tile)",
         [&o](std::string_view value, std::string& error) {
             o.scheme = parseScheme(value);
             if (!o.scheme)
                 error = "unknown scheme " + quoted(value) + " (known: " + std::string(knownSchemeNames()) + ")";
             return o.scheme.has_value();
         },
         true},
        {"--scale-rule", "R",
         "how a block's scale is chosen (default: the scheme's own, listed first):\n"
         "  MX: ocp (OCP MX v1.0), round-up (ceil(log2(amax/max)), the MXFP8 recipe),\n"
         "      nearest (amax/max to the nearest power of two, as ml_dtypes casts),\n"
         "      fp32 (FP32 scale amax/max; not mxint8)\n"
         "  nvfp4: max6 (NVIDIA), max4 (amax to 4), 4over6 (6 or 4, the smaller error)\n"
         "  fp8-*: fp32 (DeepSeek-V3), ocp, round-up, nearest (power-of-two scales)",
         [&o](std::string_view value, std::string& error) {
             o.rule = parseScaleRule(value);
             if (!o.rule)
                 error = "unknown scale rule " + quoted(value) + " (known: " + std::string(knownScaleRuleNames()) + ")";
             return o.rule.has_value();
         }},
        {"--blocks", "16x16", "nvfp4 only: 16x16 tiles (NVIDIA's 2D weight blocks) instead of 16 along a row",
         [&o](std::string_view value, std::string& error) {
             o.tiles16x16 = value == "16x16";
             if (!o.tiles16x16) error = "--blocks takes 16x16 only (got " + quoted(value) + ")";
             return o.tiles16x16;
         }},
        {"--hadamard", "SEED",
         "applies NVIDIA's random Hadamard transform (16-element segments, signs from SEED) before "
         "quantizing and its inverse after: codes and scales are the transformed tensor's, dequantized "
         "values and errors are against the input (statistics in double, no longer exact)",
         [&o](std::string_view value, std::string& error) {
             const auto seed = wholeNumber(value);
             if (!seed || *seed < 0)
                 error = "--hadamard takes a seed, a whole number from 0 (got " + quoted(value) + ")";
             else o.hadamardSeed = std::uint64_t(*seed);
             return error.empty();
         }},
        {"--compare-rules", "",
         "quantizes the tensor under every scale rule of the scheme and prints, per rule, the saturated, "
         "rounded-to-zero and NaN elements, the errors, the outlier's block and a relative-error histogram "
         "(with --blocks and --hadamard as given: every rule in those blocks, through that transform)",
         setFlag(o.compareRules)},
        {"--csv", "",
         "one row per element: index,block,scale,code,dequantized,error (scale: the block's "
         "scale as a number, times the tensor scale for nvfp4; code: the element's bits in hex)",
         setFlag(o.csv)},
        {"--json", "", "everything as one JSON object", setFlag(o.json)},
        {"--shape", "RxC", "rows x columns (blocks run along a row); default: the .npy shape, else one row",
         [&o](std::string_view value, std::string& error) {
             o.shape = parseShape(value);
             if (!o.shape) error = "--shape " + quoted(value) + " is not ROWSxCOLS with positive integers, e.g. 4x128";
             return o.shape.has_value();
         }},
        {"--tensor", "NAME", "the tensor to quantize in a .safetensors file", setText(o.tensor)},
        {"--out", "FILE", "writes the dequantized tensor as a float32 .npy file (values rounded to FP32)",
         setText(o.out)},
    };
    t.notes = "Without FILE the numbers are read from stdin, one per line (decimal, hex-float or raw FP32 bits),\n"
              "rounded to FP32. NaN or infinity in the input: under the E8M0 rules (ocp, round-up, nearest) its\n"
              "block's scale is the E8M0 NaN and the block decodes to NaN (OCP MX v1.0); the other rules refuse\n"
              "it (exit 1).\n";
    t.positional = [&o](std::string_view word, std::string& error) {
        if (!o.file.empty()) error = "one input file only (got " + quoted(word) + " too)";
        else o.file = std::string(word);
        return error.empty();
    };
    return t;
}

std::vector<OptionTable> quantizeOptionTables() {
    static Options unused;
    return {quantizeOptions(unused)};
}

Recipe recipeOf(const Options& o) {
    Recipe r = defaultRecipe(*o.scheme);
    if (o.rule) r.rule = *o.rule;
    if (o.tiles16x16) r.grouping = Grouping::Tile16x16;
    return r;
}

std::optional<int> parseCommandLine(std::span<const std::string_view> args, CommandIo io, Options& o) {
    if (const std::optional<int> code = parseOptions(quantizeOptions(o), args, io)) return code;
    if (o.csv && o.json) {
        io.err << "fplab-cli quantize: --csv and --json exclude each other\n";
        return kExitUsage;
    }
    if (o.compareRules && (o.csv || o.json || !o.out.empty() || o.rule)) {
        io.err << "fplab-cli quantize: --compare-rules prints every rule as text; it takes no --csv, --json, --out "
                  "or --scale-rule\n";
        return kExitUsage;
    }
    const Recipe recipe = recipeOf(o);
    if (const std::optional<std::string> error = recipeError(recipe)) {
        io.err << "fplab-cli quantize: " << *error << "\n";
        return kExitUsage;
    }
    return std::nullopt;
}

struct Tensor {
    std::vector<float> values;
    std::vector<std::size_t> shape; // as read: the .npy shape, or {n} from stdin
};

std::optional<Tensor> readStdin(std::istream& in, std::ostream& err) {
    const std::optional<std::vector<NumberLine>> lines = readNumberLines(in, err, "quantize");
    if (!lines) return std::nullopt;
    Tensor t;
    for (const NumberLine& l : *lines) t.values.push_back(l.value);
    t.shape = {t.values.size()};
    return t;
}

bool isSafetensors(const std::string& path) {
    return path.size() >= 12 && path.compare(path.size() - 12, 12, ".safetensors") == 0;
}

std::optional<Tensor> readSafetensors(const std::string& path, const std::string& name, std::ostream& err) {
    const tensorfiles::MappedFile file = tensorfiles::MappedFile::open(path);
    if (!file.ok()) {
        err << "fplab-cli quantize: " << file.error() << "\n";
        return std::nullopt;
    }
    const tensorfiles::SafetensorsOutcome parsed = tensorfiles::parseSafetensors(file.bytes());
    if (!parsed.header) {
        err << "fplab-cli quantize: " << quoted(path, 200) << ": " << parsed.error << "\n";
        return std::nullopt;
    }
    const tensorfiles::TensorEntry* t = parsed.header->find(name);
    if (t == nullptr) {
        err << "fplab-cli quantize: " << quoted(path, 200) << " has no tensor " << quoted(name, 200)
            << " (fplab-cli inspect lists them)\n";
        return std::nullopt;
    }
    std::optional<std::vector<float>> values = tensorfiles::readAsFloat32(file.bytes(), *t);
    if (!values) {
        err << "fplab-cli quantize: tensor " << quoted(name, 200) << " has the dtype " << t->dtypeText
            << ", which quantize does not read\n";
        return std::nullopt;
    }
    std::vector<std::size_t> shape(t->shape.begin(), t->shape.end());
    return Tensor{std::move(*values), std::move(shape)};
}

std::optional<Tensor> readNpy(const std::string& path, std::ostream& err) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        err << "fplab-cli quantize: cannot open " << quoted(path, 200) << "\n";
        return std::nullopt;
    }
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    NpyOutcome a = parseNpy(bytes);
    if (!a.array) {
        err << "fplab-cli quantize: " << quoted(path, 200) << ": " << a.error << "\n";
        return std::nullopt;
    }
    return Tensor{std::move(a.array->values), std::move(a.array->header.shape)};
}

Shape naturalShape(const std::vector<std::size_t>& dims, std::size_t count) {
    if (dims.size() < 2) return {1, count};
    return {dims.back() == 0 ? 0 : count / dims.back(), dims.back()};
}

std::string number(double v) {
    if (std::isnan(v)) return "nan";
    char buf[40];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string codeText(std::uint8_t code) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", code);
    return buf;
}

std::string scaleBitsText(const Quantized& q, std::size_t block) {
    return hexBits(scaleFormat(q.recipe()), q.scaleBits[block]);
}

void printCsv(std::ostream& out, const Quantized& q, const Report& r, const BlockLayout& layout) {
    out << "index,block,scale,code,dequantized,error\n";
    std::vector<std::string> scales(layout.blockCount());
    for (std::size_t b = 0; b < scales.size(); ++b) scales[b] = number(blockScaleValue(q, b));
    for (std::size_t i = 0; i < q.codes.size(); ++i) {
        const std::size_t b = layout.blockOf(i);
        out << i << ',' << b << ',' << scales[b] << ',' << codeText(q.codes[i]) << ',' << number(r.dequantized[i])
            << ',' << number(r.error[i]) << '\n';
    }
}

void printJson(std::ostream& out, const Quantized& q, const Report& r, const BlockLayout& layout) {
    const SchemeInfo& info = schemeInfo(q.scheme);
    lessons::JsonWriter w(out);
    w.beginObject();
    w.field("scheme", info.name);
    w.key("shape");
    w.beginArray();
    w.value(static_cast<std::int64_t>(q.shape.rows));
    w.value(static_cast<std::int64_t>(q.shape.cols));
    w.endArray();
    w.field("element_format", info.element ? info.element->name() : std::string_view("int8 (1.6 fixed point)"));
    w.field("scale_rule", scaleRuleName(q.rule));
    w.field("blocks", q.grouping == Grouping::Tile16x16 ? std::string_view("16x16") : std::string_view("row"));
    w.field("scale_format", scaleFormat(q.recipe()).name());
    w.field("tensor_scale_bits", hexBits(kFp32, q.tensorScaleBits));
    w.field("tensor_scale", static_cast<double>(std::bit_cast<float>(q.tensorScaleBits)));
    w.key("blocks");
    w.beginArray();
    for (std::size_t b = 0; b < layout.blockCount(); ++b) {
        const BlockReport& br = r.blocks[b];
        w.beginObject();
        w.field("index", static_cast<std::int64_t>(b));
        w.field("scale_bits", scaleBitsText(q, b));
        w.field("scale", blockScaleValue(q, b));
        w.field("elements", static_cast<std::int64_t>(br.count));
        w.field("amax", br.amax);
        w.field("max_abs_error", br.maxAbsError);
        w.field("rms_error", br.count ? std::sqrt(br.sumSquaredError / double(br.count)) : 0.0);
        w.endObject();
    }
    w.endArray();
    w.key("codes");
    w.beginArray();
    for (std::uint8_t c : q.codes) w.value(static_cast<std::int64_t>(c));
    w.endArray();
    w.key("dequantized");
    w.numbers(r.dequantized);
    w.key("error");
    w.numbers(r.error);
    w.key("stats");
    w.beginObject();
    w.field("max_abs_error", r.maxAbsError);
    w.field("rms_error", r.rmsError);
    w.field("saturated", static_cast<std::int64_t>(r.saturated));
    w.field("flushed_to_zero", static_cast<std::int64_t>(r.flushedToZero));
    w.field("nan", static_cast<std::int64_t>(r.nan));
    w.endObject();
    w.endObject();
    out << "\n";
}

constexpr std::size_t kMaxTextElements = 4096;

void printText(std::ostream& out, const Quantized& q, const Report& r, const BlockLayout& layout,
               std::optional<std::uint64_t> hadamardSeed) {
    const SchemeInfo& info = schemeInfo(q.scheme);
    out << info.name << ": " << q.codes.size() << " elements (" << q.shape.rows << "x" << q.shape.cols << "), "
        << layout.blockCount() << " block" << (layout.blockCount() == 1 ? "" : "s")
        << (q.grouping == Grouping::Tile16x16 ? " of 16x16" : "") << ", "
        << (info.element ? info.element->name() : std::string_view("int8")) << " elements, "
        << scaleFormat(q.recipe()).name() << " scales (rule " << scaleRuleName(q.rule) << ")";
    if (hadamardSeed)
        out << ", through the random Hadamard transform (seed " << *hadamardSeed
            << "): codes and scales of the transformed tensor, values and errors after the inverse";
    if (q.scheme == Scheme::Nvfp4)
        out << ", tensor scale " << number(std::bit_cast<float>(q.tensorScaleBits)) << " ("
            << hexBits(kFp32, q.tensorScaleBits) << ")";
    out << "\n\nblock  scale bits  scale                    amax                     max |error|\n";
    for (std::size_t b = 0; b < layout.blockCount(); ++b) {
        char line[160];
        std::snprintf(line, sizeof line, "%-6zu %-11s %-24s %-24s %s\n", b, scaleBitsText(q, b).c_str(),
                      number(blockScaleValue(q, b)).c_str(), number(r.blocks[b].amax).c_str(),
                      number(r.blocks[b].maxAbsError).c_str());
        out << line;
    }
    if (q.codes.size() <= kMaxTextElements) {
        out << "\nindex  block  code  dequantized              error\n";
        for (std::size_t i = 0; i < q.codes.size(); ++i) {
            char line[160];
            std::snprintf(line, sizeof line, "%-6zu %-6zu %-5s %-24s %s\n", i, layout.blockOf(i),
                          codeText(q.codes[i]).c_str(), number(r.dequantized[i]).c_str(), number(r.error[i]).c_str());
            out << line;
        }
    } else {
        out << "\n(" << q.codes.size() << " elements: --csv or --json lists each one)\n";
    }
    // The rms error is a measurement: 6 significant digits (--json keeps every digit). "Rounded to zero", not
    // "flushed": these inputs are below half the smallest element, which is rounding; flush-to-zero is another thing.
    char rms[40];
    std::snprintf(rms, sizeof rms, "%.6g", r.rmsError);
    out << "\nmax |error| " << number(r.maxAbsError) << ", rms error " << rms << ", saturated " << r.saturated
        << ", rounded to zero " << r.flushedToZero;
    if (r.nan != 0) out << ", NaN " << r.nan << " (in blocks whose scale is NaN; left out of the errors)";
    out << "\n";
}

int runQuantize(std::span<const std::string_view> args, CommandIo io) {
    Options o;
    if (const std::optional<int> exit = parseCommandLine(args, io, o)) return *exit;
    if (isSafetensors(o.file) != !o.tensor.empty()) {
        io.err << "fplab-cli quantize: "
               << (o.tensor.empty() ? "a .safetensors file needs --tensor NAME"
                                    : "--tensor goes with a .safetensors file")
               << "\n";
        return kExitUsage;
    }
    std::optional<Tensor> t = o.file.empty()     ? readStdin(io.in, io.err)
                              : o.tensor.empty() ? readNpy(o.file, io.err)
                                                 : readSafetensors(o.file, o.tensor, io.err);
    if (!t) return kExitBadInput;
    if (t->values.empty()) {
        io.err << "fplab-cli quantize: the tensor is empty\n";
        return kExitBadInput;
    }
    Shape shape = naturalShape(t->shape, t->values.size());
    if (o.shape) {
        if (o.shape->size() != t->values.size()) {
            io.err << "fplab-cli quantize: --shape " << o.shape->rows << "x" << o.shape->cols << " holds "
                   << o.shape->size() << " elements, the input has " << t->values.size() << "\n";
            return kExitBadInput;
        }
        shape = *o.shape;
        t->shape = {shape.rows, shape.cols};
    }
    const Recipe recipe = recipeOf(o);
    if (o.hadamardSeed) {
        if (const std::optional<std::string> error = hadamardShapeError(shape)) {
            io.err << "fplab-cli quantize: " << *error << "\n";
            return kExitBadInput;
        }
    }
    if (o.compareRules) {
        printRuleComparison(io.out, recipe.scheme, recipe.grouping, shape, t->values, o.hadamardSeed,
                            compareRules(recipe.scheme, recipe.grouping, t->values, shape, o.hadamardSeed));
        return kExitOk;
    }
    const MeasuredQuantization m = quantizeAndMeasure(recipe, t->values, shape, o.hadamardSeed);
    if (!m.quantized) {
        io.err << "fplab-cli quantize: " << m.error << "\n";
        return kExitBadInput;
    }
    const Quantized& q = *m.quantized;
    const Report& r = m.report;
    const BlockLayout layout(recipe.grouping, shape);
    if (!o.out.empty()) {
        std::vector<float> dequantized(r.dequantized.size());
        for (std::size_t i = 0; i < dequantized.size(); ++i)
            dequantized[i] = std::bit_cast<float>(
                static_cast<std::uint32_t>(convert(kFp64, std::bit_cast<std::uint64_t>(r.dequantized[i]), kFp32).bits));
        const std::vector<std::uint8_t> npy = npyFloat32(dequantized, t->shape);
        const std::string_view bytes(reinterpret_cast<const char*>(npy.data()), npy.size());
        if (const std::optional<std::string> error = platform::writeFileAtomically(o.out, bytes)) {
            io.err << "fplab-cli quantize: cannot write '" << o.out << "': " << *error << "\n";
            return kExitOutput;
        }
    }
    if (o.csv) printCsv(io.out, q, r, layout);
    else if (o.json) printJson(io.out, q, r, layout);
    else printText(io.out, q, r, layout, o.hadamardSeed);
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("quantize", "quantize a tensor with a block-scaled scheme (MX, NVFP4, FP8)", runQuantize,
                  quantizeOptionTables);

} // namespace fplab::cli
