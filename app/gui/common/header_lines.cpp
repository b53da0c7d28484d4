// Wrapping by QFontMetrics::boundingRect and QTextLayout, the line breaking Qt draws a word-wrapped header with.
#include "app/gui/common/header_lines.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QTextLayout>

#include <algorithm>

namespace fplab::gui {

int wrappedTextWidth(const QFont& font, const QString& text, int lines) {
    const QFontMetrics fm(font);
    const int height = lines * fm.lineSpacing();
    const auto fits = [&](int width) {
        const QRect r = fm.boundingRect(QRect(0, 0, width, 100 * height), Qt::TextWordWrap, text);
        return r.width() <= width && r.height() <= height;
    };
    int low = 1, high = std::max(1, fm.horizontalAdvance(text));
    while (low < high) {
        const int mid = low + (high - low) / 2;
        if (fits(mid)) high = mid;
        else low = mid + 1;
    }
    return low;
}

namespace {

// One line of a wrapped text, elided when it is too wide; the spaces it ended with are kept (they separate it
// from the next line when the lines are joined) but not measured.
QString elidedLine(const QFontMetrics& fm, const QString& line, int width) {
    qsizetype end = line.size();
    while (end > 0 && line[end - 1].isSpace()) --end;
    return fm.elidedText(line.left(end), Qt::ElideRight, width) + line.mid(end);
}

} // namespace

QStringList wrappedLines(const QFont& font, const QString& text, int width, int lines) {
    const QFontMetrics fm(font);
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WordWrap);
    layout.setTextOption(option);
    QStringList shown;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        const bool last = shown.size() + 1 == lines;
        shown << elidedLine(fm, text.mid(line.textStart(), last ? -1 : line.textLength()), width);
        if (last) break;
    }
    layout.endLayout();
    if (!shown.isEmpty()) shown.back() = shown.back().trimmed();
    return shown;
}

void setHeaderLines(QHeaderView* header, int lines, int margin) {
    if (lines > 1) {
        header->setFixedHeight(
            std::max(header->sizeHint().height(), lines * QFontMetrics(header->font()).lineSpacing() + 2 * margin));
    } else {
        header->setMinimumHeight(0);
        header->setMaximumHeight(QWIDGETSIZE_MAX);
    }
}

} // namespace fplab::gui
