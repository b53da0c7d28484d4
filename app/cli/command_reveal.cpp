// `fplab-cli reveal`: the order in which a black box sums its terms (core/reveal), from a built-in
// target or any program (--exec), as a tree in bracket form, checked on random inputs.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/exec_summation_target.h"
#include "app/cli/exit_codes.h"
#include "app/cli/option_table.h"
#include "app/summation_targets/summation_targets.h"
#include "core/format_names.h"
#include "core/reveal/revealer.h"
#include "core/reveal/validation.h"
#include "core/text/print.h"
#include "lessons/json_writer.h"

#include <memory>
#include <ostream>
#include <string>

namespace fplab::cli {
namespace {

struct RevealCommandOptions {
    std::string exec;
    std::string target;
    long long terms = 0;
    std::optional<Format> type;
    std::optional<Format> accumulator;
    long long trials = 100;
    long long seed = 1;
    double timeout = 10;
    bool hex = false;
    bool json = false;
    bool listProbes = false;
};

OptionSetter setCount(std::string name, long long& target, long long lowest, long long highest) {
    return [name, &target, lowest, highest](std::string_view value, std::string& error) {
        const auto x = wholeNumber(value);
        if (!x || *x < lowest || *x > highest) {
            error = name + " takes a whole number from " + std::to_string(lowest) + " to " + std::to_string(highest) +
                    " (got " + quoted(value) + ")";
            return false;
        }
        target = *x;
        return true;
    };
}

OptionSetter setOptionalFormat(std::optional<Format>& target) {
    return [&target](std::string_view value, std::string& error) {
        Format f;
        if (!setFormat(f)(value, error)) return false;
        target = f;
        return true;
    };
}

OptionTable revealOptions(RevealCommandOptions& o) {
    OptionTable t;
    t.command = "reveal";
    t.description =
        "Reveals the order in which a sum of N terms is computed, by probing it with a large value M at one\n"
        "position, -M at another and a small unit elsewhere: the units that survive count the terms added\n"
        "outside the node joining the two positions (FPRev, Xie et al., USENIX ATC 2025). Prints the tree in\n"
        "bracket form over 0-based term indices, e.g. ((0 1) (2 3)); a bracket of more than two items is one\n"
        "fused addition. Then sums random inputs with the target and in the revealed order and compares the bits.\n"
        "\n"
        "--exec CMD runs CMD under /bin/sh once (again only if it exits): it reads lines of N numbers separated\n"
        "by spaces (exact decimals, or hex-floats with --hex) and prints one line per input line, their sum.\n";
    t.options = {
        {"--exec", "CMD", "a program that sums each line it reads", setText(o.exec)},
        {"--target", "NAME", "a built-in target: " + std::string(summation_targets::targetNamesText()),
         setText(o.target)},
        {"--n", "N", "the number of terms", setCount("--n", o.terms, 1, 1 << 24), true},
        {"--type", "T", "fp32 (default), fp64, fp16 or bf16: the terms' and the result's format",
         setOptionalFormat(o.type)},
        {"--json", "", "one JSON object: n, type, target, tree, probes, validated, trials", setFlag(o.json)},
        {"--trials", "T", "random inputs the revealed order is checked with (default 100; 0 skips the check)",
         setCount("--trials", o.trials, 0, 1'000'000)},
        {"--accumulator", "F", "the format the check adds in, when the target keeps a wider sum than it returns",
         setOptionalFormat(o.accumulator)},
        {"--seed", "S", "seed of the pivots and the random inputs (default 1)",
         setCount("--seed", o.seed, 0, 1LL << 62)},
        {"--timeout", "SEC", "--exec: seconds one answer may take (default 10)",
         [&o](std::string_view value, std::string& error) {
             const auto x = wholeNumber(value);
             if (!x || *x < 1 || *x > 3600) {
                 error = "--timeout takes whole seconds from 1 to 3600 (got " + quoted(value) + ")";
                 return false;
             }
             o.timeout = double(*x);
             return true;
         }},
        {"--hex", "", "--exec: write the inputs as hex-floats (0x1p+127) instead of exact decimals", setFlag(o.hex)},
        {"--probes", "", "print every probe: where M and -M were and how many terms joined there",
         setFlag(o.listProbes)},
    };
    t.notes = "Terms: fp32 up to 2^24, fp64 up to 2^30, fp16 up to 2048, bf16 up to 256 (the count of units must stay\n"
              "exact). Exit codes: 0 revealed and checked, 1 the target failed or answered with no count, 2 bad\n"
              "command line, 4 a GPU target without a usable GPU, 5 the revealed order does not reproduce the\n"
              "target's bits.\n";
    return t;
}

std::vector<OptionTable> revealOptionTables() {
    static RevealCommandOptions unused;
    return {revealOptions(unused)};
}

void printText(std::ostream& out, const std::string& name, const Format& type, const reveal::RevealResult& r,
               const RevealCommandOptions& o, const std::optional<reveal::ValidationReport>& check,
               const Format& result, const std::optional<Format>& widened) {
    out << "target     " << name << ", " << o.terms << " " << type.name() << " terms\n";
    if (o.listProbes)
        for (std::size_t k = 0; k < r.probeLog.size(); ++k) {
            const reveal::Probe& p = r.probeLog[k];
            const long long left = o.terms - p.joined;
            out << "probe " << k + 1 << "    M at " << p.positive << ", -M at " << p.negative << ": " << left
                << (left == 1 ? " unit" : " units") << " left, " << p.joined << " terms join there\n";
        }
    out << "probes     " << r.probes << "\n";
    out << "tree       " << reveal::bracketText(r.tree) << "\n";
    if (!check) {
        out << "validated  not checked (--trials 0)\n";
    } else if (check->allAgreed()) {
        out << "validated  " << check->trials << " random inputs give the same bits in this order";
        if (widened) out << ", adding in " << widened->name() << " (the target keeps a wider sum than it returns)";
        out << "\n";
    } else {
        out << "validated  NO: trial " << *check->firstDifference << " gives " << hexBits(result, check->targetResult)
            << " from the target and " << hexBits(result, check->replayResult) << " in the revealed order\n";
    }
}

void printJson(std::ostream& out, const std::string& name, const Format& type, const reveal::RevealResult& r,
               const RevealCommandOptions& o, const std::optional<reveal::ValidationReport>& check,
               const std::optional<Format>& widened) {
    lessons::JsonWriter json(out);
    json.beginObject();
    json.key("n");
    json.value(std::int64_t(o.terms));
    json.key("type");
    json.value(type.name());
    json.key("target");
    json.value(name);
    json.key("tree");
    json.value(reveal::bracketText(r.tree));
    json.key("probes");
    json.value(std::int64_t(r.probes));
    json.key("validated");
    json.value(check && check->allAgreed());
    json.key("trials");
    json.value(check ? check->trials : 0);
    if (widened) {
        json.key("accumulator");
        json.value(widened->name());
    }
    json.endObject();
    out << "\n";
}

int runReveal(std::span<const std::string_view> args, CommandIo io) {
    RevealCommandOptions o;
    if (const std::optional<int> code = parseOptions(revealOptions(o), args, io)) return *code;
    const auto fail = [&](int code, const std::string& message) {
        io.err << "fplab-cli reveal: " << message << "\n";
        return code;
    };
    if (o.exec.empty() == o.target.empty()) return fail(kExitUsage, "give exactly one of --exec CMD and --target NAME");
    std::unique_ptr<reveal::SummationTarget> target;
    std::string name;
    ExecSummationTarget* program = nullptr;
    try {
        if (!o.exec.empty()) {
            const Format type = o.type.value_or(kFp32);
            auto exec = std::make_unique<ExecSummationTarget>(o.exec, type, o.timeout, o.hex);
            program = exec.get();
            target = std::move(exec);
            name = o.exec;
        } else {
            const auto found = summation_targets::parseTarget(o.target);
            if (!found)
                return fail(kExitUsage, "unknown target " + quoted(o.target) + " (" +
                                            std::string(summation_targets::targetNamesText()) + ")");
            target = summation_targets::makeTarget(*found, int(o.terms), o.type);
            name = o.target;
        }
    } catch (const std::invalid_argument& e) {
        return fail(kExitUsage, e.what());
    } catch (const summation_targets::NoGpuForTarget& e) {
        return fail(kExitNoGpu, e.what());
    }
    const Format type = target->termFormat();
    reveal::RevealOptions options;
    options.terms = int(o.terms);
    options.seed = std::uint64_t(o.seed);
    options.keepProbes = o.listProbes;
    try {
        const reveal::RevealResult r = reveal::revealOrder(*target, options);
        std::optional<reveal::ValidationReport> check;
        std::optional<Format> widened;
        if (o.trials > 0) {
            reveal::ReplayRules rules = reveal::replayRulesFor(*target);
            if (o.accumulator) rules.accumulator = *o.accumulator;
            check = reveal::validateOrder(*target, r.tree, rules, int(o.trials), std::uint64_t(o.seed));
            // A target may keep a wider sum than it returns (OpenBLAS's sdot adds short vectors in double,
            // a script in double): the same order, replayed in FP64, tells the two apart.
            if (!check->allAgreed() && !o.accumulator && rules.accumulator.precision() < kFp64.precision()) {
                rules.accumulator = kFp64;
                auto wide = reveal::validateOrder(*target, r.tree, rules, int(o.trials), std::uint64_t(o.seed));
                if (wide.allAgreed()) {
                    check = std::move(wide);
                    widened = kFp64;
                }
            }
        }
        if (program) program->finish();
        if (o.json) printJson(io.out, name, type, r, o, check, widened);
        else printText(io.out, name, type, r, o, check, target->resultFormat(), widened);
        return check && !check->allAgreed() ? kExitMismatch : kExitOk;
    } catch (const std::invalid_argument& e) {
        return fail(kExitUsage, e.what());
    } catch (const reveal::TargetError& e) {
        return fail(kExitBadInput, e.what());
    } catch (const reveal::RevealError& e) {
        // A program that printed more lines than it read explains odd counts better than the counts do.
        try {
            if (program) program->finish();
        } catch (const reveal::TargetError& lines) {
            return fail(kExitBadInput, lines.what());
        }
        return fail(kExitBadInput, e.what());
    }
}

} // namespace

FPLAB_CLI_COMMAND("reveal", "the order in which a program or library sums its terms, as a tree", runReveal,
                  revealOptionTables);

} // namespace fplab::cli
