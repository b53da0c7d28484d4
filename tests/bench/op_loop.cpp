// fplab_op_loop: runs one fplab::fast operation over the benchmark's "normal" operands for a given
// number of passes and nothing else, so that an instruction counter (scripts/count-instructions.sh,
// valgrind's cachegrind) can give the instructions per operation. Usage: fplab_op_loop FORMAT OP PASSES
#include "core/fast.h"

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string_view>
#include <vector>

namespace {

using namespace fplab;

constexpr int kOperands = 4096;

// As bench_core.cpp's middleNormal(): exponents in the middle of the range, random signs.
std::uint64_t middleNormal(std::mt19937_64& g, const Format& f) {
    const int lo = f.bias / 2 + 1, hi = f.bias + f.bias / 2;
    const std::uint64_t e = std::uint64_t(lo + int(g() % std::uint64_t(hi - lo + 1)));
    return packFields(f, g() & 1, e, g() & f.mantissaMask());
}

template <const Format& F>
int run(std::string_view op, int passes) {
    std::mt19937_64 g(42);
    std::vector<std::uint64_t> a, b, c;
    for (int i = 0; i < kOperands; ++i) {
        a.push_back(middleNormal(g, F));
        b.push_back(middleNormal(g, F));
        c.push_back(middleNormal(g, F));
    }
    const Env env;
    std::uint64_t sink = 0;
    auto loop = [&](auto fn) {
        for (int p = 0; p < passes; ++p)
            for (int i = 0; i < kOperands; ++i) {
                const Result r = fn(a[i], b[i], c[i]);
                sink += r.bits ^ r.flags;
            }
    };
    if (op == "add") loop([&](auto x, auto y, auto) { return fast::add<F>(x, y, env); });
    else if (op == "mul") loop([&](auto x, auto y, auto) { return fast::mul<F>(x, y, env); });
    else if (op == "fma") loop([&](auto x, auto y, auto z) { return fast::fma<F>(x, y, z, env); });
    else {
        std::fprintf(stderr, "fplab_op_loop: unknown operation '%.*s' (add, mul, fma)\n", int(op.size()), op.data());
        return 2;
    }
    std::printf("%llu\n", static_cast<unsigned long long>(sink)); // keeps the loop from being optimised away
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 4 || std::atoi(argv[3]) < 0) {
        std::fprintf(stderr, "usage: fplab_op_loop fp16|bf16|fp32|fp64 add|mul|fma PASSES\n");
        return 2;
    }
    const std::string_view format = argv[1], op = argv[2];
    const int passes = std::atoi(argv[3]);
    if (format == "fp16") return run<kFp16>(op, passes);
    if (format == "bf16") return run<kBf16>(op, passes);
    if (format == "fp32") return run<kFp32>(op, passes);
    if (format == "fp64") return run<kFp64>(op, passes);
    std::fprintf(stderr, "fplab_op_loop: unknown format '%s' (fp16, bf16, fp32, fp64)\n", argv[1]);
    return 2;
}
