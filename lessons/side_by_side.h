// An experiment's CPU-emulated result beside its GPU counterpart's: which quantities agree bit for
// bit, which differ (and in which bits), which only one side has. Shared by `fplab-cli lesson run
// --backend gpu` and the app's CPU/GPU switch, so both mark the same cells.
#pragma once

#include "lessons/experiment_result.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fplab::lessons {

enum class Match : std::uint8_t {
    Same,    // both sides, bit-identical (floats: same format and encoding; reals: same double)
    Differs, // both sides, different
    CpuOnly, // the GPU does not compute this one
    GpuOnly, // only the GPU has it (e.g. a measurement the emulation cannot make)
};

struct QuantityPair {
    std::string key;
    LocalText label; // the CPU side's label when it has one
    std::optional<Quantity> cpu;
    std::optional<Quantity> gpu;
    Match match = Match::Same;
    // Float or integer quantities of one format that differ: cpu.bits XOR gpu.bits; otherwise 0.
    std::uint64_t differingBits = 0;
};

struct SideBySide {
    std::vector<QuantityPair> rows; // the CPU side's order, then the GPU-only quantities in theirs
    std::vector<ResultTable> gpuTables;
    std::vector<LocalText> gpuNotes;

    std::size_t count(Match match) const;
};

bool sameQuantity(const Quantity& a, const Quantity& b);
SideBySide compareResults(const ExperimentResult& cpu, const ExperimentResult& gpu);

// A float's bits by field ("0_10000010_0100..."), an integer's binary digits; empty for other kinds.
std::string quantityBits(const Quantity& q);
// Aligned under quantityBits(gpu): '^' under each bit that differs from cpu, spaces elsewhere.
// Empty when the two are not encodings of one format.
std::string differenceMarks(const QuantityPair& pair);

} // namespace fplab::lessons
