// The instruction in the model's configuration: defaults, which instructions exist where, the structure
// of sm_90 FP8 mma.sync as data, and hand-derived cells where mma.sync and wgmma differ on sm_90.
#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/instruction_fma.h"
#include "core/tensor_core/instruction_map.h"
#include "core/tensor_core/mma_config.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace fplab::tc {
namespace {

ModelOrError resolve(Arch arch, InputType in, AccumType acc, std::optional<Api> api) {
    MmaConfig cfg;
    cfg.arch = arch;
    cfg.input = in;
    cfg.accum = acc;
    cfg.instruction = api;
    return resolveModel(cfg);
}

BlockModel sm90Fp8(Api api, InputType in = InputType::E4m3) {
    return *resolve(Arch::Sm90, in, AccumType::Fp32, api).model;
}

TEST(Instruction, TheDefaultKeepsEachTypesModel) {
    EXPECT_EQ(defaultInstruction(Arch::Sm90, InputType::E4m3), Api::Wgmma);
    EXPECT_EQ(defaultInstruction(Arch::Sm90, InputType::E5m2), Api::Wgmma);
    EXPECT_EQ(defaultInstruction(Arch::Sm90, InputType::Fp16), Api::MmaSync);
    EXPECT_EQ(defaultInstruction(Arch::Sm80, InputType::Bf16), Api::MmaSync);
    const BlockModel fp8 = *resolve(Arch::Sm90, InputType::E4m3, AccumType::Fp32, std::nullopt).model;
    EXPECT_EQ(fp8.instruction, Api::Wgmma);
    EXPECT_EQ(fp8.config.instruction, Api::Wgmma);
    EXPECT_EQ(fp8.fractionBits, 13);
    EXPECT_EQ(fp8.blockSize, 32);
    EXPECT_FALSE(fp8.structure.fixed());
    const BlockModel fp16 = *resolve(Arch::Sm90, InputType::Fp16, AccumType::Fp32, std::nullopt).model;
    EXPECT_EQ(fp16.instruction, Api::MmaSync);
    EXPECT_EQ(fp16.unitFormat, kFp16);
    // Other instructions on the same types resolve to the same block parameters.
    for (Api api : {Api::Wmma, Api::Wgmma}) {
        const BlockModel m = *resolve(Arch::Sm90, InputType::Fp16, AccumType::Fp32, api).model;
        EXPECT_EQ(m.instruction, api);
        EXPECT_EQ(m.fractionBits, fp16.fractionBits);
        EXPECT_EQ(m.blockSize, fp16.blockSize);
    }
}

TEST(Instruction, InstructionsExistOnlyWhereThePtxIsaHasThem) {
    ModelOrError r = resolve(Arch::Sm80, InputType::Fp16, AccumType::Fp32, Api::Wgmma);
    EXPECT_EQ(r.error, ModelError::Unsupported);
    EXPECT_NE(r.message.find("wgmma exists only on sm_90"), std::string::npos) << r.message;
    r = resolve(Arch::Sm90, InputType::E5m2, AccumType::Fp32, Api::Wmma);
    EXPECT_EQ(r.error, ModelError::Unsupported);
    EXPECT_NE(r.message.find("wmma has no FP8"), std::string::npos) << r.message;
    r = resolve(Arch::Sm80, InputType::E4m3, AccumType::Fp32, Api::MmaSync);
    EXPECT_EQ(r.error, ModelError::Unsupported);
    EXPECT_NE(r.message.find("sm_80 has no FP8"), std::string::npos) << r.message;
    for (Api api : {Api::MmaSync, Api::Wgmma}) {
        r = resolve(Arch::Sm90, InputType::E4m3, AccumType::Fp16, api);
        EXPECT_EQ(r.error, ModelError::Unmodelled);
    }
    EXPECT_TRUE(resolve(Arch::Sm90, InputType::Int8, AccumType::Int32, Api::Wgmma).model);
    EXPECT_EQ(std::string(adaFp8NoData()).rfind("unmodelled: sm_89 (Ada)", 0), 0u);
    EXPECT_NE(std::string(adaFp8NoData()).find("no measured data"), std::string::npos);
}

TEST(Instruction, NamesRoundTrip) {
    for (Api api : {Api::MmaSync, Api::Wmma, Api::Wgmma}) EXPECT_EQ(parseApi(apiName(api)), api);
    EXPECT_EQ(apiName(Api::MmaSync), "mma.sync");
    EXPECT_FALSE(parseApi("mma"));
}

TEST(Instruction, HopperFp8MmaSyncIsTwoFp16BlocksAndAnFp32AdditionAsData) {
    const BlockModel m = sm90Fp8(Api::MmaSync);
    EXPECT_EQ(m.inputFormat, kE4m3);
    EXPECT_EQ(m.unitFormat, kFp16);
    EXPECT_EQ(m.blockSize, 16);
    EXPECT_EQ(m.fractionBits, 25);
    EXPECT_EQ(m.finalRounding, RoundingMode::TowardZero);
    EXPECT_EQ(m.roundFormat, kFp32);
    EXPECT_EQ(m.structure.k, 32);
    EXPECT_EQ(m.structure.blocks, 2);
    EXPECT_EQ(m.structure.kRun, 2);
    EXPECT_EQ(m.structure.addend, AddendEntry::AfterBlocks);
    EXPECT_EQ(m.structure.addendRounding, RoundingMode::NearestEven);
    std::vector<int> first;
    for (int k = 0; k < 32; ++k)
        if (blockOfProduct(m.structure, k) == 0) first.push_back(k);
    EXPECT_EQ(first, (std::vector<int>{0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29}));
    // The instruction table says the same.
    for (const InstructionBlocks& row : instructionsFor(Arch::Sm90, InputType::E4m3))
        if (row.api == Api::MmaSync) {
            EXPECT_EQ(row.blocks, 2);
            EXPECT_EQ(row.blockSize, 16);
        }
    // Each block is the sm_90 FP16 model.
    const BlockModel inner = innerBlockModel(m);
    const BlockModel fp16 = *resolve(Arch::Sm90, InputType::Fp16, AccumType::Fp32, Api::MmaSync).model;
    EXPECT_EQ(inner.inputFormat, fp16.inputFormat);
    EXPECT_EQ(inner.fractionBits, fp16.fractionBits);
    EXPECT_EQ(inner.blockSize, fp16.blockSize);
    EXPECT_FALSE(inner.structure.fixed());
}

// Vector 6 of docs/tensor-core-model.md section 5 (a = (1, 2^-6), b = (1, 2^-8), c = 0): wgmma keeps 14 bits and gives
// 1.0; mma.sync on sm_90 runs FP16 blocks with F = 25, which keep 1 + 2^-14 = 0x3F800200.
TEST(Instruction, Vector6DiffersBetweenTheTwoFp8Instructions) {
    const std::vector<std::uint64_t> a{0x38, 0x08}, b{0x38, 0x02};
    EXPECT_EQ(chainedDot(sm90Fp8(Api::Wgmma), a, b, 0).bits, 0x3F800000u);
    EXPECT_EQ(chainedDot(sm90Fp8(Api::MmaSync), a, b, 0).bits, 0x3F800200u);
    EXPECT_EQ(instructionFma(sm90Fp8(Api::MmaSync), a, b, 0).bits, 0x3F800200u);
}

// C enters after the blocks with one FP32 round-to-nearest-even addition: 128 + 3*2^-18 is 128 + 0.75 ulp,
// which rounds up; inside a block (wgmma) C and the product are cut toward zero and give 128.
TEST(Instruction, CIsAddedAfterTheBlocksWithRoundToNearest) {
    const std::vector<std::uint64_t> a{0x03}, b{0x01}; // 3*2^-9 and 2^-9 (e4m3 subnormals)
    EXPECT_EQ(instructionFma(sm90Fp8(Api::MmaSync), a, b, 0x43000000).bits, 0x43000001u);
    EXPECT_EQ(chainedDot(sm90Fp8(Api::Wgmma), a, b, 0x43000000).bits, 0x43000000u);
    // -128 + 3*2^-18 lies halfway between -128 + 2^-17 (odd) and -128 + 2^-16 (even): a tie, to even.
    EXPECT_EQ(instructionFma(sm90Fp8(Api::MmaSync), a, b, 0xC3000000).bits, 0xC2FFFFFEu);
}

TEST(Instruction, StepsShowBothBlocksAndTheAddition) {
    const BlockModel m = sm90Fp8(Api::MmaSync);
    std::vector<std::uint64_t> a(32, 0), b(32, 0);
    a[2] = 0x38; // 1 at k = 2: the second block
    b[2] = 0x38;
    a[4] = 0x30; // 0.5 at k = 4: the first block
    b[4] = 0x38;
    std::vector<BlockSteps> steps;
    const MmaResult r = instructionFma(m, a, b, 0x3F800000, &steps);
    EXPECT_EQ(r.bits, 0x40200000u); // 0.5, then + 1, then + 1 = 2.5
    ASSERT_EQ(steps.size(), 2u);
    EXPECT_EQ(steps[0].resultBits, 0x3F000000u);
    EXPECT_EQ(steps[1].resultBits, 0x3FC00000u);
    EXPECT_FALSE(steps[0].addendAfter.present);
    ASSERT_TRUE(steps[1].addendAfter.present);
    EXPECT_EQ(steps[1].addendAfter.blocksResult, 0x3FC00000u);
    EXPECT_EQ(steps[1].addendAfter.c, 0x3F800000u);
    EXPECT_EQ(steps[1].addendAfter.result, 0x40200000u);
    int seen = 0;
    for (const TermStep& t : steps[0].terms)
        if (t.kind == TermStep::Kind::Product && t.k == 4) {
            EXPECT_EQ(t.aBits, 0x30u);   // as given: e4m3
            EXPECT_EQ(t.aUnit, 0x3800u); // as the unit sees it: fp16
            ++seen;
        }
    EXPECT_EQ(seen, 1);
}

TEST(Instruction, FixedStructureRefusesBlockCallsAndOtherBlockSizes) {
    const BlockModel m = sm90Fp8(Api::MmaSync);
    const std::vector<std::uint64_t> a{0x38}, b{0x38};
    EXPECT_THROW(blockFma(m, a, b, 0), std::invalid_argument);
    EXPECT_THROW(chainedDot(m, a, b, 0, 16), std::invalid_argument);
    const std::vector<std::uint64_t> wide{0x138};
    EXPECT_THROW(instructionFma(m, wide, b, 0), std::invalid_argument);
    EXPECT_THROW(instructionFma(m, a, b, 0x100000000ull), std::invalid_argument);
    std::vector<std::uint32_t> ga(32, 0x38), gb(32, 0x38), gc(1, 0), gd(1, 0);
    EXPECT_THROW(emulateGemm(m, {1, 1, 32}, ga, gb, gc, gd, {16, 1}), std::invalid_argument);
}

// Longer dot products chain whole instructions: the GEMM and chainedDot agree with instructionFma in turn.
TEST(Instruction, LongDotProductsChainInstructions) {
    const BlockModel m = sm90Fp8(Api::MmaSync, InputType::E5m2);
    std::vector<std::uint64_t> a(80), b(80);
    std::uint64_t x = 12345;
    for (std::size_t k = 0; k < a.size(); ++k) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        a[k] = (x >> 33) & 0x7B; // finite e5m2 codes of both signs (the mask keeps the exponent below 31)
        b[k] = (x >> 41) & 0xFB;
    }
    std::uint64_t want = 0x3F800000;
    for (std::size_t k0 = 0; k0 < a.size(); k0 += 32) {
        const std::size_t len = std::min<std::size_t>(32, a.size() - k0);
        want = instructionFma(m, std::span(a).subspan(k0, len), std::span(b).subspan(k0, len), want).bits;
    }
    EXPECT_EQ(chainedDot(m, a, b, 0x3F800000).bits, want);
    std::vector<std::uint32_t> ga(a.begin(), a.end()), gb(b.begin(), b.end()), gc{0x3F800000}, gd(1);
    emulateGemm(m, {1, 1, 80}, ga, gb, gc, gd);
    EXPECT_EQ(gd[0], want);
}

} // namespace
} // namespace fplab::tc
