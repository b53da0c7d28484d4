// chainErrorBound against the model itself: random FP16/BF16 GEMM cells emulated on both architectures
// stay within the bound of the exact sum, which the host FPU computes in double (products of FP16/BF16
// inputs are exact in double; 2048 additions lose far less than the bound's scale).
#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/error_bound.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

namespace fplab::tc {
namespace {

MmaConfig config(Arch arch, InputType input) {
    MmaConfig c;
    c.arch = arch;
    c.input = input;
    c.accum = AccumType::Fp32;
    return c;
}

double inputValue(InputType t, std::uint32_t bits) {
    if (t == InputType::Bf16) return double(std::bit_cast<float>(bits << 16));
    const int e = int((bits >> 10) & 0x1F), m = int(bits & 0x3FF);
    const double v = e ? std::ldexp(1.0 + m / 1024.0, e - 15) : std::ldexp(m / 1024.0, -14);
    return (bits & 0x8000) ? -v : v;
}

// Values spread over [-1, 1) with about 1% subnormal inputs, as bits of the input type.
std::uint32_t randomInput(std::mt19937_64& rng, InputType t) {
    const bool tiny = rng() % 100 == 0;
    if (t == InputType::Bf16) {
        const std::uint32_t exp = tiny ? 0 : 100 + std::uint32_t(rng() % 27);
        return std::uint32_t((rng() & 0x8000) | (exp << 7) | (rng() & 0x7F));
    }
    const std::uint32_t exp = tiny ? 0 : 1 + std::uint32_t(rng() % 14);
    return std::uint32_t((rng() & 0x8000) | (exp << 10) | (rng() & 0x3FF));
}

TEST(ChainErrorBound, HoldsForEmulatedFp16AndBf16Gemms) {
    for (Arch arch : {Arch::Sm80, Arch::Sm90})
        for (InputType input : {InputType::Fp16, InputType::Bf16}) {
            const auto resolved = resolveModel(config(arch, input));
            ASSERT_TRUE(resolved.model);
            const BlockModel& model = *resolved.model;
            const GemmShape shape{8, 8, 2048};
            std::mt19937_64 rng(7 + int(arch) * 2 + int(input));
            std::vector<std::uint32_t> a(std::size_t(shape.m) * shape.k), b(std::size_t(shape.k) * shape.n),
                c(std::size_t(shape.m) * shape.n), d(c.size());
            for (auto& x : a) x = randomInput(rng, input);
            for (auto& x : b) x = randomInput(rng, input);
            for (auto& x : c) x = std::bit_cast<std::uint32_t>(float(std::ldexp(double(rng() % 2001) - 1000, -8)));
            emulateGemm(model, shape, a, b, c, d, {model.blockSize, 1});
            const double tinyMag = std::ldexp(1.0, input == InputType::Bf16 ? -126 : -14);
            double worst = 0;
            for (int i = 0; i < shape.m; ++i)
                for (int j = 0; j < shape.n; ++j) {
                    const double cv = double(std::bit_cast<float>(c[std::size_t(i) * shape.n + j]));
                    double exact = cv, absSum = std::fabs(cv);
                    for (int kk = 0; kk < shape.k; ++kk) {
                        const double x = inputValue(input, a[std::size_t(i) * shape.k + kk]);
                        const double y = inputValue(input, b[std::size_t(kk) * shape.n + j]);
                        exact += x * y;
                        absSum += std::max(std::fabs(x), tinyMag) * std::max(std::fabs(y), tinyMag);
                    }
                    const double got = double(std::bit_cast<float>(d[std::size_t(i) * shape.n + j]));
                    const double bound = chainErrorBound(model, shape.k, model.blockSize, absSum);
                    EXPECT_LE(std::fabs(got - exact), bound)
                        << archName(arch) << " " << inputName(input) << " cell " << i << "," << j;
                    worst = std::max(worst, std::fabs(got - exact) / bound);
                }
            std::cout << archName(arch) << " " << inputName(input) << ": largest error " << worst << " of the bound\n";
        }
}

TEST(ChainErrorBound, GrowsWithTheBlocksAndShrinksWithMoreFractionBits) {
    const BlockModel sm80 = *resolveModel(config(Arch::Sm80, InputType::Fp16)).model;
    const BlockModel sm90 = *resolveModel(config(Arch::Sm90, InputType::Fp16)).model;
    // sm_90: 16 products per block, F = 25: (17 * 2^-25 + 2^-23) per block, 512 blocks at k = 8192.
    EXPECT_DOUBLE_EQ(chainErrorBound(sm90, 8192, 16, 1.0),
                     512 * ((17 * std::ldexp(1.0, -25) + std::ldexp(1.0, -23)) * (1 + std::ldexp(1.0, -10)) +
                            std::ldexp(1.0, -149)));
    EXPECT_GT(chainErrorBound(sm80, 8192, 8, 1.0), chainErrorBound(sm90, 8192, 16, 1.0));
    EXPECT_GT(chainErrorBound(sm90, 8192, 16, 2.0), 1.99 * chainErrorBound(sm90, 8192, 16, 1.0));
}

} // namespace
} // namespace fplab::tc
