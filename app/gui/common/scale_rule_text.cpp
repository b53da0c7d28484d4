#include "app/gui/common/scale_rule_text.h"

#include "app/gui/common/number_text.h"

namespace fplab::gui {

QString scaleRuleText(blockscale::ScaleRule rule) {
    switch (rule) {
    case blockscale::ScaleRule::Ocp: return Text::tr("OCP MX: floor(log2 amax) − emax");
    case blockscale::ScaleRule::RoundUp: return Text::tr("Round up: ceil(log2(amax / max))");
    case blockscale::ScaleRule::Nearest: return Text::tr("Nearest power of two of amax / max");
    case blockscale::ScaleRule::Fp32: return Text::tr("FP32 scale amax / max");
    case blockscale::ScaleRule::Max6: return Text::tr("Block amax to 6");
    case blockscale::ScaleRule::Max4: return Text::tr("Block amax to 4");
    case blockscale::ScaleRule::FourOverSix: return Text::tr("Four Over Six: 6 or 4, the smaller error");
    }
    return {};
}

} // namespace fplab::gui
