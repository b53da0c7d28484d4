// a + b and a − b: compare the exponents, align the smaller significand into guard, round and sticky.
#include "app/gui/common/steps/operation_kind_steps.h"

#include "app/gui/common/number_text.h"

namespace fplab::gui {

namespace {

// __extension__: -Wpedantic accepts the builtin 128-bit integer here.
__extension__ typedef unsigned __int128 UInt128;

} // namespace

void addSteps(StepBuilder& sb) {
    const OperationTrace& tr = sb.tr;
    Unpacked a = tr.operands[0].value, b = tr.operands[1].value;
    if (sb.in.kind == Operation::Sub) b.sign = !b.sign;
    // The larger magnitude first, as the core orders them; its exponent is the one kept.
    const bool swap = a.exponent < b.exponent || (a.exponent == b.exponent && a.significand < b.significand);
    const Unpacked& big = swap ? b : a;
    const Unpacked& small = swap ? a : b;
    const QString bigName = swap ? QStringLiteral("b") : QStringLiteral("a");
    const QString smallName = swap ? QStringLiteral("a") : QStringLiteral("b");
    const int d = tr.alignmentShift;
    Step e{StepKind::Exponents, Text::tr("Compare the exponents"), {}, {}};
    e.text = Text::tr(
                 "%1 has the larger exponent (%2), %3 the smaller (%4): %3's significand must move %5 place(s) right "
                 "so that the binary points line up.")
                 .arg(bigName)
                 .arg(big.exponent)
                 .arg(smallName)
                 .arg(small.exponent)
                 .arg(d);
    if (tr.effectiveSubtraction)
        e.text += QStringLiteral("<br>") +
                  Text::tr("The signs differ, so the significands are subtracted (an effective subtraction).");
    sb.add(e);

    Step al{StepKind::Align, Text::tr("Align: shift into guard, round and sticky"), {}, {}};
    // The small significand shifted right by d, seen through p kept bits plus G, R, S.
    const UInt128 wide = static_cast<UInt128>(small.significand) << 64;
    const bool allGone = d >= 127;
    const UInt128 shifted = allGone ? 0 : wide >> d;
    const bool lostBelow = allGone ? small.significand != 0
                                   : (d > 0 && (wide & ((static_cast<UInt128>(1) << d) - 1)) != 0);
    const std::uint64_t keptPart = std::uint64_t(shifted >> 64);
    const std::uint64_t low = std::uint64_t(shifted);
    const bool g = (low >> 63) & 1, r = (low >> 62) & 1;
    const bool st = (low & ((std::uint64_t{1} << 62) - 1)) != 0 || lostBelow;
    al.rows << StepRow{bigName, significandCells(big.significand, sb.p) + grsCells(false, false, false),
                       signedPower(big.exponent)};
    QList<BitCell> smallCells = bitCells(keptPart, sb.p, BitRole::Mantissa);
    if (smallCells.size() > 1) smallCells[1].gapBefore = true;
    QList<BitCell> smallGrs = grsCells(g, r, st);
    for (BitCell& cell : smallGrs) cell.emphasised = true;
    al.rows << StepRow{Text::tr("%1 shifted").arg(smallName), smallCells + smallGrs, signedPower(big.exponent)};
    al.text = Text::tr(
                  "%1 moves %2 place(s) right. Bits that fall off the end are not thrown away yet: the first lands in "
                  "the guard bit G, the second in the round bit R, and all the others are ORed into the sticky bit S.")
                  .arg(smallName)
                  .arg(d);
    if (d > sb.p + 2)
        al.text += QStringLiteral("<br>") +
                   Text::tr("The shift is longer than the significand: %1 survives only as the sticky bit. "
                            "This is how a small addend vanishes (swamping).")
                       .arg(smallName);
    sb.add(al);

    sb.exactResult({big.exponent,
                    tr.effectiveSubtraction ? Text::tr("Subtract the significands") : Text::tr("Add the significands"),
                    {},
                    NormaliseKind::Sum});
}

} // namespace fplab::gui
