// The monospace family without a size, and the zoom factor.
#include "app/gui/common/zoomed_fonts.h"

#include <QFontDatabase>
#include <QStringList>

namespace fplab::gui {

namespace {
double g_zoomFactor = 1.0;
} // namespace

QFont monospaceFont() {
    QFont font;
    font.setFamilies(QFontDatabase::systemFont(QFontDatabase::FixedFont).families());
    font.setStyleHint(QFont::Monospace);
    return font;
}

double zoomFactor() { return g_zoomFactor; }

void setZoomFactor(double factor) { g_zoomFactor = factor > 0 ? factor : 1.0; }

} // namespace fplab::gui
