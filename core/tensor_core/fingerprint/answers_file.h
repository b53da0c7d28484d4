// Fingerprint answer files: a small versioned line format (the GPU's name, compute capability,
// driver, date, instruction and type, then one line per cell), and plain cell lines such as those of
// docs/gpu-results/h100-2026-11-24/mma_e4m3.txt ("a0..a31 b0..b31 c d" in hex): data taken without FP Lab.
#pragma once

#include "core/tensor_core/fingerprint/answers.h"

#include <optional>
#include <string>
#include <string_view>

namespace fplab::tc::fingerprint {

inline constexpr int kAnswersFileVersion = 1;
inline constexpr std::string_view kAnswersFileMagic = "fplab-fingerprint";

struct AnswersOrError {
    std::optional<AnswerSet> answers;
    std::string error;      // names the line and the problem
    bool needsType = false; // the file holds bare recorded cells and no type was given to read them as
};

// The file text: "fplab-fingerprint 1", key lines, then "cell PROBE A B C D" (A, B: hex, comma-separated).
std::string formatAnswers(const AnswerSet& answers);
// Reads formatAnswers' text.
AnswersOrError parseAnswers(std::string_view text);
// Reads bare cell lines ("a_0 .. a_k-1 b_0 .. b_k-1 c d", hex); the description comes from `meta`
// (its cells are ignored). Probes are named "<sourceName>:<line>".
AnswersOrError parseBareCells(std::string_view text, const AnswerSet& meta, std::string_view sourceName);
// True when the text starts with the magic line of formatAnswers.
bool isAnswersFile(std::string_view text);

// The whole file; nullopt with `error` set when it cannot be read.
std::optional<std::string> readWholeFile(const std::string& path, std::string& error);

} // namespace fplab::tc::fingerprint
