// convert(a): the same value, its significand rounded to the target's precision.
#include "app/gui/common/steps/operation_kind_steps.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"

namespace fplab::gui {

void convertSteps(StepBuilder& sb) {
    Step e{StepKind::Exponents, Text::tr("Keep the exponent, re-round the significand"), {}, {}};
    e.text = Text::tr("%1 has %2 significant bits, %3 has %4: the value keeps its exponent if %3 can hold it, and its "
                      "significand is rounded to %4 bits.")
                 .arg(sb.fname)
                 .arg(sb.p)
                 .arg(formatDisplayName(sb.rf))
                 .arg(sb.rf.precision());
    sb.add(e);
    sb.exactResult({sb.tr.operands[0].value.exponent, Text::tr("The exact value"), {}, NormaliseKind::InPlace});
}

} // namespace fplab::gui
