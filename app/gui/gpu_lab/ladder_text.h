// The ladder's words in the GUI: each rung's one-line idea (gpu/ladder.cpp's English, translated).
#pragma once

#include "gpu/ladder.h"

#include <QString>

namespace fplab::gui {

// The rung's idea in the current language; the English of gpu/ladder.cpp when the table below lacks it.
QString ladderIdeaText(const gpu::LadderRungInfo& rung);
// Whether the translation table holds this rung's idea (a test keeps it in step with gpu/ladder.cpp).
bool ladderIdeaIsTranslatable(const gpu::LadderRungInfo& rung);

} // namespace fplab::gui
