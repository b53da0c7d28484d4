// `fplab-cli mma`: one tensor-core dot product per stdin line through the CPU model of
// core/tensor_core (K a-values, K b-values, then c, in hex), d in hex out; --steps shows each block.
#include "app/cli/block_special_text.h"
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/corner_text.h"
#include "app/cli/option_table.h"
#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/instruction_map.h"
#include "core/tensor_core/mma_config.h"
#include "core/tensor_core/promotion.h"

#include <cstdio>
#include <cstdlib>
#include <istream>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

using namespace fplab::tc;

constexpr std::size_t kMaxK = 1 << 16;

std::string hex(std::uint64_t v, int bits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%0*llx", (bits + 3) / 4, static_cast<unsigned long long>(v));
    return buf;
}

std::string signedHex(std::int64_t v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%s0x%llx", v < 0 ? "-" : "", static_cast<unsigned long long>(v < 0 ? -v : v));
    return buf;
}

// Parses one hex token; on failure says why.
std::optional<std::uint64_t> parseHex(std::string_view t, int bits, std::string& error) {
    std::string_view digits = t;
    if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) digits.remove_prefix(2);
    if (digits.empty() || digits.size() > 16) {
        error = quoted(t) + " is not a hex number of at most 16 digits";
        return std::nullopt;
    }
    std::uint64_t v = 0;
    for (char ch : digits) {
        int d;
        if (ch >= '0' && ch <= '9') d = ch - '0';
        else if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
        else if (ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
        else {
            error = quoted(t) + " is not a hex number";
            return std::nullopt;
        }
        v = v << 4 | std::uint64_t(d);
    }
    if (bits < 64 && (v >> bits) != 0) {
        error = quoted(t) + " is wider than " + std::to_string(bits) + " bits";
        return std::nullopt;
    }
    return v;
}

// Reads one line of at most `limit` characters; returns false at the end of input.
// `tooLong` is set (and the rest of the line skipped) when the line is longer.
bool readLine(std::istream& in, std::string& line, std::size_t limit, bool& tooLong) {
    line.clear();
    tooLong = false;
    std::streambuf* sb = in.rdbuf();
    bool any = false;
    for (;;) {
        const int ch = sb->sbumpc();
        if (ch == std::char_traits<char>::eof()) return any;
        any = true;
        if (ch == '\n') return true;
        if (line.size() >= limit) tooLong = true;
        else line.push_back(char(ch));
    }
}

const char* decisionName(RoundingDecision d) {
    switch (d) {
    case RoundingDecision::Exact: return "exact, nothing discarded";
    case RoundingDecision::Truncated: return "discarded bits dropped";
    case RoundingDecision::Incremented: return "one ulp added";
    case RoundingDecision::JammedToOdd: return "jammed to odd";
    case RoundingDecision::Overflowed: return "overflow";
    case RoundingDecision::FlushedToZero: return "flushed to zero";
    }
    return "?";
}

void printSteps(std::ostream& out, const BlockModel& m, const std::vector<BlockSteps>& blocks, int lineNumber) {
    const int inBits = operandBits(m.config.input), accBits = accumBits(m.config.accum);
    for (std::size_t bi = 0; bi < blocks.size(); ++bi) {
        const BlockSteps& st = blocks[bi];
        int k0 = -1, k1 = -1;
        for (const TermStep& t : st.terms)
            if (t.kind == TermStep::Kind::Product) {
                if (k0 < 0) k0 = t.k;
                k1 = t.k;
            }
        out << "line " << lineNumber << ", block " << (bi + 1) << " of " << blocks.size();
        if (k0 >= 0) out << " (k " << k0 << ".." << k1 << ")";
        out << "\n";
        for (const TermStep& t : st.terms) {
            if (t.kind == TermStep::Kind::Product) {
                out << "  k=" << t.k << "  a " << hex(t.aBits, inBits) << " b " << hex(t.bBits, inBits);
                if (m.config.input == InputType::Tf32)
                    out << " (tf32 " << hex(t.aUnit << 13, 32) << " " << hex(t.bUnit << 13, 32) << ")";
            } else {
                out << "  c    " << hex(t.aBits, accBits);
            }
            if (st.integer) {
                out << "  value " << t.cut << "\n";
                continue;
            }
            if (t.countedInE && st.special == BlockSpecial::None) {
                out << "  zero product: exponent " << t.exponent << " counts in E (counted reading), adds 0\n";
                continue;
            }
            if (st.special != BlockSpecial::None || (t.dropped && t.significand == 0)) {
                if (t.dropped) out << (t.kind == TermStep::Kind::Product ? "  zero product: dropped" : "  zero");
                out << "\n";
                continue;
            }
            out << "  = " << (t.sign ? "-" : "+") << hex(t.significand, 0) << " * 2^(" << t.exponent << "-"
                << t.significandFractionBits << ")  exponent " << t.exponent << "  cut " << signedHex(t.cut);
            if (t.lostBitCount > 0) out << "  lost " << t.lostBitCount << " bits " << hex(t.lostBits, t.lostBitCount);
            out << "\n";
        }
        if (st.special != BlockSpecial::None) {
            out << "  special: " << blockSpecialText(st.special) << "\n  d = " << hex(st.resultBits, accBits) << "\n";
            continue;
        }
        if (st.integer) {
            out << "  S = " << st.sum << " (" << st.eRule << "); " << st.roundingRule;
            if (st.clamped) out << " (clamped)";
            out << "\n  d = " << hex(st.resultBits, accBits) << "\n";
            continue;
        }
        out << "  " << st.eRule << " = " << st.maxExponent << "\n  F = " << st.fractionBits
            << ": every term is cut toward zero to the 2^" << (st.maxExponent - st.fractionBits) << " grid\n";
        out << "  S = " << st.sum << " = " << signedHex(st.sum) << " exactly; value S * 2^"
            << (st.maxExponent - st.fractionBits);
        if (st.sum != 0) out << ", leading bit 2^" << st.normalizedExponent;
        out << "\n  rounding: " << st.roundingRule;
        if (st.sum != 0) {
            out << ": keep " << st.rounding.keptBits << " bits, guard " << st.rounding.guard << " round "
                << st.rounding.round << " sticky " << st.rounding.sticky << ", " << decisionName(st.rounding.decision);
            if (st.overflowToInfinity) out << " -> infinity (the unit overflows to inf whatever the rounding)";
        } else {
            out << ": the sum is zero, d = +0";
        }
        out << "\n  d = " << hex(st.resultBits, accBits);
        if (st.caveat != Caveat::None)
            out << "  (the other reading of the edge case gives " << hex(st.alternativeBits, accBits) << ")";
        out << "\n";
        if (st.addendAfter.present)
            out << "  then c: " << hex(st.addendAfter.blocksResult, accBits) << " + " << hex(st.addendAfter.c, accBits)
                << " by " << st.addendAfter.rule << " = " << hex(st.addendAfter.result, accBits) << "\n";
    }
}

void printInfo(std::ostream& out, const BlockModel& m) {
    out << "model        " << archDescription(m.config.arch) << ", " << apiName(m.instruction) << ", "
        << inputName(m.config.input) << " -> " << accumName(m.config.accum) << "\n";
    if (m.isInteger()) {
        out << "arithmetic   exact products, int32 "
            << (m.config.intOverflow == IntOverflow::Wrap ? "wrap" : "clamp (.satfinite)") << "\n";
    } else {
        if (m.structure.fixed()) {
            out << "instruction  k = " << m.structure.k << ": inputs converted exactly to " << m.unitFormat.name()
                << ", " << m.structure.blocks << " blocks over k runs of " << m.structure.kRun << " (block b: (k / "
                << m.structure.kRun << ") mod " << m.structure.blocks << " = b), chained from +0; then C added by one "
                << m.accumFormat.name() << " addition (" << roundingName(m.structure.addendRounding) << ")\n";
            out << "block size   n = " << m.blockSize << " products\n";
        } else {
            out << "block size   n = " << m.blockSize << " products + C\n";
        }
        out << "alignment    F = " << m.fractionBits << " fraction bits below 2^E, every term cut toward zero\n";
        out << "final round  " << (m.finalRounding == RoundingMode::NearestEven ? "RNE" : "RZ") << " to "
            << m.roundFormat.name() << "\n";
        out << "tiny case    " << tinyModelName(m.config.tinyModel) << " (khattak clamps E >= " << m.khattakMinExponent
            << ")\n";
        const CornerDefaults def = defaultCornerReadings(m.config.arch, m.instruction);
        out << "zero in E    " << zeroProductsText(m.corners.zeroProducts) << "\n             built-in "
            << zeroProductsName(def.readings.zeroProducts) << ", " << readingStatusText(def.zeroProducts) << "\n";
        out << "zero sign    " << zeroSignText(m.corners.zeroSign) << "\n             built-in "
            << zeroSignName(def.readings.zeroSign) << ", " << readingStatusText(def.zeroSign) << "\n";
        if (m.config.input == InputType::Tf32) out << "tf32 input   " << tf32InputName(m.config.tf32Input) << "\n";
    }
    out << "basis        " << m.basis << "\n";
    out << "instructions (blocks x products per block):\n";
    for (const InstructionBlocks& r : instructionsFor(m.config.arch, m.config.input)) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "  %-9s %-9s %d x %-3d ", std::string(apiName(r.api)).c_str(),
                      std::string(r.shape).c_str(), r.blocks, r.blockSize);
        out << buf << r.basis << "\n";
    }
}

struct MmaOptions {
    MmaConfig cfg;
    bool ada = false; // sm_89 asked for: not an architecture of the model
    bool steps = false, info = false, satfinite = false;
    std::optional<long> k, block, promote;
};

OptionSetter setCount(std::string name, std::optional<long>& target) {
    return [name, &target](std::string_view value, std::string& error) {
        const std::string v(value);
        char* end = nullptr;
        const long n = std::strtol(v.c_str(), &end, 10);
        if (v.empty() || *end != '\0' || n < 1 || std::size_t(n) > kMaxK) {
            error = name + " must be a whole number from 1 to " + std::to_string(kMaxK) + ", got " + quoted(v);
            return false;
        }
        target = n;
        return true;
    };
}

OptionTable mmaOptions(MmaOptions& o) {
    OptionTable t;
    t.command = "mma";
    t.trailing = "< lines";
    t.description = "Runs D = sum_k a_k*b_k + c through the CPU model of NVIDIA tensor cores (A100 = sm_80,\n"
                    "H100/H200 = sm_90), bit for bit as docs/tensor-core-model.md describes it.\n"
                    "Each stdin line holds K a-values, K b-values, then c, as hex bits (0x optional) separated by\n"
                    "spaces: a and b in the input type (tf32: the FP32 bits), c in the accumulator type. Each line\n"
                    "prints d in hex; a result that rests on an open question of the model is followed by\n"
                    "'! unmodelled: ...'. Blank lines and lines starting with '#' are skipped.\n";
    t.options = {
        {"--arch", "A", "the architecture: sm_80 (A100) or sm_90 (H100/H200)",
         [&o](std::string_view value, std::string& error) {
             const auto a = parseArch(value);
             o.ada = !a && value == "sm_89";
             if (!a && !o.ada) error = "unknown architecture " + quoted(value) + " (sm_80 or sm_90)";
             if (a) o.cfg.arch = *a;
             return error.empty();
         },
         true},
        {"--in", "T", "the input type: fp16 bf16 tf32 e4m3 e5m2 int8 uint8",
         setNamed(o.cfg.input, parseInputType, "input type", "fp16 bf16 tf32 e4m3 e5m2 int8 uint8"), true},
        {"--acc", "T", "the accumulator type: fp32 fp16 int32",
         setNamed(o.cfg.accum, parseAccumType, "accumulator type", "fp32 fp16 int32"), true},
        {"--instruction", "I",
         "the PTX instruction: mma.sync, wmma or wgmma (sm_90 only). The same types can "
         "mean different arithmetic: on sm_90, FP8 mma.sync runs as two FP16 blocks with C "
         "added in FP32 (measured on an H100), wgmma on the FP8 path (14-bit sum).\n"
         "Default: wgmma for e4m3/e5m2 on sm_90, mma.sync otherwise",
         setNamed(o.cfg.instruction, parseApi, "instruction", "mma.sync wmma wgmma")},
        {"--k", "K",
         "products per line (default: the architecture's block size n, or the\n"
         "instruction's k where its structure is fixed: 32 for sm_90 FP8 mma.sync)",
         setCount("--k", o.k)},
        {"--block", "N",
         "products per block FMA, the instruction's schedule (default n; at most n;\n"
         "not for an instruction whose structure is fixed),\n"
         "e.g. --block 4 for tf32 m16n8k4 on sm_90; K > N chains blocks, lowest k first",
         setCount("--block", o.block)},
        {"--tf32-input", "M",
         "how FP32 bits become TF32: truncate (raw bits, default), rna (__float_to_tf32),\n"
         "rne (cuBLAS)",
         setNamed(o.cfg.tf32Input, parseTf32Input, "TF32 input conversion", "truncate rna rne")},
        {"--tiny", "R", "the all-tiny edge case: mmasim (default) or khattak",
         setNamed(o.cfg.tinyModel, parseTinyModel, "tiny-case model", "mmasim khattak")},
        {"--zero-products", "R",
         "an open corner: which products set the alignment exponent E. dropped: only\n"
         "nonzero products (FP Lab); counted: every product, a zero operand counting as\n"
         "2^-126 (MMA-Sim). Default: the built-in reading of the instruction, FP Lab's\n"
         "and open until a GPU answers (see --info)",
         setNamed(o.cfg.zeroProducts, parseZeroProducts, "zero-product reading", "dropped counted")},
        {"--zero-sign", "R",
         "an open corner: the sign of a nonzero sum that rounds to zero. sum: its own\n"
         "sign, -0 for a negative sum (FP Lab); positive: +0 (MMA-Sim). Default: the\n"
         "built-in reading, FP Lab's and open until a GPU answers",
         setNamed(o.cfg.zeroSign, parseZeroSign, "zero-sign reading", "sum positive")},
        {"--satfinite", "", "int8/uint8: clamp the int32 result instead of wrapping", setFlag(o.satfinite)},
        {"--promote", "N",
         "move the tensor core's partial sum into an FP32 accumulator every N products (a\n"
         "multiple of the instruction's k), as cuBLASLt FP8 does with FAST_ACCUM off: each run\n"
         "of N chains from +0, acc = acc + run in FP32 (RNE), then d = acc + c (default: none)",
         setCount("--promote", o.promote)},
        {"--steps", "", "print every block: terms, exponents, E, cuts, the exact sum, the rounding", setFlag(o.steps)},
        {"--info", "", "print the model's parameters and the instruction-to-block table, read nothing",
         setFlag(o.info)},
    };
    t.notes = "Example: echo '3c00 3c00 4000 0003 0' | fplab-cli mma --arch sm_80 --in fp16 --acc fp32 --k 2\n"
              "prints 0x40000000 (IEEE round-to-nearest would give 0x40000001).\n"
              "echo '38 08 38 02 0' | fplab-cli mma --arch sm_90 --in e4m3 --acc fp32 --k 2 --instruction X\n"
              "prints 0x3f800200 for X = mma.sync and 0x3f800000 for X = wgmma.\n";
    t.positionalHint = "(the values come on stdin)";
    return t;
}

std::vector<OptionTable> mmaOptionTables() {
    static MmaOptions unused;
    return {mmaOptions(unused)};
}

int runMma(std::span<const std::string_view> args, CommandIo io) {
    MmaOptions o;
    if (const std::optional<int> code = parseOptions(mmaOptions(o), args, io)) return *code;
    MmaConfig& cfg = o.cfg;
    if (o.satfinite) cfg.intOverflow = IntOverflow::SatFinite;
    const bool ada = o.ada, steps = o.steps, info = o.info;
    const std::optional<long> k = o.k, block = o.block;
    const int promote = o.promote ? int(*o.promote) : 0;
    auto usageError = [&](const std::string& message) {
        io.err << "fplab-cli mma: " << message << "\n";
        return kExitUsage;
    };
    if (ada && (cfg.input == InputType::E4m3 || cfg.input == InputType::E5m2))
        return usageError(std::string(adaFp8NoData()));
    if (ada) return usageError("sm_89 (Ada) is not modelled: no measured data for it here (sm_80 or sm_90)");
    if (cfg.input != InputType::Tf32 && cfg.tf32Input != Tf32Input::Truncate)
        return usageError("--tf32-input applies to --in tf32 only");
    if (cfg.intOverflow == IntOverflow::SatFinite && cfg.accum != AccumType::Int32)
        return usageError("--satfinite applies to int8/uint8 with --acc int32 only");
    const ModelOrError resolved = resolveModel(cfg);
    if (!resolved.model) return usageError(resolved.message);
    const BlockModel& model = *resolved.model;
    const int maxBlock = model.isInteger() ? 64 : model.blockSize;
    if (block && model.structure.fixed())
        return usageError("--block does not apply to " + std::string(apiName(model.instruction)) + " " +
                          std::string(inputName(cfg.input)) + " on " + std::string(archName(cfg.arch)) +
                          ": its structure is fixed (see --info)");
    if (block && *block > maxBlock)
        return usageError("--block " + std::to_string(*block) + " is larger than the " +
                          std::string(archName(cfg.arch)) + " block of " + std::to_string(maxBlock) + " products");
    if (const std::string why = promotionProblem(model, promote); !why.empty()) return usageError("--promote: " + why);
    if (promote > 0 && steps) return usageError("--steps does not apply with --promote");
    if (info) {
        printInfo(io.out, model);
        if (promote > 0)
            io.out << "promotion    every " << promote << " products: each run chained from +0, added to an FP32 "
                   << "accumulator (RNE); c added last (RNE)\n";
        return kExitOk;
    }
    const std::size_t kk = k ? std::size_t(*k)
                             : std::size_t(model.structure.fixed() ? model.structure.k : model.blockSize);
    const int blockK = block ? int(*block) : 0;
    const int inBits = operandBits(cfg.input), accBits = accumBits(cfg.accum);
    const std::size_t want = 2 * kk + 1;

    std::string line;
    std::vector<std::uint64_t> a(kk), b(kk);
    std::vector<BlockSteps> blockSteps;
    int lineNumber = 0;
    bool tooLong = false;
    auto badLine = [&](const std::string& message) {
        io.out.flush();
        io.err << "fplab-cli mma: line " << lineNumber << ": " << message << "\n";
        return kExitBadInput;
    };
    while (readLine(io.in, line, want * 20 + 256, tooLong)) {
        ++lineNumber;
        if (tooLong) return badLine("line too long for " + std::to_string(want) + " values");
        std::size_t pos = line.find_first_not_of(" \t\r");
        if (pos == std::string::npos || line[pos] == '#') continue;
        std::size_t count = 0;
        std::uint64_t c = 0;
        std::string error;
        while (pos < line.size()) {
            const std::size_t end = std::min(line.find_first_of(" \t\r,", pos), line.size());
            const std::string_view token(line.data() + pos, end - pos);
            pos = line.find_first_not_of(" \t\r,", end);
            if (pos == std::string::npos) pos = line.size();
            if (count >= want) {
                ++count;
                continue;
            }
            const bool isC = count == want - 1;
            const std::optional<std::uint64_t> v = parseHex(token, isC ? accBits : inBits, error);
            if (!v) {
                const std::string what = isC ? std::string("c (") + std::string(accumName(cfg.accum)) + ")"
                                             : std::string(count < kk ? "a" : "b") + "[" +
                                                   std::to_string(count < kk ? count : count - kk) + "] (" +
                                                   std::string(inputName(cfg.input)) + ")";
                return badLine("value " + std::to_string(count + 1) + ", " + what + ": " + error);
            }
            if (isC) c = *v;
            else (count < kk ? a[count] : b[count - kk]) = *v;
            ++count;
        }
        if (count != want)
            return badLine("expected " + std::to_string(want) + " hex values (" + std::to_string(kk) + " a, " +
                           std::to_string(kk) + " b, then c), got " + std::to_string(count));
        const MmaResult r = promote > 0 ? promotedDot(model, a, b, c, promote, blockK)
                                        : chainedDot(model, a, b, c, blockK, steps ? &blockSteps : nullptr);
        if (steps) printSteps(io.out, model, blockSteps, lineNumber);
        io.out << hex(r.bits, accBits);
        if (r.caveat != Caveat::None) io.out << "  ! " << caveatText(r.caveat);
        io.out << "\n";
    }
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("mma", "one tensor-core MMA dot product per stdin line through the CPU model (A100/H100)", runMma,
                  mmaOptionTables);

} // namespace fplab::cli
