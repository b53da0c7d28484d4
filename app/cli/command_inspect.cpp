// `fplab-cli inspect FILE.safetensors`: every tensor of a safetensors file with its dtype, shape, largest
// magnitude and how many elements are NaN (FP8: NaN bytes), infinite, subnormal or zero in its own dtype.
#include "app/cli/command.h"
#include "app/cli/exit_codes.h"
#include "app/cli/option_table.h"
#include "core/blockscale/npy.h"
#include "app/tensor_files/mapped_file.h"
#include "app/tensor_files/safetensors.h"
#include "app/tensor_files/tensor_census.h"

#include <charconv>
#include <cmath>
#include <ostream>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

using namespace fplab::tensorfiles;

struct InspectOptions {
    std::string file;
};

OptionTable inspectOptions(InspectOptions& o) {
    OptionTable t;
    t.command = "inspect";
    t.operands = "FILE.safetensors | FILE.npy";
    t.description = "Lists the tensors of a safetensors file: dtype, shape, element count, the largest magnitude,\n"
                    "and the NaN, infinite, subnormal and zero elements counted in the tensor's own dtype (for\n"
                    "F8_E4M3 and F8_E5M2 the NaN column counts NaN bytes). The header is checked against the file\n"
                    "(offsets, sizes, gaps); the file is memory-mapped. Dtypes read: F64 F32 F16 BF16 F8_E4M3\n"
                    "F8_E5M2 I8 U8; the others are listed without counts. A .npy file (float32, float16 or\n"
                    "bfloat16, as quantize reads it) is one tensor, named '-'.\n";
    t.positional = [&o](std::string_view word, std::string& error) {
        if (!o.file.empty()) error = "one file only (got " + quoted(word) + " too)";
        else o.file = std::string(word);
        return error.empty();
    };
    return t;
}

std::vector<OptionTable> inspectOptionTables() {
    static InspectOptions unused;
    return {inspectOptions(unused)};
}

std::string number(double v) {
    if (std::isinf(v)) return "inf";
    char buf[40];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string shapeText(const std::vector<std::uint64_t>& shape) {
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

// Columns at least as wide as their widest cell, two spaces apart, no trailing spaces.
void printTable(std::ostream& out, const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) {
            if (widths.size() <= c) widths.push_back(0);
            widths[c] = std::max(widths[c], row[c].size());
        }
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            line += row[c];
            if (c + 1 < row.size()) line.append(widths[c] - row[c].size() + 2, ' ');
        }
        out << line << "\n";
    }
}

std::vector<std::string> censusCells(const TensorCensus& c) {
    return {number(c.amax), std::to_string(c.nan), std::to_string(c.infinite), std::to_string(c.subnormal),
            std::to_string(c.zero)};
}

const std::vector<std::string> kHeader = {"name", "dtype", "shape",     "elements", "amax",
                                          "NaN",  "inf",   "subnormal", "zero"};

int inspectNpy(const std::string& path, std::span<const std::uint8_t> bytes, CommandIo io) {
    const blockscale::NpyOutcome a = blockscale::parseNpy(bytes);
    if (!a.array) {
        io.err << "fplab-cli inspect: " << quoted(path, 200) << ": " << a.error << "\n";
        return kExitBadInput;
    }
    const blockscale::NpyHeader& h = a.array->header;
    const Format& own = h.type == blockscale::NpyType::Float16    ? kFp16
                        : h.type == blockscale::NpyType::Bfloat16 ? kBf16
                                                                  : kFp32;
    io.out << path << ": one array (.npy)\n\n";
    std::vector<std::string> row = {"-", h.descr, shapeText({h.shape.begin(), h.shape.end()}),
                                    std::to_string(a.array->values.size())};
    for (std::string& cell : censusCells(censusOfValues(a.array->values, own))) row.push_back(std::move(cell));
    printTable(io.out, {kHeader, row});
    return kExitOk;
}

int runInspect(std::span<const std::string_view> args, CommandIo io) {
    InspectOptions o;
    if (const std::optional<int> code = parseOptions(inspectOptions(o), args, io)) return *code;
    if (o.file.empty()) {
        io.err << "fplab-cli inspect: give a .safetensors or .npy file\n";
        return kExitUsage;
    }
    const MappedFile file = MappedFile::open(o.file);
    if (!file.ok()) {
        io.err << "fplab-cli inspect: " << file.error() << "\n";
        return kExitBadInput;
    }
    const bool npy = o.file.size() >= 4 && o.file.compare(o.file.size() - 4, 4, ".npy") == 0;
    if (npy) return inspectNpy(o.file, file.bytes(), io);
    const SafetensorsOutcome parsed = parseSafetensors(file.bytes());
    if (!parsed.header) {
        io.err << "fplab-cli inspect: " << quoted(o.file, 200) << ": " << parsed.error << "\n";
        return kExitBadInput;
    }
    const SafetensorsHeader& h = *parsed.header;
    io.out << o.file << ": " << h.tensors.size() << " tensor" << (h.tensors.size() == 1 ? "" : "s") << ", "
           << file.bytes().size() - h.dataStart << " bytes of data\n\n";
    std::vector<std::vector<std::string>> rows = {kHeader};
    for (const TensorEntry& t : h.tensors) {
        std::vector<std::string> row = {t.name, t.dtypeText, shapeText(t.shape), std::to_string(t.elements)};
        if (t.dtype == Dtype::Unsupported) {
            row.push_back("(not read)");
        } else {
            for (std::string& cell : censusCells(censusOf(file.bytes(), t))) row.push_back(std::move(cell));
        }
        rows.push_back(std::move(row));
    }
    printTable(io.out, rows);
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("inspect", "list the tensors of a safetensors file: dtype, shape, amax, NaN/inf/subnormal/zero",
                  runInspect, inspectOptionTables);

} // namespace fplab::cli
