// The dtype of every tensor of a step: Stanford CS336 assignment 2's ToyModel(10, 10) under FP16 autocast,
// as answers to the assignment print it: after fc1 float16, after ln float32, after fc2 float16, y float16, parameters float32.
#include "core/training/rng.h"
#include "core/training/toy_model.h"
#include "core/training/training_run.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace fplab::training {
namespace {

// The assignment's model and input: ToyModel(10, 10) (hidden width 10, no biases), x = randn(10, 10).
std::vector<TraceEntry> cs336Trace(TrainingMode mode, bool masterWeights = true) {
    const ModelShape shape{10, 10, 10, 1, false};
    ToyModel model(shape, 7);
    Rng rng(3);
    std::vector<float> x(100);
    for (float& v : x) v = float(rng.normal());
    std::vector<int> labels(10);
    for (int i = 0; i < 10; ++i) labels[std::size_t(i)] = i;
    std::vector<TraceEntry> trace;
    model.forwardBackward({x.data(), labels.data(), 10}, policyFor(mode, masterWeights), 1.0f, nullptr, &trace);
    return trace;
}

std::map<std::string, std::string> typesByName(const std::vector<TraceEntry>& trace) {
    std::map<std::string, std::string> m;
    for (const TraceEntry& t : trace) m[t.name] = std::string(dtypeName(t.dtype));
    return m;
}

TEST(AutocastTrace, Fp16MatchesTheCs336Answers) {
    const auto types = typesByName(cs336Trace(TrainingMode::Fp16Dynamic));
    EXPECT_EQ(types.at("after fc1"), "float16");
    EXPECT_EQ(types.at("after ln"), "float32");
    EXPECT_EQ(types.at("after fc2"), "float16");
    EXPECT_EQ(types.at("output"), "float16");
    EXPECT_EQ(types.at("fc1.weight"), "float32");
    EXPECT_EQ(types.at("fc2.weight"), "float32");
    EXPECT_EQ(types.at("ln.weight"), "float32");
    EXPECT_EQ(types.at("ln.bias"), "float32");
    EXPECT_EQ(types.at("loss"), "float32");
}

TEST(AutocastTrace, TheStepInOrder) {
    // The whole forward and backward of one FP16 step, as the lesson lists it.
    const std::vector<std::string> expected = {
        "x float32",
        "fc1.weight float32",
        "ln.weight float32",
        "ln.bias float32",
        "fc2.weight float32",
        "fc1 input (cast) float16",
        "fc1.weight (cast) float16",
        "after fc1 float16",
        "ln input (cast) float32",
        "ln mean, rstd float32",
        "after ln float32",
        "fc2 input (cast) float16",
        "fc2.weight (cast) float16",
        "after fc2 float16",
        "output float16",
        "output (cast for cross_entropy) float32",
        "log_softmax float32",
        "loss float32",
        "grad of log_softmax input float32",
        "grad of output float16",
        "fc2.weight grad (computed) float16",
        "fc2.weight.grad float32",
        "grad of fc2 input float16",
        "ln.weight.grad float32",
        "ln.bias.grad float32",
        "grad of ln input float32",
        "grad of after fc1 float16",
        "fc1.weight grad (computed) float16",
        "fc1.weight.grad float32",
    };
    std::vector<std::string> got;
    for (const TraceEntry& t : cs336Trace(TrainingMode::Fp16))
        got.push_back(t.name + " " + std::string(dtypeName(t.dtype)));
    EXPECT_EQ(got, expected);
}

TEST(AutocastTrace, Bf16UsesBfloat16WhereFp16UsesFloat16) {
    const auto types = typesByName(cs336Trace(TrainingMode::Bf16));
    EXPECT_EQ(types.at("after fc1"), "bfloat16");
    EXPECT_EQ(types.at("after ln"), "float32");
    EXPECT_EQ(types.at("output"), "bfloat16");
    EXPECT_EQ(types.at("fc1.weight"), "float32");
}

TEST(AutocastTrace, Fp32AndTf32HaveOnlyFloat32Tensors) {
    for (TrainingMode mode : {TrainingMode::Fp32, TrainingMode::Tf32})
        for (const TraceEntry& t : cs336Trace(mode)) {
            EXPECT_EQ(t.dtype, DType::Float32) << t.name;
            EXPECT_EQ(t.name.find("(cast)"), std::string::npos) << t.name; // no autocast copies
        }
}

TEST(AutocastTrace, WithoutMasterWeightsTheParametersAreFloat16) {
    const auto types = typesByName(cs336Trace(TrainingMode::Fp16Dynamic, false));
    EXPECT_EQ(types.at("fc1.weight"), "float16");
    EXPECT_EQ(types.at("fc1.weight.grad"), "float16");
    EXPECT_EQ(types.at("ln.weight"), "float16");
    EXPECT_EQ(types.count("fc1.weight (cast)"), 0u); // already float16: nothing to cast
    EXPECT_EQ(types.at("after ln"), "float32");      // layer_norm still runs in float32
}

TEST(AutocastTrace, TableNamesTheTypes) {
    const std::vector<OpPrecision> table = autocastTable(policyFor(TrainingMode::Fp16));
    ASSERT_FALSE(table.empty());
    EXPECT_EQ(table[0].output, DType::Float16);
    bool sawLayerNorm = false;
    for (const OpPrecision& op : table)
        if (op.op == AutocastOp::LayerNorm) {
            sawLayerNorm = true;
            EXPECT_EQ(op.output, DType::Float32);
        }
    EXPECT_TRUE(sawLayerNorm);
}

TEST(AutocastTrace, TheRunsTraceAndMemoryFollowThePolicy) {
    TrainingConfig c;
    c.mode = TrainingMode::Fp16Dynamic;
    c.model.width = 16;
    TrainingRun run(c);
    const std::vector<TraceEntry> trace = run.dtypeTrace();
    ASSERT_FALSE(trace.empty());
    EXPECT_EQ(run.history().size(), 0u); // tracing does not step the run
    const MemoryReport fp16 = run.memory();
    c.mode = TrainingMode::Fp32;
    const MemoryReport fp32 = TrainingRun(c).memory();
    const std::int64_t a = fp32.parameters;
    // Adam: FP32 holds 4a weights + 4a gradients + 8a optimizer state.
    EXPECT_EQ(fp32.weights, 4 * a);
    EXPECT_EQ(fp32.master, 0);
    EXPECT_EQ(fp32.gradients, 4 * a);
    EXPECT_EQ(fp32.optimizer, 8 * a);
    EXPECT_EQ(fp32.weightCopies, 0);
    // Mixed precision: float32 master weights and .grad (as PyTorch AMP keeps them), float16 copies of
    // the linear layers' weights and biases (LayerNorm's stay float32), and smaller activations.
    EXPECT_EQ(fp16.weights, 0);
    EXPECT_EQ(fp16.master, 4 * a);
    EXPECT_EQ(fp16.gradients, 4 * a);
    EXPECT_EQ(fp16.optimizer, 8 * a);
    // Lesson 7's rule (issue 26): with Adam, 16 bytes of static memory per parameter in FP32 and in mixed
    // precision; the 16-bit copies live from the forward pass to the backward pass, with the activations.
    EXPECT_EQ(fp32.staticBytes(), 16 * a);
    EXPECT_EQ(fp16.staticBytes(), 16 * a);
    const std::int64_t normParams = 2 * 16; // ln.weight, ln.bias
    EXPECT_EQ(fp16.weightCopies, 2 * (a - normParams));
    EXPECT_EQ(fp16.transientBytes(), fp16.weightCopies + fp16.activations);
    EXPECT_EQ(fp16.total(), fp16.staticBytes() + fp16.transientBytes());
    EXPECT_LT(fp16.activations, fp32.activations);
    c.mode = TrainingMode::Fp16Dynamic;
    c.masterWeights = false;
    const MemoryReport half = TrainingRun(c).memory();
    EXPECT_EQ(half.weights, 2 * a);
    EXPECT_EQ(half.master, 0);
    EXPECT_EQ(half.gradients, 2 * a);
    EXPECT_EQ(half.optimizer, 4 * a);
}

} // namespace
} // namespace fplab::training
