// Why a typed NaN does not fit a format (core's NanProblem), in the user's language.
#pragma once

#include "core/format.h"
#include "core/text/parse.h"

#include <QString>

namespace fplab::gui {

// Empty for NanProblem::None; `typed` is the text as the user wrote it.
QString nanProblemText(NanProblem problem, const Format& format, const QString& typed);

} // namespace fplab::gui
