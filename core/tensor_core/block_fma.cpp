#include "core/tensor_core/block_fma.h"

#include "core/tensor_core/block_core.h"
#include "core/tensor_core/instruction_fma.h"

#include <array>
#include <climits>
#include <stdexcept>
#include <string>

namespace fplab::tc {

namespace {

using detail::Decoded;
using detail::u64;

constexpr int kMaxBlock = 64;

u64 widthMask(int bits) { return bits >= 64 ? ~u64(0) : (u64(1) << bits) - 1; }

void checkOperands(const BlockModel& m, std::span<const u64> a, std::span<const u64> b, u64 c, int maxCount) {
    if (a.size() != b.size())
        throw std::invalid_argument("a holds " + std::to_string(a.size()) + " values but b holds " +
                                    std::to_string(b.size()));
    if (int(a.size()) > maxCount)
        throw std::invalid_argument("a block holds at most " + std::to_string(maxCount) + " products, got " +
                                    std::to_string(a.size()));
    const int inBits = operandBits(m.config.input);
    for (std::size_t i = 0; i < a.size(); ++i) {
        if ((a[i] & ~widthMask(inBits)) || (b[i] & ~widthMask(inBits)))
            throw std::invalid_argument("operand " + std::to_string(i) + " is wider than " + std::to_string(inBits) +
                                        " bits (" + std::string(inputName(m.config.input)) + ")");
    }
    const int cBits = accumBits(m.config.accum);
    if (c & ~widthMask(cBits))
        throw std::invalid_argument("c is wider than " + std::to_string(cBits) + " bits (" +
                                    std::string(accumName(m.config.accum)) + ")");
}

std::string roundingRule(const BlockModel& m) {
    if (m.roundFormat.mantissaBits == 13)
        return "RZ to e8m13 (14-bit significand; the low 10 fp32 mantissa bits are 0)";
    if (m.finalRounding == RoundingMode::NearestEven)
        return "RNE to fp16 (11-bit significand, subnormals on the 2^-24 grid), applied to the cut sum";
    return "RZ to fp32 (24-bit significand, subnormals on the 2^-149 grid)";
}

std::int64_t intOperand(const BlockModel& m, u64 bits) {
    if (m.config.input == InputType::Uint8) return std::int64_t(bits & 0xFF);
    return std::int64_t(std::int8_t(std::uint8_t(bits)));
}

MmaResult integerBlock(const BlockModel& m, std::span<const u64> a, std::span<const u64> b, u64 c, BlockSteps* st) {
    const std::int64_t cv = std::int32_t(std::uint32_t(c));
    std::int64_t sum = cv, lo = cv < 0 ? cv : 0, hi = cv > 0 ? cv : 0;
    if (st) {
        st->integer = true;
        st->terms.clear();
    }
    for (std::size_t k = 0; k < a.size(); ++k) {
        const std::int64_t p = intOperand(m, a[k]) * intOperand(m, b[k]);
        sum += p;
        (p < 0 ? lo : hi) += p;
        if (st) {
            TermStep t;
            t.k = int(k);
            t.aBits = t.aUnit = a[k];
            t.bBits = t.bUnit = b[k];
            t.dropped = p == 0;
            t.sign = p < 0;
            t.significand = u64(p < 0 ? -p : p);
            t.cut = p;
            st->terms.push_back(t);
        }
    }
    if (st) {
        TermStep t;
        t.kind = TermStep::Kind::Accumulator;
        t.aBits = t.aUnit = c;
        t.sign = cv < 0;
        t.significand = u64(cv < 0 ? -cv : cv);
        t.cut = cv;
        st->terms.push_back(t);
        st->sum = sum;
        st->eRule = "integer products are exact; the sum is exact in int64";
    }
    MmaResult r;
    const u64 wrapped = u64(sum) & 0xFFFFFFFFu;
    if (m.config.intOverflow == IntOverflow::Wrap) {
        r.bits = wrapped;
        if (st) st->roundingRule = "wrap to int32 (keep the low 32 bits)";
    } else {
        const std::int64_t clamped = std::clamp<std::int64_t>(sum, INT32_MIN, INT32_MAX);
        r.bits = u64(clamped) & 0xFFFFFFFFu;
        // Where the clamp sits only matters if some partial sum can leave int32 while the terms differ in sign.
        const bool canLeave = lo < INT32_MIN || hi > INT32_MAX;
        const bool monotone = lo == 0 || hi == 0;
        if (canLeave && !monotone) r.caveat = Caveat::SatFinitePlacement;
        if (st) {
            st->roundingRule = ".satfinite: clamp the exact sum to int32 once";
            st->clamped = clamped != sum;
            st->alternativeBits = wrapped;
        }
    }
    if (st) {
        st->resultBits = r.bits;
        st->caveat = r.caveat;
    }
    return r;
}

// Steps 3-5 for one choice of E: cut every term to the 2^(E-F) grid, add exactly, round.
struct Term {
    bool sign;
    u64 sig;
    int exp;
    int fractionBits;
};

std::int64_t cutSum(const BlockModel& m, const Term* terms, int count, int e, std::vector<TermStep>* rec) {
    std::int64_t s = 0;
    for (int i = 0; i < count; ++i) {
        const Term& t = terms[i];
        const int shift = m.fractionBits - t.fractionBits - (e - t.exp);
        const u64 mag = detail::cutMagnitude(t.sig, shift);
        const std::int64_t v = t.sign ? -std::int64_t(mag) : std::int64_t(mag);
        s += v;
        if (rec) {
            TermStep& ts = (*rec)[i];
            ts.shift = shift;
            ts.cut = v;
            const int lost = shift >= 0 ? 0 : std::min(-shift, 64);
            ts.lostBitCount = std::min(lost, t.sig == 0 ? 0 : int(std::bit_width(t.sig)));
            ts.lostBits = lost >= 64 ? t.sig : t.sig & ((u64(1) << lost) - 1);
        }
    }
    return s;
}

// A fixed-structure model chains whole instructions: D <- instruction(k-slice of structure.k, D).
MmaResult chainedInstructions(const BlockModel& m, std::span<const u64> a, std::span<const u64> b, u64 c, int blockK,
                              std::vector<BlockSteps>* steps) {
    const int k = m.structure.k;
    if (blockK != 0 && blockK != k)
        throw std::invalid_argument("one " + std::string(apiName(m.instruction)) + " here takes " + std::to_string(k) +
                                    " products in a fixed structure; the block size cannot be " +
                                    std::to_string(blockK));
    if (steps) steps->clear();
    std::vector<BlockSteps> one;
    MmaResult r{c, Caveat::None};
    for (std::size_t k0 = 0; k0 < a.size(); k0 += std::size_t(k)) {
        const std::size_t len = std::min(std::size_t(k), a.size() - k0);
        const MmaResult ir = instructionFma(m, a.subspan(k0, len), b.subspan(k0, len), r.bits, steps ? &one : nullptr);
        if (steps)
            for (BlockSteps& st : one) {
                for (TermStep& t : st.terms)
                    if (t.kind == TermStep::Kind::Product) t.k += int(k0);
                steps->push_back(std::move(st));
            }
        if (r.caveat == Caveat::None) r.caveat = ir.caveat;
        r.bits = ir.bits;
    }
    return r;
}

} // namespace

std::string_view caveatText(Caveat c) {
    switch (c) {
    case Caveat::None: return {};
    case Caveat::TinyEdgeCase:
        return "unmodelled: every term is tiny and the published models disagree (MMA-Sim keeps E >= -126, "
               "Khattak-Mikaitis drops C = 0 and clamps E lower); the result follows the chosen tiny model";
    case Caveat::SatFinitePlacement:
        return "unmodelled: a partial sum can leave int32 and where .satfinite clamps inside the instruction is "
               "unknown; the result clamps the exact sum once";
    }
    return {};
}

MmaResult blockFma(const BlockModel& m, std::span<const u64> a, std::span<const u64> b, u64 c, BlockSteps* st) {
    if (m.structure.fixed())
        throw std::invalid_argument("one " + std::string(apiName(m.instruction)) + " here is " +
                                    std::to_string(m.structure.blocks) + " blocks and an addition: use instructionFma");
    checkOperands(m, a, b, c, m.isInteger() ? kMaxBlock : m.blockSize);
    if (st) *st = BlockSteps{};
    if (m.isInteger()) return integerBlock(m, a, b, c, st);

    const Format& in = m.inputFormat;
    const Format& acc = m.accumFormat;
    const int n = int(a.size());
    std::array<Term, kMaxBlock + 1> terms{};
    int count = 0;
    bool nan = false, posInf = false, negInf = false, zeroTimesInf = false;
    int maxProduct = INT_MIN;
    bool zeroInE = false; // a zero product took part in E (ZeroProducts::Counted)
    if (st) st->terms.reserve(std::size_t(n) + 1);

    for (int k = 0; k < n; ++k) {
        const u64 ua = detail::unitOperand(m, a[k]);
        const u64 ub = detail::unitOperand(m, b[k]);
        const Decoded da = detail::decodeOperand(in, ua);
        const Decoded db = detail::decodeOperand(in, ub);
        const bool sign = da.sign != db.sign;
        if (isNan(da.cls) || isNan(db.cls)) nan = true;
        const bool infA = da.cls == FloatClass::Infinity, infB = db.cls == FloatClass::Infinity;
        if (infA || infB) {
            if ((infA && db.cls == FloatClass::Zero) || (infB && da.cls == FloatClass::Zero)) zeroTimesInf = true;
            else (sign ? negInf : posInf) = true;
        }
        TermStep ts;
        if (st) {
            ts.k = k;
            ts.aBits = a[k];
            ts.bBits = b[k];
            ts.aUnit = ua;
            ts.bUnit = ub;
            ts.sign = sign;
        }
        if (isFinite(da.cls) && isFinite(db.cls)) {
            const Term t{sign, da.sig * db.sig, da.exp + db.exp, 2 * in.mantissaBits};
            if (st) {
                ts.exponent = t.exp;
                ts.significand = t.sig;
                ts.significandFractionBits = t.fractionBits;
                ts.dropped = t.sig == 0;
            }
            if (t.sig != 0) {
                terms[std::size_t(count++)] = t;
                maxProduct = std::max(maxProduct, t.exp);
            } else if (m.corners.zeroProducts == ZeroProducts::Counted) {
                const int e = detail::zeroProductExponent(da, db);
                maxProduct = std::max(maxProduct, e);
                zeroInE = true;
                if (st) {
                    ts.exponent = e;
                    ts.countedInE = true;
                }
            }
        } else if (st) {
            ts.dropped = true;
        }
        if (st) st->terms.push_back(ts);
    }
    const Decoded dc = detail::decodeOperand(acc, c);
    if (isNan(dc.cls)) nan = true;
    if (dc.cls == FloatClass::Infinity) (dc.sign ? negInf : posInf) = true;
    TermStep cs;
    if (st) {
        cs.kind = TermStep::Kind::Accumulator;
        cs.aBits = cs.aUnit = c;
        cs.sign = dc.sign;
        cs.exponent = dc.exp;
        cs.significand = dc.sig;
        cs.significandFractionBits = acc.mantissaBits;
        cs.dropped = dc.sig == 0;
    }

    MmaResult r;
    if (nan || zeroTimesInf || (posInf && negInf)) {
        r.bits = canonicalNan(acc);
        if (st) {
            st->terms.push_back(cs);
            st->special = nan            ? BlockSpecial::NanOperand
                          : zeroTimesInf ? BlockSpecial::ZeroTimesInf
                                         : BlockSpecial::InfMinusInf;
            st->resultBits = r.bits;
        }
        return r;
    }
    if (posInf || negInf) {
        r.bits = infinityBits(acc, negInf);
        if (st) {
            st->terms.push_back(cs);
            st->special = BlockSpecial::InfiniteTerm;
            st->resultBits = r.bits;
        }
        return r;
    }

    const bool cNonzero = dc.sig != 0;
    // C goes last in the term list; products stay in k order for the steps.
    if (cNonzero) terms[std::size_t(count++)] = Term{dc.sign, dc.sig, dc.exp, acc.mantissaBits};

    if (count == 0) {
        if (st) {
            st->terms.push_back(cs);
            st->fractionBits = m.fractionBits;
            st->eRule = "every term is zero: the result is +0";
            st->roundingRule = roundingRule(m);
        }
        return r; // +0
    }

    const TinyModel chosen = m.config.tinyModel;
    const TinyModel other = chosen == TinyModel::MmaSim ? TinyModel::Khattak : TinyModel::MmaSim;
    const int e = detail::blockExponent(m, chosen, maxProduct, cNonzero, dc.exp);
    const int eOther = detail::blockExponent(m, other, maxProduct, cNonzero, dc.exp);

    // Steps: record the cut of each kept term in the order of st->terms.
    std::vector<TermStep> kept;
    if (st) {
        for (const TermStep& t : st->terms)
            if (!t.dropped) kept.push_back(t);
        if (cNonzero) kept.push_back(cs);
    }
    const std::int64_t s = cutSum(m, terms.data(), count, e, st ? &kept : nullptr);
    bool overflowed = false;
    r.bits = detail::roundBlockSum(m, s, e, st ? &st->rounding : nullptr, &overflowed);
    u64 alternative = r.bits;
    if (eOther != e) {
        alternative = detail::roundBlockSum(m, cutSum(m, terms.data(), count, eOther, nullptr), eOther);
        if (alternative != r.bits) r.caveat = Caveat::TinyEdgeCase;
    }

    if (st) {
        // Put the recorded cuts back in place.
        std::size_t j = 0;
        for (TermStep& t : st->terms)
            if (!t.dropped) t = kept[j++];
        st->terms.push_back(cNonzero ? kept[j] : cs);
        st->maxExponent = e;
        st->fractionBits = m.fractionBits;
        std::string rule = "E = max of the product exponents";
        if (zeroInE) rule += " (zero products included, a zero operand counting as 2^-126: the counted reading)";
        if (cNonzero) rule += " and C's exponent";
        else if (chosen == TinyModel::MmaSim) rule += " and -126 (C = 0 still counts, MMA-Sim reading)";
        if (chosen == TinyModel::Khattak) {
            rule += ", at least " + std::to_string(m.khattakMinExponent) + " (Khattak-Mikaitis reading";
            rule += cNonzero ? ")" : "; C = 0 is dropped)";
        }
        st->eRule = rule;
        st->sum = s;
        if (s != 0) {
            const u64 mag = s < 0 ? u64(0) - u64(s) : u64(s);
            st->normalizedExponent = e - m.fractionBits + int(std::bit_width(mag)) - 1;
        }
        st->roundingRule = roundingRule(m);
        if (s != 0 && (r.bits & ~m.accumFormat.signMask()) == 0)
            st->roundingRule += m.corners.zeroSign == ZeroSign::Positive
                                    ? "; the sum rounds to zero, which is +0 whatever its sign (the positive reading)"
                                    : "; the sum rounds to zero, which keeps the sum's sign (the sum reading)";
        st->overflowToInfinity = overflowed;
        st->resultBits = r.bits;
        st->caveat = r.caveat;
        st->alternativeBits = alternative;
    }
    return r;
}

MmaResult chainedDot(const BlockModel& m, std::span<const u64> a, std::span<const u64> b, u64 c, int blockK,
                     std::vector<BlockSteps>* steps) {
    if (a.size() != b.size())
        throw std::invalid_argument("a holds " + std::to_string(a.size()) + " values but b holds " +
                                    std::to_string(b.size()));
    if (m.structure.fixed()) return chainedInstructions(m, a, b, c, blockK, steps);
    if (blockK == 0) blockK = m.blockSize;
    const int maxBlock = m.isInteger() ? kMaxBlock : m.blockSize;
    if (blockK < 1 || blockK > maxBlock)
        throw std::invalid_argument("the block size must be 1.." + std::to_string(maxBlock) + ", got " +
                                    std::to_string(blockK));
    if (steps) steps->clear();
    MmaResult r{c, Caveat::None};
    for (std::size_t k0 = 0; k0 < a.size(); k0 += std::size_t(blockK)) {
        const std::size_t len = std::min(std::size_t(blockK), a.size() - k0);
        BlockSteps* st = nullptr;
        if (steps) st = &steps->emplace_back();
        const MmaResult br = blockFma(m, a.subspan(k0, len), b.subspan(k0, len), r.bits, st);
        if (st)
            for (TermStep& t : st->terms)
                if (t.kind == TermStep::Kind::Product) t.k += int(k0);
        if (r.caveat == Caveat::None) r.caveat = br.caveat;
        r.bits = br.bits;
    }
    return r;
}

} // namespace fplab::tc
