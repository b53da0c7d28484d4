// The emulated GEMM against chained single blocks and against the IEEE references; the comparison
// helpers and the instruction table.
#include "tests/tensor_core/tc_test_support.h"

#include "core/tensor_core/compare.h"
#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/instruction_map.h"
#include "core/tensor_core/reference_gemm.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>
#include <vector>

namespace fplab::tc::test {
namespace {

struct Operands {
    std::vector<std::uint32_t> a, b, c;
};

// Random operand bits of the model's types: mostly values near 1, some tiny, some zero, and
// (with `specials`) a few NaNs and infinities.
std::uint32_t randomInput(std::mt19937_64& rng, const BlockModel& m, bool specials) {
    const unsigned r = unsigned(rng() % 1000);
    switch (m.config.input) {
    case InputType::Fp16: {
        if (specials && r < 3) return r == 0 ? 0x7C00 : r == 1 ? 0xFC00 : 0x7E00;
        if (r < 60) return std::uint32_t(rng() & 0x83FF); // zero or subnormal
        return std::uint32_t((rng() & 0x8000) | ((10 + rng() % 10) << 10) | (rng() & 0x3FF));
    }
    case InputType::Bf16: {
        if (specials && r < 3) return r == 0 ? 0x7F80 : r == 1 ? 0xFF80 : 0x7FC0;
        if (r < 40) return std::uint32_t(rng() & 0x807F);
        if (r < 80) return std::uint32_t((rng() & 0x8000) | ((1 + rng() % 40) << 7) | (rng() & 0x7F)); // tiny
        return std::uint32_t((rng() & 0x8000) | ((120 + rng() % 14) << 7) | (rng() & 0x7F));
    }
    case InputType::Tf32: {
        if (specials && r < 3) return r == 0 ? 0x7F800000u : r == 1 ? 0xFF800000u : 0x7FC00000u;
        if (r < 40) return std::uint32_t(rng() & 0x807FFFFF);
        return std::uint32_t((rng() & 0x80000000u) | ((118 + rng() % 16) << 23) | (rng() & 0x7FFFFF));
    }
    case InputType::E4m3: {
        if (specials && r < 3) return 0x7F;
        std::uint32_t v = std::uint32_t(rng() & 0xFF);
        if ((v & 0x7F) == 0x7F) v &= ~1u; // not a NaN
        if (r < 100) v &= ~0x78u;         // zero or subnormal
        return v;
    }
    case InputType::E5m2:
        if (specials && r < 3) return r == 0 ? 0x7C : 0xFE;
        return std::uint32_t((rng() & 0x80) | ((8 + rng() % 14) << 2) | (rng() & 3));
    case InputType::Int8:
    case InputType::Uint8: return std::uint32_t(rng() & 0xFF);
    }
    return 0;
}

std::uint32_t randomAccum(std::mt19937_64& rng, const BlockModel& m) {
    if (m.isInteger())
        return rng() % 4 == 0 ? std::uint32_t(0x7FFFF000u + (rng() % 0x2000)) : std::uint32_t(rng() % 100000);
    if (rng() % 4 == 0) return 0;
    if (m.config.accum == AccumType::Fp16)
        return std::uint32_t((rng() & 0x8000) | ((10 + rng() % 12) << 10) | (rng() & 0x3FF));
    return std::uint32_t((rng() & 0x80000000u) | ((120 + rng() % 14) << 23) | (rng() & 0x7FFFFF));
}

Operands randomOperands(std::mt19937_64& rng, const BlockModel& m, GemmShape s, bool specials) {
    Operands o;
    o.a.resize(std::size_t(s.m) * std::size_t(s.k));
    o.b.resize(std::size_t(s.k) * std::size_t(s.n));
    o.c.resize(std::size_t(s.m) * std::size_t(s.n));
    for (auto& x : o.a) x = randomInput(rng, m, specials);
    for (auto& x : o.b) x = randomInput(rng, m, specials);
    for (auto& x : o.c) x = randomAccum(rng, m);
    return o;
}

std::vector<BlockModel> allModels() {
    std::vector<BlockModel> v;
    for (Arch arch : {Arch::Sm80, Arch::Sm90})
        for (InputType in : {InputType::Fp16, InputType::Bf16, InputType::Tf32, InputType::E4m3, InputType::E5m2,
                             InputType::Int8, InputType::Uint8})
            for (AccumType acc : {AccumType::Fp32, AccumType::Fp16, AccumType::Int32}) {
                MmaConfig cfg;
                cfg.arch = arch;
                cfg.input = in;
                cfg.accum = acc;
                const ModelOrError r = resolveModel(cfg);
                if (r.model) v.push_back(*r.model);
            }
    v.push_back(makeModel(Arch::Sm80, InputType::Tf32, AccumType::Fp32, Tf32Input::NearestAway));
    v.push_back(makeModel(Arch::Sm90, InputType::Tf32, AccumType::Fp32, Tf32Input::NearestEven));
    v.push_back(makeModel(Arch::Sm80, InputType::Bf16, AccumType::Fp32, Tf32Input::Truncate, TinyModel::Khattak));
    v.push_back(makeModel(Arch::Sm80, InputType::Int8, AccumType::Int32, Tf32Input::Truncate, TinyModel::MmaSim,
                          IntOverflow::SatFinite));
    return v;
}

std::string label(const BlockModel& m) {
    return std::string(archName(m.config.arch)) + " " + std::string(inputName(m.config.input)) + "->" +
           std::string(accumName(m.config.accum)) + " tf32 " + std::string(tf32InputName(m.config.tf32Input)) + " " +
           std::string(tinyModelName(m.config.tinyModel)) +
           (m.config.intOverflow == IntOverflow::SatFinite ? " sat" : "");
}

TEST(EmulatedGemm, EqualsChainedSingleBlocks) {
    std::mt19937_64 rng(11);
    for (const BlockModel& m : allModels()) {
        const std::vector<int> blockKs = {0, m.isInteger() ? 32 : std::max(1, m.blockSize / 2)};
        for (int blockK : blockKs) {
            const GemmShape s{7, 5, 3 * (blockK ? blockK : m.blockSize) + 3};
            const Operands o = randomOperands(rng, m, s, true);
            std::vector<std::uint32_t> d(o.c.size());
            std::vector<Caveat> caveats(o.c.size());
            for (int threads : {1, 3}) {
                GemmOptions opt;
                opt.blockK = blockK;
                opt.threads = threads;
                emulateGemm(m, s, o.a, o.b, o.c, d, opt, caveats);
                for (int i = 0; i < s.m; ++i)
                    for (int j = 0; j < s.n; ++j) {
                        std::vector<std::uint64_t> a(static_cast<std::size_t>(s.k)), b(static_cast<std::size_t>(s.k));
                        for (int k = 0; k < s.k; ++k) {
                            a[std::size_t(k)] = o.a[std::size_t(i * s.k + k)];
                            b[std::size_t(k)] = o.b[std::size_t(k * s.n + j)];
                        }
                        const MmaResult want = chainedDot(m, a, b, o.c[std::size_t(i * s.n + j)], blockK);
                        const std::size_t cell = std::size_t(i * s.n + j);
                        ASSERT_EQ(d[cell], want.bits) << label(m) << " blockK " << blockK << " cell " << i << "," << j;
                        ASSERT_EQ(caveats[cell], want.caveat) << label(m) << " cell " << i << "," << j;
                    }
            }
        }
    }
}

// Inputs where every product and partial sum is exact (small integers): the tensor core, the IEEE
// sequential loops and the exactly rounded sum all agree.
TEST(EmulatedGemm, ExactInputsEqualIeeeReferences) {
    std::mt19937_64 rng(3);
    for (const BlockModel& m : allModels()) {
        if (m.isInteger()) continue;
        const GemmShape s{6, 4, 40};
        std::vector<float> af(std::size_t(s.m * s.k)), bf(std::size_t(s.k * s.n)), cf(std::size_t(s.m * s.n));
        for (float& x : af) x = float(int(rng() % 9) - 4);
        for (float& x : bf) x = float(int(rng() % 7) - 3);
        for (float& x : cf) x = float(int(rng() % 201) - 100);
        const std::vector<std::uint32_t> a = encodeOperands(m, af), b = encodeOperands(m, bf),
                                         c = encodeAccumulators(m, cf);
        std::vector<std::uint32_t> d(c.size()), fmaRef(c.size()), mulAddRef(c.size()), exact(c.size());
        emulateGemm(m, s, a, b, c, d);
        referenceGemmSequential(m, s, a, b, c, fmaRef, SequentialKind::Fma);
        referenceGemmSequential(m, s, a, b, c, mulAddRef, SequentialKind::MulAdd);
        referenceGemmExact(m, s, a, b, c, exact);
        const CellComparison cmp = compareCells(m.accumFormat, d, exact);
        EXPECT_EQ(cmp.identical, cmp.cells) << label(m);
        EXPECT_EQ(compareCells(m.accumFormat, fmaRef, exact).identical, cmp.cells) << label(m);
        EXPECT_EQ(compareCells(m.accumFormat, mulAddRef, exact).identical, cmp.cells) << label(m);
        // And the values are the integer sums.
        std::vector<float> df(cf.size());
        emulateGemmFloat(m, s, af, bf, cf, df);
        for (int i = 0; i < s.m; ++i)
            for (int j = 0; j < s.n; ++j) {
                float want = cf[std::size_t(i * s.n + j)];
                for (int k = 0; k < s.k; ++k) want += af[std::size_t(i * s.k + k)] * bf[std::size_t(k * s.n + j)];
                ASSERT_EQ(df[std::size_t(i * s.n + j)], want) << label(m);
            }
    }
}

TEST(EmulatedGemm, IntegerGemmEqualsExactReference) {
    std::mt19937_64 rng(9);
    const BlockModel wrap = makeModel(Arch::Sm80, InputType::Int8, AccumType::Int32);
    const GemmShape s{5, 6, 77};
    const Operands o = randomOperands(rng, wrap, s, false);
    std::vector<std::uint32_t> d(o.c.size()), ref(o.c.size());
    emulateGemm(wrap, s, o.a, o.b, o.c, d);
    referenceGemmExact(wrap, s, o.a, o.b, o.c, ref);
    EXPECT_EQ(compareIntCells(d, ref).identical, d.size());
    // C near INT32_MAX: some cells wrap.
    bool wrapped = false;
    for (std::size_t i = 0; i < d.size(); ++i) wrapped |= std::int32_t(d[i]) < 0 && std::int32_t(o.c[i]) > 0x70000000;
    EXPECT_TRUE(wrapped);
}

TEST(EmulatedGemm, SizeAndBlockErrorsAreReported) {
    const BlockModel m = makeModel(Arch::Sm80, InputType::Fp16, AccumType::Fp32);
    std::vector<std::uint32_t> a(6), b(6), c(4), d(4);
    EXPECT_THROW(emulateGemm(m, {2, 2, 4}, a, b, c, d), std::invalid_argument);
    GemmOptions opt;
    opt.blockK = 16; // larger than A100's block of 8
    EXPECT_THROW(emulateGemm(m, {2, 2, 3}, a, b, c, d, opt), std::invalid_argument);
    const std::vector<std::uint64_t> wide{0x1FFFF};
    EXPECT_THROW(blockFma(m, wide, wide, 0), std::invalid_argument);
}

TEST(EmulatedGemm, ZeroKCopiesC) {
    const BlockModel m = makeModel(Arch::Sm90, InputType::E4m3, AccumType::Fp32);
    std::vector<std::uint32_t> c{0x3F800001, 0x7FC00000}, d(2);
    emulateGemm(m, {1, 2, 0}, {}, {}, c, d);
    EXPECT_EQ(d, c);
}

TEST(EmulatedGemm, FloatArraysUseTheTf32InputConversion) {
    const BlockModel trunc = makeModel(Arch::Sm80, InputType::Tf32, AccumType::Fp32);
    const BlockModel rna = makeModel(Arch::Sm80, InputType::Tf32, AccumType::Fp32, Tf32Input::NearestAway);
    const float x = std::bit_cast<float>(0x3F7FFFFFu);
    std::vector<float> a{x}, b{x}, c{0.0f}, d(1);
    emulateGemmFloat(trunc, {1, 1, 1}, a, b, c, d);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(d[0]), 0x3F7FC004u);
    emulateGemmFloat(rna, {1, 1, 1}, a, b, c, d);
    EXPECT_EQ(d[0], 1.0f);
}

TEST(Compare, UlpDistance) {
    EXPECT_EQ(ulpDistance(kFp32, 0x3F800000, 0x3F800001), 1u);
    EXPECT_EQ(ulpDistance(kFp32, 0x00000000, 0x80000000), 0u);
    EXPECT_EQ(ulpDistance(kFp32, 0x00000001, 0x80000001), 2u);
    EXPECT_EQ(ulpDistance(kFp32, 0x7F7FFFFF, 0x7F800000), 1u);
    EXPECT_EQ(ulpDistance(kFp16, 0x3C00, 0x3BFF), 1u);
    EXPECT_FALSE(ulpDistance(kFp32, 0x7FC00000, 0x3F800000));
    const std::vector<std::uint32_t> x{0x3F800000, 0x7FFFFFFF, 0x40000000, 0x00000000, 0x7FC00000};
    const std::vector<std::uint32_t> y{0x3F800000, 0xFFC00000, 0x40000003, 0x80000000, 0x3F800000};
    const CellComparison c = compareCells(kFp32, x, y);
    EXPECT_EQ(c.cells, 5u);
    EXPECT_EQ(c.identical, 1u);
    EXPECT_EQ(c.sameValue, 3u);
    EXPECT_EQ(c.nanMismatch, 1u);
    EXPECT_EQ(c.withinOneUlp, 2u);
    EXPECT_EQ(c.maxUlps, 3u);
    EXPECT_EQ(c.firstDifference, 1u);
}

TEST(InstructionMap, BlocksPerInstruction) {
    auto find = [](Arch arch, InputType in, Api api, std::string_view shape) {
        for (const InstructionBlocks& r : instructionsFor(arch, in))
            if (r.api == api && r.shape == shape) return r;
        ADD_FAILURE() << "no row " << shape;
        return InstructionBlocks{};
    };
    InstructionBlocks r = find(Arch::Sm80, InputType::Fp16, Api::MmaSync, "m16n8k16");
    EXPECT_EQ(r.blocks, 2);
    EXPECT_EQ(r.blockSize, 8);
    r = find(Arch::Sm80, InputType::Tf32, Api::MmaSync, "m16n8k8");
    EXPECT_EQ(r.blocks * r.blockSize, 8);
    EXPECT_EQ(r.blockSize, 4);
    r = find(Arch::Sm80, InputType::Tf32, Api::Wmma, "16x16x8");
    EXPECT_EQ(r.blocks, 2);
    r = find(Arch::Sm90, InputType::Bf16, Api::MmaSync, "m16n8k16");
    EXPECT_EQ(r.blocks, 1);
    EXPECT_EQ(r.blockSize, 16);
    r = find(Arch::Sm90, InputType::Tf32, Api::MmaSync, "m16n8k8");
    EXPECT_EQ(r.blockSize, 8);
    r = find(Arch::Sm90, InputType::E5m2, Api::Wgmma, "m64nNk32");
    EXPECT_EQ(r.blockSize, 32);
    r = find(Arch::Sm90, InputType::Tf32, Api::Wgmma, "m64nNk8");
    EXPECT_EQ(r.blockSize, 8);
    for (Arch arch : {Arch::Sm80, Arch::Sm90})
        for (const InstructionBlocks& row : instructionTable(arch)) {
            EXPECT_EQ(row.blocks * row.blockSize, row.k) << row.shape;
            EXPECT_FALSE(row.basis.empty());
        }
}

} // namespace
} // namespace fplab::tc::test
