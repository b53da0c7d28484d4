// Small icons drawn from a glyph on a coloured tile, for the sidebar: no image files to
// ship, crisp at every device pixel ratio.
#pragma once

#include <QColor>
#include <QIcon>
#include <QString>

namespace fplab::gui {

QIcon glyphIcon(const QString& glyph, const QColor& tile);

} // namespace fplab::gui
