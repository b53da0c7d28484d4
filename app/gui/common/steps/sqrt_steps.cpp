// sqrt(a): halve the exponent, take the root of the significand.
#include "app/gui/common/steps/operation_kind_steps.h"

#include "app/gui/common/number_text.h"

namespace fplab::gui {

void sqrtSteps(StepBuilder& sb) {
    const Unpacked& a = sb.tr.operands[0].value;
    const int expected = a.exponent >= 0 ? a.exponent / 2 : -((-a.exponent + 1) / 2);
    Step e{StepKind::Exponents, Text::tr("Halve the exponent"), {}, {}};
    e.text = Text::tr(
                 "sqrt(m × 2^e) = sqrt(m) × 2^(e/2). With e = %1 odd, one factor 2 moves into the significand first.")
                 .arg(a.exponent);
    if (a.exponent % 2 == 0)
        e.text = Text::tr("sqrt(m × 2^e) = sqrt(m) × 2^(e/2) = sqrt(m) × 2^%1.").arg(a.exponent / 2);
    sb.add(e);
    sb.exactResult({expected, Text::tr("Take the square root of the significand"),
                    Text::tr("A square root usually never ends either: the remainder becomes the sticky bit."),
                    NormaliseKind::InPlace});
}

} // namespace fplab::gui
