#include "core/training/transformer/addition_task.h"

#include <stdexcept>

namespace fplab::training {

namespace {

constexpr int kPlus = 10;
constexpr int kEquals = 11;

int powerOfTen(int n) {
    int p = 1;
    for (int i = 0; i < n; ++i) p *= 10;
    return p;
}

} // namespace

AdditionTask::AdditionTask(int digits, std::uint64_t seed) : m_digits(digits) {
    if (digits < 1 || digits > 4) throw std::invalid_argument("the addition task takes 1 to 4 digits");
    const int limit = powerOfTen(digits);
    std::mt19937_64 rng(seed);
    for (int a = 0; a < limit; ++a)
        for (int b = 0; b < limit; ++b) (rng() % 10 == 0 ? m_heldOut : m_training).emplace_back(a, b);
}

std::string AdditionTask::text(int a, int b) const {
    std::string s;
    auto number = [&](int v, int width, bool reversed) {
        std::string d;
        for (int i = 0; i < width; ++i, v /= 10) d.insert(d.begin(), char('0' + v % 10));
        if (reversed) d.assign(d.rbegin(), d.rend());
        return d;
    };
    return number(a, m_digits, false) + "+" + number(b, m_digits, false) + "=" + number(a + b, m_digits + 1, true);
}

TokenBatch AdditionTask::batchOf(const std::vector<std::pair<int, int>>& pairs) const {
    TokenBatch batch;
    batch.batch = int(pairs.size());
    batch.length = contextLength();
    const int answerStart = 2 * m_digits + 2; // the first answer digit's index in the sequence
    for (const auto& [a, b] : pairs) {
        const std::string s = text(a, b);
        for (int i = 0; i < batch.length; ++i) {
            const char c = s[std::size_t(i)];
            batch.tokens.push_back(c == '+' ? kPlus : c == '=' ? kEquals : c - '0');
            // Position i predicts character i + 1; only the answer's digits are scored.
            batch.targets.push_back(i + 1 >= answerStart ? s[std::size_t(i) + 1] - '0' : -1);
        }
    }
    return batch;
}

TokenBatch AdditionTask::trainingBatch(int size, std::mt19937_64& rng) const {
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < size; ++i) pairs.push_back(m_training[std::size_t(rng() % m_training.size())]);
    return batchOf(pairs);
}

TokenBatch AdditionTask::heldOutBatch(std::size_t first, int size) const {
    const std::size_t end = std::min(m_heldOut.size(), first + std::size_t(size));
    return batchOf({m_heldOut.begin() + std::ptrdiff_t(first), m_heldOut.begin() + std::ptrdiff_t(end)});
}

int AdditionTask::exactMatches(const TokenBatch& batch, const std::vector<float>& logits, int vocab) {
    int matches = 0;
    for (int s = 0; s < batch.batch; ++s) {
        bool all = true;
        for (int t = 0; t < batch.length; ++t) {
            const std::size_t n = std::size_t(s) * batch.length + t;
            if (batch.targets[n] < 0) continue;
            const float* row = logits.data() + n * std::size_t(vocab);
            int best = 0;
            for (int j = 1; j < vocab; ++j)
                if (row[j] > row[best]) best = j;
            all = all && best == batch.targets[n];
        }
        matches += all ? 1 : 0;
    }
    return matches;
}

} // namespace fplab::training
