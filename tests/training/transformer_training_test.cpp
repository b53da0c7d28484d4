// The addition task, the training run on it and `fplab-cli gpt`.
#include "core/training/transformer/text_task.h"
#include "core/training/transformer/transformer_run.h"
#include "tests/cli/cli_run.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
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

TEST(TransformerRun, LossFallsWithinAFewSteps) {
    TransformerRunSettings s;
    s.shape.dim = 16;
    s.shape.layers = 1;
    s.batch = 16;
    s.learningRate = 1e-2f;
    TransformerRun run(s);
    float first = 0, last = 0;
    for (int i = 0; i < 40; ++i) {
        const TransformerStep step = run.step();
        ASSERT_FALSE(step.overflow.has_value());
        if (i == 0) first = step.loss;
        last = step.loss;
    }
    EXPECT_GT(first, 2.0f); // about ln 12 at the start
    EXPECT_LT(last, 1.9f);
}

TEST(TransformerRun, BadSettingsAreRefused) {
    TransformerRunSettings s;
    s.shape.context = 7; // 2 digits need 8
    EXPECT_NE(checkTransformerRunSettings(s), "");
    EXPECT_THROW(TransformerRun{s}, std::invalid_argument);
    s = {};
    s.digits = 5;
    EXPECT_NE(checkTransformerRunSettings(s), "");
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

TEST(TextTask, DecodesUtf8AndRefusesMalformedText) {
    std::string error;
    EXPECT_EQ(decodeUtf8("a\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80", error),
              (std::u32string{U'a', U'\u00e9', U'\u4e2d', U'\U0001F600'}));
    EXPECT_EQ(error, "");
    const std::pair<const char*, const char*> bad[] = {
        {"ab\xFF", "not UTF-8 at byte 2: a byte that cannot start a character"},
        {"ab\xC3", "not UTF-8 at byte 2: the text ends inside a character"},
        {"\xC3(", "not UTF-8 at byte 0: a character cut short"},
        {"x\xC0\x80", "not UTF-8 at byte 1: an overlong encoding"},
        {"\xED\xA0\x80", "not UTF-8 at byte 0: not a Unicode scalar value"},
    };
    for (const auto& [text, message] : bad) {
        error.clear();
        EXPECT_TRUE(decodeUtf8(text, error).empty());
        EXPECT_EQ(error, message);
    }
}

TEST(TextTask, WindowsPredictTheNextCharacterAndHoldOutTheEnd) {
    std::string text;
    for (int i = 0; i < 20; ++i) text += "abcab\xC3\xA9";
    std::string error;
    const std::unique_ptr<TextTask> task = TextTask::fromUtf8(text, 4, error);
    ASSERT_TRUE(task) << error;
    EXPECT_EQ(task->alphabet(), (std::vector<char32_t>{U'a', U'b', U'c', U'\u00e9'}));
    EXPECT_EQ(task->trainingCharacters(), 108u); // 120 characters, the last 12 held out
    std::mt19937_64 rng(3);
    const TokenBatch b = task->trainingBatch(50, rng);
    ASSERT_EQ(b.tokens.size(), 200u);
    for (std::size_t n = 0; n + 1 < b.tokens.size(); ++n)
        if ((n + 1) % 4 != 0) {
            EXPECT_EQ(b.targets[n], b.tokens[n + 1]); // the next character
        }
    EXPECT_EQ(task->heldOutCount(), 2u); // windows of 5 characters from 108, every 4: 108 and 112
    const TokenBatch held = task->heldOutBatch(0, 10);
    EXPECT_EQ(held.tokens, (std::vector<int>{0, 1, 2, 0, 1, 3, 0, 1})); // characters 108 to 111 ("abca"), 112 to 115
    EXPECT_EQ(held.targets, (std::vector<int>{1, 2, 0, 1, 3, 0, 1, 2}));
    EXPECT_EQ(task->heldOutUnits(), 8u);

    EXPECT_FALSE(TextTask::fromUtf8("abcabcabc", 4, error));
    EXPECT_EQ(error, "the text has 9 characters; a context of 4 needs at least 10");
    EXPECT_FALSE(TextTask::fromUtf8("aaaaaaaaaaaa", 4, error));
    EXPECT_EQ(error, "the text has 1 distinct characters; 2 to 4096 can be modelled");
}

std::string writeTemporary(const std::string& name, const std::string& bytes) {
    const std::string path = testing::TempDir() + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

TEST(TrainTransformerCommand, TrainsOnATextFileAndWritesEveryLayersSeries) {
    std::string text;
    for (int i = 0; i < 40; ++i) text += "the cat sat on the mat. ";
    const std::string path = writeTemporary("fplab_text.txt", text);
    const std::string csv = testing::TempDir() + "fplab_text.csv";
    const cli::test::CliRun r = cli::test::runInProcess({"train",
                                                         "--model",
                                                         "transformer",
                                                         "--task",
                                                         "text",
                                                         "--text",
                                                         path,
                                                         "--dim",
                                                         "16",
                                                         "--layers",
                                                         "2",
                                                         "--context",
                                                         "8",
                                                         "--batch",
                                                         "4",
                                                         "--steps",
                                                         "3",
                                                         "--every",
                                                         "1",
                                                         "--preset",
                                                         "bf16-autocast",
                                                         "--precision",
                                                         "softmax@1=bf16",
                                                         "--weights",
                                                         "bf16-stochastic",
                                                         "--csv",
                                                         csv});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("train: text (11 characters), dim 16, 2 layers, 4 heads, context 8"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("updates lost to the weights' rounding: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("held-out next-character accuracy: "), std::string::npos) << r.out;
    std::ifstream in(csv);
    std::string header, line;
    std::getline(in, header);
    EXPECT_EQ(header, "step,loss,scale,skipped,updates_attempted,updates_lost,"
                      "h0.max_logit,h0.saturated_fraction,h0.outlier_channels,h0.residual_rms,h0.update_ratio,"
                      "h1.max_logit,h1.saturated_fraction,h1.outlier_channels,h1.residual_rms,h1.update_ratio");
    int rows = 0;
    while (std::getline(in, line)) {
        ++rows;
        EXPECT_EQ(std::count(line.begin(), line.end(), ','), 15) << line;
    }
    EXPECT_EQ(rows, 3);
}

TEST(TrainTransformerCommand, PrintsTheDtypeTrace) {
    const cli::test::CliRun r = cli::test::runInProcess({"train", "--model", "transformer", "--preset", "fp16-autocast",
                                                         "--dim", "16", "--layers", "1", "--context", "8", "--batch",
                                                         "4", "--steps", "2", "--every", "1", "--trace-dtypes"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("  layer 0            query         forward  fp16, fp32 -> fp16\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\n2     "), std::string::npos) << r.out;
}

TEST(TrainTransformerCommand, RefusesBadFilesAndOptions) {
    using cli::test::runInProcess;
    const std::string bad = writeTemporary("fplab_bad.txt", "abc\xFF"
                                                            "def");
    cli::test::CliRun r = runInProcess({"train", "--model", "transformer", "--task", "text", "--text", bad});
    EXPECT_EQ(r.code, cli::kExitBadInput);
    EXPECT_NE(r.err.find("not UTF-8 at byte 3"), std::string::npos) << r.err;
    r = runInProcess({"train", "--model", "transformer", "--task", "text", "--text", bad + ".missing"});
    EXPECT_EQ(r.code, cli::kExitBadInput);
    EXPECT_NE(r.err.find("cannot open"), std::string::npos) << r.err;
    r = runInProcess({"train", "--model", "transformer", "--task", "text"});
    EXPECT_EQ(r.code, cli::kExitUsage);
    EXPECT_EQ(r.err, "fplab-cli train: --task text needs --text FILE\n");
    r = runInProcess({"train", "--model", "transformer", "--precision", "softmax@5=fp16"});
    EXPECT_EQ(r.code, cli::kExitUsage);
    EXPECT_EQ(r.err, "fplab-cli train: --precision names layer 5 of a model with 2 layers\n");
    r = runInProcess({"train", "--model", "transformer", "--precision", "softmax=e4m3"});
    EXPECT_EQ(r.code, cli::kExitUsage);
    EXPECT_NE(r.err.find("--precision 'softmax=e4m3': "), std::string::npos) << r.err;
    EXPECT_EQ(runInProcess({"train", "--model", "transformer", "--weights", "fp8"}).code, cli::kExitUsage);
    EXPECT_EQ(runInProcess({"train", "--model", "lstm"}).code, cli::kExitUsage);
}

} // namespace
} // namespace fplab::training
