// What the transformer learns from: batches of token sequences to train on, a held-out set, and how
// many held-out units (sums, characters) the model gets right. AdditionTask and TextTask are two.
#pragma once

#include "core/training/transformer/transformer_model.h"

#include <cstddef>
#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

namespace fplab::training {

class TokenTask {
public:
    virtual ~TokenTask() = default;
    virtual int vocab() const = 0;
    virtual int contextLength() const = 0; // the length of its sequences
    // `size` training sequences drawn at random.
    virtual TokenBatch trainingBatch(int size, std::mt19937_64& rng) const = 0;
    // The held-out sequences from `first`, at most `size` of them.
    virtual TokenBatch heldOutBatch(std::size_t first, int size) const = 0;
    virtual std::size_t heldOutCount() const = 0; // held-out sequences
    virtual std::size_t heldOutUnits() const = 0; // what the accuracy divides by
    // Units of a held-out batch the logits' argmax gets right.
    virtual int correct(const TokenBatch& batch, const std::vector<float>& logits) const = 0;
    virtual std::string_view accuracyName() const = 0; // "exact match", "next-character accuracy"
};

} // namespace fplab::training
