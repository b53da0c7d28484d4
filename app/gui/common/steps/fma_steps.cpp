// fma(a, b, c): the exact product, aligned with c, one rounding.
#include "app/gui/common/steps/operation_kind_steps.h"

#include "app/gui/common/number_text.h"

#include <algorithm>

namespace fplab::gui {

void fmaSteps(StepBuilder& sb) {
    const OperationTrace& tr = sb.tr;
    const Unpacked& a = tr.operands[0].value;
    const Unpacked& b = tr.operands[1].value;
    const int expected = std::max(a.exponent + b.exponent, tr.operands[2].value.exponent);
    Step e{StepKind::Exponents, Text::tr("Multiply exactly, then align with c"), {}, {}};
    e.text = Text::tr(
                 "a × b is computed exactly, with all %1 bits of the product and no rounding (exponent %2 + %3). "
                 "It is then aligned with c: the smaller one moves %4 place(s) right, its lost bits kept as sticky.")
                 .arg(2 * sb.p)
                 .arg(a.exponent)
                 .arg(b.exponent)
                 .arg(tr.alignmentShift);
    if (tr.effectiveSubtraction)
        e.text += QStringLiteral("<br>") + Text::tr("The signs differ: the terms are subtracted.");
    sb.add(e);
    sb.exactResult({expected, Text::tr("Add the product and c"), {}, NormaliseKind::Sum});
}

} // namespace fplab::gui
