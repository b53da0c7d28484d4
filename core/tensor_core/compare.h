// Comparing two result arrays cell by cell: bit-identical counts and distances in ulps,
// for the emulator against the IEEE references and against a real GPU.
#pragma once

#include "core/format.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace fplab::tc {

// How many representable values of `f` lie between x and y: 0 for the same value (+0 and -0
// included), 1 for neighbours; an infinity counts as the step after the largest finite value.
// nullopt when either is a NaN.
std::optional<std::uint64_t> ulpDistance(const Format& f, std::uint64_t x, std::uint64_t y);

struct CellComparison {
    std::size_t cells = 0;
    std::size_t identical = 0;              // the same bits
    std::size_t sameValue = 0;              // the same value: identical, +0 vs -0, or both NaN (any payload)
    std::size_t nanMismatch = 0;            // exactly one of the two is a NaN
    std::size_t withinOneUlp = 0;           // 0 or 1 ulp apart (NaN pairs excluded)
    std::uint64_t maxUlps = 0;              // the largest distance between two non-NaN cells
    std::size_t firstDifference = SIZE_MAX; // index of the first cell whose bits differ
};

CellComparison compareCells(const Format& f, std::span<const std::uint32_t> x, std::span<const std::uint32_t> y);
// int32 results: the distance is |x - y| as integers.
CellComparison compareIntCells(std::span<const std::uint32_t> x, std::span<const std::uint32_t> y);

} // namespace fplab::tc
