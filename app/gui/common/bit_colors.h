// The colours every view uses for bit fields, warnings and good news, readable on the palette in use
// (light or dark; shell/theme.h makes the palettes).
#pragma once

#include <QColor>
#include <QPalette>

namespace fplab::gui {

// True when the application palette is a dark one (light text on a dark window).
bool isDarkPalette(const QPalette& palette);

// The role a bit plays where it is drawn: its field in a format, or its place in a rounding step.
enum class BitRole { Sign, Exponent, Mantissa, Implicit, Guard, Round, Sticky, Discarded, Plain, Integer };

// The fill colour of a bit cell of that role, readable on the given palette.
QColor bitFillColor(BitRole role, const QPalette& palette);
// A text colour that reads well on bitFillColor(role, palette).
QColor bitTextColor(BitRole role, const QPalette& palette);
// Colours for warnings (overflow, underflow) and for good news (exact).
QColor warningColor(const QPalette& palette);
QColor okColor(const QPalette& palette);

} // namespace fplab::gui
