// Lesson 10, "Where the models disagree": one dot product on the tensor-core model under FP Lab's reading and
// under MMA-Sim's reading of the two open corners (a zero product in the alignment exponent E; the sign of a
// sum rounded to zero), with E and D under each.
#include "core/arithmetic.h"
#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/mma_config.h"
#include "core/text/print.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include <string>
#include <vector>

namespace fplab::lessons {

using namespace experiments;

namespace {

struct Reading {
    std::uint64_t d = 0;
    int e = 0; // E of the last block
};

Reading runUnder(const tc::MmaConfig& base, tc::CornerReadings corners, const std::vector<std::uint64_t>& a,
                 const std::vector<std::uint64_t>& b, std::uint64_t c) {
    tc::MmaConfig config = base;
    config.zeroProducts = corners.zeroProducts;
    config.zeroSign = corners.zeroSign;
    const tc::ModelOrError m = tc::resolveModel(config);
    if (!m.model) throw ExperimentError(m.message);
    if (int(a.size()) > m.model->blockSize)
        throw ExperimentError("at most " + std::to_string(m.model->blockSize) + " products: this shows one block");
    std::vector<tc::BlockSteps> steps;
    Reading r;
    r.d = tc::chainedDot(*m.model, a, b, c, 0, &steps).bits;
    if (!steps.empty()) r.e = steps.back().maxExponent;
    return r;
}

ExperimentResult cornerReadings(const ParamValues& params) {
    tc::MmaConfig config;
    config.arch = *tc::parseArch(params.text("arch"));
    config.instruction = *tc::parseApi(params.text("instruction"));
    config.input = *tc::parseInputType(params.text("input"));
    config.accum = *tc::parseAccumType(params.text("accum"));
    const Format& in = *tc::floatInputFormat(config.input);
    const Format& acc = config.accum == tc::AccumType::Fp16 ? kFp16 : kFp32;
    std::vector<std::uint64_t> a = numberListBits(params, "a", in);
    std::vector<std::uint64_t> b = numberListBits(params, "b", in);
    if (a.size() != b.size())
        throw ExperimentError("a holds " + std::to_string(a.size()) + " values but b holds " +
                              std::to_string(b.size()) + "; give one b for each a");
    if (config.input == tc::InputType::Tf32) // the model takes TF32 operands in their FP32 container
        for (auto* v : {&a, &b})
            for (auto& x : *v) x = tf32ToFp32Container(x);
    const std::uint64_t c = params.number("c", acc).bits;

    const Reading fpLab = runUnder(config, tc::kFpLabReadings, a, b, c);
    const Reading mmaSim = runUnder(config, tc::kMmaSimReadings, a, b, c);

    ExperimentResult out;
    out.quantities.push_back(floatQuantity("fplab",
                                           {"D under FP Lab's readings (zero products dropped, the sum's sign)",
                                            "FP Lab 的读法下的 D（丢弃零乘积，保留和的符号）"},
                                           acc, fpLab.d));
    out.quantities.push_back(floatQuantity(
        "mmasim",
        {"D under MMA-Sim's readings (zero products counted, +0)", "MMA-Sim 的读法下的 D（零乘积参与 E，结果为 +0）"},
        acc, mmaSim.d));
    out.quantities.push_back(countQuantity("e_fplab", {"E under FP Lab's readings", "FP Lab 读法下的 E"}, fpLab.e));
    out.quantities.push_back(countQuantity("e_mmasim", {"E under MMA-Sim's readings", "MMA-Sim 读法下的 E"}, mmaSim.e));
    out.quantities.push_back(textQuantity("differ", {"The two readings give different bits", "两种读法给出的位不同"},
                                          fpLab.d != mmaSim.d ? LocalText{"yes", "是"} : LocalText{"no", "否"}));

    ResultTable t;
    t.key = "readings";
    t.title = {"One block, two readings of the open corners", "同一个块，开放角落的两种读法"};
    t.columns = {{"reading", "读法"}, {"E", "E"}, {"D", "D"}, {"bits", "位"}};
    t.rows.push_back(
        {{"FP Lab: zero products dropped, a zero keeps the sum's sign", "FP Lab：丢弃零乘积，零保留和的符号"},
         LocalText{std::to_string(fpLab.e)},
         floatText(acc, fpLab.d),
         hexBits(acc, fpLab.d)});
    t.rows.push_back(
        {{"MMA-Sim: a zero operand counts as 2^-126, a zero is +0", "MMA-Sim：零操作数按 2^-126 计入，零为 +0"},
         LocalText{std::to_string(mmaSim.e)},
         floatText(acc, mmaSim.d),
         hexBits(acc, mmaSim.d)});
    out.tables.push_back(std::move(t));
    return out;
}

} // namespace

void addCornerReadingExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"mma_corner_readings",
         {"Where the tensor-core models disagree", "张量核心模型的分歧之处"},
         {"One block of the tensor-core model under FP Lab's and under MMA-Sim's reading of the two open corners: "
          "whether a zero product takes part in the alignment exponent E, and the sign of a sum rounded to zero.",
          "在两个开放角落的 FP Lab 读法与 MMA-Sim 读法下各算一个张量核心块：零乘积是否参与对齐指数 E，"
          "以及舍入为零的和的符号。"},
         {choiceParam("arch", "sm_80", {"sm_80", "sm_90"}, {"Architecture", "架构"}),
          choiceParam("instruction", "mma.sync", {"mma.sync", "wgmma"}, {"Instruction", "指令"}),
          choiceParam("input", "bf16", {"bf16", "tf32", "fp16"}, {"Input type", "输入类型"}),
          choiceParam("accum", "fp32", {"fp32", "fp16"}, {"Accumulator type", "累加器类型"}),
          numberListParam("a", "-0",
                          {"a_0, a_1, ... (one block at most, rounded to the input type)",
                           "a_0, a_1, ……（至多一个块，舍入到输入类型）"}),
          numberListParam("b", "0x1.bep+126", {"b_0, b_1, ... (one for each a)", "b_0, b_1, ……（与 a 一一对应）"}),
          numberParam("c", "0x3de9bcf4", {"C, in the accumulator type", "C（累加器类型）"})},
         cornerReadings});
}

} // namespace fplab::lessons
