// What the Training section's comparison of runs reads from core: the per-tensor update statistics
// (checked against the weights before and after a step, counted here), the bytes by category per mode
// (checked against numbers worked out by hand from the model's shapes), and the step CSV's numbers.
#include "core/training/mode_memory.h"
#include "core/training/step_csv.h"
#include "core/training/training_run.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>

namespace fplab::training {
namespace {

TEST(CompareRuns, PerTensorUpdateStatisticsMatchTheWeightsBeforeAndAfter) {
    // Plain SGD on float16 parameters (no master weights): the update is lr * grad, and many are
    // smaller than half a spacing of the weight they are added to.
    TrainingConfig c;
    c.mode = TrainingMode::Fp16;
    c.masterWeights = false;
    c.model.width = 16;
    c.steps = 3;
    c.optimizer.kind = OptimizerKind::Sgd;
    c.optimizer.momentum = 0;
    c.optimizer.learningRate = 1e-3f;
    TrainingRun run(c);
    bool someVanished = false, someMoved = false;
    for (int step = 0; step < 3; ++step) {
        const std::vector<float> before = run.weights();
        const StepRecord* r = run.step();
        ASSERT_NE(r, nullptr);
        const std::vector<float> after = run.weights();
        const std::vector<Parameter>& params = run.model().parameters();
        ASSERT_EQ(r->vanishedPerTensor.size(), params.size());
        ASSERT_EQ(r->updateRatio.size(), params.size());
        std::size_t at = 0;
        std::int64_t totalVanished = 0;
        for (std::size_t t = 0; t < params.size(); ++t) {
            std::int64_t attempted = 0, vanished = 0;
            double change = 0, norm = 0;
            for (std::size_t i = 0; i < params[t].size(); ++i, ++at) {
                const float delta = c.optimizer.learningRate * params[t].grad[i]; // the grad the step used
                if (delta != 0) {
                    ++attempted;
                    if (after[at] == before[at]) ++vanished;
                }
                change += (double(after[at]) - before[at]) * (double(after[at]) - before[at]);
                norm += double(before[at]) * before[at];
            }
            const double fraction = attempted ? double(vanished) / double(attempted) : 0.0;
            EXPECT_EQ(r->vanishedPerTensor[t], fraction) << params[t].name << " step " << r->step;
            // A tensor of zeros (ln.bias before its first update) has no ratio: 0.
            EXPECT_DOUBLE_EQ(r->updateRatio[t], norm > 0 ? std::sqrt(change / norm) : 0.0) << params[t].name;
            totalVanished += vanished;
            someVanished = someVanished || (vanished > 0);
            someMoved = someMoved || (vanished < attempted);
        }
        EXPECT_EQ(at, after.size());
        EXPECT_EQ(r->updatesVanished, totalVanished);
    }
    EXPECT_TRUE(someVanished);
    EXPECT_TRUE(someMoved);
}

TEST(CompareRuns, MemoryByModeMatchesTheModelsShapes) {
    TrainingConfig c; // spirals: 2 inputs, 3 classes; Adam; batch 64
    c.model.width = 16;
    const std::vector<ModeMemory> m = memoryByMode(c, standardComparisonModes());
    ASSERT_EQ(m.size(), 4u);
    EXPECT_EQ(m[0].mode, TrainingMode::Fp32);
    EXPECT_EQ(m[1].mode, TrainingMode::Fp16);
    EXPECT_EQ(m[2].mode, TrainingMode::Fp16Dynamic);
    EXPECT_EQ(m[3].mode, TrainingMode::Bf16);
    // Parameters: fc1 16x2 + 16, ln1 16 + 16, fc2 3x16 + 3 = 131.
    const std::int64_t a = 131;
    const MemoryReport& fp32 = m[0].bytes;
    EXPECT_EQ(fp32.parameters, a);
    EXPECT_EQ(fp32.weights, 4 * a);
    EXPECT_EQ(fp32.master, 0);
    EXPECT_EQ(fp32.gradients, 4 * a);
    EXPECT_EQ(fp32.optimizer, 2 * 4 * a); // Adam's two moments
    // Saved for the backward pass, float32, batch 64: x (2), after fc1 (16), ln1's mean and rstd (2),
    // after ln1 (16), log_softmax (3).
    EXPECT_EQ(fp32.activations, 4 * 64 * (2 + 16 + 2 + 16 + 3));
    for (std::size_t i = 1; i < 4; ++i) {
        const MemoryReport& low = m[i].bytes;
        SCOPED_TRACE(std::string(modeName(m[i].mode)));
        // 16-bit copies of the linear layers' weights and biases (32 + 16 + 48 + 3), made for one micro-batch;
        // float32 master weights, so the static memory is FP32's 16 bytes per parameter.
        EXPECT_EQ(low.weightCopies, 2 * (32 + 16 + 48 + 3));
        EXPECT_EQ(low.weights, 0);
        EXPECT_EQ(low.master, 4 * a);
        EXPECT_EQ(low.staticBytes(), fp32.staticBytes());
        EXPECT_EQ(low.gradients, 4 * a);
        EXPECT_EQ(low.optimizer, 2 * 4 * a);
        // 16-bit: fc1's input (2), after fc1 (16), fc2's input (16); float32: ln1's input (16), its mean
        // and rstd (2), log_softmax (3).
        EXPECT_EQ(low.activations, 2 * 64 * (2 + 16 + 16) + 4 * 64 * (16 + 2 + 3));
    }
    // Without master weights every parameter, gradient and moment is 16-bit.
    c.masterWeights = false;
    const std::vector<ModeMemory> half = memoryByMode(c, standardComparisonModes());
    EXPECT_EQ(half[0].bytes.weights, 4 * a); // FP32 keeps float32 whatever the setting
    EXPECT_EQ(half[1].bytes.weights, 2 * a);
    EXPECT_EQ(half[1].bytes.master, 0);
    EXPECT_EQ(half[1].bytes.optimizer, 2 * 2 * a);
}

TEST(CompareRuns, CsvNumbersArePrintfsNineDigitsInTheCLocale) {
    std::mt19937 gen(7);
    std::uniform_int_distribution<std::uint32_t> bits;
    std::vector<double> values = {0.0,
                                  -0.0,
                                  1.0,
                                  0.1f,
                                  65504,
                                  0x1p-24,
                                  1e-45f,
                                  3.4028235e38f,
                                  123456789.0,
                                  std::numeric_limits<double>::infinity(),
                                  -std::numeric_limits<double>::infinity(),
                                  std::numeric_limits<double>::quiet_NaN(),
                                  0.6931471805599453};
    for (int i = 0; i < 20000; ++i) {
        const std::uint32_t b = bits(gen);
        float f;
        std::memcpy(&f, &b, sizeof f);
        values.push_back(f);
    }
    for (double v : values) {
        char expected[64];
        std::snprintf(expected, sizeof expected, "%.9g", v);
        ASSERT_EQ(csvNumber(v), expected) << "bits of " << v;
    }
}

TEST(CompareRuns, TheCsvHeaderAndRowsHaveTheSameColumns) {
    TrainingConfig c;
    c.mode = TrainingMode::Fp8Delayed;
    c.model.width = 16;
    c.steps = 2;
    TrainingRun run(c);
    const StepCsvColumns columns = stepCsvColumns(run);
    EXPECT_TRUE(columns.stats);
    EXPECT_EQ(columns.parameters.size(), run.model().parameters().size());
    EXPECT_EQ(columns.fp8Tensors, run.model().fp8TensorNames());
    const std::string header = stepCsvHeader(columns);
    const auto commas = [](const std::string& s) { return std::count(s.begin(), s.end(), ','); };
    while (const StepRecord* r = run.step()) {
        EXPECT_EQ(commas(stepCsvRow(*r, true)), commas(header));
        EXPECT_EQ(commas(stepCsvRow(*r, false)), 9); // the ten columns every backend has
    }
    EXPECT_EQ(header.substr(0, 10), "step,loss,");
    EXPECT_EQ(header.back(), '\n');
}

TEST(CompareRuns, TheComparisonCsvHasARunColumnAndTheColumnsEveryRunHas) {
    TrainingConfig c;
    c.model.width = 8;
    c.steps = 3;
    TrainingRun fp32(c);
    c.mode = TrainingMode::Bf16;
    TrainingRun bf16(c);
    for (TrainingRun* run : {&fp32, &bf16})
        while (run->step()) {}
    const StepCsvColumns full = stepCsvColumns(fp32);
    StepCsvColumns gpu = full; // as a GPU run has them: no gradient statistics
    gpu.stats = false;
    const std::string both = comparisonCsv({{"FP32", full, &fp32.history()}, {"BF16, \"GPU\"", full, &bf16.history()}});
    const std::string header = stepCsvHeader(full);
    EXPECT_EQ(both.substr(0, header.size() + 4), "run," + header);
    // Each row is the run's name and its step CSV row.
    EXPECT_NE(both.find("\nFP32," + stepCsvRow(fp32.history()[1], true)), std::string::npos);
    EXPECT_NE(both.find("\n\"BF16, \"\"GPU\"\"\"," + stepCsvRow(bf16.history()[2], true)), std::string::npos) << both;
    EXPECT_EQ(std::count(both.begin(), both.end(), '\n'), 1 + 3 + 3);

    const std::string mixed = comparisonCsv({{"cpu", full, &fp32.history()}, {"gpu", gpu, &fp32.history()}});
    EXPECT_EQ(mixed.substr(0, mixed.find('\n') + 1), "run," + stepCsvHeader(gpu));
    const std::string row = stepCsvRow(fp32.history()[0], false);
    EXPECT_NE(mixed.find("\ncpu," + row), std::string::npos) << mixed;
    EXPECT_NE(mixed.find("\ngpu," + row), std::string::npos) << mixed;
    EXPECT_EQ(comparisonCsv({}), "run\n");
}

} // namespace
} // namespace fplab::training
