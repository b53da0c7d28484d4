// The oracle of fplab-exhaustive: FP16/BF16 add and mul computed by the host FPU (exact in double),
// rounded to FP16 through double -> float -> F16C, or to BF16 by a rounding written here from the spec.
// Shares no code with core/. x86-64 with F16C only; hostOracleAvailable() says whether it can run.
#pragma once

#include <cstdint>

namespace fplab::exhaustive {

enum class Target : std::uint8_t { Fp16, Bf16 };
enum class HostOp : std::uint8_t { Add, Mul };
// The four IEEE 754 directed/nearest modes the x86 MXCSR offers.
enum class HostMode : std::uint8_t { NearestEven, TowardZero, TowardPositive, TowardNegative };

// IEEE flags in the bit layout of fplab::Flags (invalid 1, divide-by-zero 2, overflow 4, underflow 8, inexact 16).
struct HostResult {
    std::uint16_t bits = 0;
    std::uint8_t flags = 0;
    // Nearest-even only: the float intermediate was inexact and landed exactly on a midpoint of the
    // target format, the one case where rounding twice could differ from rounding once. Figueroa's
    // theorem says it never happens for these operations; the checker counts it to confirm.
    bool doubleRoundingHazard = false;
};

bool hostOracleAvailable();

// Operand encodings decoded to double, exactly (NaN payloads and signalling bits kept).
class HostOracle {
public:
    explicit HostOracle(Target target);
    HostResult compute(HostOp op, std::uint16_t a, std::uint16_t b, HostMode mode) const;

private:
    Target m_target;
    const double* m_values; // 65536 entries
};

} // namespace fplab::exhaustive
