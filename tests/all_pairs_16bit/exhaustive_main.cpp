// fplab-exhaustive: every one of the 2^32 operand pairs of FP16 and BF16 add and mul, checked bit
// for bit (result and flags) against the host FPU (tests/all_pairs_16bit/host_oracle.h). Long-running:
// not part of CI. Usage: fplab-exhaustive --help.
#include "core/arithmetic.h"
#include "core/fast.h"
#include "tests/all_pairs_16bit/host_oracle.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

using namespace fplab;
using exhaustive::HostMode;
using exhaustive::HostOp;
using exhaustive::HostOracle;
using exhaustive::HostResult;
using exhaustive::Target;

struct Options {
    std::vector<Target> targets{Target::Fp16, Target::Bf16};
    std::vector<HostOp> ops{HostOp::Add, HostOp::Mul};
    std::vector<HostMode> modes{HostMode::NearestEven};
    unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    std::uint32_t aBegin = 0, aEnd = 0x10000; // the first operands checked; every second operand is
    bool fastPath = false;                    // fplab::fast::op<F> instead of fplab::op(F, ...)
    int maxReport = 10;
    bool injectFault = false;
};

const char* targetName(Target t) { return t == Target::Fp16 ? "fp16" : "bf16"; }
const char* opName(HostOp op) { return op == HostOp::Add ? "add" : "mul"; }
const char* modeName(HostMode m) {
    switch (m) {
    case HostMode::NearestEven: return "rne";
    case HostMode::TowardZero: return "rtz";
    case HostMode::TowardPositive: return "rup";
    case HostMode::TowardNegative: return "rdn";
    }
    return "?";
}
RoundingMode toRounding(HostMode m) {
    switch (m) {
    case HostMode::NearestEven: return RoundingMode::NearestEven;
    case HostMode::TowardZero: return RoundingMode::TowardZero;
    case HostMode::TowardPositive: return RoundingMode::TowardPositive;
    case HostMode::TowardNegative: return RoundingMode::TowardNegative;
    }
    return RoundingMode::NearestEven;
}

// "vzoux" letters, written here rather than borrowed from core/.
std::string letters(std::uint8_t flags) {
    std::string s;
    const char* names = "vzoux";
    for (int i = 0; i < 5; ++i)
        if (flags & (1 << i)) s += names[i];
    return s.empty() ? "-" : s;
}

void printUsage() {
    std::printf("usage: fplab-exhaustive [options]\n"
                "Checks all 2^32 operand pairs of FP16/BF16 add and mul against the host FPU (F16C for FP16).\n"
                "  --formats fp16,bf16     formats to check (default both)\n"
                "  --ops add,mul           operations (default both)\n"
                "  --modes rne,rtz,rup,rdn rounding modes, or 'all' (default rne)\n"
                "  --threads N             worker threads (default: all cores)\n"
                "  --a-range BEGIN:END     only first operands in [BEGIN, END), hex or decimal (default 0:0x10000)\n"
                "  --fast                  check fplab::fast::op<F> instead of the runtime API fplab::op(F, ...)\n"
                "  --max-report N          mismatches printed per combination (default 10)\n"
                "  --inject-fault          corrupt one expected result on purpose: the run must report 1 mismatch\n"
                "Exit status 0 when every case matches, 1 on a mismatch or an oracle hazard, 2 on bad usage.\n");
}

std::vector<std::string_view> splitList(std::string_view s) {
    std::vector<std::string_view> out;
    while (!s.empty()) {
        const auto comma = s.find(',');
        out.push_back(s.substr(0, comma));
        if (comma == std::string_view::npos) break;
        s.remove_prefix(comma + 1);
    }
    return out;
}

std::optional<std::uint32_t> parseNumber(std::string_view s) {
    if (s.empty()) return std::nullopt;
    const std::string text(s);
    char* end = nullptr;
    const unsigned long v = std::strtoul(text.c_str(), &end, 0);
    if (*end != '\0' || v > 0x10000) return std::nullopt;
    return std::uint32_t(v);
}

// Returns an error message, or an empty string when the options are valid.
std::string parseOptions(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        auto value = [&]() -> std::optional<std::string_view> {
            if (i + 1 >= argc) return std::nullopt;
            return std::string_view(argv[++i]);
        };
        if (arg == "--help" || arg == "-h") {
            printUsage();
            std::exit(0);
        } else if (arg == "--formats") {
            const auto v = value();
            if (!v) return "--formats needs a value";
            o.targets.clear();
            for (auto name : splitList(*v)) {
                if (name == "fp16") o.targets.push_back(Target::Fp16);
                else if (name == "bf16") o.targets.push_back(Target::Bf16);
                else return "unknown format '" + std::string(name) + "' (fp16 or bf16)";
            }
        } else if (arg == "--ops") {
            const auto v = value();
            if (!v) return "--ops needs a value";
            o.ops.clear();
            for (auto name : splitList(*v)) {
                if (name == "add") o.ops.push_back(HostOp::Add);
                else if (name == "mul") o.ops.push_back(HostOp::Mul);
                else return "unknown operation '" + std::string(name) + "' (add or mul)";
            }
        } else if (arg == "--modes") {
            const auto v = value();
            if (!v) return "--modes needs a value";
            o.modes.clear();
            for (auto name : splitList(*v)) {
                if (name == "all") {
                    o.modes = {HostMode::NearestEven, HostMode::TowardZero, HostMode::TowardPositive,
                               HostMode::TowardNegative};
                } else if (name == "rne") o.modes.push_back(HostMode::NearestEven);
                else if (name == "rtz") o.modes.push_back(HostMode::TowardZero);
                else if (name == "rup") o.modes.push_back(HostMode::TowardPositive);
                else if (name == "rdn") o.modes.push_back(HostMode::TowardNegative);
                else return "unknown rounding mode '" + std::string(name) + "' (rne, rtz, rup, rdn or all)";
            }
        } else if (arg == "--threads") {
            const auto v = value();
            const auto n = v ? parseNumber(*v) : std::nullopt;
            if (!n || *n == 0 || *n > 256) return "--threads needs a number from 1 to 256";
            o.threads = *n;
        } else if (arg == "--a-range") {
            const auto v = value();
            if (!v) return "--a-range needs BEGIN:END";
            const auto colon = v->find(':');
            const auto b = colon == std::string_view::npos ? std::nullopt : parseNumber(v->substr(0, colon));
            const auto e = colon == std::string_view::npos ? std::nullopt : parseNumber(v->substr(colon + 1));
            if (!b || !e || *b >= *e) return "--a-range needs BEGIN:END with 0 <= BEGIN < END <= 0x10000";
            o.aBegin = *b;
            o.aEnd = *e;
        } else if (arg == "--fast") {
            o.fastPath = true;
        } else if (arg == "--max-report") {
            const auto v = value();
            const auto n = v ? parseNumber(*v) : std::nullopt;
            if (!n) return "--max-report needs a number";
            o.maxReport = int(*n);
        } else if (arg == "--inject-fault") {
            o.injectFault = true;
        } else {
            return "unknown option '" + std::string(arg) + "' (see --help)";
        }
    }
    if (o.targets.empty() || o.ops.empty() || o.modes.empty()) return "nothing to check";
    return {};
}

// The library under test, through the runtime API or the compile-time one.
Result underTest(Target t, HostOp op, bool fastPath, std::uint64_t a, std::uint64_t b, const Env& env) {
    if (!fastPath) {
        const Format& f = t == Target::Fp16 ? kFp16 : kBf16;
        return op == HostOp::Add ? add(f, a, b, env) : mul(f, a, b, env);
    }
    if (t == Target::Fp16) return op == HostOp::Add ? fast::add<kFp16>(a, b, env) : fast::mul<kFp16>(a, b, env);
    return op == HostOp::Add ? fast::add<kBf16>(a, b, env) : fast::mul<kBf16>(a, b, env);
}

struct Tally {
    std::uint64_t cases = 0;
    std::uint64_t mismatches = 0;
    std::uint64_t flagOnlyMismatches = 0;
    std::uint64_t hazards = 0;
};

// Checks one combination over all first operands in [aBegin, aEnd) and every second operand.
Tally checkCombination(const Options& o, Target target, HostOp op, HostMode mode) {
    const HostOracle oracle(target);
    Env env;
    env.rounding = toRounding(mode);
    std::atomic<std::uint32_t> nextA{o.aBegin};
    std::atomic<std::uint32_t> rowsDone{0};
    std::mutex reportMutex;
    std::vector<std::string> reports;
    Tally total;
    const std::uint32_t faultA = o.aBegin, faultB = 0x3C00;

    auto worker = [&] {
        Tally t;
        for (std::uint32_t a = nextA++; a < o.aEnd; a = nextA++) {
            for (std::uint32_t b = 0; b < 0x10000; ++b) {
                HostResult expected = oracle.compute(op, std::uint16_t(a), std::uint16_t(b), mode);
                if (o.injectFault && a == faultA && b == faultB) expected.bits ^= 1;
                const Result got = underTest(target, op, o.fastPath, a, b, env);
                ++t.cases;
                if (expected.doubleRoundingHazard) ++t.hazards;
                if (got.bits == expected.bits && got.flags == expected.flags) [[likely]]
                    continue;
                ++t.mismatches;
                if (got.bits == expected.bits) ++t.flagOnlyMismatches;
                std::lock_guard lock(reportMutex);
                if (int(reports.size()) < o.maxReport) {
                    char line[200];
                    std::snprintf(
                        line, sizeof line, "  MISMATCH %s %s %s a=0x%04x b=0x%04x: fplab 0x%04llx %s, host 0x%04x %s",
                        targetName(target), opName(op), modeName(mode), a, b, static_cast<unsigned long long>(got.bits),
                        letters(got.flags).c_str(), expected.bits, letters(expected.flags).c_str());
                    reports.push_back(line);
                }
            }
            ++rowsDone;
        }
        std::lock_guard lock(reportMutex);
        total.cases += t.cases;
        total.mismatches += t.mismatches;
        total.flagOnlyMismatches += t.flagOnlyMismatches;
        total.hazards += t.hazards;
    };

    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (unsigned i = 0; i < o.threads; ++i) pool.emplace_back(worker);
    const std::uint32_t rows = o.aEnd - o.aBegin;
    auto lastPrint = start;
    while (rowsDone.load() < rows) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        const auto now = std::chrono::steady_clock::now();
        if (now - lastPrint >= std::chrono::seconds(10)) {
            lastPrint = now;
            const double s = std::chrono::duration<double>(now - start).count();
            const std::uint32_t done = rowsDone.load();
            std::printf("  %s %s %s: %5.1f%% (%u of %u rows of 65536), %.0f s\n", targetName(target), opName(op),
                        modeName(mode), 100.0 * done / rows, done, rows, s);
            std::fflush(stdout);
        }
    }
    for (auto& th : pool) th.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const auto& line : reports) std::printf("%s\n", line.c_str());
    std::printf("%s %s %s: %llu cases, %llu mismatches (%llu in flags only), %llu double-rounding hazards, %.1f s\n",
                targetName(target), opName(op), modeName(mode), static_cast<unsigned long long>(total.cases),
                static_cast<unsigned long long>(total.mismatches),
                static_cast<unsigned long long>(total.flagOnlyMismatches),
                static_cast<unsigned long long>(total.hazards), seconds);
    std::fflush(stdout);
    return total;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    if (const std::string error = parseOptions(argc, argv, o); !error.empty()) {
        std::fprintf(stderr, "fplab-exhaustive: %s\n", error.c_str());
        return 2;
    }
    if (!exhaustive::hostOracleAvailable()) {
        std::fprintf(stderr, "fplab-exhaustive: the oracle needs an x86-64 CPU with AVX and F16C; this one has none\n");
        return 2;
    }
    std::printf("fplab-exhaustive: %s path, %u threads, first operands 0x%04x..0x%04x, all 65536 second operands\n",
                o.fastPath ? "fplab::fast" : "runtime API", o.threads, o.aBegin, o.aEnd - 1);
    Tally all;
    const auto start = std::chrono::steady_clock::now();
    for (Target t : o.targets)
        for (HostOp op : o.ops)
            for (HostMode m : o.modes) {
                const Tally r = checkCombination(o, t, op, m);
                all.cases += r.cases;
                all.mismatches += r.mismatches;
                all.hazards += r.hazards;
            }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("SUMMARY: %llu cases, %llu mismatches, %llu double-rounding hazards, %.1f s\n",
                static_cast<unsigned long long>(all.cases), static_cast<unsigned long long>(all.mismatches),
                static_cast<unsigned long long>(all.hazards), seconds);
    return all.mismatches == 0 && all.hazards == 0 ? 0 : 1;
}
