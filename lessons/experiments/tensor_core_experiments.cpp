// Lesson 10 (tensor cores and TF32): how FP32 values become TF32 operands, one tensor-core block FMA
// step by step on sm_80 and sm_90, and the error of an emulated TF32 GEMM against FP32 and the exact sum.
#include "core/arithmetic.h"
#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/exact_accumulator.h"
#include "core/tensor_core/mma_config.h"
#include "core/tensor_core/reference_gemm.h"
#include "core/text/print.h"
#include "lessons/experiments/block_special_text.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/experiments/gemm_error_inputs.h"
#include "lessons/value_text.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace fplab::lessons {

using namespace experiments;

namespace {

constexpr std::array<tc::Tf32Input, 3> kTf32Inputs{tc::Tf32Input::Truncate, tc::Tf32Input::NearestAway,
                                                   tc::Tf32Input::NearestEven};

// Who converts FP32 to TF32 which way (docs/tensor-core-model.md, section 4).
LocalText tf32InputUser(tc::Tf32Input mode) {
    switch (mode) {
    case tc::Tf32Input::Truncate:
        return {"raw FP32 bits given to a .tf32 mma/wgmma: the low 13 bits are ignored",
                "把 FP32 原始位直接交给 .tf32 mma/wgmma：低 13 位被忽略"};
    case tc::Tf32Input::NearestAway:
        return {"__float_to_tf32 (cvt.rna.tf32.f32), CUTLASS tfloat32_t: nearest, ties away from zero",
                "__float_to_tf32（cvt.rna.tf32.f32）、CUTLASS tfloat32_t：就近舍入，平局远离零"};
    case tc::Tf32Input::NearestEven:
        return {"cuBLAS FAST_TF32 (PyTorch \"high\"): nearest, ties to even",
                "cuBLAS FAST_TF32（PyTorch \"high\"）：就近舍入，平局取偶"};
    }
    return {};
}

LocalText tf32InputShort(tc::Tf32Input mode) {
    switch (mode) {
    case tc::Tf32Input::Truncate: return {"truncate", "截断"};
    case tc::Tf32Input::NearestAway: return {"nearest, ties away (rna)", "就近，平局远离零（rna）"};
    case tc::Tf32Input::NearestEven: return {"nearest, ties to even (rne)", "就近，平局取偶（rne）"};
    }
    return {};
}

tc::Tf32Input tf32InputParam(const ParamValues& params, std::string_view name) {
    return *tc::parseTf32Input(params.text(name));
}

tc::BlockModel modelFor(tc::Arch arch, tc::InputType input, tc::Tf32Input tf32Input) {
    tc::MmaConfig config;
    config.arch = arch;
    config.input = input;
    config.accum = tc::AccumType::Fp32;
    config.tf32Input = tf32Input;
    const tc::ModelOrError m = tc::resolveModel(config);
    if (!m.model) throw ExperimentError(m.message);
    return *m.model;
}

std::string binaryDigits(std::uint64_t value, int count) {
    std::string s;
    for (int i = count - 1; i >= 0; --i) s += ((value >> i) & 1) ? '1' : '0';
    return s;
}

// ---- tf32_inputs ------------------------------------------------------------------------------------------

ExperimentResult tf32Inputs(const ParamValues& params) {
    ExperimentResult out;
    ResultTable t;
    t.key = "conversions";
    t.title = {"FP32 values converted to TF32 three ways (TF32 shown in its FP32 container)",
               "FP32 值的三种 TF32 转换（TF32 放在 FP32 容器中显示）"};
    t.columns = {{"FP32 value", "FP32 值"},
                 {"FP32 bits", "FP32 位"},
                 {"low 13 bits", "低 13 位"},
                 {"truncate", "截断"},
                 {"rna", "rna"},
                 {"rne", "rne"},
                 {"distinct results", "不同结果数"}};
    const std::vector<std::string> values = params.list("values");
    for (std::size_t i = 0; i < values.size(); ++i) {
        std::string error;
        const std::optional<Result> parsed = parseNumberParam(values[i], kFp32, error);
        if (!parsed) throw ExperimentError("values: " + error);
        const std::uint32_t f = std::uint32_t(parsed->bits);
        const std::string p = "v" + std::to_string(i + 1) + "_";
        const std::string n = std::to_string(i + 1);
        out.quantities.push_back(floatQuantity(p + "fp32", {"Value " + n + " in FP32", "值 " + n + " 的 FP32 形式"},
                                               kFp32, f, parsed->flags));
        const std::uint32_t low = f & 0x1FFFu;
        out.quantities.push_back(countQuantity(
            p + "low_bits",
            {"Value " + n + ": the 13 bits TF32 drops, as an integer", "值 " + n + "：TF32 丢掉的 13 位（作为整数）"},
            low));
        const bool tie = low == 0x1000u;
        out.quantities.push_back(textQuantity(p + "tie",
                                              {"Value " + n + " is a tie (low bits = 1 0000 0000 0000)",
                                               "值 " + n + " 恰在中点（低位 = 1 0000 0000 0000）"},
                                              tie ? LocalText{"yes", "是"} : LocalText{"no", "否"}));
        std::vector<TableCell> row = {valueCell(kFp32, f), hexBits(kFp32, f), binaryDigits(low, 13)};
        std::vector<std::uint32_t> distinct;
        for (const tc::Tf32Input mode : kTf32Inputs) {
            const std::uint32_t r = tc::tf32Operand(f, mode);
            const std::string key = p + std::string(tc::tf32InputName(mode));
            out.quantities.push_back(floatQuantity(key,
                                                   {"Value " + n + " after " + tf32InputShort(mode).en,
                                                    "值 " + n + " 经" + tf32InputShort(mode).zh + "后"},
                                                   kFp32, r));
            const double rel = valueOf(kFp32, f) == 0 ? 0.0
                                                      : (valueOf(kFp32, r) - valueOf(kFp32, f)) / valueOf(kFp32, f);
            out.quantities.push_back(
                realQuantity(key + "_error", {"... relative change", "……相对变化"}, rel, RealStyle::Measurement));
            row.push_back(floatText(kFp32, r) + " (" + hexBits(kFp32, r) + ")");
            if (std::find(distinct.begin(), distinct.end(), r) == distinct.end()) distinct.push_back(r);
        }
        out.quantities.push_back(countQuantity(
            p + "distinct", {"Value " + n + ": distinct TF32 results", "值 " + n + "：不同的 TF32 结果个数"},
            std::int64_t(distinct.size())));
        row.push_back(std::to_string(distinct.size()));
        t.rows.push_back(std::move(row));
    }
    out.tables.push_back(std::move(t));

    ResultTable who;
    who.key = "who";
    who.title = {"Who converts which way", "谁用哪种转换"};
    who.columns = {{"conversion", "转换"}, {"where it happens", "出现在哪里"}};
    for (const tc::Tf32Input mode : kTf32Inputs) who.rows.push_back({tf32InputShort(mode), tf32InputUser(mode)});
    out.tables.push_back(std::move(who));
    return out;
}

// ---- mma_block_steps ---------------------------------------------------------------------------------------

// The value of one term of a block: significand * 2^(exponent - fractionBits), exact in a double
// for every input type here (products of at most 11-bit significands, FP32 C).
double termValue(const tc::TermStep& t) {
    const double v = std::ldexp(double(t.significand), t.exponent - t.significandFractionBits);
    return t.sign ? -v : v;
}

LocalText termName(const tc::TermStep& t) {
    if (t.kind == tc::TermStep::Kind::Accumulator) return {"C (running sum)", "C（累加值）"};
    return "a" + std::to_string(t.k) + "·b" + std::to_string(t.k);
}

ResultTable stepsTable(const tc::BlockModel& m, const std::vector<tc::BlockSteps>& blocks, const std::string& key) {
    ResultTable t;
    t.key = key;
    const std::string arch(tc::archDescription(m.config.arch));
    t.title = {arch + ": every term cut to F = " + std::to_string(m.fractionBits) + " bits below 2^E, blocks of " +
                   std::to_string(m.blockSize),
               arch + "：每一项截到 2^E 以下 F = " + std::to_string(m.fractionBits) + " 位，每块 " +
                   std::to_string(m.blockSize) + " 个乘积"};
    t.columns = {{"block", "块"},
                 {"term", "项"},
                 {"exact value", "精确值"},
                 {"exponent", "指数"},
                 {"E", "E"},
                 {"kept (units of 2^(E−F))", "保留值（单位 2^(E−F)）"},
                 {"bits cut off", "被截掉的位"}};
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        const tc::BlockSteps& st = blocks[b];
        for (const tc::TermStep& term : st.terms) {
            if (term.dropped) {
                t.rows.push_back({std::to_string(b + 1),
                                  termName(term),
                                  pythonRepr(termValue(term)),
                                  "",
                                  "",
                                  {"zero: dropped", "零：不参与"},
                                  ""});
                continue;
            }
            const std::string zeros = std::to_string(term.lostBitCount);
            const LocalText lost = term.lostBitCount == 0 ? LocalText{"none", "无"}
                                   : term.lostBits == 0
                                       ? LocalText{"none (" + zeros + " zero bits)", "无（" + zeros + " 个零位）"}
                                       : LocalText{binaryDigits(term.lostBits, term.lostBitCount)};
            t.rows.push_back({std::to_string(b + 1), termName(term), pythonRepr(termValue(term)),
                              std::to_string(term.exponent), std::to_string(st.maxExponent), std::to_string(term.cut),
                              lost});
        }
        t.rows.push_back({std::to_string(b + 1),
                          {"S = sum of the kept values", "S = 保留值之和"},
                          pythonRepr(std::ldexp(double(st.sum), st.maxExponent - st.fractionBits)),
                          "",
                          std::to_string(st.maxExponent),
                          std::to_string(st.sum),
                          ""});
        t.rows.push_back({std::to_string(b + 1),
                          {"D = S·2^(E−F) rounded toward zero to FP32", "D = S·2^(E−F) 向零舍入到 FP32"},
                          floatText(kFp32, st.resultBits) + " (" + hexBits(kFp32, st.resultBits) + ")",
                          "",
                          "",
                          "",
                          ""});
    }
    return t;
}

struct Operands {
    tc::InputType input;
    Format format;                // what the values are rounded into (TF32: FP32 bits)
    std::vector<std::uint64_t> a; // bits as given to the instruction
    std::vector<std::uint64_t> b;
    std::uint64_t c = 0; // FP32
};

Operands readOperands(const ParamValues& params) {
    Operands o;
    o.input = *tc::parseInputType(params.text("input"));
    o.format = o.input == tc::InputType::Fp16 ? kFp16 : o.input == tc::InputType::Bf16 ? kBf16 : kFp32;
    o.a = numberListBits(params, "a", o.format);
    o.b = numberListBits(params, "b", o.format);
    if (o.a.size() != o.b.size())
        throw ExperimentError("a holds " + std::to_string(o.a.size()) + " values but b holds " +
                              std::to_string(o.b.size()) + "; give one b for each a");
    o.c = params.number("c", kFp32).bits;
    return o;
}

ExperimentResult mmaBlockSteps(const ParamValues& params) {
    const Operands o = readOperands(params);
    const tc::Tf32Input conversion = tf32InputParam(params, "tf32_input");
    ExperimentResult out;
    const int k = int(o.a.size());
    std::vector<std::uint32_t> a32(o.a.begin(), o.a.end()), b32(o.b.begin(), o.b.end());
    const std::vector<std::uint32_t> c32{std::uint32_t(o.c)};

    for (const tc::Arch arch : {tc::Arch::Sm80, tc::Arch::Sm90}) {
        const tc::BlockModel m = modelFor(arch, o.input, conversion);
        std::vector<tc::BlockSteps> blocks;
        const tc::MmaResult r = tc::chainedDot(m, o.a, o.b, o.c, 0, &blocks);
        const std::string p = arch == tc::Arch::Sm80 ? "sm80" : "sm90";
        const std::string desc(tc::archDescription(arch));
        out.quantities.push_back(floatQuantity(p, {"D on " + desc, desc + " 上的 D"}, kFp32, r.bits));
        // A NaN or an infinity decides D without arithmetic: say which case, there are no E, S or cuts to show.
        const auto special = std::find_if(blocks.begin(), blocks.end(), [](const tc::BlockSteps& st) {
            return st.special != tc::BlockSpecial::None;
        });
        if (special != blocks.end()) {
            out.quantities.push_back(textQuantity(p + "_special", {"Decided without arithmetic", "无需运算即可决定"},
                                                  blockSpecialText(special->special)));
            continue;
        }
        out.quantities.push_back(
            countQuantity(p + "_block", {"Products per block (n)", "每块乘积数（n）"}, m.blockSize));
        out.quantities.push_back(
            countQuantity(p + "_f", {"Fraction bits kept below 2^E (F)", "2^E 以下保留的小数位（F）"}, m.fractionBits));
        out.quantities.push_back(
            countQuantity(p + "_blocks", {"Blocks chained", "串联的块数"}, std::int64_t(blocks.size())));
        const tc::BlockSteps& last = blocks.back();
        out.quantities.push_back(countQuantity(p + "_e", {"E of the last block", "最后一块的 E"}, last.maxExponent));
        out.quantities.push_back(countQuantity(
            p + "_sum", {"S of the last block, in units of 2^(E−F)", "最后一块的 S（单位 2^(E−F)）"}, last.sum));
        std::int64_t cutTerms = 0;
        for (const tc::BlockSteps& st : blocks)
            for (const tc::TermStep& t : st.terms) cutTerms += !t.dropped && t.lostBits != 0;
        out.quantities.push_back(
            countQuantity(p + "_cut_terms", {"Terms that lost bits in the cut", "截断时丢了位的项数"}, cutTerms));
        out.tables.push_back(stepsTable(m, blocks, p + "_steps"));
        if (arch == tc::Arch::Sm80) {
            // The same operands as the unit sees them (identical on both architectures), and the IEEE references.
            for (int i = 0; i < std::min(k, 2); ++i) {
                const tc::TermStep& term = blocks[0].terms[std::size_t(i)];
                const std::string n = std::to_string(i);
                out.quantities.push_back(
                    floatQuantity("a" + n + "_unit", {"a" + n + " as the tensor core sees it", "张量核心看到的 a" + n},
                                  m.inputFormat, term.aUnit));
                out.quantities.push_back(
                    floatQuantity("b" + n + "_unit", {"b" + n + " as the tensor core sees it", "张量核心看到的 b" + n},
                                  m.inputFormat, term.bUnit));
            }
            std::vector<std::uint32_t> d(1);
            tc::referenceGemmExact(m, {1, 1, k}, a32, b32, c32, d);
            out.quantities.push_back(floatQuantity(
                "exact_rounded",
                {"The exact sum rounded once to FP32 (nearest even)", "精确和一次舍入到 FP32（就近取偶）"}, kFp32,
                d[0]));
            tc::ExactAccumulator acc;
            // The exact sum over every block's products and the original C.
            for (const tc::BlockSteps& st : blocks)
                for (const tc::TermStep& t : st.terms)
                    if (t.kind == tc::TermStep::Kind::Product && !t.dropped)
                        acc.add(t.sign, t.significand, t.exponent - t.significandFractionBits);
            if (const double cv = valueOf(kFp32, o.c); cv != 0) {
                int e = 0;
                const double mant = std::frexp(std::abs(cv), &e);
                acc.add(cv < 0, std::uint64_t(std::ldexp(mant, 53)), e - 53);
            }
            const Result exact = acc.round(kFp64);
            out.quantities.push_back(floatQuantity(
                "exact",
                {"The exact sum (in FP64; flags say if it had to round)", "精确和（FP64；标志说明是否需要舍入）"},
                kFp64, exact.bits, exact.flags));
        }
    }
    // FP32 on CUDA cores, no tensor core and no TF32: d = fma(a_k, b_k, d) in order, the operands widened exactly.
    std::uint64_t d = o.c;
    for (int i = 0; i < k; ++i) {
        const std::uint64_t ai = convert(o.format, o.a[std::size_t(i)], kFp32).bits;
        const std::uint64_t bi = convert(o.format, o.b[std::size_t(i)], kFp32).bits;
        d = fma(kFp32, ai, bi, d).bits;
    }
    out.quantities.push_back(floatQuantity(
        "fp32_fma",
        {"FP32 FMA loop on the operands as given (no tensor core)", "对原始操作数做 FP32 FMA 循环（不用张量核心）"},
        kFp32, d));
    return out;
}

// ---- tf32_gemm_error ----------------------------------------------------------------------------------------

ExperimentResult tf32GemmError(const ParamValues& params) {
    const int m = int(params.integer("m"));
    const int n = int(params.integer("n"));
    const bool isSigned = params.boolean("signed");
    const tc::Arch arch = *tc::parseArch(params.text("arch"));
    const tc::Tf32Input conversion = tf32InputParam(params, "tf32_input");
    const std::vector<int> ks = kValuesParam(params, "k_values");
    std::int64_t work = 0;
    for (const int k : ks) work += std::int64_t(k) * m * n;
    if (work > 4'000'000) throw ExperimentError("m × n × (sum of k_values) must stay below 4000000");

    const tc::BlockModel model = modelFor(arch, tc::InputType::Tf32, conversion);
    ExperimentResult out;
    ResultTable t;
    t.key = "errors";
    t.title = {"Error of C = A·B against the exact product, " + std::to_string(m) + " × " + std::to_string(n) +
                   " cells; TF32 on " + std::string(tc::archDescription(arch)) +
                   ", inputs: " + tf32InputShort(conversion).en,
               "C = A·B 相对精确结果的误差，" + std::to_string(m) + " × " + std::to_string(n) + " 个元素；TF32 在 " +
                   std::string(tc::archDescription(arch)) + " 上，输入：" + tf32InputShort(conversion).zh};
    t.columns = {{"K", "K"},
                 {"FP32 max", "FP32 最大"},
                 {"FP32 mean", "FP32 平均"},
                 {"TF32 max", "TF32 最大"},
                 {"TF32 mean", "TF32 平均"},
                 {"TF32 inputs, exact sum: mean", "TF32 输入、精确求和：平均"},
                 {"TF32 mean / FP32 mean", "TF32 平均 / FP32 平均"}};
    Series sFp32{"fp32", {"FP32 (TF32 off): mean", "FP32（关闭 TF32）：平均"}, {}, {}};
    Series sTf32{"tf32", {"TF32 on: mean", "开启 TF32：平均"}, {}, {}};
    Series sInputs{"inputs", {"TF32 inputs, exact sum: mean", "TF32 输入、精确求和：平均"}, {}, {}};
    std::mt19937_64 rng(std::uint64_t(params.integer("seed")));
    double tf32Least = 0;
    int kAtLeast = 0;
    for (std::size_t ki = 0; ki < ks.size(); ++ki) {
        const int k = ks[ki];
        const std::vector<float> a = randomMatrix(rng, std::size_t(m) * std::size_t(k), isSigned);
        const std::vector<float> b = randomMatrix(rng, std::size_t(k) * std::size_t(n), isSigned);
        std::vector<std::uint32_t> aBits(a.size()), bBits(b.size());
        std::transform(a.begin(), a.end(), aBits.begin(), floatBits);
        std::transform(b.begin(), b.end(), bBits.begin(), floatBits);
        const std::vector<std::uint32_t> c(std::size_t(m) * std::size_t(n), 0);
        std::vector<ExactDot> exact;
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j)
                exact.push_back(exactDot(&a[std::size_t(i) * std::size_t(k)], &b[std::size_t(j)], std::size_t(n), k));
        std::vector<std::uint32_t> dFp32(c.size()), dTf32(c.size()), dInputs(c.size());
        // TF32 off: FP32 FMAs on CUDA cores, one rounding per k, on the full FP32 operands (the core's
        // reference GEMMs would convert them to TF32 first).
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                std::uint64_t d = 0;
                for (int kk = 0; kk < k; ++kk)
                    d = fma(kFp32, aBits[std::size_t(i) * std::size_t(k) + std::size_t(kk)],
                            bBits[std::size_t(kk) * std::size_t(n) + std::size_t(j)], d)
                            .bits;
                dFp32[std::size_t(i) * std::size_t(n) + std::size_t(j)] = std::uint32_t(d);
            }
        tc::emulateGemm(model, {m, n, k}, aBits, bBits, c, dTf32);
        tc::referenceGemmExact(model, {m, n, k}, aBits, bBits, c, dInputs);
        const ErrorStats eFp32 = errorStats(dFp32, exact);
        const ErrorStats eTf32 = errorStats(dTf32, exact);
        const ErrorStats eInputs = errorStats(dInputs, exact);
        const double ratio = eFp32.mean == 0 ? 0.0 : eTf32.mean / eFp32.mean;
        t.rows.push_back({std::to_string(k), measuredText(eFp32.max), measuredText(eFp32.mean), measuredText(eTf32.max),
                          measuredText(eTf32.mean), measuredText(eInputs.mean), measuredText(ratio)});
        // The chart's axis is logarithmic: an error of exactly 0 (a tiny GEMM can be exact) has no point.
        for (auto [series, value] : {std::pair{&sFp32, eFp32.mean}, {&sTf32, eTf32.mean}, {&sInputs, eInputs.mean}})
            if (value > 0) addPoint(*series, k, value);
        const auto publish = [&](const std::string& suffix, const std::string& en, const std::string& zh) {
            const auto q = [&](const std::string& key, const std::string& labelEn, const std::string& labelZh,
                               double v) {
                out.quantities.push_back(
                    realQuantity(key + "_" + suffix, {labelEn + en, labelZh + zh}, v, RealStyle::Measurement));
            };
            out.quantities.push_back(countQuantity("k_" + suffix, {"K" + en, "K" + zh}, k));
            q("fp32_max", "FP32: largest error", "FP32：最大误差", eFp32.max);
            q("fp32_mean", "FP32: mean error", "FP32：平均误差", eFp32.mean);
            q("tf32_max", "TF32: largest error", "TF32：最大误差", eTf32.max);
            q("tf32_mean", "TF32: mean error", "TF32：平均误差", eTf32.mean);
            q("inputs_max", "TF32 inputs, exact sum: largest error", "TF32 输入、精确求和：最大误差", eInputs.max);
            q("inputs_mean", "TF32 inputs, exact sum: mean error", "TF32 输入、精确求和：平均误差", eInputs.mean);
            q("ratio", "TF32 mean error / FP32 mean error", "TF32 平均误差 / FP32 平均误差", ratio);
        };
        if (ki == 0 || eTf32.mean < tf32Least) {
            tf32Least = eTf32.mean;
            kAtLeast = k;
        }
        if (ki == 0) publish("first", " (first K)", "（第一个 K）");
        if (ki + 1 == ks.size()) publish("last", " (last K)", "（最后一个 K）");
    }
    out.quantities.push_back(
        realQuantity("tf32_mean_least",
                     {"TF32: the least mean error over the K tried", "TF32：所试 K 中最小的平均误差"}, tf32Least));
    out.quantities.push_back(countQuantity("k_at_least", {"... at K", "……出现在 K ="}, kAtLeast));
    out.tables.push_back(std::move(t));
    out.charts.push_back(errorAgainstKChart({"Mean error against K", "平均误差随 K 的变化"},
                                            {"mean |d − exact| / Σ|a·b|", "平均 |d − 精确值| / Σ|a·b|"},
                                            {std::move(sFp32), std::move(sTf32), std::move(sInputs)}));
    return out;
}

} // namespace

void addTensorCoreExperiments(std::vector<ExperimentSpec>& catalog) {
    const std::vector<std::string> conversions = {"truncate", "rna", "rne"};
    const LocalText conversionHelp{"how FP32 becomes TF32: truncate (raw bits), rna (__float_to_tf32), rne (cuBLAS)",
                                   "FP32 如何变成 TF32：truncate（原始位）、rna（__float_to_tf32）、rne（cuBLAS）"};
    catalog.push_back({"tf32_inputs",
                       {"FP32 to TF32: truncate, rna, rne", "FP32 转 TF32：截断、rna、rne"},
                       {"Each value's FP32 bits, the 13 low bits TF32 drops, and the TF32 operand made by truncation, "
                        "by __float_to_tf32 (ties away) and by cuBLAS (ties to even).",
                        "每个值的 FP32 位、TF32 丢掉的低 13 位，以及截断、__float_to_tf32（平局远离零）和 cuBLAS"
                        "（平局取偶）各自得到的 TF32 操作数。"},
                       {numberListParam("values", "0.99999994, 1.00048828125, 1.00146484375",
                                        {"FP32 values (comma-separated)", "FP32 值（逗号分隔）"})},
                       tf32Inputs});
    catalog.push_back(
        {"mma_block_steps",
         {"One tensor-core block FMA, step by step", "张量核心的一次块 FMA，逐步展开"},
         {"D = Σ a_k·b_k + C on the sm_80 (A100) and sm_90 (H100/H200) models: each term's exponent, E, "
          "the cut to F bits, the exact sum S and the final rounding toward zero; with the IEEE answers.",
          "在 sm_80（A100）与 sm_90（H100/H200）模型上计算 D = Σ a_k·b_k + C：每一项的指数、E、截到 F 位、"
          "精确和 S 与最后的向零舍入；并给出 IEEE 的结果。"},
         {choiceParam("input", "fp16", {"fp16", "bf16", "tf32"}, {"input type of the MMA", "MMA 的输入类型"}),
          choiceParam("tf32_input", "truncate", conversions, conversionHelp),
          numberListParam("a", "3*2^-24",
                          {"a_0, a_1, ... (rounded to the input type; tf32: FP32)",
                           "a_0, a_1, ……（舍入到输入类型；tf32 时为 FP32）"}),
          numberListParam("b", "-0.5", {"b_0, b_1, ... (one for each a)", "b_0, b_1, ……（与 a 一一对应）"}),
          numberParam("c", "1", {"C, in FP32", "C（FP32）"})},
         mmaBlockSteps});
    catalog.push_back(
        {"tf32_gemm_error",
         {"TF32 against FP32 in a GEMM", "GEMM 中的 TF32 与 FP32"},
         {"Random matrices like torch.rand multiplied with FP32 FMAs (TF32 off) and on the tensor-core "
          "model with TF32 inputs (TF32 on); the error of each against the exact product as K grows.",
          "用类似 torch.rand 的随机矩阵，分别以 FP32 FMA（关闭 TF32）和 TF32 输入的张量核心模型"
          "（开启 TF32）相乘；随 K 增大，各自相对精确乘积的误差。"},
         {integerParam("m", "8", 1, 64, {"rows of A and C", "A 与 C 的行数"}),
          integerParam("n", "8", 1, 64, {"columns of B and C", "B 与 C 的列数"}),
          numberListParam("k_values", "16, 64, 256, 1024, 4096",
                          {"inner dimensions K to try (1..16384)", "要试的内维 K（1..16384）"}),
          choiceParam("arch", "sm_80", {"sm_80", "sm_90"}, {"tensor-core model", "张量核心模型"}),
          choiceParam("tf32_input", "rne", conversions, conversionHelp),
          booleanParam("signed", "false", {"inputs in [-1, 1) instead of [0, 1)", "输入取 [-1, 1) 而非 [0, 1)"}),
          integerParam("seed", "1", 0, 1000000000, {"seed of the random inputs", "随机输入的种子"})},
         tf32GemmError});
}

} // namespace fplab::lessons
