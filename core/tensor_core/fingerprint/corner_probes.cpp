#include "core/tensor_core/fingerprint/corner_probes.h"

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/instruction_map.h"

#include <bit>
#include <cmath>

namespace fplab::tc::fingerprint {

namespace {

using u64 = std::uint64_t;

// The format of the operands as given to the instruction (TF32 arrives as FP32 bits).
const Format& givenFormat(InputType t) { return t == InputType::Tf32 ? kFp32 : *floatInputFormat(t); }
const Format& accumFormat(AccumType t) { return t == AccumType::Fp16 ? kFp16 : kFp32; }

// 2^e as given to the instruction, when both the unit and the given encoding hold it exactly.
std::optional<u64> powerOfTwo(InputType input, int e, bool negative) {
    const double v = std::ldexp(negative ? -1.0 : 1.0, e);
    const Result unit = convert(kFp64, std::bit_cast<u64>(v), *floatInputFormat(input));
    const Result given = convert(kFp64, std::bit_cast<u64>(v), givenFormat(input));
    if (unit.flags != 0 || given.flags != 0 || !isFinite(classify(givenFormat(input), given.bits))) return std::nullopt;
    return given.bits;
}

// The largest finite value of the unit's format, as given (TF32: in its FP32 container).
u64 largestFinite(InputType input) {
    const Format& unit = *floatInputFormat(input);
    const u64 bits = maxFiniteBits(unit, false);
    return input == InputType::Tf32 ? tf32ToFp32Container(bits) : bits;
}

ProbeTile singleCell(Corner corner, int k, int kk, u64 a, u64 b, u64 c) {
    ProbeTile t;
    t.name = std::string(cornerKey(corner));
    t.purpose = corner == Corner::ZeroProducts
                    ? "0 times the largest value beside a subnormal c: only a zero product in E cuts c"
                    : "a tiny negative product that rounds to zero, c = +0: the sign of that zero";
    t.singleCell = true;
    t.a.assign(std::size_t(kTileM) * std::size_t(k), 0);
    t.b.assign(std::size_t(k) * kTileN, 0);
    t.c.assign(std::size_t(kTileM) * kTileN, 0);
    t.a[std::size_t(kk)] = a;
    t.b[std::size_t(kk) * kTileN] = b;
    t.c[0] = c;
    return t;
}

Cell cellOf(const ProbeTile& t, int k) {
    Cell cell;
    for (int i = 0; i < k; ++i) {
        cell.a.push_back(t.a[std::size_t(i)]);
        cell.b.push_back(t.b[std::size_t(i) * kTileN]);
    }
    cell.c = t.c[0];
    return cell;
}

// The readings with one corner moved to MMA-Sim's, the other at FP Lab's.
CornerReadings otherReadingOf(Corner corner) {
    CornerReadings r = kFpLabReadings;
    if (corner == Corner::ZeroProducts) r.zeroProducts = kMmaSimReadings.zeroProducts;
    else r.zeroSign = kMmaSimReadings.zeroSign;
    return r;
}

// The first candidate tile on which the two readings of the corner differ.
std::optional<CornerProbe> firstDeciding(Arch arch, Api api, InputType input, AccumType accum, int k, Corner corner,
                                         const std::vector<ProbeTile>& tiles) {
    for (const ProbeTile& t : tiles) {
        const Cell cell = cellOf(t, k);
        const auto fpLab = predictCell(arch, api, input, accum, k, kFpLabReadings, cell);
        const auto mmaSim = predictCell(arch, api, input, accum, k, otherReadingOf(corner), cell);
        if (!fpLab || !mmaSim) return std::nullopt;
        if (*fpLab != *mmaSim) {
            CornerProbe p;
            p.corner = corner;
            p.tile = t;
            for (int i = 0; i < k; ++i)
                if (t.a[std::size_t(i)] || t.b[std::size_t(i) * kTileN]) p.kk = i;
            p.fpLab = *fpLab;
            p.mmaSim = *mmaSim;
            return p;
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<u64> predictCell(Arch arch, Api api, InputType input, AccumType accum, int k, CornerReadings readings,
                               const Cell& cell) {
    MmaConfig cfg;
    cfg.arch = arch;
    cfg.instruction = api;
    cfg.input = input;
    cfg.accum = accum;
    cfg.zeroProducts = readings.zeroProducts;
    cfg.zeroSign = readings.zeroSign;
    const ModelOrError r = resolveModel(cfg);
    if (!r.model) return std::nullopt;
    int blockK = 0;
    if (!r.model->structure.fixed())
        for (const InstructionBlocks& row : instructionsFor(arch, input))
            if (row.api == api && row.k == k) blockK = row.blockSize;
    return chainedDot(*r.model, cell.a, cell.b, cell.c, blockK).bits;
}

std::vector<CornerProbe> cornerProbes(Arch arch, Api api, InputType input, AccumType accum, int k) {
    std::vector<CornerProbe> out;
    if (!floatInputFormat(input) || accum == AccumType::Int32 || k < 1) return out;
    const Format& acc = accumFormat(accum);
    // The product goes last, then first: a block that follows it could turn a -0 into +0 (an exact zero sum).
    const int places[] = {k - 1, 0};

    // Zero products: 0 times the largest value, c the largest subnormal of the accumulator (every low bit set).
    std::vector<ProbeTile> zeroTiles;
    const u64 largestSubnormal = acc.mantissaMask();
    for (int kk : places)
        zeroTiles.push_back(singleCell(Corner::ZeroProducts, k, kk, 0, largestFinite(input), largestSubnormal));
    if (auto p = firstDeciding(arch, api, input, accum, k, Corner::ZeroProducts, zeroTiles)) out.push_back(*p);

    // Zero sign: 2^e times -2^e, c = +0, for the e closest to 1 whose product rounds to zero.
    std::vector<ProbeTile> signTiles;
    for (int e = -1; e >= -160; --e) {
        const auto a = powerOfTwo(input, e, false);
        const auto b = powerOfTwo(input, e, true);
        if (!a || !b) continue;
        for (int kk : places) signTiles.push_back(singleCell(Corner::ZeroSign, k, kk, *a, *b, 0));
    }
    if (auto p = firstDeciding(arch, api, input, accum, k, Corner::ZeroSign, signTiles)) out.push_back(*p);
    return out;
}

CornerAnswer decideCorner(const CornerProbe& probe, std::uint64_t d) {
    CornerAnswer a;
    a.corner = probe.corner;
    a.d = d;
    a.verdict = d == probe.fpLab    ? CornerVerdict::FpLabReading
                : d == probe.mmaSim ? CornerVerdict::MmaSimReading
                                    : CornerVerdict::Neither;
    return a;
}

std::string_view verdictReadingName(Corner corner, CornerVerdict verdict) {
    if (verdict == CornerVerdict::Neither) return {};
    const CornerReadings r = verdict == CornerVerdict::FpLabReading ? kFpLabReadings : kMmaSimReadings;
    return corner == Corner::ZeroProducts ? zeroProductsName(r.zeroProducts) : zeroSignName(r.zeroSign);
}

std::string_view cornerKey(Corner corner) { return corner == Corner::ZeroProducts ? "zero-products" : "zero-sign"; }

} // namespace fplab::tc::fingerprint
