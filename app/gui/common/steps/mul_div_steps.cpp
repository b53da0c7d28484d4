// a × b and a ÷ b: add or subtract the exponents, multiply or divide the significands.
#include "app/gui/common/steps/operation_kind_steps.h"

#include "app/gui/common/number_text.h"

namespace fplab::gui {

void mulSteps(StepBuilder& sb) {
    const Unpacked& a = sb.tr.operands[0].value;
    const Unpacked& b = sb.tr.operands[1].value;
    const int expected = a.exponent + b.exponent;
    Step e{StepKind::Exponents, Text::tr("Add the exponents"), {}, {}};
    e.text = Text::tr("%1 + %2 = %3; the sign is %4 (the XOR of the signs).")
                 .arg(a.exponent)
                 .arg(b.exponent)
                 .arg(expected)
                 .arg(sb.tr.rounding.sign ? QStringLiteral("−") : QStringLiteral("+"));
    sb.add(e);
    sb.exactResult({expected, Text::tr("Multiply the significands"), {}, NormaliseKind::Product});
}

void divSteps(StepBuilder& sb) {
    const Unpacked& a = sb.tr.operands[0].value;
    const Unpacked& b = sb.tr.operands[1].value;
    const int expected = a.exponent - b.exponent;
    Step e{StepKind::Exponents, Text::tr("Subtract the exponents"), {}, {}};
    e.text = Text::tr("%1 − %2 = %3; the sign is %4 (the XOR of the signs).")
                 .arg(a.exponent)
                 .arg(b.exponent)
                 .arg(expected)
                 .arg(sb.tr.rounding.sign ? QStringLiteral("−") : QStringLiteral("+"));
    sb.add(e);
    sb.exactResult({expected, Text::tr("Divide the significands"),
                    Text::tr("A quotient usually never ends in binary: the divider computes a few bits more than it "
                             "keeps and records a nonzero remainder in the sticky bit."),
                    NormaliseKind::Product});
}

} // namespace fplab::gui
