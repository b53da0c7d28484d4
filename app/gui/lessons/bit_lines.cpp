// Splitting a row of bits into lines: equal line lengths, the fields' labels cut with the line.
#include "app/gui/lessons/bit_lines.h"

#include "app/gui/common/bit_row_widget.h"
#include "app/gui/common/zoomed_fonts.h"

#include <QResizeEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

BitLines::BitLines(QWidget* parent) : QWidget(parent), m_layout(new QVBoxLayout(this)) {
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(2);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QList<BitRowWidget*> BitLines::lines() const { return m_rows.mid(0, m_lineCount); }

void BitLines::setCells(QList<BitCell> cells, QList<BitGroup> groups) {
    m_cells = std::move(cells);
    m_groups = std::move(groups);
    m_lineCount = 0;
    split(lineCountFor(width()));
}

int BitLines::lineCountFor(int width) const {
    const int n = int(m_cells.size());
    const int cell = int(std::lround(kReadableCell * zoomFactor()));
    const int gap = std::max(4, cell / 3); // BitRowWidget's gap between fields
    for (int lines = 1; lines < n; ++lines) {
        const int perLine = (n + lines - 1) / lines;
        bool fits = true;
        for (int first = 0; first < n && fits; first += perLine) {
            const int last = std::min(n, first + perLine);
            const int gaps = int(std::count_if(m_cells.begin() + first + 1, m_cells.begin() + last,
                                               [](const BitCell& c) { return c.gapBefore; }));
            fits = (last - first) * cell + gaps * gap + 2 <= width;
        }
        if (fits) return lines;
    }
    return std::max(1, n);
}

void BitLines::split(int lineCount) {
    if (lineCount == m_lineCount) return;
    m_lineCount = lineCount;
    const int n = int(m_cells.size());
    const int perLine = std::max(1, (n + lineCount - 1) / lineCount);
    while (m_rows.size() < lineCount) {
        auto* row = new BitRowWidget(this);
        row->setObjectName(QStringLiteral("bitLine%1").arg(m_rows.size() + 1));
        row->setCellSizeRange(kReadableCell, kLargestCell);
        // The line count decides the width a line needs, not the other way round.
        row->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        m_layout->addWidget(row);
        m_rows.push_back(row);
    }
    for (int line = 0; line < m_rows.size(); ++line) {
        BitRowWidget* row = m_rows[line];
        const int first = line * perLine, end = std::min(n, first + perLine);
        if (line >= lineCount || first >= n) {
            row->setCells({}, {});
            row->hide();
            continue;
        }
        QList<BitCell> cells = m_cells.mid(first, end - first);
        cells.front().gapBefore = false;
        QList<BitGroup> groups;
        for (const BitGroup& g : m_groups) {
            const int from = std::max(g.first, first), to = std::min(g.first + g.count, end);
            if (from >= to) continue;
            const QString label = g.first >= first ? g.label : tr("%1 (continued)").arg(g.label);
            groups.push_back({from - first, to - from, label, g.caption});
        }
        row->setCells(cells, groups);
        row->show();
    }
}

void BitLines::resizeEvent(QResizeEvent* event) {
    split(lineCountFor(event->size().width()));
    QWidget::resizeEvent(event);
}

} // namespace fplab::gui
