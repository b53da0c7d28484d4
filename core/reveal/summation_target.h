// A black box that sums n terms: what a reveal probes. Built-in targets (core/reveal/model_targets.h),
// the system BLAS (app/summation_targets) and any program (fplab-cli reveal --exec) implement it.
#pragma once

#include "core/format.h"
#include "core/rounding.h"

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

namespace fplab::reveal {

// A target that could not answer (a program that died, hung or printed something that is no number).
class TargetError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class SummationTarget {
public:
    virtual ~SummationTarget() = default;
    // The terms' format, and the result's (a target may sum FP16 terms into an FP32 result).
    virtual const Format& termFormat() const = 0;
    virtual const Format& resultFormat() const { return termFormat(); }
    // The sum of terms.size() values (bits of termFormat), as the target computes it, in resultFormat.
    // Throws TargetError when it cannot answer.
    virtual std::uint64_t sum(std::span<const std::uint64_t> terms) = 0;
    // How the target's fused nodes round (used to replay a revealed tree): the number of fraction bits
    // kept below the largest operand before one rounding, or -1 for an exact sum rounded once.
    virtual int fusedFractionBits() const { return -1; }
    virtual RoundingMode fusedRounding() const { return RoundingMode::NearestEven; }
};

} // namespace fplab::reveal
