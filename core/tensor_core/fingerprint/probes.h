// The probes a fingerprint runs, in the manner of Fasi, Higham, Mikaitis and Khattak: designed
// single-cell tiles that each target one parameter (rounding, alignment bits, block size,
// normalisation, subnormals), then random tiles of four kinds that pin down the rest. Each is one
// m16n8kK MMA tile; the GPU layer runs it and turns the D it reads back into cells.
#pragma once

#include "core/tensor_core/fingerprint/answers.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fplab::tc::fingerprint {

inline constexpr int kTileM = 16;
inline constexpr int kTileN = 8;

struct ProbeTile {
    std::string name;             // "rounding+", "random-3"
    std::string purpose;          // what it tests, in words
    bool singleCell = false;      // designed: only cell (0, 0) carries the probe
    std::vector<std::uint64_t> a; // 16 x k, row-major, as given to the instruction
    std::vector<std::uint64_t> b; // k x 8, row-major
    std::vector<std::uint64_t> c; // 16 x 8, row-major
};

// The designed probes that exist for this instruction (some need k large enough or a wide
// exponent range), then `randomTiles` random tiles (kinds cycling as in the H100 evidence probe).
std::vector<ProbeTile> fingerprintTiles(InputType input, AccumType accum, int k, int randomTiles = 8,
                                        std::uint64_t seed = 12345);

// The cells one run of the tile gives: cell (0, 0) for a designed probe, all 128 for a random tile.
// d: the 16 x 8 result read back, row-major.
std::vector<Cell> cellsOfTile(const ProbeTile& tile, int k, const std::vector<std::uint64_t>& d);

} // namespace fplab::tc::fingerprint
