// A block scale rule (core's blockscale::ScaleRule) in the user's language: the one place its words are
// written for the GUI (the Block view, the Training form's FP8 block rule).
#pragma once

#include "core/blockscale/scale_rule.h"

#include <QString>

namespace fplab::gui {

QString scaleRuleText(blockscale::ScaleRule rule);

} // namespace fplab::gui
