// The mma.sync fragment tables of gpu/mma_fragment.h, which the kernels use to place every element:
// each matrix element is held by exactly one (lane, element) pair, and the spot values below are
// read off the PTX ISA figures (9.7.14.5.7 Fig. 72/75, 9.7.14.5.8 Fig. 79/81/83, 9.7.14.5.10
// Fig. 88/90/91/92) independently of the formulas.
#include "gpu/mma_fragment.h"

#include <gtest/gtest.h>

#include <vector>

namespace fplab::gpu::mma {

// Found by argument-dependent lookup, so outside the anonymous namespace.
bool operator==(RowCol a, RowCol b) { return a.row == b.row && a.col == b.col; }
std::ostream& operator<<(std::ostream& os, RowCol rc) { return os << "(" << rc.row << ", " << rc.col << ")"; }

namespace {

constexpr MmaShape kShapes[] = {MmaShape::M16N8K16, MmaShape::M16N8K8, MmaShape::M16N8K32};

TEST(MmaFragment, CountsMatchThePtxTables) {
    // A: .f16x2 x4, .b32 x4 (tf32), .b32 x4 of four 8-bit; B: x2 registers in every case.
    EXPECT_EQ(aElementsPerLane(MmaShape::M16N8K16), 8);
    EXPECT_EQ(bElementsPerLane(MmaShape::M16N8K16), 4);
    EXPECT_EQ(aElementsPerLane(MmaShape::M16N8K8), 4);
    EXPECT_EQ(bElementsPerLane(MmaShape::M16N8K8), 2);
    EXPECT_EQ(aElementsPerLane(MmaShape::M16N8K32), 16);
    EXPECT_EQ(bElementsPerLane(MmaShape::M16N8K32), 8);
    for (MmaShape s : kShapes) {
        EXPECT_EQ(aRegisters(s), 4);
        EXPECT_EQ(bRegisters(s), 2);
    }
}

TEST(MmaFragment, EveryElementHasExactlyOneOwner) {
    for (MmaShape s : kShapes) {
        const int k = shapeK(s);
        std::vector<int> a(std::size_t(kM * k)), b(std::size_t(k * kN)), c(std::size_t(kM * kN));
        for (int lane = 0; lane < kWarp; ++lane) {
            for (int i = 0; i < aElementsPerLane(s); ++i) {
                const RowCol rc = aFragment(s, lane, i);
                ASSERT_TRUE(rc.row >= 0 && rc.row < kM && rc.col >= 0 && rc.col < k) << rc;
                ++a[std::size_t(rc.row * k + rc.col)];
            }
            for (int i = 0; i < bElementsPerLane(s); ++i) {
                const RowCol rc = bFragment(s, lane, i);
                ASSERT_TRUE(rc.row >= 0 && rc.row < k && rc.col >= 0 && rc.col < kN) << rc;
                ++b[std::size_t(rc.row * kN + rc.col)];
            }
            for (int i = 0; i < kCElementsPerLane; ++i) {
                const RowCol rc = cFragment(lane, i);
                ASSERT_TRUE(rc.row >= 0 && rc.row < kM && rc.col >= 0 && rc.col < kN) << rc;
                ++c[std::size_t(rc.row * kN + rc.col)];
            }
        }
        for (int n : a) EXPECT_EQ(n, 1) << "A, k=" << k;
        for (int n : b) EXPECT_EQ(n, 1) << "B, k=" << k;
        for (int n : c) EXPECT_EQ(n, 1) << "C";
    }
}

TEST(MmaFragment, F16M16N8K16MatchesFigures79And81) {
    const MmaShape s = MmaShape::M16N8K16;
    const RowCol lane0A[8] = {{0, 0}, {0, 1}, {8, 0}, {8, 1}, {0, 8}, {0, 9}, {8, 8}, {8, 9}};
    for (int i = 0; i < 8; ++i) EXPECT_EQ(aFragment(s, 0, i), lane0A[i]) << "a" << i;
    EXPECT_EQ(aFragment(s, 5, 0), (RowCol{1, 2})); // T5: group 1, thread 1 in group
    EXPECT_EQ(aFragment(s, 5, 7), (RowCol{9, 11}));
    EXPECT_EQ(aFragment(s, 31, 0), (RowCol{7, 6}));
    EXPECT_EQ(aFragment(s, 31, 3), (RowCol{15, 7}));
    EXPECT_EQ(aFragment(s, 31, 4), (RowCol{7, 14}));
    EXPECT_EQ(aFragment(s, 31, 7), (RowCol{15, 15}));
    const RowCol lane0B[4] = {{0, 0}, {1, 0}, {8, 0}, {9, 0}}; // (k, n)
    for (int i = 0; i < 4; ++i) EXPECT_EQ(bFragment(s, 0, i), lane0B[i]) << "b" << i;
    EXPECT_EQ(bFragment(s, 31, 0), (RowCol{6, 7}));
    EXPECT_EQ(bFragment(s, 31, 3), (RowCol{15, 7}));
}

TEST(MmaFragment, Tf32M16N8K8MatchesFigures72And75) {
    const MmaShape s = MmaShape::M16N8K8;
    const RowCol lane0A[4] = {{0, 0}, {8, 0}, {0, 4}, {8, 4}};
    for (int i = 0; i < 4; ++i) EXPECT_EQ(aFragment(s, 0, i), lane0A[i]) << "a" << i;
    EXPECT_EQ(aFragment(s, 31, 0), (RowCol{7, 3}));
    EXPECT_EQ(aFragment(s, 31, 3), (RowCol{15, 7}));
    EXPECT_EQ(bFragment(s, 0, 0), (RowCol{0, 0}));
    EXPECT_EQ(bFragment(s, 0, 1), (RowCol{4, 0}));
    EXPECT_EQ(bFragment(s, 31, 0), (RowCol{3, 7}));
    EXPECT_EQ(bFragment(s, 31, 1), (RowCol{7, 7}));
}

TEST(MmaFragment, EightBitM16N8K32MatchesFigures88To91) {
    const MmaShape s = MmaShape::M16N8K32;
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(aFragment(s, 0, i), (RowCol{0, i}));
        EXPECT_EQ(aFragment(s, 0, 4 + i), (RowCol{8, i}));
        EXPECT_EQ(aFragment(s, 0, 8 + i), (RowCol{0, 16 + i}));
        EXPECT_EQ(aFragment(s, 0, 12 + i), (RowCol{8, 16 + i}));
        EXPECT_EQ(bFragment(s, 0, i), (RowCol{i, 0}));
        EXPECT_EQ(bFragment(s, 0, 4 + i), (RowCol{16 + i, 0}));
    }
    EXPECT_EQ(aFragment(s, 31, 0), (RowCol{7, 12}));
    EXPECT_EQ(aFragment(s, 31, 15), (RowCol{15, 31}));
    EXPECT_EQ(bFragment(s, 31, 0), (RowCol{12, 7}));
    EXPECT_EQ(bFragment(s, 31, 7), (RowCol{31, 7}));
}

TEST(MmaFragment, AccumulatorMatchesFigure83) {
    const RowCol lane0[4] = {{0, 0}, {0, 1}, {8, 0}, {8, 1}};
    for (int i = 0; i < 4; ++i) EXPECT_EQ(cFragment(0, i), lane0[i]) << "c" << i;
    EXPECT_EQ(cFragment(6, 1), (RowCol{1, 5}));
    EXPECT_EQ(cFragment(31, 3), (RowCol{15, 7}));
}

TEST(MmaFragment, ElementsArePackedLowToHigh) {
    // f16: a0 in bits 0-15 and a1 in bits 16-31 of the first .f16x2; a2 starts the second register.
    EXPECT_EQ(registerOf(MmaShape::M16N8K16, 0), 0);
    EXPECT_EQ(bitOffsetOf(MmaShape::M16N8K16, 1), 16);
    EXPECT_EQ(registerOf(MmaShape::M16N8K16, 2), 1);
    EXPECT_EQ(bitOffsetOf(MmaShape::M16N8K16, 2), 0);
    // tf32: one element per .b32.
    EXPECT_EQ(registerOf(MmaShape::M16N8K8, 3), 3);
    EXPECT_EQ(bitOffsetOf(MmaShape::M16N8K8, 3), 0);
    // 8-bit: four per .b32, a3 in bits 24-31.
    EXPECT_EQ(registerOf(MmaShape::M16N8K32, 3), 0);
    EXPECT_EQ(bitOffsetOf(MmaShape::M16N8K32, 3), 24);
    EXPECT_EQ(registerOf(MmaShape::M16N8K32, 4), 1);
    EXPECT_EQ(registerOf(MmaShape::M16N8K32, 15), 3);
}

// The packing the kernels do (packA in gpu/kernels/mma_gemm.cuh), replayed on the host: lane 0's
// first A register of an f16 MMA holds A(0,0) in the low half and A(0,1) in the high half.
TEST(MmaFragment, HostReplayOfPackingPutsTheRightValuesInRegisters) {
    const MmaShape s = MmaShape::M16N8K16;
    const int k = shapeK(s);
    std::vector<std::uint16_t> a(std::size_t(kM * k));
    for (int r = 0; r < kM; ++r)
        for (int c = 0; c < k; ++c) a[std::size_t(r * k + c)] = std::uint16_t(r * 100 + c);
    auto pack = [&](int lane) {
        std::vector<std::uint32_t> regs(std::size_t(aRegisters(s)), 0);
        for (int i = 0; i < aElementsPerLane(s); ++i) {
            const RowCol rc = aFragment(s, lane, i);
            regs[std::size_t(registerOf(s, i))] |= std::uint32_t(a[std::size_t(rc.row * k + rc.col)])
                                                   << bitOffsetOf(s, i);
        }
        return regs;
    };
    const auto lane0 = pack(0);
    EXPECT_EQ(lane0[0], (1u << 16) | 0u);     // A(0,1):A(0,0)
    EXPECT_EQ(lane0[1], (801u << 16) | 800u); // A(8,1):A(8,0)
    EXPECT_EQ(lane0[2], (9u << 16) | 8u);     // A(0,9):A(0,8)
    EXPECT_EQ(lane0[3], (809u << 16) | 808u); // A(8,9):A(8,8)
    const auto lane7 = pack(7);               // group 1, thread 3 in group: columns 6, 7
    EXPECT_EQ(lane7[0], (107u << 16) | 106u);
}

} // namespace
} // namespace fplab::gpu::mma
