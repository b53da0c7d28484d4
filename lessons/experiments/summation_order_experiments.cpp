// Lesson 5 (accumulation): the same FP32 values summed in three orders, as a GPU sums them: one
// thread in index order, a tree reduction (blocks of 256, halving strides), and atomicAdd from many
// threads. The CPU side applies the atomics in index order, one of the orders a GPU may take; the
// GPU counterpart (app/lesson_counterparts) shows the orders the hardware really took.
#include "core/summation_order.h"
#include "lessons/experiments/experiment_helpers.h"
#include "core/text/print.h"
#include "lessons/value_text.h"

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace fplab::lessons {

using namespace experiments;

namespace {

ExperimentResult summationOrder(const ParamValues& params) {
    const int count = int(params.integer("count"));
    const int runs = int(params.integer("atomic_runs"));
    const std::vector<std::uint32_t> values = uniformFp32Values(count, std::uint64_t(params.integer("seed")));
    double exact = 0;
    for (const std::uint32_t v : values) exact += double(std::bit_cast<float>(v)); // 24-bit values, count < 2^29: exact
    const std::uint32_t sequential = sequentialSumFp32(values);
    const std::uint32_t tree = treeSumFp32(values, kTreeReductionBlock);

    ExperimentResult out;
    out.quantities.push_back(countQuantity("count", {"Values summed", "求和的值个数"}, count));
    out.quantities.push_back(realQuantity("exact", {"Exact sum", "精确和"}, exact));
    const auto sum = [&](const std::string& key, LocalText label, std::uint32_t bits) {
        out.quantities.push_back(floatQuantity(key, std::move(label), kFp32, bits));
    };
    sum("sequential", {"One thread, in index order", "单线程按下标顺序"}, sequential);
    sum("tree", {"Tree reduction (blocks of 256)", "树形归约（每块 256 个）"}, tree);
    for (int r = 1; r <= runs; ++r) {
        const std::string n = std::to_string(r);
        sum("atomic_" + n, {"atomicAdd, run " + n, "atomicAdd，第 " + n + " 次"}, sequential);
        out.quantities.back().note = {"(CPU: the atomics applied in index order)", "（CPU：按下标顺序执行原子加）"};
    }
    out.quantities.push_back(
        countQuantity("atomic_distinct", {"Distinct atomicAdd results", "atomicAdd 的不同结果数"}, 1));
    out.quantities.push_back(realQuantity("sequential_error", {"Index order − exact", "下标顺序 − 精确和"},
                                          valueOf(kFp32, sequential) - exact));
    out.quantities.push_back(
        realQuantity("tree_error", {"Tree − exact", "树形 − 精确和"}, valueOf(kFp32, tree) - exact));

    ResultTable t;
    t.key = "orders";
    t.title = {std::to_string(count) + " FP32 values in [0, 1), summed in FP32 in different orders",
               std::to_string(count) + " 个 [0, 1) 中的 FP32 值，按不同顺序以 FP32 求和"};
    t.columns = {{"order", "顺序"}, {"sum", "和"}, {"bits", "位"}, {"error", "误差"}};
    t.rows.push_back({{"index order", "下标顺序"},
                      valueCell(kFp32, sequential),
                      hexBits(kFp32, sequential),
                      pythonRepr(valueOf(kFp32, sequential) - exact)});
    t.rows.push_back(
        {{"tree", "树形"}, valueCell(kFp32, tree), hexBits(kFp32, tree), pythonRepr(valueOf(kFp32, tree) - exact)});
    out.tables.push_back(std::move(t));
    out.notes.push_back(
        {"A CPU cannot know in which order a GPU's atomicAdds land: the emulation applies them in index "
         "order. Switch to GPU to see the orders the hardware took.",
         "CPU 无法预知 GPU 上 atomicAdd 的执行顺序：模拟按下标顺序执行。切换到 GPU 可看到硬件实际的顺序。"});
    return out;
}

} // namespace

void addSummationOrderExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"summation_order",
         {"The order of a sum", "求和的顺序"},
         {"The same FP32 values summed in index order, as a tree reduction and with atomicAdd: "
          "the order changes the rounding, and atomics change the order from run to run.",
          "同一组 FP32 值按下标顺序、树形归约和 atomicAdd 求和：顺序改变舍入，而原子加每次运行的顺序都不同。"},
         {integerParam("count", "1048576", 1, 4'000'000, {"how many values", "值的个数"}),
          integerParam("seed", "1", 0, 1'000'000'000, {"seed of the values", "值的种子"}),
          integerParam("atomic_runs", "5", 1, 20, {"atomicAdd runs", "atomicAdd 运行次数"})},
         summationOrder});
}

} // namespace fplab::lessons
