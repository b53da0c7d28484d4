// The FP8 mma.sync cells measured on an H100 (data/h100/README.md) against the CPU model, bit for bit:
// every one of the 10,240 cells under the mma.sync model, and the wgmma model's count of agreements, which
// shows that the two instructions really are different arithmetic.
#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/instruction_fma.h"
#include "tests/tensor_core/tc_test_support.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fplab::tc {
namespace {

struct Cell {
    std::vector<std::uint64_t> a, b; // 32 FP8 codes each: row i of A, column j of B
    std::uint64_t c = 0, d = 0;      // FP32 bits
};

std::vector<Cell> readCells(const std::string& name) {
    const std::string path = std::string(FPLAB_TC_DATA_DIR) + "/h100/" + name;
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::vector<Cell> cells;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream s(line);
        Cell cell;
        std::uint64_t v = 0;
        s >> std::hex;
        std::vector<std::uint64_t> values;
        while (s >> v) values.push_back(v);
        if (values.size() != 66) throw std::runtime_error(path + ": not 66 values: " + line);
        cell.a.assign(values.begin(), values.begin() + 32);
        cell.b.assign(values.begin() + 32, values.begin() + 64);
        cell.c = values[64];
        cell.d = values[65];
        cells.push_back(cell);
    }
    return cells;
}

BlockModel fp8Model(InputType in, Api api) {
    MmaConfig cfg;
    cfg.arch = Arch::Sm90;
    cfg.input = in;
    cfg.accum = AccumType::Fp32;
    cfg.instruction = api;
    const ModelOrError r = resolveModel(cfg);
    if (!r.model) throw std::runtime_error(r.message);
    return *r.model;
}

struct Measured {
    const char* file;
    InputType input;
    std::size_t wgmmaAgrees; // docs/tensor-core-model.md: the one-block F = 13 model agrees this often
};

class MeasuredFp8 : public ::testing::TestWithParam<Measured> {};

TEST_P(MeasuredFp8, EveryCellMatchesTheMmaSyncModelBitForBit) {
    const Measured& p = GetParam();
    const std::vector<Cell> cells = readCells(p.file);
    ASSERT_EQ(cells.size(), 5120u);
    const BlockModel model = fp8Model(p.input, Api::MmaSync);
    std::size_t same = 0, reported = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const Cell& cell = cells[i];
        const MmaResult r = instructionFma(model, cell.a, cell.b, cell.c);
        if (r.bits == cell.d) ++same;
        else if (++reported <= 5)
            ADD_FAILURE() << p.file << " line " << (i + 1) << ": model " << std::hex << r.bits << ", H100 " << cell.d;
    }
    EXPECT_EQ(same, cells.size());
}

TEST_P(MeasuredFp8, TheWgmmaModelMatchesOnlyAMinority) {
    const Measured& p = GetParam();
    const std::vector<Cell> cells = readCells(p.file);
    const BlockModel model = fp8Model(p.input, Api::Wgmma);
    std::size_t same = 0;
    for (const Cell& cell : cells) same += chainedDot(model, cell.a, cell.b, cell.c).bits == cell.d;
    EXPECT_EQ(same, p.wgmmaAgrees);
}

// The same cells as 40 whole tiles through the emulated GEMM (A 16x32, B 32x8): the GEMM's path and the
// probe's layout (line 8i + j of a tile is cell (i, j)).
TEST_P(MeasuredFp8, EveryTileMatchesThroughTheEmulatedGemm) {
    const Measured& p = GetParam();
    const std::vector<Cell> cells = readCells(p.file);
    const BlockModel model = fp8Model(p.input, Api::MmaSync);
    std::size_t same = 0;
    for (std::size_t tile = 0; tile < cells.size() / 128; ++tile) {
        std::vector<std::uint32_t> a(16 * 32), b(32 * 8), c(16 * 8), d(16 * 8), want(16 * 8);
        for (std::size_t i = 0; i < 16; ++i)
            for (std::size_t j = 0; j < 8; ++j) {
                const Cell& cell = cells[tile * 128 + i * 8 + j];
                for (std::size_t k = 0; k < 32; ++k) {
                    a[i * 32 + k] = std::uint32_t(cell.a[k]);
                    b[k * 8 + j] = std::uint32_t(cell.b[k]);
                }
                c[i * 8 + j] = std::uint32_t(cell.c);
                want[i * 8 + j] = std::uint32_t(cell.d);
            }
        emulateGemm(model, {16, 8, 32}, a, b, c, d, {0, 2});
        for (std::size_t t = 0; t < d.size(); ++t) same += d[t] == want[t];
    }
    EXPECT_EQ(same, cells.size());
}

INSTANTIATE_TEST_SUITE_P(H100, MeasuredFp8,
                         ::testing::Values(Measured{"mma_e4m3.txt", InputType::E4m3, 706},
                                           Measured{"mma_e5m2.txt", InputType::E5m2, 1223}),
                         [](const auto& info) { return std::string(inputName(info.param.input)); });

} // namespace
} // namespace fplab::tc
