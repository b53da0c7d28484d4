// Lesson 10 on the GPU. mma_block_steps: the dot product through real mma.sync instructions (row 0 of
// A, column 0 of B, C(0,0)), k split into the instruction's k with D fed back as C, which is how the
// model chains blocks; the result goes under the key of the model for this GPU (sm80 / sm90).
// tf32_gemm_error: the same random matrices through the project's TF32 mma.sync GEMM kernel, whose
// results the sm_90 model reproduced bit for bit on an H100 (gpu compare, 2026-11-24), measured alike.
#include "core/tensor_core/mma_config.h"
#include "gpu/backend_choice.h"
#include "gpu/gemm.h"
#include "gpu/gemm_types.h"
#include "app/lesson_counterparts/counterpart_parts.h"
#include "gpu/single_mma.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/experiments/gemm_error_inputs.h"

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace fplab::gpu::counterparts {

using namespace fplab::lessons;

namespace {

struct Operands {
    GemmType type;
    Format format;
    std::vector<std::uint64_t> a, b;
};

Operands readOperands(const ParamValues& params) {
    const std::string& input = params.text("input");
    Operands o{GemmType::Fp16Fp32, kFp16, {}, {}};
    if (input == "bf16") {
        o.type = GemmType::Bf16Fp32;
        o.format = kBf16;
    } else if (input == "tf32") {
        o.type = GemmType::Tf32;
        o.format = kFp32;
    } else if (input != "fp16") {
        throw ExperimentError("the GPU counterpart runs fp16, bf16 and tf32 MMAs, not " + input);
    }
    o.a = experiments::numberListBits(params, "a", o.format);
    o.b = experiments::numberListBits(params, "b", o.format);
    if (o.a.size() != o.b.size()) throw ExperimentError("give one b for each a");
    if (o.type == GemmType::Tf32) {
        // The instruction truncates raw FP32 bits; rna and rne are conversions made before it.
        const tc::Tf32Input mode = *tc::parseTf32Input(params.text("tf32_input"));
        for (auto* v : {&o.a, &o.b})
            for (std::uint64_t& x : *v) x = tc::tf32Operand(std::uint32_t(x), mode);
    }
    return o;
}

} // namespace

ExperimentResult mmaBlockSteps(const ParamValues& params) {
    const Operands o = readOperands(params);
    const int k = gemmTypeInfo(o.type).mmaK;
    std::uint64_t d = params.number("c", kFp32).bits;
    int instructions = 0;
    for (std::size_t first = 0; first < o.a.size(); first += std::size_t(k), ++instructions) {
        MmaTile tile;
        tile.type = o.type;
        tile.a.assign(std::size_t(16 * k), 0);
        tile.b.assign(std::size_t(k * 8), 0);
        tile.c.assign(16 * 8, 0);
        for (std::size_t i = first; i < o.a.size() && i < first + std::size_t(k); ++i) {
            tile.a[i - first] = o.a[i];       // row 0 of A
            tile.b[(i - first) * 8] = o.b[i]; // column 0 of B
        }
        tile.c[0] = d;
        d = runSingleMmaOnGpu(tile)[0];
    }
    const tc::Arch arch = defaultModelArch();
    const std::string key = arch == tc::Arch::Sm90 ? "sm90" : "sm80";
    const std::string desc(tc::archDescription(arch));
    ExperimentResult out;
    out.quantities.push_back(deviceQuantity());
    out.quantities.push_back(floatQuantity(key, {"D on " + desc, desc + " 上的 D"}, kFp32, d));
    out.quantities.push_back(countQuantity(
        "mma_instructions",
        {"mma.sync instructions run (D fed back as C)", "运行的 mma.sync 指令数（D 作为下一次的 C）"}, instructions));
    out.notes.push_back(
        {std::string(gemmTypeInfo(o.type).instruction) + ", compared with the CPU model of " + desc + ".",
         std::string(gemmTypeInfo(o.type).instruction) + "，与 " + desc + " 的 CPU 模型比较。"});
    return out;
}

ExperimentResult tf32GemmError(const ParamValues& params) {
    using namespace lessons::experiments;
    const int m = int(params.integer("m"));
    const int n = int(params.integer("n"));
    const bool isSigned = params.boolean("signed");
    const tc::Tf32Input conversion = *tc::parseTf32Input(params.text("tf32_input"));
    const std::string modelled = params.text("arch");
    const tc::Arch arch = defaultModelArch();
    const std::unique_ptr<GemmBackend> kernel = makeBackend("kernel", arch);
    std::mt19937_64 rng(std::uint64_t(params.integer("seed")));
    const std::vector<std::string> ks = params.list("k_values");
    ExperimentResult out;
    out.quantities.push_back(deviceQuantity());
    double least = 0;
    int kAtLeast = 0;
    for (std::size_t ki = 0; ki < ks.size(); ++ki) {
        std::string error;
        const int k = int(parseIntegerParam(ks[ki], error).value_or(0));
        if (k < 1) throw ExperimentError("k_values: " + ks[ki]);
        const std::vector<float> a = randomMatrix(rng, std::size_t(m) * std::size_t(k), isSigned);
        const std::vector<float> b = randomMatrix(rng, std::size_t(k) * std::size_t(n), isSigned);
        GemmProblem p;
        p.type = GemmType::Tf32;
        p.m = m;
        p.n = n;
        p.k = k;
        // Converted here as the CPU side converts; the kernel's cvt.rna leaves TF32 values as they are.
        for (const float x : a) p.a.push_back(tc::tf32Operand(floatBits(x), conversion));
        for (const float x : b) p.b.push_back(tc::tf32Operand(floatBits(x), conversion));
        p.c.assign(std::size_t(m) * std::size_t(n), 0);
        std::vector<ExactDot> exact;
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j)
                exact.push_back(exactDot(&a[std::size_t(i) * std::size_t(k)], &b[std::size_t(j)], std::size_t(n), k));
        const GemmOutput d = kernel->run(p);
        std::vector<std::uint32_t> d32(d.d.begin(), d.d.end());
        const ErrorStats e = errorStats(d32, exact);
        if (ki == 0 || e.mean < least) {
            least = e.mean;
            kAtLeast = k;
        }
        const auto publish = [&](const std::string& suffix, const std::string& en, const std::string& zh) {
            out.quantities.push_back(countQuantity("k_" + suffix, {"K" + en, "K" + zh}, k));
            out.quantities.push_back(
                realQuantity("tf32_max_" + suffix, {"TF32: largest error" + en, "TF32：最大误差" + zh}, e.max));
            out.quantities.push_back(
                realQuantity("tf32_mean_" + suffix, {"TF32: mean error" + en, "TF32：平均误差" + zh}, e.mean));
        };
        if (ki == 0) publish("first", " (first K)", "（第一个 K）");
        if (ki + 1 == ks.size()) publish("last", " (last K)", "（最后一个 K）");
    }
    out.quantities.push_back(realQuantity(
        "tf32_mean_least", {"TF32: the least mean error over the K tried", "TF32：所试 K 中最小的平均误差"}, least));
    out.quantities.push_back(countQuantity("k_at_least", {"... at K", "……出现在 K ="}, kAtLeast));
    const std::string desc(tc::archDescription(arch));
    out.notes.push_back({"TF32 on this GPU's tensor cores through the project's mma.sync GEMM kernel, k in order.",
                         "在本 GPU 的张量核心上通过项目的 mma.sync GEMM 内核计算 TF32，k 按顺序累加。"});
    if (modelled != tc::archName(arch))
        out.notes.push_back({"This GPU is " + desc + "; the CPU side models " + modelled +
                                 ": differences here are the two "
                                 "architectures' arithmetic. Set arch to " +
                                 std::string(tc::archName(arch)) + " to compare like with like.",
                             "本 GPU 是 " + desc + "；CPU 一侧模拟的是 " + modelled +
                                 "：这里的差异来自两种架构的运算。把 arch 设为 " + std::string(tc::archName(arch)) +
                                 " 可作同类比较。"});
    return out;
}

} // namespace fplab::gpu::counterparts
