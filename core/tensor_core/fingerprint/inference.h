// Inferring a tensor-core instruction's parameters from recorded answers by consistency: every
// candidate of candidateSpace is evaluated on the cells in order and dropped at its first mismatch;
// a parameter is inferred when every surviving candidate gives it the same value. Works the same on
// designed probes and on any recorded cells (random tiles, published data).
#pragma once

#include "core/tensor_core/fingerprint/candidate.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace fplab::tc::fingerprint {

struct ParamVerdict {
    Param param = Param::Operands;
    std::vector<int> values;   // the values the surviving candidates hold (one: inferred), ascending
    std::vector<int> searched; // every value the candidate space tried, ascending
    // The cell whose answer dropped the last candidate with another value (index into the cells);
    // -1 when the space held one value only, or when nothing was decided.
    long decidedBy = -1;
    bool assumed = false; // fixed by an assumption, not searched
    bool inferred() const { return values.size() == 1; }
};

struct Inference {
    std::size_t candidates = 0; // the size of the searched space
    std::size_t survivors = 0;  // candidates that reproduce every cell
    std::size_t cells = 0;
    std::vector<ParamVerdict> params; // in kAllParams order
    // With survivors: the first one. Without: the candidate that reproduced the longest prefix of
    // the cells, and the cell it first failed on.
    std::optional<Candidate> example;
    long exampleFailedAt = -1;
};

// A parameter held at one value instead of searched (the published methods assume the block structure).
struct Assumption {
    Param param;
    int value;
};

// Throws std::invalid_argument when checkAnswers finds a problem.
Inference inferParameters(const AnswerSet& answers, const std::vector<Assumption>& assumptions = {});

// How many cells a candidate reproduces (all cells are evaluated).
std::size_t countMatches(const AnswerSet& answers, const Candidate& c);

} // namespace fplab::tc::fingerprint
