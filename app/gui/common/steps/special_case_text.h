// The words for core's SpecialCase (core/trace.h), translated once here: a new enum value
// without words is a compiler warning in the switch, not English on a Chinese screen.
#pragma once

#include "core/trace.h"

#include <QCoreApplication>
#include <QString>

namespace fplab::gui {

class SpecialCaseText {
    Q_DECLARE_TR_FUNCTIONS(fplab::gui::SpecialCaseText)
};

// "inf - inf is invalid"; empty for SpecialCase::None.
QString specialCaseText(SpecialCase c);

} // namespace fplab::gui
