// Text with a look of its own that still follows View > Zoom: the monospace font for bits and hex,
// and the zoom factor for what is sized in pixels (the bit cells).
#pragma once

#include <QFont>

namespace fplab::gui {

// The system's fixed-width family with nothing else set: a widget (or a view's item) given it keeps
// the size it inherits, so a zoom reaches it. QFontDatabase::systemFont(FixedFont) has a size of its own.
QFont monospaceFont();

// The zoom in use, 1.0 at 100 % (set by the shell's Presentation).
double zoomFactor();
void setZoomFactor(double factor);

} // namespace fplab::gui
