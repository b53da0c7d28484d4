// Qt Charts for an experiment's chart: one line series per result series, log2 axes where
// the experiment asks for them, the palette's colours.
#pragma once

#include "lessons/experiment_result.h"

class QChart;
class QPalette;

namespace fplab::gui {

QChart* buildResultChart(const lessons::Chart& chart, lessons::Language language, const QPalette& palette);

} // namespace fplab::gui
