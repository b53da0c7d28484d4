// The steps of one tensor-core block FMA as data, for the app's step-by-step view and
// `fplab-cli mma --steps`: the terms with their exponents, E, each cut, the exact sum, the rounding.
#pragma once

#include "core/trace.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fplab::tc {

// Whether a result rests on an open question (docs/tensor-core-model.md section 2.2, "What is not modelled")
// rather than on a published model.
enum class Caveat : std::uint8_t {
    None,
    TinyEdgeCase,       // every term tiny: MMA-Sim and Khattak-Mikaitis give different results here
    SatFinitePlacement, // int8 .satfinite: a partial sum leaves int32, so where the clamp applies matters
};

// "unmodelled: ..." for a caveat, empty for None.
std::string_view caveatText(Caveat c);

// A NaN or an infinity that decided a block's result without arithmetic. The words are written by the
// presentation layers (app/cli/block_special_text.cpp, lessons/experiments/block_special_text.cpp).
enum class BlockSpecial : std::uint8_t {
    None,
    NanOperand,   // a NaN operand gives the canonical NaN
    ZeroTimesInf, // 0 * inf gives the canonical NaN
    InfMinusInf,  // inf - inf gives the canonical NaN
    InfiniteTerm, // an infinite term gives an infinity of its sign
};

inline constexpr BlockSpecial kAllBlockSpecials[] = {BlockSpecial::NanOperand, BlockSpecial::ZeroTimesInf,
                                                     BlockSpecial::InfMinusInf, BlockSpecial::InfiniteTerm};

struct TermStep {
    enum class Kind : std::uint8_t { Product, Accumulator };
    Kind kind = Kind::Product;
    int k = -1;              // the product's index in the whole dot product; -1 for C
    std::uint64_t aBits = 0; // operands as given (C: aBits is C, bBits unused)
    std::uint64_t bBits = 0;
    std::uint64_t aUnit = 0; // operands as the unit sees them (TF32: its 19-bit encoding, after the input conversion)
    std::uint64_t bUnit = 0;
    bool dropped = false;    // a zero product (or C = 0 where it does not count): not in S, and not in E
                             // unless countedInE
    bool countedInE = false; // a zero product in E (ZeroProducts::Counted); exponent holds its exponent
    bool sign = false;
    int exponent = 0;                // e_a + e_b, or e_c, each input exponent clamped to its emin
    std::uint64_t significand = 0;   // exact: |term| = significand * 2^(exponent - significandFractionBits)
    int significandFractionBits = 0; // 2M for a product, M for C
    int shift = 0;                   // the move onto the 2^(E-F) grid: positive left (exact), negative right (cut)
    std::int64_t cut = 0;            // T: the term in units of 2^(E-F), cut toward zero, signed
    std::uint64_t lostBits = 0;      // the low significand bits cut off, as an integer
    int lostBitCount = 0;            // how many low significand bits were cut off
};

// C added after an instruction's blocks (sm_90 FP8 mma.sync: one FP32 round-to-nearest-even addition).
struct AddendStep {
    bool present = false;
    std::uint64_t blocksResult = 0; // what the blocks gave, FP32 bits
    std::uint64_t c = 0;
    std::uint64_t result = 0;
    RoundingTrace rounding; // the core's record of the addition's rounding
    std::string rule;       // in words
};

struct BlockSteps {
    std::vector<TermStep> terms;               // products in k order, then C
    BlockSpecial special = BlockSpecial::None; // set when a NaN or infinity decided the result
    bool integer = false;                      // an int8 block: exact products, int32 result
    int maxExponent = 0;                       // E
    int fractionBits = 0;                      // F
    std::string eRule;                         // how E was chosen (which terms, the tiny-model rule)
    std::int64_t sum = 0;                      // S = sum of the cut terms, exact; the value is S * 2^(E-F)
    int normalizedExponent = 0; // exponent of S's leading bit, as a value: |S| * 2^(E-F) in [2^x, 2^(x+1))
    std::string roundingRule;   // "RZ to fp32 (24 bits)", "RNE to fp16 (11 bits)", "RZ to e8m13 (14 bits)"
    RoundingTrace rounding;     // the core's record of the final rounding (empty when S = 0)
    bool overflowToInfinity = false;
    bool clamped = false;         // int8 .satfinite: the sum was clamped into int32
    std::uint64_t resultBits = 0; // D in the accumulator format
    Caveat caveat = Caveat::None;
    std::uint64_t alternativeBits = 0; // with a caveat: the result under the other reading
    AddendStep addendAfter;            // on an instruction's last block when C enters after the blocks
};

} // namespace fplab::tc
