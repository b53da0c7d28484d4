// A fingerprint beside the built-in model: for each parameter the inferred value(s), the value the
// built-in model (resolveModel and the instruction table) uses, the probe that decided it and
// whether the two agree. The presentation layers render it as text, JSON or a table.
#pragma once

#include "core/tensor_core/fingerprint/inference.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace fplab::tc::fingerprint {

enum class Agreement : std::uint8_t {
    Agree,      // inferred, and the built-in model has the same value
    Differ,     // the built-in value is not among the values the answers allow
    Consistent, // several values remain and the built-in one is among them
    NoBuiltIn,  // the built-in model has no parameters for this instruction
};

struct ReportRow {
    Param param = Param::Operands;
    std::vector<int> inferred; // one value: inferred; more: undetermined between them; none: no candidate fits
    std::optional<int> builtIn;
    long decidedBy = -1;        // cell index, -1 when no single probe decided
    std::string decidedByProbe; // that cell's probe name
    Agreement agreement = Agreement::NoBuiltIn;
    bool assumed = false; // held by an assumption, not inferred
};

// The built-in model of an instruction as a candidate; nullopt with the reason where it has none.
struct BuiltInModel {
    std::optional<Candidate> candidate;
    std::string message; // why there is none
    std::string basis;   // how sure its parameters are (the model's basis text)
};
BuiltInModel builtInModel(Arch arch, Api api, InputType input, AccumType accum, int k);

// The architecture FP Lab models for a compute capability: 80 -> sm_80, 90 -> sm_90, others none
// (their fingerprint stands alone and is worth saving).
std::optional<Arch> modelledArch(int computeCapability);

struct FingerprintReport {
    Arch arch = Arch::Sm80;    // the model architecture the answers' GPU maps to
    bool archModelled = false; // FP Lab has a model for this GPU's compute capability
    Inference inference;
    BuiltInModel builtIn;
    std::size_t builtInMatches = 0; // cells the built-in model reproduces
    std::vector<ReportRow> rows;    // kAllParams order
};

// Infers and compares. Throws std::invalid_argument on malformed answers.
FingerprintReport makeFingerprintReport(const AnswerSet& answers, const std::vector<Assumption>& assumptions = {});

// "25", "25 | 26 | 27" for a row's inferred values; "none fits" when empty.
std::string valuesText(Param p, const std::vector<int>& values);

} // namespace fplab::tc::fingerprint
