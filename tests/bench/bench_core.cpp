// Throughput of the soft-float core: add, mul, fma, div, sqrt and convert per format,
// through the compile-time path (fplab::fast) and the runtime-dispatched API, on random operand arrays.
#include "core/arithmetic.h"
#include "core/fast.h"
#include "core/random.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace fplab;

constexpr std::size_t kOperandCount = 1 << 16; // 1.5 MiB of operands: too many outcomes for a branch predictor to learn

enum class Op { Add, Mul, Fma, Div, Sqrt, Convert };
enum class Mix { Normal, Hard };

const char* opName(Op op) {
    switch (op) {
    case Op::Add: return "add";
    case Op::Mul: return "mul";
    case Op::Fma: return "fma";
    case Op::Div: return "div";
    case Op::Sqrt: return "sqrt";
    case Op::Convert: return "convert";
    }
    return "?";
}

// The format a benchmark converts from: FP32 (the usual quantisation direction), FP64 for FP32 itself.
const Format& convertSource(const Format& to) { return to.id == FormatId::Fp32 ? kFp64 : kFp32; }

std::uint64_t encode(const Format& f, bool sign, std::uint64_t exponentField, std::uint64_t mantissa) {
    return packFields(f, sign, exponentField, mantissa & f.mantissaMask());
}

// A normal number whose exponent lies in the middle of the range, so sums, products and
// quotients of two of them stay normal: what a well-scaled workload sees.
std::uint64_t middleNormal(std::mt19937_64& g, const Format& f, bool positive = false) {
    const int lo = f.bias / 2 + 1;
    const int hi = f.bias + f.bias / 2;
    const std::uint64_t e = std::uint64_t(lo + int(g() % std::uint64_t(hi - lo + 1)));
    return encode(f, !positive && (g() & 1), e, g());
}

// Hard cases: subnormals, zeros, infinities, NaNs, and exponents at the ends of the range
// (results that overflow or underflow).
std::uint64_t hardValue(std::mt19937_64& g, const Format& f, bool positive = false) {
    const bool sign = !positive && (g() & 1);
    const std::uint64_t top = std::uint64_t(f.maxExponentField());
    switch (g() % 10) {
    case 0:
    case 1:
    case 2: return encode(f, sign, 0, g()); // subnormal (or zero)
    case 3: return encode(f, sign, 0, 0);
    case 4: return encode(f, sign, top, g() % 4 == 0 ? 0 : g()); // inf, NaN (or finite for FP8/FP6)
    case 5:
    case 6: return encode(f, sign, 1 + g() % 3, g());       // just above the smallest normal
    case 7: return encode(f, sign, top - 1 - g() % 3, g()); // near the largest finite
    default: return middleNormal(g, f, positive);
    }
}

struct Operands {
    std::vector<std::uint64_t> a, b, c;
};

Operands makeOperands(const Format& f, Op op, Mix mix, std::uint64_t seed) {
    std::mt19937_64 g(seed);
    Operands o;
    const Format& in = op == Op::Convert ? convertSource(f) : f;
    const bool positive = op == Op::Sqrt && mix == Mix::Normal;
    for (std::size_t i = 0; i < kOperandCount; ++i) {
        if (op == Op::Convert && mix == Mix::Normal && in.mantissaBits > f.mantissaBits) {
            // A value of `in` inside the normal range of the narrower target, with bits to round off.
            const std::uint64_t widened = convert(f, middleNormal(g, f), in).bits;
            o.a.push_back(widened | (g() & ((std::uint64_t(1) << (in.mantissaBits - f.mantissaBits)) - 1)));
        } else {
            o.a.push_back(mix == Mix::Normal ? middleNormal(g, in, positive) : hardValue(g, in));
        }
        std::uint64_t b = mix == Mix::Normal ? middleNormal(g, f) : hardValue(g, f);
        // Hard add: a quarter of the pairs nearly cancel (b = -a plus a few ulps).
        if (op == Op::Add && mix == Mix::Hard && g() % 4 == 0) b = (o.a.back() ^ f.signMask()) + g() % 4;
        o.b.push_back(b & f.bitMask());
        o.c.push_back(mix == Mix::Normal ? middleNormal(g, f) : hardValue(g, f));
    }
    return o;
}

// Runs `fn` over the operand arrays; every result feeds a checksum so nothing is optimised away.
template <class Fn>
void runOverOperands(benchmark::State& state, const Operands& o, Fn&& fn) {
    std::uint64_t sink = 0;
    const std::size_t n = o.a.size();
    for (auto _ : state) {
        for (std::size_t i = 0; i < n; ++i) {
            const Result r = fn(o.a[i], o.b[i], o.c[i]);
            sink += r.bits ^ r.flags;
        }
        benchmark::DoNotOptimize(sink);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(n));
}

// The compile-time path: fplab::fast::op<F>.
template <const Format& F>
void benchFast(benchmark::State& state, Op op, Mix mix, RoundingMode mode) {
    const Operands o = makeOperands(F, op, mix, 42);
    Env env;
    env.rounding = mode;
    if (mode == RoundingMode::Stochastic) {
        // Stochastic rounding needs fresh random bits per operation: that cost is part of it.
        StochasticStream stream(7);
        switch (op) {
        case Op::Add:
            return runOverOperands(state, o,
                                   [&](auto a, auto b, auto) { return fast::add<F>(a, b, stream.nextEnv()); });
        case Op::Mul:
            return runOverOperands(state, o,
                                   [&](auto a, auto b, auto) { return fast::mul<F>(a, b, stream.nextEnv()); });
        case Op::Fma:
            return runOverOperands(state, o,
                                   [&](auto a, auto b, auto c) { return fast::fma<F>(a, b, c, stream.nextEnv()); });
        default: state.SkipWithError("stochastic rounding is benchmarked for add, mul and fma only"); return;
        }
    }
    switch (op) {
    case Op::Add: return runOverOperands(state, o, [&](auto a, auto b, auto) { return fast::add<F>(a, b, env); });
    case Op::Mul: return runOverOperands(state, o, [&](auto a, auto b, auto) { return fast::mul<F>(a, b, env); });
    case Op::Fma: return runOverOperands(state, o, [&](auto a, auto b, auto c) { return fast::fma<F>(a, b, c, env); });
    case Op::Div: return runOverOperands(state, o, [&](auto a, auto b, auto) { return fast::div<F>(a, b, env); });
    case Op::Sqrt: return runOverOperands(state, o, [&](auto a, auto, auto) { return fast::sqrt<F>(a, env); });
    case Op::Convert:
        if constexpr (F.id == FormatId::Fp32)
            return runOverOperands(state, o, [&](auto a, auto, auto) { return fast::convert<kFp64, F>(a, env); });
        else return runOverOperands(state, o, [&](auto a, auto, auto) { return fast::convert<kFp32, F>(a, env); });
    }
}

// The runtime API: fplab::op(format, ...), dispatched on the format at run time.
void benchRuntime(benchmark::State& state, const Format& f, Op op, Mix mix, RoundingMode mode) {
    const Operands o = makeOperands(f, op, mix, 42);
    Env env;
    env.rounding = mode;
    switch (op) {
    case Op::Add: return runOverOperands(state, o, [&](auto a, auto b, auto) { return add(f, a, b, env); });
    case Op::Mul: return runOverOperands(state, o, [&](auto a, auto b, auto) { return mul(f, a, b, env); });
    case Op::Fma: return runOverOperands(state, o, [&](auto a, auto b, auto c) { return fma(f, a, b, c, env); });
    case Op::Div: return runOverOperands(state, o, [&](auto a, auto b, auto) { return div(f, a, b, env); });
    case Op::Sqrt: return runOverOperands(state, o, [&](auto a, auto, auto) { return sqrt(f, a, env); });
    case Op::Convert: {
        const Format& from = convertSource(f);
        return runOverOperands(state, o, [&](auto a, auto, auto) { return convert(from, a, f, env); });
    }
    }
}

constexpr Op kOps[] = {Op::Add, Op::Mul, Op::Fma, Op::Div, Op::Sqrt, Op::Convert};

std::string benchName(Op op, std::string_view format, const char* path, Mix mix, RoundingMode mode) {
    return std::string(opName(op)) + "/" + std::string(format) + "/" + path + "/" +
           (mix == Mix::Normal ? "normal" : "hard") + "/" + std::string(roundingName(mode));
}

template <const Format& F>
void registerFormat() {
    for (Op op : kOps) {
        for (Mix mix : {Mix::Normal, Mix::Hard}) {
            const RoundingMode rne = RoundingMode::NearestEven;
            benchmark::RegisterBenchmark(benchName(op, F.name(), "fast", mix, rne).c_str(),
                                         [=](benchmark::State& s) { benchFast<F>(s, op, mix, rne); });
            benchmark::RegisterBenchmark(benchName(op, F.name(), "runtime", mix, rne).c_str(),
                                         [=](benchmark::State& s) { benchRuntime(s, F, op, mix, rne); });
        }
    }
}

void registerAll() {
    registerFormat<kFp16>();
    registerFormat<kBf16>();
    registerFormat<kTf32>();
    registerFormat<kFp32>();
    registerFormat<kFp64>();
    registerFormat<kE4m3>();
    registerFormat<kE5m2>();

    // A user-defined format always takes the runtime path: FP16's layout (to compare with kFp16)
    // and an odd one with a 128-bit carrier for fma.
    static const Format customHalf = *parseCustomFormatName("e5m10").format;
    static const Format customWide = *parseCustomFormatName("e6m40").format;
    for (const Format* f : {&customHalf, &customWide}) {
        const std::string name = std::string("custom-") + std::string(f->name());
        for (Op op : kOps) {
            for (Mix mix : {Mix::Normal, Mix::Hard}) {
                benchmark::RegisterBenchmark(
                    benchName(op, name, "runtime", mix, RoundingMode::NearestEven).c_str(),
                    [=](benchmark::State& s) { benchRuntime(s, *f, op, mix, RoundingMode::NearestEven); });
            }
        }
    }

    // What the other rounding modes cost, on FP32.
    for (RoundingMode mode : {RoundingMode::TowardZero, RoundingMode::TowardPositive, RoundingMode::Stochastic}) {
        for (Op op : {Op::Add, Op::Mul, Op::Fma}) {
            benchmark::RegisterBenchmark(benchName(op, "fp32", "fast", Mix::Normal, mode).c_str(),
                                         [=](benchmark::State& s) { benchFast<kFp32>(s, op, Mix::Normal, mode); });
            if (mode != RoundingMode::Stochastic)
                benchmark::RegisterBenchmark(
                    benchName(op, "fp32", "runtime", Mix::Normal, mode).c_str(),
                    [=](benchmark::State& s) { benchRuntime(s, kFp32, op, Mix::Normal, mode); });
        }
    }
}

} // namespace

int main(int argc, char** argv) {
    registerAll();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
