// The synthetic task of the transformer: character-level addition of two `digits`-digit numbers,
// "12+34=" followed by the sum's digits_+1 digits least significant first ("12+34=640" for 46), so
// that each answer digit depends only on the digits before it. Only the answer digits are scored.
#pragma once

#include "core/training/transformer/token_task.h"

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fplab::training {

class AdditionTask final : public TokenTask {
public:
    // Tokens 0-9 are the digits, 10 is '+', 11 is '='. One pair in ten (chosen by `seed`) is held out.
    AdditionTask(int digits, std::uint64_t seed);
    static constexpr int kVocab = 12;
    int digits() const { return m_digits; }
    int sequenceLength() const { return 3 * m_digits + 3; } // a + b = sum
    int vocab() const override { return kVocab; }
    int contextLength() const override { return sequenceLength() - 1; } // the last digit is never read
    std::string text(int a, int b) const;                               // "12+34=640"

    // `size` training pairs drawn at random.
    TokenBatch trainingBatch(int size, std::mt19937_64& rng) const override;
    // The held-out pairs from `first`, at most `size` of them.
    TokenBatch heldOutBatch(std::size_t first, int size) const override;
    std::size_t heldOutCount() const override { return m_heldOut.size(); }
    std::size_t heldOutUnits() const override { return m_heldOut.size(); }
    int correct(const TokenBatch& batch, const std::vector<float>& logits) const override {
        return exactMatches(batch, logits, kVocab);
    }
    std::string_view accuracyName() const override { return "exact match"; }
    // Sequences of a batch whose every answer digit is the logits' argmax (which is also what greedy
    // decoding would produce, as the prefix is then the true one).
    static int exactMatches(const TokenBatch& batch, const std::vector<float>& logits, int vocab);

private:
    TokenBatch batchOf(const std::vector<std::pair<int, int>>& pairs) const;

    int m_digits;
    std::vector<std::pair<int, int>> m_training, m_heldOut;
};

} // namespace fplab::training
