// Wrapping by QTextLayout, the line breaking Qt draws a word-wrapped header with (Unicode's line breaking rules).
#include "app/gui/common/header_lines.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QTextLayout>

#include <algorithm>
#include <vector>

namespace fplab::gui {

namespace {

// One line of a wrapped text, elided when it is too wide; the spaces it ended with are kept (they separate it
// from the next line when the lines are joined) but not measured.
QString elidedLine(const QFontMetrics& fm, const QString& line, int width) {
    qsizetype end = line.size();
    while (end > 0 && line[end - 1].isSpace()) --end;
    return fm.elidedText(line.left(end), Qt::ElideRight, width) + line.mid(end);
}

// The lines of `text` wrapped at word boundaries (between characters in Chinese) at `width`: each one's start,
// length and natural width (wider than `width` where a word is).
struct LaidLine {
    int start;
    int length;
    qreal width;
};

std::vector<LaidLine> layOut(const QFont& font, const QString& text, int width) {
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WordWrap);
    layout.setTextOption(option);
    std::vector<LaidLine> lines;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        lines.push_back({line.textStart(), line.textLength(), line.naturalTextWidth()});
    }
    layout.endLayout();
    return lines;
}

} // namespace

// Counted in lines, not pixels: a Chinese line drawn with a fallback font is taller than the header font's.
int wrappedTextWidth(const QFont& font, const QString& text, int lines) {
    const auto fits = [&](int width) {
        const std::vector<LaidLine> laid = layOut(font, text, width);
        return int(laid.size()) <= lines &&
               std::all_of(laid.begin(), laid.end(), [&](const LaidLine& l) { return l.width <= width; });
    };
    int low = 1, high = std::max(1, QFontMetrics(font).horizontalAdvance(text));
    while (low < high) {
        const int mid = low + (high - low) / 2;
        if (fits(mid)) high = mid;
        else low = mid + 1;
    }
    return low;
}

QStringList wrappedLines(const QFont& font, const QString& text, int width, int lines) {
    const QFontMetrics fm(font);
    QStringList shown;
    for (const LaidLine& line : layOut(font, text, width)) {
        const bool last = shown.size() + 1 == lines;
        shown << elidedLine(fm, text.mid(line.start, last ? -1 : line.length), width);
        if (last) break;
    }
    if (!shown.isEmpty()) shown.back() = shown.back().trimmed();
    return shown;
}

void setHeaderTextHeight(QHeaderView* header, int textHeight, int margin) {
    if (textHeight > 0) {
        header->setFixedHeight(std::max(header->sizeHint().height(), textHeight + 2 * margin));
    } else {
        header->setMinimumHeight(0);
        header->setMaximumHeight(QWIDGETSIZE_MAX);
    }
}

} // namespace fplab::gui
