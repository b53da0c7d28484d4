#include "core/training/transformer/text_task.h"

#include <algorithm>

namespace fplab::training {

std::u32string decodeUtf8(std::string_view text, std::string& error) {
    error.clear();
    std::u32string out;
    for (std::size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const int length = lead < 0x80             ? 1
                           : (lead & 0xE0) == 0xC0 ? 2
                           : (lead & 0xF0) == 0xE0 ? 3
                           : (lead & 0xF8) == 0xF0 ? 4
                                                   : 0;
        auto bad = [&](const char* why) {
            error = std::string("not UTF-8 at byte ") + std::to_string(i) + ": " + why;
            return std::u32string{};
        };
        if (length == 0) return bad("a byte that cannot start a character");
        if (i + std::size_t(length) > text.size()) return bad("the text ends inside a character");
        char32_t c = length == 1 ? lead : lead & (0x7F >> length);
        for (int k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + std::size_t(k)]);
            if ((next & 0xC0) != 0x80) return bad("a character cut short");
            c = (c << 6) | (next & 0x3F);
        }
        static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
        if (c < kSmallest[length]) return bad("an overlong encoding");
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return bad("not a Unicode scalar value");
        out.push_back(c);
        i += std::size_t(length);
    }
    return out;
}

std::unique_ptr<TextTask> TextTask::fromUtf8(std::string_view text, int context, std::string& error) {
    const std::u32string chars = decodeUtf8(text, error);
    if (!error.empty()) return nullptr;
    if (context < 1) {
        error = "the context must be at least 1";
        return nullptr;
    }
    const std::size_t window = std::size_t(context) + 1; // a sequence and its last target
    if (chars.size() < 2 * window) {
        error = "the text has " + std::to_string(chars.size()) + " characters; a context of " +
                std::to_string(context) + " needs at least " + std::to_string(2 * window);
        return nullptr;
    }
    auto task = std::unique_ptr<TextTask>(new TextTask());
    task->m_alphabet.assign(chars.begin(), chars.end());
    std::sort(task->m_alphabet.begin(), task->m_alphabet.end());
    task->m_alphabet.erase(std::unique(task->m_alphabet.begin(), task->m_alphabet.end()), task->m_alphabet.end());
    if (task->m_alphabet.size() < 2 || task->m_alphabet.size() > std::size_t(kMaxVocab)) {
        error = "the text has " + std::to_string(task->m_alphabet.size()) + " distinct characters; 2 to " +
                std::to_string(kMaxVocab) + " can be modelled";
        return nullptr;
    }
    for (char32_t c : chars)
        task->m_tokens.push_back(
            int(std::lower_bound(task->m_alphabet.begin(), task->m_alphabet.end(), c) - task->m_alphabet.begin()));
    task->m_context = context;
    task->m_split = chars.size() - std::max(chars.size() / 10, window);
    for (std::size_t start = task->m_split;
         start + window <= chars.size() && task->m_heldOutStarts.size() < std::size_t(kMaxHeldOut);
         start += std::size_t(context))
        task->m_heldOutStarts.push_back(start);
    return task;
}

TokenBatch TextTask::windows(const std::vector<std::size_t>& starts) const {
    TokenBatch b;
    b.batch = int(starts.size());
    b.length = m_context;
    for (std::size_t start : starts)
        for (int i = 0; i < m_context; ++i) {
            b.tokens.push_back(m_tokens[start + std::size_t(i)]);
            b.targets.push_back(m_tokens[start + std::size_t(i) + 1]);
        }
    return b;
}

TokenBatch TextTask::trainingBatch(int size, std::mt19937_64& rng) const {
    const std::size_t choices = m_split - std::size_t(m_context); // windows wholly in the training part
    std::vector<std::size_t> starts;
    for (int i = 0; i < size; ++i) starts.push_back(std::size_t(rng() % choices));
    return windows(starts);
}

TokenBatch TextTask::heldOutBatch(std::size_t first, int size) const {
    const std::size_t end = std::min(m_heldOutStarts.size(), first + std::size_t(size));
    return windows({m_heldOutStarts.begin() + std::ptrdiff_t(first), m_heldOutStarts.begin() + std::ptrdiff_t(end)});
}

std::size_t TextTask::heldOutUnits() const { return m_heldOutStarts.size() * std::size_t(m_context); }

int TextTask::correct(const TokenBatch& batch, const std::vector<float>& logits) const {
    int right = 0;
    const int v = vocab();
    for (std::size_t n = 0; n < batch.targets.size(); ++n) {
        const float* row = logits.data() + n * std::size_t(v);
        right += int(std::max_element(row, row + v) - row) == batch.targets[n] ? 1 : 0;
    }
    return right;
}

} // namespace fplab::training
