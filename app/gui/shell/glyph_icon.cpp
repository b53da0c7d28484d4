// Rendering glyph icons at the sizes a sidebar asks for.
#include "app/gui/shell/glyph_icon.h"

#include <QFont>
#include <QPainter>
#include <QPixmap>

namespace fplab::gui {

QIcon glyphIcon(const QString& glyph, const QColor& tile) {
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setBrush(tile);
        p.setPen(Qt::NoPen);
        p.drawRoundedRect(QRectF(0.5, 0.5, size - 1, size - 1), size / 5.0, size / 5.0);
        QFont font;
        font.setBold(true);
        font.setPixelSize(glyph.size() > 1 ? size * 9 / 20 : size * 13 / 20);
        p.setFont(font);
        p.setPen(Qt::white);
        p.drawText(QRect(0, 0, size, size), Qt::AlignCenter, glyph);
        p.end();
        icon.addPixmap(pm);
    }
    return icon;
}

} // namespace fplab::gui
