// Lesson 5 on the GPU: the seed notes' repeated additions (one thread, in order, as the CPU side) and
// the summation orders (one thread, tree reduction, atomicAdd), through gpu/accumulate.
#include "core/summation_order.h"
#include "gpu/accumulate.h"
#include "app/lesson_counterparts/counterpart_parts.h"

#include <algorithm>
#include <string>
#include <vector>

namespace fplab::gpu::counterparts {

using namespace fplab::lessons;

namespace {

// The kernel adds FP16 and FP32 only; other formats have no GPU counterpart.
void requireFormat(const ParamValues& params, std::string_view name, const Format& expected) {
    if (params.format(name).name() != expected.name())
        throw ExperimentError("the GPU kernel adds " + std::string(expected.name()) + " only; " + std::string(name) +
                              " is " + params.text(name));
}

std::vector<std::uint64_t> repeatedSums(const ParamValues& params, std::string_view addendName) {
    const std::uint64_t a32 = params.number(addendName, kFp32).bits;
    const std::uint64_t a16 = params.number(addendName, kFp16).bits;
    return runRepeatedAdditionOnGpu(std::uint32_t(a32), std::uint16_t(a16), int(params.integer("count")));
}

std::uint64_t sumOf(const std::vector<std::uint64_t>& sums, RepeatedSum kind) { return sums[std::size_t(kind)]; }

} // namespace

ExperimentResult accumulate(const ParamValues& params) {
    requireFormat(params, "low", kFp16);
    requireFormat(params, "high", kFp32);
    const std::vector<std::uint64_t> s = repeatedSums(params, "addend");
    ExperimentResult out;
    out.quantities.push_back(deviceQuantity());
    out.quantities.push_back(
        floatQuantity("high", {"FP32 sum of FP32 addends", "FP32 加数、FP32 和"}, kFp32, sumOf(s, RepeatedSum::Fp32)));
    out.quantities.push_back(
        floatQuantity("low", {"FP16 sum of FP16 addends", "FP16 加数、FP16 和"}, kFp16, sumOf(s, RepeatedSum::Fp16)));
    out.quantities.push_back(floatQuantity("mixed", {"FP32 sum of FP16 addends", "FP16 加数、FP32 和"}, kFp32,
                                           sumOf(s, RepeatedSum::Fp16IntoFp32)));
    out.notes.push_back(
        {"One GPU thread adds in order, as the loops do; each addition is one rounded FP32 or FP16 add.",
         "一个 GPU 线程按顺序相加，与循环相同；每次加法都是一次舍入的 FP32 或 FP16 加法。"});
    return out;
}

ExperimentResult accumulateFixes(const ParamValues& params) {
    requireFormat(params, "format", kFp16);
    requireFormat(params, "accumulator", kFp32);
    const std::vector<std::uint64_t> s = repeatedSums(params, "addend");
    ExperimentResult out;
    out.quantities.push_back(deviceQuantity());
    out.quantities.push_back(
        floatQuantity("naive", {"Naive sum in FP16", "FP16 直接累加"}, kFp16, sumOf(s, RepeatedSum::Fp16)));
    out.quantities.push_back(
        floatQuantity("wide", {"FP32 accumulator", "FP32 累加器"}, kFp32, sumOf(s, RepeatedSum::Fp16IntoFp32)));
    out.quantities.push_back(
        floatQuantity("kahan", {"Kahan sum in FP16", "FP16 中的 Kahan 求和"}, kFp16, sumOf(s, RepeatedSum::Fp16Kahan)));
    out.notes.push_back({"The GPU runs the naive, wide and Kahan loops; pairwise and stochastic rounding are CPU only.",
                         "GPU 运行直接累加、宽累加器和 Kahan 循环；两两求和与随机舍入只在 CPU 上。"});
    return out;
}

ExperimentResult summationOrder(const ParamValues& params) {
    const std::vector<std::uint32_t> values = uniformFp32Values(int(params.integer("count")),
                                                                std::uint64_t(params.integer("seed")));
    const int runs = int(params.integer("atomic_runs"));
    const GpuSummation g = runSummationOnGpu(values, runs);
    ExperimentResult out;
    out.quantities.push_back(deviceQuantity());
    out.quantities.push_back(
        floatQuantity("sequential", {"One thread, in index order", "单线程按下标顺序"}, kFp32, g.sequential));
    out.quantities.push_back(
        floatQuantity("tree", {"Tree reduction (blocks of 256)", "树形归约（每块 256 个）"}, kFp32, g.tree));
    std::vector<std::uint32_t> distinct;
    for (std::size_t r = 0; r < g.atomic.size(); ++r) {
        const std::string n = std::to_string(r + 1);
        out.quantities.push_back(
            floatQuantity("atomic_" + n, {"atomicAdd, run " + n, "atomicAdd，第 " + n + " 次"}, kFp32, g.atomic[r]));
        if (std::find(distinct.begin(), distinct.end(), g.atomic[r]) == distinct.end()) distinct.push_back(g.atomic[r]);
    }
    out.quantities.push_back(countQuantity("atomic_distinct", {"Distinct atomicAdd results", "atomicAdd 的不同结果数"},
                                           std::int64_t(distinct.size())));
    out.notes.push_back({"atomicAdd: 1024 blocks of 256 threads add into one FP32 value in whatever order the hardware "
                         "schedules them.",
                         "atomicAdd：1024 个块、每块 256 个线程，按硬件调度的任意顺序加到同一个 FP32 值上。"});
    return out;
}

} // namespace fplab::gpu::counterparts
