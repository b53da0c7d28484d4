// Turning an OperationTrace into steps a learner can follow. The bits shown come from the
// trace and the operands; the sentences explain them.
#include "app/gui/arithmetic/operation_steps.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "core/classify.h"
#include "core/text/literal.h"
#include "core/text/print.h"

#include <algorithm>

namespace fplab::gui {

namespace {

// __extension__: -Wpedantic accepts the builtin 128-bit integer here.
__extension__ typedef unsigned __int128 UInt128;

// The core's special-case reasons, for translation (context fplab::gui::CoreText).
const char* const kSpecialReasons[] = {
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "0 * inf is invalid"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "0 + 0 is zero"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "0 / 0 is invalid"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "a NaN converts to a NaN"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "a NaN operand gives a NaN"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "a finite number divided by infinity is zero"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "a zero operand gives zero"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "adding zero changes nothing"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "an infinite operand gives infinity"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "an infinite term gives infinity"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "division by zero gives infinity"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "division by zero, and the format has no infinity"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "inf - inf is invalid"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "inf / inf is invalid"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "infinity converts to infinity"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "infinity divided by a finite number is infinity"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "sqrt(+-0) is +-0"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "sqrt(NaN) is NaN"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "sqrt(inf) is inf"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "the format has no infinity"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "the format has no negative values"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "the product is zero: the result is c"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "the square root of a negative number is invalid"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "the sum of two zeros is zero"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "zero converts to zero"),
    QT_TRANSLATE_NOOP("fplab::gui::CoreText", "zero divided by a number is zero"),
};

QString operandName(int i) { return QString(QChar(QLatin1Char('a' + i))); }

// sign | exponent | mantissa cells of an encoding.
QList<BitCell> fieldCells(const Format& f, std::uint64_t bits) {
    QList<BitCell> cells;
    if (f.hasSign) cells << bitCells(bits >> (f.exponentBits + f.mantissaBits), 1, BitRole::Sign);
    QList<BitCell> e = bitCells(bits >> f.mantissaBits, f.exponentBits, BitRole::Exponent);
    if (!e.isEmpty() && f.hasSign) e.first().gapBefore = true;
    QList<BitCell> m = bitCells(bits, f.mantissaBits, BitRole::Mantissa);
    if (!m.isEmpty()) m.first().gapBefore = true;
    return cells + e + m;
}

// The significand as 1.xxxx (or 0.xxxx): `count` bits of `sig`, leading bit first, a gap for the point.
QList<BitCell> significandCells(std::uint64_t sig, int count) {
    QList<BitCell> cells = bitCells(sig, count, BitRole::Mantissa);
    if (!cells.isEmpty()) {
        cells.first().role = BitRole::Implicit;
        cells.first().toolTip = Text::tr("The leading bit (the implicit bit, made explicit).");
    }
    if (cells.size() > 1) cells[1].gapBefore = true;
    return cells;
}

QList<BitCell> grsCells(bool g, bool r, bool s) {
    BitCell cg{g ? QLatin1Char('1') : QLatin1Char('0'), BitRole::Guard, Text::tr("Guard bit: the first bit below the last kept bit (worth half an ulp).")};
    BitCell cr{r ? QLatin1Char('1') : QLatin1Char('0'), BitRole::Round, Text::tr("Round bit: the second bit below the last kept bit (a quarter ulp).")};
    BitCell cs{s ? QLatin1Char('1') : QLatin1Char('0'), BitRole::Sticky, Text::tr("Sticky bit: the OR of every bit further down. It only records whether anything nonzero was lost.")};
    cg.gapBefore = true;
    return {cg, cr, cs};
}

QString bold(const QString& s) { return QStringLiteral("<b>%1</b>").arg(s.toHtmlEscaped()); }

QString signedPower(int e) { return QStringLiteral("2^%1").arg(e); }

// The exact result from the trace: leading bit at 63, bit 0 holds sticky.
struct ExactView {
    std::uint64_t sig = 0;
    int exponent = 0;
    bool sign = false;
};

QString binaryFraction(std::uint64_t sig, int bits) {
    // "1.0000000000011010..." from the top `bits` bits of a 64-bit significand.
    QString s = (sig >> 63) & 1 ? QStringLiteral("1.") : QStringLiteral("0.");
    for (int i = 62; i > 63 - bits && i >= 0; --i) s += (sig >> i) & 1 ? QLatin1Char('1') : QLatin1Char('0');
    return s;
}

QString roundingDecisionText(const OperationInput& in, const OperationOutcome& out, std::uint64_t kept) {
    const RoundingTrace& rt = out.trace.rounding;
    const bool g = rt.guard, r = rt.round, s = rt.sticky;
    QString where;
    if (!g && !r && !s) where = Text::tr("Nothing nonzero was dropped.");
    else if (!g) where = Text::tr("G = 0: less than half an ulp was dropped.");
    else if (r || s) where = Text::tr("G = 1 and R or S = 1: more than half an ulp was dropped.");
    else where = Text::tr("G = 1, R = S = 0: exactly half an ulp was dropped — a tie.");

    QString decision;
    switch (rt.decision) {
    case RoundingDecision::Exact: return Text::tr("The exact result fits in the kept bits: no rounding is needed.");
    case RoundingDecision::Overflowed:
        return where + QLatin1Char(' ') +
               Text::tr("The rounded value is beyond the largest finite value of %1: overflow.").arg(formatDisplayName(out.resultFormat));
    case RoundingDecision::FlushedToZero:
        return Text::tr("The format has no subnormals: a result below the smallest normal becomes zero.");
    case RoundingDecision::JammedToOdd:
        return where + QLatin1Char(' ') + Text::tr("Round to odd drops the bits and sets the last kept bit to 1, so a later rounding cannot be misled by a tie.");
    case RoundingDecision::Incremented: decision = Text::tr("round up: add one ulp to the kept bits."); break;
    case RoundingDecision::Truncated: decision = Text::tr("round down: drop the extra bits."); break;
    }
    QString why;
    switch (in.env.rounding) {
    case RoundingMode::NearestEven:
        why = g && !r && !s ? ((kept & 1) ? Text::tr("Ties go to the even neighbour; the last kept bit is 1, so ")
                                          : Text::tr("Ties go to the even neighbour; the last kept bit is already 0, so "))
                            : Text::tr("To nearest: ");
        break;
    case RoundingMode::NearestAway: why = Text::tr("To nearest, ties away from zero: "); break;
    case RoundingMode::TowardZero: why = Text::tr("Toward zero: "); break;
    case RoundingMode::TowardPositive: why = rt.sign ? Text::tr("Toward +infinity on a negative value: ") : Text::tr("Toward +infinity: "); break;
    case RoundingMode::TowardNegative: why = rt.sign ? Text::tr("Toward −infinity on a negative value: ") : Text::tr("Toward −infinity: "); break;
    case RoundingMode::ToOdd: break;
    case RoundingMode::Stochastic:
        if (out.stochastic)
            why = Text::tr("Stochastic: P(up) = the dropped fraction = %1; the random draw %2 is %3 it, so ")
                      .arg(approxText(out.stochastic->probabilityUp, 4), approxText(out.stochastic->draw, 4),
                           out.stochastic->draw < out.stochastic->probabilityUp ? Text::tr("below") : Text::tr("not below"));
        else why = Text::tr("Stochastic: ");
        break;
    }
    return where + QLatin1Char(' ') + why + decision;
}

QString resultFlagsText(const OperationInput& in, const OperationOutcome& out) {
    const Flags fl = out.result.flags;
    QStringList lines;
    lines << Text::tr("Flags raised: %1.").arg(bold(flagsText(fl)));
    if (fl & kInexact) lines << Text::tr("inexact: nonzero bits were dropped when rounding, so the result differs from the exact one.");
    if (fl & kOverflow) lines << Text::tr("overflow: the result rounded beyond the largest finite value of the format.");
    if (fl & kUnderflow)
        lines << (in.env.tininess == Tininess::AfterRounding
                      ? Text::tr("underflow: the result is tiny (below the smallest normal even after rounding) and inexact.")
                      : Text::tr("underflow: the exact result is below the smallest normal (tininess before rounding) and inexact."));
    if (fl & kInvalid) lines << Text::tr("invalid: the operation has no meaningful result, so it gives NaN.");
    if (fl & kDivideByZero) lines << Text::tr("divide-by-zero: a finite nonzero number divided by zero.");
    return lines.join(QStringLiteral("<br>"));
}

} // namespace

QString translatedSpecialReason(const std::string& reason) {
    for (const char* known : kSpecialReasons)
        if (reason == known) return QCoreApplication::translate("fplab::gui::CoreText", known);
    return qs(reason);
}

std::vector<Step> buildSteps(const OperationInput& in, const OperationOutcome& out) {
    std::vector<Step> steps;
    if (!out.ok()) return steps;
    const Format& f = in.format;
    const Format& rf = out.resultFormat;
    const OperationTrace& tr = out.trace;
    const int p = f.precision();
    const QString fname = formatDisplayName(f);

    // 1. The operands as stored.
    {
        Step s{StepKind::Operands, Text::tr("The operands"), {}, {}};
        QStringList lines;
        for (std::size_t i = 0; i < out.operands.size(); ++i) {
            const OperandValue& op = out.operands[i];
            const QString stored = storedText(f, op.bits);
            if (op.entryFlags & kInexact)
                lines << Text::tr("%1 = %2 is not representable in %3: it was rounded on entry to %4 — before the operation even starts.")
                             .arg(operandName(int(i)), op.text.toHtmlEscaped(), fname, bold(stored));
            else
                lines << Text::tr("%1 = %2 is stored exactly in %3.").arg(operandName(int(i)), bold(stored), fname);
            s.rows << StepRow{operandName(int(i)), fieldCells(f, op.bits), qs(hexBits(f, op.bits))};
        }
        s.text = lines.join(QStringLiteral("<br>"));
        steps.push_back(s);
    }

    // 2. Unpacked: sign, exponent, significand with the implicit bit.
    {
        Step s{StepKind::Unpack, Text::tr("Unpack"), {}, {}};
        QStringList lines;
        lines << Text::tr("Each operand becomes ±significand × 2^exponent; the implicit bit is made explicit (%1 significant bits in %2).")
                     .arg(p).arg(fname);
        for (std::size_t i = 0; i < tr.operands.size() && i < out.operands.size(); ++i) {
            const Unpacked& u = tr.operands[i].value;
            if (u.cls == FloatClass::Normal || u.cls == FloatClass::Subnormal) {
                s.rows << StepRow{operandName(int(i)), significandCells(u.significand, p),
                                  QStringLiteral("%1 × %2").arg(u.sign ? QStringLiteral("−") : QStringLiteral("+"), signedPower(u.exponent))};
                if (u.cls == FloatClass::Subnormal)
                    lines << Text::tr("%1 is subnormal: its leading 1 is shifted up and its exponent goes below the minimum %2.")
                                 .arg(operandName(int(i))).arg(f.minExponent());
            } else {
                s.rows << StepRow{operandName(int(i)), {}, classText(u.cls)};
            }
        }
        s.text = lines.join(QStringLiteral("<br>"));
        steps.push_back(s);
    }

    // A special case decides the result without arithmetic.
    if (!tr.special.empty()) {
        Step s{StepKind::Special, Text::tr("Special case"), {}, {}};
        s.text = Text::tr("No arithmetic is needed: %1.").arg(bold(translatedSpecialReason(tr.special)));
        steps.push_back(s);
    } else {
        const RoundingTrace& rt = tr.rounding;
        int expected = 0; // the exponent before normalisation
        switch (in.kind) {
        case OperationKind::Add:
        case OperationKind::Sub: {
            Unpacked a = tr.operands[0].value, b = tr.operands[1].value;
            if (in.kind == OperationKind::Sub) b.sign = !b.sign;
            const bool swap = a.exponent < b.exponent || (a.exponent == b.exponent && a.significand < b.significand);
            const Unpacked& big = swap ? b : a;
            const Unpacked& small = swap ? a : b;
            const QString bigName = swap ? QStringLiteral("b") : QStringLiteral("a");
            const QString smallName = swap ? QStringLiteral("a") : QStringLiteral("b");
            const int d = big.exponent - small.exponent;
            expected = big.exponent;
            Step e{StepKind::Exponents, Text::tr("Compare the exponents"), {}, {}};
            e.text = Text::tr("%1 has the larger exponent (%2), %3 the smaller (%4): %3's significand must move %5 place(s) right "
                              "so that the binary points line up.")
                         .arg(bigName).arg(big.exponent).arg(smallName).arg(small.exponent).arg(d);
            if (tr.effectiveSubtraction)
                e.text += QStringLiteral("<br>") + Text::tr("The signs differ, so the significands are subtracted (an effective subtraction).");
            steps.push_back(e);

            Step al{StepKind::Align, Text::tr("Align: shift into guard, round and sticky"), {}, {}};
            // The small significand shifted right by d, seen through p kept bits plus G, R, S.
            UInt128 wide = static_cast<UInt128>(small.significand) << 64;
            const bool allGone = d >= 127;
            UInt128 shifted = allGone ? 0 : wide >> d;
            const bool lostBelow = allGone ? small.significand != 0 : (d > 0 && (wide & ((static_cast<UInt128>(1) << d) - 1)) != 0);
            const std::uint64_t keptPart = std::uint64_t(shifted >> 64);
            const std::uint64_t low = std::uint64_t(shifted);
            const bool g = (low >> 63) & 1, r = (low >> 62) & 1;
            const bool st = (low & ((std::uint64_t{1} << 62) - 1)) != 0 || lostBelow;
            al.rows << StepRow{bigName, significandCells(big.significand, p) + grsCells(false, false, false), signedPower(big.exponent)};
            QList<BitCell> smallCells = bitCells(keptPart, p, BitRole::Mantissa);
            if (smallCells.size() > 1) smallCells[1].gapBefore = true;
            QList<BitCell> smallGrs = grsCells(g, r, st);
            for (BitCell& c : smallGrs) c.emphasised = true;
            al.rows << StepRow{Text::tr("%1 shifted").arg(smallName), smallCells + smallGrs, signedPower(big.exponent)};
            al.text = Text::tr("%1 moves %2 place(s) right. Bits that fall off the end are not thrown away yet: the first lands in "
                               "the guard bit G, the second in the round bit R, and all the others are ORed into the sticky bit S.")
                          .arg(smallName).arg(d);
            if (d > p + 2)
                al.text += QStringLiteral("<br>") + Text::tr("The shift is longer than the significand: %1 survives only as the sticky bit. "
                                                             "This is how a small addend vanishes (swamping).").arg(smallName);
            steps.push_back(al);
            break;
        }
        case OperationKind::Mul: {
            const Unpacked& a = tr.operands[0].value;
            const Unpacked& b = tr.operands[1].value;
            expected = a.exponent + b.exponent;
            Step e{StepKind::Exponents, Text::tr("Add the exponents"), {}, {}};
            e.text = Text::tr("%1 + %2 = %3; the sign is %4 (the XOR of the signs).")
                         .arg(a.exponent).arg(b.exponent).arg(expected).arg(rt.sign ? QStringLiteral("−") : QStringLiteral("+"));
            steps.push_back(e);
            break;
        }
        case OperationKind::Div: {
            const Unpacked& a = tr.operands[0].value;
            const Unpacked& b = tr.operands[1].value;
            expected = a.exponent - b.exponent;
            Step e{StepKind::Exponents, Text::tr("Subtract the exponents"), {}, {}};
            e.text = Text::tr("%1 − %2 = %3; the sign is %4 (the XOR of the signs).")
                         .arg(a.exponent).arg(b.exponent).arg(expected).arg(rt.sign ? QStringLiteral("−") : QStringLiteral("+"));
            steps.push_back(e);
            break;
        }
        case OperationKind::Sqrt: {
            const Unpacked& a = tr.operands[0].value;
            expected = a.exponent >= 0 ? a.exponent / 2 : -((-a.exponent + 1) / 2);
            Step e{StepKind::Exponents, Text::tr("Halve the exponent"), {}, {}};
            e.text = Text::tr("sqrt(m × 2^e) = sqrt(m) × 2^(e/2). With e = %1 odd, one factor 2 moves into the significand first.")
                         .arg(a.exponent);
            if (a.exponent % 2 == 0)
                e.text = Text::tr("sqrt(m × 2^e) = sqrt(m) × 2^(e/2) = sqrt(m) × 2^%1.").arg(a.exponent / 2);
            steps.push_back(e);
            break;
        }
        case OperationKind::Fma: {
            const Unpacked& a = tr.operands[0].value;
            const Unpacked& b = tr.operands[1].value;
            expected = std::max(a.exponent + b.exponent, tr.operands[2].value.exponent);
            Step e{StepKind::Exponents, Text::tr("Multiply exactly, then align with c"), {}, {}};
            e.text = Text::tr("a × b is computed exactly, with all %1 bits of the product and no rounding (exponent %2 + %3). "
                              "It is then aligned with c: the smaller one moves %4 place(s) right, its lost bits kept as sticky.")
                         .arg(2 * p).arg(a.exponent).arg(b.exponent).arg(tr.alignmentShift);
            if (tr.effectiveSubtraction) e.text += QStringLiteral("<br>") + Text::tr("The signs differ: the terms are subtracted.");
            steps.push_back(e);
            break;
        }
        case OperationKind::Convert: {
            expected = tr.operands[0].value.exponent;
            Step e{StepKind::Exponents, Text::tr("Keep the exponent, re-round the significand"), {}, {}};
            e.text = Text::tr("%1 has %2 significant bits, %3 has %4: the value keeps its exponent if %3 can hold it, and its "
                              "significand is rounded to %4 bits.")
                         .arg(fname).arg(p).arg(formatDisplayName(rf)).arg(rf.precision());
            steps.push_back(e);
            break;
        }
        }

        if (tr.exactIsZero) {
            Step z{StepKind::Combine, Text::tr("Exact result: zero"), {}, {}};
            z.text = Text::tr("The significands cancel exactly: the result is an exact zero (+0, or −0 when rounding toward −infinity).");
            steps.push_back(z);
        } else {
            // The exact result, as the rounding step sees it.
            const int shown = std::min(64, std::max(rt.keptBits, 1) + 8);
            Step c{StepKind::Combine, QString(), {}, {}};
            switch (in.kind) {
            case OperationKind::Add: c.title = tr.effectiveSubtraction ? Text::tr("Subtract the significands") : Text::tr("Add the significands"); break;
            case OperationKind::Sub: c.title = tr.effectiveSubtraction ? Text::tr("Subtract the significands") : Text::tr("Add the significands"); break;
            case OperationKind::Mul: c.title = Text::tr("Multiply the significands"); break;
            case OperationKind::Div: c.title = Text::tr("Divide the significands"); break;
            case OperationKind::Sqrt: c.title = Text::tr("Take the square root of the significand"); break;
            case OperationKind::Fma: c.title = Text::tr("Add the product and c"); break;
            case OperationKind::Convert: c.title = Text::tr("The exact value"); break;
            }
            QList<BitCell> exact = significandCells(rt.significand >> (64 - shown), shown);
            c.rows << StepRow{Text::tr("exact"), exact, QStringLiteral("× %1%2").arg(signedPower(rt.exponent), rt.stickyFromBelow || (shown < 64 && (rt.significand << shown) != 0) ? QStringLiteral(" …") : QString())};
            c.text = Text::tr("The exact result is %1%2 × %3. It is computed exactly (with extra bits) so that it can be rounded once, correctly.")
                         .arg(rt.sign ? QStringLiteral("−") : QString(), binaryFraction(rt.significand, std::min(shown, 40)), signedPower(rt.exponent));
            if (in.kind == OperationKind::Div)
                c.text += QStringLiteral("<br>") + Text::tr("A quotient usually never ends in binary: the divider computes a few bits more than it keeps and records a nonzero remainder in the sticky bit.");
            if (in.kind == OperationKind::Sqrt)
                c.text += QStringLiteral("<br>") + Text::tr("A square root usually never ends either: the remainder becomes the sticky bit.");
            steps.push_back(c);

            Step n{StepKind::Normalise, Text::tr("Normalise"), {}, {}};
            const int shift = rt.exponent - expected;
            if (in.kind == OperationKind::Convert || in.kind == OperationKind::Sqrt) n.text = Text::tr("The leading 1 is already in place: the exponent is %1.").arg(rt.exponent);
            else if (shift > 0) n.text = Text::tr("The result reached %1 or more: shift right %2 place(s) and add %2 to the exponent, giving %3.").arg(QStringLiteral("2")).arg(shift).arg(rt.exponent);
            else if (shift < 0 && (in.kind == OperationKind::Mul || in.kind == OperationKind::Div))
                n.text = Text::tr("The result is below 1: shift left %1 place(s) and subtract %1 from the exponent, giving %2.").arg(-shift).arg(rt.exponent);
            else if (shift < 0) n.text = Text::tr("The leading bits cancelled: shift left %1 place(s) and subtract %1 from the exponent, giving %2.").arg(-shift).arg(rt.exponent);
            else n.text = Text::tr("Already normalised: the leading 1 is in place and the exponent stays %1.").arg(rt.exponent);
            if (rt.keptBits < rf.precision() && rt.decision != RoundingDecision::FlushedToZero && rt.decision != RoundingDecision::Overflowed)
                n.text += QStringLiteral("<br>") + Text::tr("%1 is below the smallest normal exponent %2 of %3: only %4 of the %5 significant bits fit (a subnormal result).")
                                                     .arg(signedPower(rt.exponent), QString::number(rf.minExponent()), formatDisplayName(rf))
                                                     .arg(rt.keptBits).arg(rf.precision());
            if (rt.exponent > rf.maxExponent())
                n.text += QStringLiteral("<br>") + Text::tr("%1 is above the largest exponent %2 of %3: this will overflow.")
                                                     .arg(signedPower(rt.exponent)).arg(rf.maxExponent()).arg(formatDisplayName(rf));
            steps.push_back(n);

            Step rs{StepKind::Round, Text::tr("Round (%1)").arg(roundingText(in.env.rounding)), {}, {}};
            const int keptBits = std::clamp(rt.keptBits, 0, 62);
            const std::uint64_t kept = keptBits == 0 ? 0 : rt.significand >> (64 - keptBits);
            QList<BitCell> keptCells = keptBits > 0 ? significandCells(kept, keptBits) : QList<BitCell>{};
            QList<BitCell> g = grsCells(rt.guard, rt.round, rt.sticky);
            for (BitCell& cell : g) cell.emphasised = true;
            rs.rows << StepRow{Text::tr("kept | G R S"), keptCells + g, QString()};
            rs.text = roundingDecisionText(in, out, kept);
            if (out.stochastic) {
                rs.text += QStringLiteral("<br>") + Text::tr("The two candidates: %1 (toward zero) with probability %2, and %3 (away from zero) with probability %4.")
                                                        .arg(bold(storedText(rf, out.stochastic->down)), approxText(1 - out.stochastic->probabilityUp, 4),
                                                             bold(storedText(rf, out.stochastic->up)), approxText(out.stochastic->probabilityUp, 4));
            }
            steps.push_back(rs);
        }
    }

    // The final bits and the flags.
    Step res{StepKind::Result, Text::tr("The result"), {}, {}};
    res.rows << StepRow{Text::tr("result"), fieldCells(rf, out.result.bits), qs(hexBits(rf, out.result.bits))};
    res.text = Text::tr("%1 = %2 in %3.").arg(operationSymbol(in.kind), bold(storedText(rf, out.result.bits)), formatDisplayName(rf)) +
               QStringLiteral("<br>") + resultFlagsText(in, out);
    steps.push_back(res);
    return steps;
}

} // namespace fplab::gui
