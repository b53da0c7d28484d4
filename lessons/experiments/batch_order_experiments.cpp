// Lesson 14 (batch size): the same row of a GEMM summed as a kernel for one row sums it (eight vector
// lanes, then the lanes) and as a kernel for a batch sums it (each output walks k in order), the two
// orders revealed by their probes (core/reveal), and how often the bits differ.
#include "core/format.h"
#include "core/reveal/model_targets.h"
#include "core/reveal/revealer.h"
#include "core/reveal/tree_replay.h"
#include "core/reveal/validation.h"
#include "core/text/print.h"
#include "lessons/experiments/experiment_helpers.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fplab::lessons {

using namespace experiments;

namespace {

using reveal::ModelTarget;

// The two kernels' orders in words (the lesson uses no other).
LocalText orderWords(ModelTarget order) {
    if (order == ModelTarget::Lanes8) return {"eight lanes, then the lanes", "八个通道，再把通道相加"};
    return {"in order of k", "按 k 的顺序"};
}

std::uint64_t sumInOrder(ModelTarget order, const std::vector<std::uint64_t>& terms) {
    return reveal::replaySum(*reveal::knownOrder(order, int(terms.size())), kFp32, terms, reveal::ReplayRules{kFp32});
}

// Row r's terms: random FP32 values standing for its products a[r][k]·b[k], which are what a kernel adds.
std::vector<std::uint64_t> rowTerms(int terms, std::uint64_t seed) { return reveal::randomTerms(kFp32, terms, seed); }

ExperimentResult batchRow(const ParamValues& params) {
    const int terms = int(params.integer("terms"));
    const int rows = int(params.integer("rows"));
    const std::uint64_t seed = std::uint64_t(params.integer("seed"));
    const bool invariant = params.boolean("batch_invariant");
    // A batch-invariant kernel sums every row in the batch kernel's order, whatever the batch size.
    const ModelTarget alone = invariant ? ModelTarget::Sequential : ModelTarget::Lanes8;
    const ModelTarget batched = ModelTarget::Sequential;

    const auto first = rowTerms(terms, seed);
    const std::uint64_t a = sumInOrder(alone, first), b = sumInOrder(batched, first);
    int differing = 0;
    for (int r = 0; r < rows; ++r) {
        const auto row = rowTerms(terms, seed + std::uint64_t(r));
        if (sumInOrder(alone, row) != sumInOrder(batched, row)) ++differing;
    }
    ExperimentResult out;
    out.quantities.push_back(countQuantity("terms", {"Terms per row", "每行的项数"}, terms));
    out.quantities.push_back(floatQuantity("alone", {"Row 0 computed alone", "第 0 行单独计算"}, kFp32, a));
    out.quantities.push_back(floatQuantity("batched", {"Row 0 in a batch of 64", "第 0 行在 64 行的批次中"}, kFp32, b));
    out.quantities.push_back(countQuantity("rows", {"Random rows tried", "尝试的随机行数"}, rows));
    out.quantities.push_back(countQuantity("differing", {"Rows whose bits differ", "位不同的行数"}, differing));

    ResultTable t;
    t.key = "row0";
    t.title = {"Row 0, " + std::to_string(terms) + " FP32 terms, in two orders",
               "第 0 行，" + std::to_string(terms) + " 个 FP32 项，两种顺序"};
    t.columns = {{"kernel", "内核"}, {"order", "顺序"}, {"sum", "和"}, {"bits", "位"}};
    t.rows.push_back(
        {{"one row (M = 1)", "单行（M = 1）"}, orderWords(alone), valueCell(kFp32, a), {hexBits(kFp32, a)}});
    t.rows.push_back(
        {{"a batch (M = 64)", "批次（M = 64）"}, orderWords(batched), valueCell(kFp32, b), {hexBits(kFp32, b)}});
    out.tables.push_back(std::move(t));
    return out;
}

ExperimentResult revealBatchOrders(const ParamValues& params) {
    const int terms = int(params.integer("terms"));
    ExperimentResult out;
    ResultTable t;
    t.key = "trees";
    t.title = {"The two orders, revealed by probing", "探测得到的两种顺序"};
    t.columns = {{"kernel", "内核"}, {"probes", "探测次数"}, {"tree", "树"}};
    const auto add = [&](const std::string& key, LocalText kernel, ModelTarget order) {
        auto target = reveal::makeModelTarget(order, terms, kFp32);
        reveal::RevealOptions options;
        options.terms = terms;
        const reveal::RevealResult r = reveal::revealOrder(*target, options);
        const std::string tree = reveal::bracketText(r.tree);
        out.quantities.push_back(textQuantity(key + "_tree", kernel, {tree, tree}));
        out.quantities.push_back(countQuantity(key + "_probes", {"Probes", "探测次数"}, r.probes));
        t.rows.push_back({kernel, {std::to_string(r.probes)}, {tree}});
    };
    add("alone", {"one row (M = 1)", "单行（M = 1）"}, ModelTarget::Lanes8);
    add("batched", {"a batch (M = 64)", "批次（M = 64）"}, ModelTarget::Sequential);
    out.tables.push_back(std::move(t));
    return out;
}

} // namespace

void addBatchOrderExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"batch_row",
         {"One row, two batch sizes", "同一行，两种批大小"},
         {"The same FP32 row summed as a one-row kernel sums it (eight vector lanes) and as a batch "
          "kernel sums it (in order of k): the bits, and how often they differ.",
          "同一个 FP32 行分别按单行内核（八个向量通道）和批次内核（按 k 顺序）求和：比较结果的位，以及不同的频率。"},
         {integerParam("terms", "64", 2, 4096, {"terms per row (k)", "每行的项数（k）"}),
          integerParam("rows", "1000", 1, 100000, {"random rows to try", "尝试的随机行数"}),
          integerParam("seed", "1", 0, 1'000'000'000, {"seed of the rows", "行的种子"}),
          booleanParam("batch_invariant", "false",
                       {"sum every row in one order, whatever the batch", "无论批大小都按同一顺序求和"})},
         batchRow});
    catalog.push_back({"batch_orders",
                       {"The two orders, revealed", "揭示两种顺序"},
                       {"Probes each kernel's sum with M, -M and ones (FPRev) and draws the order it found.",
                        "用 M、-M 和 1 探测每个内核的求和（FPRev 方法），画出找到的顺序。"},
                       {integerParam("terms", "16", 2, 256, {"terms per row (k)", "每行的项数（k）"})},
                       revealBatchOrders});
}

} // namespace fplab::lessons
