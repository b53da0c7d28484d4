// The batch order of a training run: the examples reshuffled at the start of every epoch
// (Fisher-Yates with the run's generator), batches taken in that order across epoch boundaries.
#pragma once

#include "core/training/datasets.h"
#include "core/training/rng.h"
#include "core/training/toy_model.h"

#include <cstdint>
#include <vector>

namespace fplab::training {

// The seed a run gives its shuffling generator for a run seed.
constexpr std::uint64_t shuffleSeedFor(std::uint64_t runSeed) { return runSeed ^ 0x5EEDBA7C4ull; }

class BatchSampler {
public:
    // `data` must outlive the sampler.
    BatchSampler(const Dataset& data, std::uint64_t runSeed);
    // The next `size` examples; the view is valid until the next call.
    BatchView next(int size);
    // Where the sampler stands (its generator, the epoch's order and the place in it), so that the batches of
    // an interrupted training step can be drawn again.
    struct Position {
        Rng rng;
        std::vector<int> order;
        std::size_t cursor = 0;
    };
    Position position() const { return {m_rng, m_order, m_cursor}; }
    void restore(Position p);

private:
    void shuffle();

    const Dataset& m_data;
    Rng m_rng;
    std::vector<int> m_order;
    std::size_t m_cursor;
    std::vector<float> m_features;
    std::vector<int> m_labels;
};

} // namespace fplab::training
