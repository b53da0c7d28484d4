// Probes for the two open corners of the model (core/tensor_core/corner_readings.h): one single-cell tile
// per corner, as small as the examples that showed the disagreement, on which FP Lab's reading and MMA-Sim's
// give different D bits. A GPU's answer to the tile says which reading its tensor cores follow.
#pragma once

#include "core/tensor_core/corner_readings.h"
#include "core/tensor_core/fingerprint/probes.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace fplab::tc::fingerprint {

enum class Corner : std::uint8_t {
    ZeroProducts, // does a product with a zero operand take part in E?
    ZeroSign,     // the sign of a nonzero sum rounded to zero
};
inline constexpr Corner kAllCorners[] = {Corner::ZeroProducts, Corner::ZeroSign};

struct CornerProbe {
    Corner corner = Corner::ZeroProducts;
    ProbeTile tile;           // single cell: a(0, kk), b(kk, 0), c(0, 0); every other operand 0
    int kk = 0;               // where the probe's product sits
    std::uint64_t fpLab = 0;  // D(0, 0) under FP Lab's reading of this corner (dropped / sum)
    std::uint64_t mmaSim = 0; // D(0, 0) under MMA-Sim's (counted / positive)
};

// The probe of each corner that this instruction can tell apart. A corner has none where the two readings
// agree on every probe tried: a zero product never reaches E with an fp16 accumulator (its exponent is at
// most -111), an FP16 or FP8 product never rounds to zero in FP32, and sm_90 FP8 mma.sync adds C after the
// blocks. The corner of each probe is read as FP Lab's reading with the other corner at its default.
std::vector<CornerProbe> cornerProbes(Arch arch, Api api, InputType input, AccumType accum, int k);

// D(0, 0) of one cell under a model of the instruction with the given readings: resolveModel, chained over
// k in the instruction's blocks (instruction_map.h). nullopt when the model has no such instruction.
std::optional<std::uint64_t> predictCell(Arch arch, Api api, InputType input, AccumType accum, int k,
                                         CornerReadings readings, const Cell& cell);

enum class CornerVerdict : std::uint8_t {
    FpLabReading,  // d is FP Lab's prediction
    MmaSimReading, // d is MMA-Sim's prediction
    Neither,       // d is neither: a third behaviour
};

struct CornerAnswer {
    Corner corner = Corner::ZeroProducts;
    std::uint64_t d = 0;
    CornerVerdict verdict = CornerVerdict::Neither;
};

// What D(0, 0) of a probe's tile, as read back, says.
CornerAnswer decideCorner(const CornerProbe& probe, std::uint64_t d);

// The reading of a corner a verdict names, as the CLI and settings name it ("dropped", "counted", "sum",
// "positive"); empty for Neither.
std::string_view verdictReadingName(Corner corner, CornerVerdict verdict);
// "zero-products", "zero-sign".
std::string_view cornerKey(Corner corner);

} // namespace fplab::tc::fingerprint
