// `fplab-cli cast`: numbers cast to FP8 the two ways libraries do it, saturating at the largest finite value
// or not (overflow becomes E4M3's NaN byte or E5M2's infinity), showing which inputs became NaN bytes and
// which were ties; and `fplab-cli bytes`: one byte read as each scale format (E8M0, UE4M3, E4M3).
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/number_lines.h"
#include "app/cli/option_table.h"
#include "core/blockscale/byte_cast.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

using namespace fplab::blockscale;

struct CastOptions {
    Fp8Element element = Fp8Element::E4m3;
    Fp8Overflow overflow = Fp8Overflow::Saturate;
};

OptionTable castOptions(CastOptions& o) {
    OptionTable t;
    t.command = "cast";
    t.trailing = "< numbers";
    t.description = "Casts numbers (from stdin, one per line, rounded to FP32 first) to FP8 with round to nearest\n"
                    "even, and shows each byte, its value, and whether it is a NaN byte or infinity made by an\n"
                    "overflow, a saturated value, or a tie that went to the even neighbour.\n";
    t.options = {
        {"--to", "F", "e4m3 (default) or e5m2", setNamed(o.element, parseFp8Element, "FP8 format", "e4m3|e5m2")},
        {"--overflow", "O",
         "saturate (default: above the largest finite value becomes it, as Transformer Engine casts) "
         "or special (a plain cast: E4M3 overflow becomes the NaN byte 0x7f/0xff, E5M2's infinity)",
         [&o](std::string_view value, std::string& error) {
             if (value == "saturate") o.overflow = Fp8Overflow::Saturate;
             else if (value == "special") o.overflow = Fp8Overflow::Special;
             else error = "--overflow takes saturate or special (got " + quoted(value) + ")";
             return error.empty();
         }},
    };
    t.positionalHint = "(the numbers come on stdin)";
    return t;
}

std::vector<OptionTable> castOptionTables() {
    static CastOptions unused;
    return {castOptions(unused)};
}

std::string number(double v) {
    if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    char buf[40];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string byteText(std::uint8_t b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", b);
    return buf;
}

std::string note(const Fp8Byte& b, float x, Fp8Element e) {
    if (std::isnan(x)) return "NaN in, NaN out";
    if (b.nanByte) return "NaN byte: overflow (E4M3 has no infinity)";
    if (b.infinityByte) return "infinity: overflow";
    if (b.saturated)
        return std::string("saturated to the largest finite value, ") + (e == Fp8Element::E4m3 ? "448" : "57344");
    if (std::isinf(x)) return "infinity in";
    if (b.tie) return "a tie: to the even neighbour";
    return "";
}

int runCast(std::span<const std::string_view> args, CommandIo io) {
    CastOptions o;
    if (const std::optional<int> code = parseOptions(castOptions(o), args, io)) return *code;
    const std::optional<std::vector<NumberLine>> lines = readNumberLines(io.in, io.err, "cast");
    if (!lines) return kExitBadInput;
    const std::string name(fp8ElementName(o.element));
    io.out << name << ", "
           << (o.overflow == Fp8Overflow::Saturate
                   ? "saturating"
                   : "not saturating (overflow to " + std::string(o.element == Fp8Element::E4m3 ? "NaN" : "infinity") +
                         ")")
           << ": " << lines->size() << " value" << (lines->size() == 1 ? "" : "s") << "\n\n";
    char row[200];
    std::snprintf(row, sizeof row, "%-6s %-16s %-5s %-10s %s\n", "index", "input", "byte", "value", "note");
    io.out << row;
    std::size_t specials = 0, saturated = 0, ties = 0;
    for (std::size_t i = 0; i < lines->size(); ++i) {
        const NumberLine& in = (*lines)[i];
        const Fp8Byte b = castFp32ToFp8(std::bit_cast<std::uint32_t>(in.value), o.element, o.overflow);
        specials += b.nanByte || b.infinityByte;
        saturated += b.saturated;
        ties += b.tie;
        const std::string n = note(b, in.value, o.element);
        std::snprintf(row, sizeof row, "%-6zu %-16s %-5s %-10s %s", i, in.text.c_str(), byteText(b.byte).c_str(),
                      number(b.value).c_str(), n.c_str());
        std::string text(row);
        text.erase(text.find_last_not_of(' ') + 1);
        io.out << text << "\n";
    }
    io.out << "\n"
           << (o.element == Fp8Element::E4m3 ? "NaN bytes" : "infinities") << " from finite inputs: " << specials
           << ", saturated: " << saturated << ", ties: " << ties << "\n";
    return kExitOk;
}

struct BytesOptions {
    std::vector<std::uint8_t> bytes;
};

OptionTable bytesOptions(BytesOptions& o) {
    OptionTable t;
    t.command = "bytes";
    t.operands = "BYTE...";
    t.description = "Reads each byte (0x00 to 0xff, or 0 to 255) as the three block-scale formats: E8M0 (MX:\n"
                    "2^(byte - 127), 0xff NaN), UE4M3 (NVFP4: E4M3 with the sign bit 0) and E4M3, so a scale\n"
                    "written in one format and read in another shows what it becomes.\n";
    t.positional = [&o](std::string_view word, std::string& error) {
        unsigned value = 0;
        const bool hex = word.size() > 2 && word[0] == '0' && (word[1] == 'x' || word[1] == 'X');
        const std::string_view digits = hex ? word.substr(2) : word;
        const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, hex ? 16 : 10);
        if (ec != std::errc() || ptr != digits.data() + digits.size() || value > 255 || digits.empty())
            error = "a byte is 0x00 to 0xff or 0 to 255 (got " + quoted(word) + ")";
        else o.bytes.push_back(static_cast<std::uint8_t>(value));
        return error.empty();
    };
    return t;
}

std::vector<OptionTable> bytesOptionTables() {
    static BytesOptions unused;
    return {bytesOptions(unused)};
}

std::string readingText(const ByteReading& r) {
    if (!r.valid) return "not ue4m3 (sign bit)";
    if (r.value != 0 && (std::fabs(r.value) < 1e-4 || std::fabs(r.value) >= 1e6)) {
        const int e = std::ilogb(r.value);
        if (std::ldexp(1.0, e) == std::fabs(r.value))
            return std::string(r.value < 0 ? "-" : "") + "2^" + std::to_string(e);
    }
    return number(r.value);
}

int runBytes(std::span<const std::string_view> args, CommandIo io) {
    BytesOptions o;
    if (const std::optional<int> code = parseOptions(bytesOptions(o), args, io)) return *code;
    if (o.bytes.empty()) {
        io.err << "fplab-cli bytes: give one or more bytes, e.g. fplab-cli bytes 0x7f 0x7e\n";
        return kExitUsage;
    }
    char row[160];
    std::snprintf(row, sizeof row, "%-6s %-22s %-22s %s\n", "byte", "as e8m0", "as ue4m3", "as e4m3");
    io.out << row;
    for (const std::uint8_t b : o.bytes) {
        std::string cells[3];
        for (std::size_t k = 0; k < 3; ++k) cells[k] = readingText(readScaleByte(b, kScaleByteFormats[k]));
        std::snprintf(row, sizeof row, "%-6s %-22s %-22s %s\n", byteText(b).c_str(), cells[0].c_str(), cells[1].c_str(),
                      cells[2].c_str());
        io.out << row;
    }
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("cast", "cast numbers to FP8, saturating or not: NaN bytes, saturation and ties shown", runCast,
                  castOptionTables);
FPLAB_CLI_COMMAND("bytes", "read bytes as each block-scale format: E8M0, UE4M3 and E4M3", runBytes, bytesOptionTables);

} // namespace fplab::cli
