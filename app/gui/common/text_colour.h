// A label's text in a colour derived from the application palette (warningColor, okColor), kept in step
// with the theme: a colour fixed when the text was set would stay light-theme dark red on a dark window.
#pragma once

#include <QColor>

class QLabel;
class QPalette;

namespace fplab::gui {

using PaletteColour = QColor (*)(const QPalette&);

// Colours `label`'s text with colour(QApplication::palette()), now and after every palette change;
// nullptr gives the label back its palette's own text colour.
void setTextColour(QLabel* label, PaletteColour colour);
// The colour the label's text is drawn in.
QColor textColourOf(const QLabel* label);

} // namespace fplab::gui
