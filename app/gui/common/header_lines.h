// Column headers on up to three lines, shared by fitted_columns (a QTableWidget) and fitted_view_columns (a
// QTableView over a model): how wide a column must be for its header to wrap onto N lines, words whole (Chinese,
// which has no spaces, breaks between characters), the text to show in a narrower column, and the header's height.
#pragma once

#include <QStringList>

class QFont;
class QHeaderView;
class QString;

namespace fplab::gui {

constexpr int kMaxHeaderLines = 3;

// The narrowest width at which `text` wraps onto at most `lines` lines without cutting a word.
int wrappedTextWidth(const QFont& font, const QString& text, int lines);

// The lines of `text` wrapped at `width`, at most `lines` of them: a word too long for the width ends in "…", and so
// does the last line when the text needs more. Joined, they are the text a header shows.
QStringList wrappedLines(const QFont& font, const QString& text, int width, int lines);

// A header with wrapped texts `textHeight` pixels tall gets that height and `margin` above and below; with
// `textHeight` 0 (no text wraps) it keeps its own height.
void setHeaderTextHeight(QHeaderView* header, int textHeight, int margin);

} // namespace fplab::gui
