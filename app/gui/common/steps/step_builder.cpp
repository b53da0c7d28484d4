// The shared steps: the bits shown come from the trace and the operands; the sentences explain them.
#include "app/gui/common/steps/step_builder.h"

#include "app/gui/common/steps/special_case_text.h"
#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "core/classify.h"
#include "core/text/print.h"

#include <algorithm>

namespace fplab::gui {

QString operandName(int i) { return QString(QChar(QLatin1Char('a' + i))); }

QList<BitCell> fieldCells(const Format& f, std::uint64_t bits) {
    QList<BitCell> cells;
    if (f.hasSign) cells << bitCells(bits >> (f.exponentBits + f.mantissaBits), 1, BitRole::Sign);
    QList<BitCell> e = bitCells(bits >> f.mantissaBits, f.exponentBits, BitRole::Exponent);
    if (!e.isEmpty() && f.hasSign) e.first().gapBefore = true;
    QList<BitCell> m = bitCells(bits, f.mantissaBits, BitRole::Mantissa);
    if (!m.isEmpty()) m.first().gapBefore = true;
    return cells + e + m;
}

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
    BitCell cg{g ? QLatin1Char('1') : QLatin1Char('0'), BitRole::Guard,
               Text::tr("Guard bit: the first bit below the last kept bit (worth half an ulp).")};
    BitCell cr{r ? QLatin1Char('1') : QLatin1Char('0'), BitRole::Round,
               Text::tr("Round bit: the second bit below the last kept bit (a quarter ulp).")};
    BitCell cs{
        s ? QLatin1Char('1') : QLatin1Char('0'), BitRole::Sticky,
        Text::tr("Sticky bit: the OR of every bit further down. It only records whether anything nonzero was lost.")};
    cg.gapBefore = true;
    return {cg, cr, cs};
}

QString bold(const QString& s) { return QStringLiteral("<b>%1</b>").arg(s.toHtmlEscaped()); }

QString signedPower(int e) { return QStringLiteral("2^%1").arg(e); }

namespace {

QString binaryFraction(std::uint64_t sig, int bits) {
    // "1.0000000000011010..." from the top `bits` bits of a 64-bit significand.
    QString s = (sig >> 63) & 1 ? QStringLiteral("1.") : QStringLiteral("0.");
    for (int i = 62; i > 63 - bits && i >= 0; --i) s += (sig >> i) & 1 ? QLatin1Char('1') : QLatin1Char('0');
    return s;
}

} // namespace

StepBuilder::StepBuilder(const OperationInput& input, const OperationOutcome& outcome)
    : in(input), out(outcome), f(input.format), rf(outcome.resultFormat), tr(outcome.trace),
      p(input.format.precision()), fname(formatDisplayName(input.format)) {}

void StepBuilder::operands() {
    Step s{StepKind::Operands, Text::tr("The operands"), {}, {}};
    QStringList lines;
    for (std::size_t i = 0; i < out.operands.size(); ++i) {
        const OperandValue& op = out.operands[i];
        const QString stored = storedText(f, op.bits);
        if (op.entryFlags & kInexact)
            lines << Text::tr("%1 = %2 is not representable in %3: it was rounded on entry to %4 — before the "
                              "operation even starts.")
                         .arg(operandName(int(i)), op.text.toHtmlEscaped(), fname, bold(stored));
        else lines << Text::tr("%1 = %2 is stored exactly in %3.").arg(operandName(int(i)), bold(stored), fname);
        s.rows << StepRow{operandName(int(i)), fieldCells(f, op.bits), qs(hexBits(f, op.bits))};
    }
    s.text = lines.join(QStringLiteral("<br>"));
    add(s);
}

void StepBuilder::unpack() {
    Step s{StepKind::Unpack, Text::tr("Unpack"), {}, {}};
    QStringList lines;
    lines << Text::tr("Each operand becomes ±significand × 2^exponent; the implicit bit is made explicit (%1 "
                      "significant bits in %2).")
                 .arg(p)
                 .arg(fname);
    for (std::size_t i = 0; i < tr.operands.size() && i < out.operands.size(); ++i) {
        const Unpacked& u = tr.operands[i].value;
        if (u.cls == FloatClass::Normal || u.cls == FloatClass::Subnormal) {
            s.rows << StepRow{operandName(int(i)), significandCells(u.significand, p),
                              QStringLiteral("%1 × %2").arg(u.sign ? QStringLiteral("−") : QStringLiteral("+"),
                                                            signedPower(u.exponent))};
            if (u.cls == FloatClass::Subnormal)
                lines << Text::tr(
                             "%1 is subnormal: its leading 1 is shifted up and its exponent goes below the minimum %2.")
                             .arg(operandName(int(i)))
                             .arg(f.minExponent());
        } else {
            s.rows << StepRow{operandName(int(i)), {}, classText(u.cls)};
        }
    }
    s.text = lines.join(QStringLiteral("<br>"));
    add(s);
}

void StepBuilder::special() {
    Step s{StepKind::Special, Text::tr("Special case"), {}, {}};
    s.text = Text::tr("No arithmetic is needed: %1.").arg(bold(specialCaseText(tr.special)));
    add(s);
}

void StepBuilder::exactResult(const ExactResultStep& exact) {
    const RoundingTrace& rt = tr.rounding;
    if (tr.exactIsZero) {
        Step z{StepKind::Combine, Text::tr("Exact result: zero"), {}, {}};
        z.text = Text::tr(
            "The significands cancel exactly: the result is an exact zero (+0, or −0 when rounding toward −infinity).");
        add(z);
        return;
    }
    // The exact result, as the rounding step sees it.
    const int shown = std::min(64, std::max(rt.keptBits, 1) + 8);
    Step c{StepKind::Combine, exact.combineTitle, {}, {}};
    QList<BitCell> exactCells = significandCells(rt.significand >> (64 - shown), shown);
    c.rows << StepRow{Text::tr("exact"), exactCells,
                      QStringLiteral("× %1%2").arg(signedPower(rt.exponent),
                                                   rt.stickyFromBelow || (shown < 64 && (rt.significand << shown) != 0)
                                                       ? QStringLiteral(" …")
                                                       : QString())};
    c.text = Text::tr("The exact result is %1%2 × %3. It is computed exactly (with extra bits) so that it can be "
                      "rounded once, correctly.")
                 .arg(rt.sign ? QStringLiteral("−") : QString(), binaryFraction(rt.significand, std::min(shown, 40)),
                      signedPower(rt.exponent));
    if (!exact.combineNote.isEmpty()) c.text += QStringLiteral("<br>") + exact.combineNote;
    add(c);

    Step n{StepKind::Normalise, Text::tr("Normalise"), {}, {}};
    const int shift = rt.exponent - exact.expectedExponent;
    if (exact.normalise == NormaliseKind::InPlace)
        n.text = Text::tr("The leading 1 is already in place: the exponent is %1.").arg(rt.exponent);
    else if (shift > 0)
        n.text = Text::tr(
                     "The result reached %1 or more: shift right %2 place(s) and add %2 to the exponent, giving %3.")
                     .arg(QStringLiteral("2"))
                     .arg(shift)
                     .arg(rt.exponent);
    else if (shift < 0 && exact.normalise == NormaliseKind::Product)
        n.text = Text::tr("The result is below 1: shift left %1 place(s) and subtract %1 from the exponent, giving %2.")
                     .arg(-shift)
                     .arg(rt.exponent);
    else if (shift < 0)
        n.text = Text::tr(
                     "The leading bits cancelled: shift left %1 place(s) and subtract %1 from the exponent, giving %2.")
                     .arg(-shift)
                     .arg(rt.exponent);
    else n.text = Text::tr("Already normalised: the leading 1 is in place and the exponent stays %1.").arg(rt.exponent);
    if (rt.keptBits < rf.precision() && rt.decision != RoundingDecision::FlushedToZero &&
        rt.decision != RoundingDecision::Overflowed)
        n.text += QStringLiteral("<br>") +
                  Text::tr("%1 is below the smallest normal exponent %2 of %3: only %4 of the %5 significant bits fit "
                           "(a subnormal result).")
                      .arg(signedPower(rt.exponent), QString::number(rf.minExponent()), formatDisplayName(rf))
                      .arg(rt.keptBits)
                      .arg(rf.precision());
    if (rt.exponent > rf.maxExponent())
        n.text += QStringLiteral("<br>") + Text::tr("%1 is above the largest exponent %2 of %3: this will overflow.")
                                               .arg(signedPower(rt.exponent))
                                               .arg(rf.maxExponent())
                                               .arg(formatDisplayName(rf));
    add(n);

    Step rs{StepKind::Round, Text::tr("Round (%1)").arg(roundingText(in.env.rounding)), {}, {}};
    const int keptBits = std::clamp(rt.keptBits, 0, 62);
    const std::uint64_t kept = keptBits == 0 ? 0 : rt.significand >> (64 - keptBits);
    QList<BitCell> keptCells = keptBits > 0 ? significandCells(kept, keptBits) : QList<BitCell>{};
    QList<BitCell> g = grsCells(rt.guard, rt.round, rt.sticky);
    for (BitCell& cell : g) cell.emphasised = true;
    rs.rows << StepRow{Text::tr("kept | G R S"), keptCells + g, QString()};
    rs.text = roundingDecisionText(kept);
    if (out.stochastic) {
        rs.text += QStringLiteral("<br>") + Text::tr("The two candidates: %1 (toward zero) with probability %2, and %3 "
                                                     "(away from zero) with probability %4.")
                                                .arg(bold(storedText(rf, out.stochastic->down)),
                                                     approxText(1 - out.stochastic->probabilityUp, 4),
                                                     bold(storedText(rf, out.stochastic->up)),
                                                     approxText(out.stochastic->probabilityUp, 4));
    }
    add(rs);
}

void StepBuilder::result() {
    Step res{StepKind::Result, Text::tr("The result"), {}, {}};
    res.rows << StepRow{Text::tr("result"), fieldCells(rf, out.result.bits), qs(hexBits(rf, out.result.bits))};
    res.text = Text::tr("%1 = %2 in %3.")
                   .arg(operationSymbol(in.kind), bold(storedText(rf, out.result.bits)), formatDisplayName(rf)) +
               QStringLiteral("<br>") + resultFlagsText();
    add(res);
}

QString StepBuilder::roundingDecisionText(std::uint64_t kept) const {
    const RoundingTrace& rt = tr.rounding;
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
               Text::tr("The rounded value is beyond the largest finite value of %1: overflow.")
                   .arg(formatDisplayName(out.resultFormat));
    case RoundingDecision::FlushedToZero:
        return Text::tr("The format has no subnormals: a result below the smallest normal becomes zero.");
    case RoundingDecision::JammedToOdd:
        return where + QLatin1Char(' ') +
               Text::tr("Round to odd drops the bits and sets the last kept bit to 1, so a later rounding cannot be "
                        "misled by a tie.");
    case RoundingDecision::Incremented: decision = Text::tr("round up: add one ulp to the kept bits."); break;
    case RoundingDecision::Truncated: decision = Text::tr("round down: drop the extra bits."); break;
    }
    QString why;
    switch (in.env.rounding) {
    case RoundingMode::NearestEven:
        why = g && !r && !s
                  ? ((kept & 1) ? Text::tr("Ties go to the even neighbour; the last kept bit is 1, so ")
                                : Text::tr("Ties go to the even neighbour; the last kept bit is already 0, so "))
                  : Text::tr("To nearest: ");
        break;
    case RoundingMode::NearestAway: why = Text::tr("To nearest, ties away from zero: "); break;
    case RoundingMode::TowardZero: why = Text::tr("Toward zero: "); break;
    case RoundingMode::TowardPositive:
        why = rt.sign ? Text::tr("Toward +infinity on a negative value: ") : Text::tr("Toward +infinity: ");
        break;
    case RoundingMode::TowardNegative:
        why = rt.sign ? Text::tr("Toward −infinity on a negative value: ") : Text::tr("Toward −infinity: ");
        break;
    case RoundingMode::ToOdd: break;
    case RoundingMode::Stochastic:
        if (out.stochastic)
            why = Text::tr("Stochastic: P(up) = the dropped fraction = %1; the random draw %2 is %3 it, so ")
                      .arg(approxText(out.stochastic->probabilityUp, 4), approxText(out.stochastic->draw, 4),
                           out.stochastic->draw < out.stochastic->probabilityUp ? Text::tr("below")
                                                                                : Text::tr("not below"));
        else why = Text::tr("Stochastic: ");
        break;
    }
    return where + QLatin1Char(' ') + why + decision;
}

QString StepBuilder::resultFlagsText() const {
    const Flags fl = out.result.flags;
    QStringList lines;
    lines << Text::tr("Flags raised: %1.").arg(bold(flagsText(fl)));
    if (fl & kInexact)
        lines << Text::tr(
            "inexact: nonzero bits were dropped when rounding, so the result differs from the exact one.");
    if (fl & kOverflow)
        lines << Text::tr("overflow: the result rounded beyond the largest finite value of the format.");
    if (fl & kUnderflow)
        lines << (in.env.tininess == Tininess::AfterRounding
                      ? Text::tr("underflow: the result is tiny (below the smallest normal even after rounding) and "
                                 "inexact.")
                      : Text::tr("underflow: the exact result is below the smallest normal (tininess before rounding) "
                                 "and inexact."));
    if (fl & kInvalid) lines << Text::tr("invalid: the operation has no meaningful result, so it gives NaN.");
    if (fl & kDivideByZero) lines << Text::tr("divide-by-zero: a finite nonzero number divided by zero.");
    return lines.join(QStringLiteral("<br>"));
}

} // namespace fplab::gui
