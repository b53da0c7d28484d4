// Character-level language modelling on any UTF-8 text: the vocabulary is the text's distinct code
// points, training sequences are random windows of the first 90% (each position predicting the next
// character), and the held-out set is the rest cut into windows (at most kMaxHeldOut, so that an
// evaluation stays quick); accuracy is next-character accuracy.
#pragma once

#include "core/training/transformer/token_task.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::training {

class TextTask final : public TokenTask {
public:
    // The text's code points, or what is wrong with it (bad UTF-8, too short for the context, too many
    // distinct characters): the problem is returned and the task left null.
    static std::unique_ptr<TextTask> fromUtf8(std::string_view text, int context, std::string& error);
    static constexpr int kMaxVocab = 4096;
    static constexpr int kMaxHeldOut = 256;

    int vocab() const override { return int(m_alphabet.size()); }
    int contextLength() const override { return m_context; }
    TokenBatch trainingBatch(int size, std::mt19937_64& rng) const override;
    TokenBatch heldOutBatch(std::size_t first, int size) const override;
    std::size_t heldOutCount() const override { return m_heldOutStarts.size(); }
    std::size_t heldOutUnits() const override;
    int correct(const TokenBatch& batch, const std::vector<float>& logits) const override;
    std::string_view accuracyName() const override { return "next-character accuracy"; }

    const std::vector<char32_t>& alphabet() const { return m_alphabet; } // token i is alphabet()[i]
    std::size_t trainingCharacters() const { return m_split; }

private:
    TokenBatch windows(const std::vector<std::size_t>& starts) const;

    std::vector<char32_t> m_alphabet;
    std::vector<int> m_tokens;
    std::size_t m_split = 0; // tokens before it are for training
    int m_context = 0;
    std::vector<std::size_t> m_heldOutStarts;
};

// Code points of UTF-8 text; on malformed input, empty with `error` naming the byte offset.
std::u32string decodeUtf8(std::string_view text, std::string& error);

} // namespace fplab::training
