#include "core/tensor_core/promotion.h"

#include "core/arithmetic.h"

#include <algorithm>
#include <stdexcept>

namespace fplab::tc {

namespace {

std::uint64_t addFp32(std::uint64_t x, std::uint64_t y) { return add(kFp32, x, y, Env{}).bits; }

int instructionK(const BlockModel& model) { return model.structure.fixed() ? model.structure.k : model.blockSize; }

} // namespace

std::string promotionProblem(const BlockModel& model, int promoteEvery) {
    if (promoteEvery < 0) return "the promotion interval must be 0 (none) or a positive number of products";
    if (promoteEvery == 0) return {};
    if (model.isInteger() || model.config.accum != AccumType::Fp32)
        return "promotion adds partial sums to an FP32 accumulator: it needs an fp32 accumulator";
    const int k = instructionK(model);
    if (promoteEvery % k != 0)
        return "the promotion interval must be a multiple of " + std::to_string(k) +
               " products (one instruction), got " + std::to_string(promoteEvery);
    return {};
}

MmaResult promotedDot(const BlockModel& model, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                      std::uint64_t c, int promoteEvery, int blockK) {
    if (const std::string why = promotionProblem(model, promoteEvery); !why.empty()) throw std::invalid_argument(why);
    if (promoteEvery == 0) return chainedDot(model, a, b, c, blockK);
    if (a.size() != b.size()) throw std::invalid_argument("a and b differ in length");
    MmaResult result;
    std::uint64_t acc = 0;
    const std::size_t every = std::size_t(promoteEvery);
    for (std::size_t k0 = 0; k0 < a.size(); k0 += every) {
        const std::size_t len = std::min(every, a.size() - k0);
        const MmaResult partial = chainedDot(model, a.subspan(k0, len), b.subspan(k0, len), 0, blockK);
        if (result.caveat == Caveat::None) result.caveat = partial.caveat;
        acc = addFp32(acc, partial.bits);
    }
    result.bits = addFp32(acc, c);
    return result;
}

GemmReport emulatePromotedGemm(const BlockModel& model, GemmShape shape, std::span<const std::uint32_t> a,
                               std::span<const std::uint32_t> b, std::span<const std::uint32_t> c,
                               std::span<std::uint32_t> d, const GemmOptions& options, std::span<Caveat> caveats) {
    if (const std::string why = promotionProblem(model, options.promoteEvery); !why.empty())
        throw std::invalid_argument(why);
    const std::size_t m = std::size_t(std::max(shape.m, 0)), n = std::size_t(std::max(shape.n, 0));
    const std::size_t k = std::size_t(std::max(shape.k, 0));
    if (a.size() != m * k || b.size() != k * n || c.size() != m * n || d.size() != m * n)
        throw std::invalid_argument("the arrays do not match the GEMM's shape");
    GemmOptions run = options;
    run.promoteEvery = 0;
    std::vector<std::uint32_t> acc(m * n, 0), partial(m * n), zero(m * n, 0);
    std::vector<Caveat> runCaveats(caveats.empty() ? 0 : m * n);
    if (!caveats.empty()) std::fill(caveats.begin(), caveats.end(), Caveat::None);
    GemmReport report;
    const std::size_t every = std::size_t(options.promoteEvery);
    for (std::size_t k0 = 0; k0 < k; k0 += every) {
        const std::size_t len = std::min(every, k - k0);
        std::vector<std::uint32_t> aRun(m * len),
            bRun(b.begin() + std::ptrdiff_t(k0 * n), b.begin() + std::ptrdiff_t((k0 + len) * n));
        for (std::size_t i = 0; i < m; ++i)
            std::copy_n(a.begin() + std::ptrdiff_t(i * k + k0), len, aRun.begin() + std::ptrdiff_t(i * len));
        const GemmReport r = emulateGemm(model, {shape.m, shape.n, int(len)}, aRun, bRun, zero, partial, run,
                                         runCaveats);
        report.tinyEdgeCases += r.tinyEdgeCases;
        report.satFinitePlacement += r.satFinitePlacement;
        report.slowBlocks += r.slowBlocks;
        for (std::size_t t = 0; t < acc.size(); ++t) {
            acc[t] = std::uint32_t(addFp32(acc[t], partial[t]));
            if (!caveats.empty() && caveats[t] == Caveat::None) caveats[t] = runCaveats[t];
        }
    }
    for (std::size_t t = 0; t < acc.size(); ++t) d[t] = std::uint32_t(addFp32(acc[t], c[t]));
    return report;
}

} // namespace fplab::tc
