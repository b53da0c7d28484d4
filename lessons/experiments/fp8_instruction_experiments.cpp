// Lesson 10: the same FP8 PTX types, two instructions, two kinds of arithmetic on an H100 (sm_90):
// mma.sync runs as two FP16 blocks with C added in FP32 (measured), wgmma on the FP8 path (14-bit sum).
#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/instruction_fma.h"
#include "core/tensor_core/mma_config.h"
#include "core/tensor_core/reference_gemm.h"
#include "lessons/experiments/experiment_helpers.h"
#include "core/text/print.h"
#include "lessons/value_text.h"

#include <optional>
#include <string>
#include <vector>

namespace fplab::lessons {

using namespace experiments;

namespace {

tc::BlockModel hopperFp8(tc::InputType input, tc::Api api) {
    tc::MmaConfig config;
    config.arch = tc::Arch::Sm90;
    config.input = input;
    config.accum = tc::AccumType::Fp32;
    config.instruction = api;
    const tc::ModelOrError m = tc::resolveModel(config);
    if (!m.model) throw ExperimentError(m.message);
    return *m.model;
}

ExperimentResult fp8TwoInstructions(const ParamValues& params) {
    const tc::InputType input = *tc::parseInputType(params.text("input"));
    const Format& format = input == tc::InputType::E4m3 ? kE4m3 : kE5m2;
    const std::vector<std::uint64_t> a = numberListBits(params, "a", format);
    const std::vector<std::uint64_t> b = numberListBits(params, "b", format);
    if (a.size() != b.size())
        throw ExperimentError("a holds " + std::to_string(a.size()) + " values but b holds " +
                              std::to_string(b.size()) + "; give one b for each a");
    const std::uint64_t c = params.number("c", kFp32).bits;

    const tc::BlockModel sync = hopperFp8(input, tc::Api::MmaSync);
    const tc::BlockModel wgmma = hopperFp8(input, tc::Api::Wgmma);
    std::vector<tc::BlockSteps> blocks;
    const std::uint64_t dSync = tc::instructionFma(sync, a, b, c, &blocks).bits;
    const std::uint64_t dWgmma = tc::chainedDot(wgmma, a, b, c).bits;
    const std::vector<std::uint32_t> a32(a.begin(), a.end()), b32(b.begin(), b.end()), c32{std::uint32_t(c)};
    std::vector<std::uint32_t> exact(1);
    tc::referenceGemmExact(wgmma, {1, 1, int(a.size())}, a32, b32, c32, exact);

    ExperimentResult out;
    out.quantities.push_back(
        floatQuantity("mma_sync", {"D of mma.sync on sm_90", "sm_90 上 mma.sync 的 D"}, kFp32, dSync));
    out.quantities.push_back(floatQuantity("wgmma", {"D of wgmma on sm_90", "sm_90 上 wgmma 的 D"}, kFp32, dWgmma));
    out.quantities.push_back(floatQuantity(
        "exact_rounded", {"The exact sum rounded once to FP32 (nearest even)", "精确和一次舍入到 FP32（就近取偶）"},
        kFp32, exact[0]));
    out.quantities.push_back(floatQuantity("block1",
                                           {"mma.sync: the first FP16 block (k mod 4 = 0, 1), from +0",
                                            "mma.sync：第一个 FP16 块（k mod 4 = 0、1），从 +0 开始"},
                                           kFp32, blocks.at(0).resultBits));
    out.quantities.push_back(floatQuantity("block2",
                                           {"mma.sync: the second FP16 block (k mod 4 = 2, 3), on the first",
                                            "mma.sync：第二个 FP16 块（k mod 4 = 2、3），接在第一个之后"},
                                           kFp32, blocks.at(1).resultBits));
    out.quantities.push_back(textQuantity("differ",
                                          {"The two instructions give different bits", "两条指令给出的位不同"},
                                          dSync != dWgmma ? LocalText{"yes", "是"} : LocalText{"no", "否"}));
    if (!a.empty())
        out.quantities.push_back(floatQuantity(
            "a0_unit", {"a0 as mma.sync's FP16 unit sees it (exact)", "mma.sync 的 FP16 单元看到的 a0（精确）"}, kFp16,
            tc::unitFormatOperand(sync, a[0])));

    ResultTable t;
    t.key = "instructions";
    t.title = {"One FP8 instruction on an H100, two ways", "H100 上的一条 FP8 指令，两种算法"};
    t.columns = {{"instruction", "指令"}, {"arithmetic", "算法"}, {"D", "D"}, {"bits", "位"}};
    t.rows.push_back({LocalText{"mma.sync.m16n8k32"},
                      {"operands to FP16 exactly; two FP16 blocks (F = 25, RZ); then + C in FP32, nearest even",
                       "操作数精确转为 FP16；两个 FP16 块（F = 25，向零舍入）；再以 FP32 就近取偶加上 C"},
                      floatText(kFp32, dSync),
                      hexBits(kFp32, dSync)});
    t.rows.push_back({LocalText{"wgmma m64nNk32"},
                      {"one block of 32 products and C, F = 13, RZ to a 14-bit significand",
                       "32 个乘积与 C 组成一个块，F = 13，向零舍入到 14 位有效数字"},
                      floatText(kFp32, dWgmma),
                      hexBits(kFp32, dWgmma)});
    t.rows.push_back({{"exact, rounded once", "精确值，一次舍入"},
                      {"IEEE reference", "IEEE 参考"},
                      floatText(kFp32, exact[0]),
                      hexBits(kFp32, exact[0])});
    out.tables.push_back(std::move(t));
    return out;
}

} // namespace

void addFp8InstructionExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"fp8_two_instructions",
         {"FP8 on an H100: mma.sync against wgmma", "H100 上的 FP8：mma.sync 与 wgmma"},
         {"One dot product of FP8 values on the sm_90 model of each instruction: mma.sync (two FP16 "
          "blocks, C added in FP32, measured on an H100) and wgmma (Hopper's FP8 path, 14-bit sum).",
          "在两条指令的 sm_90 模型上计算一次 FP8 点积：mma.sync（两个 FP16 块，最后以 FP32 加上 C，"
          "在 H100 上实测）与 wgmma（Hopper 的 FP8 通路，14 位的和）。"},
         {choiceParam("input", "e4m3", {"e4m3", "e5m2"}, {"FP8 input type", "FP8 输入类型"}),
          numberListParam("a", "1, 2^-6",
                          {"a_0, a_1, ... (at most 32, rounded to the input type)", "a_0, a_1, ……（至多 32 "
                                                                                    "个，舍入到输入类型）"}),
          numberListParam("b", "1, 2^-8", {"b_0, b_1, ... (one for each a)", "b_0, b_1, ……（与 a 一一对应）"}),
          numberParam("c", "0", {"C, in FP32", "C（FP32）"})},
         fp8TwoInstructions});
}

} // namespace fplab::lessons
