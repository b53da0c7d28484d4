// The addition task, the training run on it and `fplab-cli gpt`.
#include "core/training/transformer/addition_task.h"
#include "tests/cli/cli_run.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

namespace fplab::training {
namespace {

TEST(AdditionTask, WritesTheSumLeastSignificantDigitFirst) {
    const AdditionTask task(2, 1);
    EXPECT_EQ(task.text(12, 34), "12+34=640");
    EXPECT_EQ(task.text(99, 99), "99+99=891");
    EXPECT_EQ(task.text(5, 7), "05+07=210");
    EXPECT_EQ(task.sequenceLength(), 9);
}

TEST(AdditionTask, ScoresOnlyTheAnswerAndHoldsOutAboutATenth) {
    const AdditionTask task(2, 1);
    EXPECT_GT(task.heldOutCount(), 850u);
    EXPECT_LT(task.heldOutCount(), 1150u);
    const TokenBatch b = task.heldOutBatch(0, 3);
    ASSERT_EQ(b.batch, 3);
    ASSERT_EQ(b.length, 8);
    // "ab+cd=" then three answer digits: positions 5, 6 and 7 predict them.
    for (int s = 0; s < 3; ++s)
        for (int t = 0; t < 8; ++t) EXPECT_EQ(b.targets[std::size_t(s * 8 + t)] >= 0, t >= 5) << s << " " << t;
    EXPECT_EQ(b.tokens[2], 10); // '+'
    EXPECT_EQ(b.tokens[5], 11); // '='
    // No held-out sequence is ever drawn for training.
    std::set<std::vector<int>> heldOut;
    const TokenBatch all = task.heldOutBatch(0, int(task.heldOutCount()));
    for (int s = 0; s < all.batch; ++s) heldOut.insert({all.tokens.begin() + s * 8, all.tokens.begin() + s * 8 + 5});
    std::mt19937_64 rng(3);
    const TokenBatch train = task.trainingBatch(2000, rng);
    for (int s = 0; s < train.batch; ++s)
        EXPECT_FALSE(heldOut.count({train.tokens.begin() + s * 8, train.tokens.begin() + s * 8 + 5}));
}

TEST(AdditionTask, ExactMatchNeedsEveryAnswerDigit) {
    TokenBatch b;
    b.batch = 2;
    b.length = 2;
    b.tokens = {0, 0, 0, 0};
    b.targets = {-1, 1, 2, 0};
    // vocab 3: logits rows per position; sequence 0 right (argmax 1), sequence 1 wrong at its first digit.
    const std::vector<float> logits = {9, 0, 0, 0, 5, 1, 0, 1, 0.5f, 3, 0, 0};
    EXPECT_EQ(AdditionTask::exactMatches(b, logits, 3), 1);
}

TEST(AdditionRun, LossFallsWithinAFewSteps) {
    AdditionRunSettings s;
    s.shape.dim = 16;
    s.shape.layers = 1;
    s.batch = 16;
    s.learningRate = 1e-2f;
    AdditionRun run(s);
    float first = 0, last = 0;
    for (int i = 0; i < 40; ++i) {
        const AdditionStep step = run.step();
        ASSERT_FALSE(step.overflow.has_value());
        if (i == 0) first = step.loss;
        last = step.loss;
    }
    EXPECT_GT(first, 2.0f); // about ln 12 at the start
    EXPECT_LT(last, 1.9f);
}

TEST(AdditionRun, BadSettingsAreRefused) {
    AdditionRunSettings s;
    s.shape.context = 7; // 2 digits need 8
    EXPECT_NE(checkAdditionRunSettings(s), "");
    EXPECT_THROW(AdditionRun{s}, std::invalid_argument);
    s = {};
    s.digits = 5;
    EXPECT_NE(checkAdditionRunSettings(s), "");
}

TEST(GptCommand, ReportsTheFirstOverflowAndStops) {
    // FP16 without max subtraction and a learning rate far too high: a step's attention exp overflows.
    const cli::test::CliRun r = cli::test::runInProcess({"gpt", "--preset", "fp16", "--unshifted-softmax", "--lr",
                                                         "0.5", "--steps", "40", "--every", "10", "--batch", "4",
                                                         "--dim", "16", "--layers", "1", "--flags"});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("gpt: 2-digit addition, dim 16, 1 layer, 4 heads, context 16"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("step 2: first overflow or invalid operation\n"
                         "  forward, layer 0, tensor attn.exp, operation softmax.exp, element 109\n"
                         "  fp16: 0x4c9d (18.45) -> 0x7c00 (inf), flags overflow, inexact\n"),
              std::string::npos)
        << r.out;
    // --flags: the last step's tensors with flags beyond inexact, the row sums' overflow among them.
    EXPECT_NE(r.out.find("  forward, layer 0, attn.sum: overflow, inexact\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  backward, layer 0, attn.wq.input_grad: underflow, inexact\n"), std::string::npos) << r.out;
}

TEST(GptCommand, RefusesBadOptions) {
    EXPECT_EQ(cli::test::runInProcess({"gpt", "--heads", "3"}).code, cli::kExitUsage);
    EXPECT_EQ(cli::test::runInProcess({"gpt", "--preset", "fp8"}).code, cli::kExitUsage);
    EXPECT_EQ(cli::test::runInProcess({"gpt", "--context", "4"}).code, cli::kExitUsage);
}

} // namespace
} // namespace fplab::training
