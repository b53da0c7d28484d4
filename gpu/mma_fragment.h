// Which matrix element each lane of a warp holds in each register of an mma.sync operand:
// the PTX ISA fragment tables, written once and used by the kernels (device) and the tests (host).
//
// Source: NVIDIA PTX ISA, section 9.7.14.5 "Matrix Fragments for mma.m16n8k*"
//   - 9.7.14.5.7  mma.m16n8k8,  .tf32           (Figures 72 A, 75 B, 77 C/D)
//   - 9.7.14.5.8  mma.m16n8k16, .f16 / .bf16    (Figures 79 A, 81 B, 83 C/D)
//   - 9.7.14.5.10 mma.m16n8k32, .s8/.u8/.e4m3/.e5m2 (Figures 88 A, 90-91 B, 92 C/D)
// In every table: groupID = %laneid >> 2, threadID_in_group = %laneid % 4, and the elements of one
// register are listed "low to high": element i of a register sits at bits [w*j, w*j + w) with
// j = i % (32 / w), where w is the element width.
// A is M x K (row-major, ".row"); B is K x N (".col": we read it from an N x K row-major array);
// RowCol.row/col below are the (m, k) index for A, the (k, n) index for B and the (m, n) index for C/D.
#pragma once

#include "gpu/gemm_types.h"

#if defined(__CUDACC__)
#define FPLAB_HD __host__ __device__
#else
#define FPLAB_HD
#endif

namespace fplab::gpu::mma {

inline constexpr int kM = 16;
inline constexpr int kN = 8;
inline constexpr int kWarp = 32;

struct RowCol {
    int row;
    int col;
};

FPLAB_HD constexpr int shapeK(MmaShape s) {
    return s == MmaShape::M16N8K16 ? 16 : s == MmaShape::M16N8K8 ? 8 : s == MmaShape::M16N8K32 ? 32 : 0;
}
// Width in bits of one A/B element inside the registers (tf32 occupies a whole .b32).
FPLAB_HD constexpr int elementBits(MmaShape s) {
    return s == MmaShape::M16N8K16 ? 16 : s == MmaShape::M16N8K8 ? 32 : 8;
}
FPLAB_HD constexpr int elementsPerRegister(MmaShape s) { return 32 / elementBits(s); }
// Elements of A and B each lane holds: 16*K/32 and K*8/32.
FPLAB_HD constexpr int aElementsPerLane(MmaShape s) { return kM * shapeK(s) / kWarp; }
FPLAB_HD constexpr int bElementsPerLane(MmaShape s) { return shapeK(s) * kN / kWarp; }
FPLAB_HD constexpr int aRegisters(MmaShape s) { return aElementsPerLane(s) / elementsPerRegister(s); }
FPLAB_HD constexpr int bRegisters(MmaShape s) { return bElementsPerLane(s) / elementsPerRegister(s); }
// Every C/D fragment has 4 elements per lane (4 x .f32/.s32 registers, or 2 x .f16x2).
inline constexpr int kCElementsPerLane = 4;

// Element i of the A fragment of `lane`.
FPLAB_HD constexpr RowCol aFragment(MmaShape s, int lane, int i) {
    const int group = lane >> 2;
    const int tig = lane % 4; // threadID_in_group
    switch (s) {
    case MmaShape::M16N8K16:
        // Figure 79: row = groupID for 0<=i<2 || 4<=i<6, else groupID+8;
        //            col = tig*2 + (i&1) for i<4, tig*2 + (i&1) + 8 for i>=4.
        return {((i < 2) || (i >= 4 && i < 6)) ? group : group + 8, tig * 2 + (i & 0x1) + (i >= 4 ? 8 : 0)};
    case MmaShape::M16N8K8:
        // Figure 72 (.tf32): row = groupID for a0,a2, groupID+8 for a1,a3;
        //                    col = tig for a0,a1, tig+4 for a2,a3.
        return {(i == 0 || i == 2) ? group : group + 8, (i < 2) ? tig : tig + 4};
    case MmaShape::M16N8K32:
        // Figure 88: row = groupID for 0<=i<4 || 8<=i<12, else groupID+8;
        //            col = tig*4 + (i&3) for i<8, tig*4 + (i&3) + 16 for i>=8.
        return {((i < 4) || (i >= 8 && i < 12)) ? group : group + 8, tig * 4 + (i & 0x3) + (i >= 8 ? 16 : 0)};
    case MmaShape::None: break;
    }
    return {0, 0};
}

// Element i of the B fragment of `lane`: row is k, col is n.
FPLAB_HD constexpr RowCol bFragment(MmaShape s, int lane, int i) {
    const int group = lane >> 2;
    const int tig = lane % 4;
    switch (s) {
    case MmaShape::M16N8K16:
        // Figure 81: row = tig*2 + (i&1) for i<2, tig*2 + (i&1) + 8 for i>=2; col = groupID.
        return {tig * 2 + (i & 0x1) + (i >= 2 ? 8 : 0), group};
    case MmaShape::M16N8K8:
        // Figure 75 (.tf32): row = tig for b0, tig+4 for b1; col = groupID.
        return {i == 0 ? tig : tig + 4, group};
    case MmaShape::M16N8K32:
        // Figures 90-91: row = tig*4 + (i&3) for i<4, tig*4 + (i&3) + 16 for i>=4; col = groupID.
        return {tig * 4 + (i & 0x3) + (i >= 4 ? 16 : 0), group};
    case MmaShape::None: break;
    }
    return {0, 0};
}

// Element i (0..3) of the C/D fragment of `lane`; the same for every shape above
// (Figures 77, 83, 92): row = groupID for c0,c1, groupID+8 for c2,c3; col = tig*2 + (i&1).
FPLAB_HD constexpr RowCol cFragment(int lane, int i) {
    return {(i < 2) ? (lane >> 2) : (lane >> 2) + 8, (lane % 4) * 2 + (i & 0x1)};
}

// Register index and bit offset of fragment element i ("low to high" packing).
FPLAB_HD constexpr int registerOf(MmaShape s, int i) { return i / elementsPerRegister(s); }
FPLAB_HD constexpr int bitOffsetOf(MmaShape s, int i) { return (i % elementsPerRegister(s)) * elementBits(s); }

} // namespace fplab::gpu::mma
