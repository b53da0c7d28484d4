#include "app/gui/common/nan_problem_text.h"

#include "app/gui/common/number_text.h"

namespace fplab::gui {

QString nanProblemText(NanProblem problem, const Format& format, const QString& typed) {
    const QString name = QString::fromLatin1(format.name().data(), qsizetype(format.name().size()));
    switch (problem) {
    case NanProblem::None: return {};
    case NanProblem::NoNan: return Text::tr("%1 has no NaN encoding: every bit pattern is a finite number").arg(name);
    case NanProblem::NoPayload:
        return Text::tr("%1 has one NaN encoding per sign and no payload: write nan or -nan").arg(name);
    case NanProblem::PayloadIsInfinity:
        return Text::tr("“%1” is not a number: a NaN payload of 0 is infinity's encoding").arg(typed);
    case NanProblem::PayloadTooWide:
        return Text::tr("%1: the payload does not fit in %2's %n significand bit(s)", nullptr, format.mantissaBits)
            .arg(typed, name);
    }
    return {};
}

} // namespace fplab::gui
