// Headers on up to three lines (header_lines, fitted_columns): widths from each word's own advance, the lines a
// header is shown on, and a lesson-like table whose headers wrap rather than elide.
#include "app/gui/common/fitted_columns.h"
#include "app/gui/common/header_lines.h"

#include <QApplication>
#include <QFontMetrics>
#include <QHeaderView>
#include <QTableWidget>

#include <gtest/gtest.h>

#include <algorithm>

namespace fplab::gui {
namespace {

QFont headerFont() { return QApplication::font("QHeaderView"); }

int advance(const QString& text) { return QFontMetrics(headerFont()).horizontalAdvance(text); }

// "exponent bits" on two lines needs the wider word (a pixel either way for rounding), on one line both words.
TEST(HeaderLines, TheWidthForTwoLinesIsThatOfTheWiderWord) {
    const QString text = QStringLiteral("exponent bits");
    const int word = std::max(advance(QStringLiteral("exponent")), advance(QStringLiteral("bits")));
    EXPECT_NEAR(wrappedTextWidth(headerFont(), text, 2), word, 1);
    EXPECT_NEAR(wrappedTextWidth(headerFont(), text, 3), word, 1);
    EXPECT_NEAR(wrappedTextWidth(headerFont(), text, 1), advance(text), 1);
}

TEST(HeaderLines, WordsThatFitAreShownWholeOnTheirLines) {
    const QString text = QStringLiteral("stored value");
    const int width = advance(QStringLiteral("stored")) + 2;
    const QStringList lines = wrappedLines(headerFont(), text, width, 3);
    ASSERT_EQ(lines.size(), 2);
    EXPECT_EQ(lines.join(QString()), text);
    EXPECT_EQ(wrappedLines(headerFont(), text, advance(text) + 2, 3), QStringList{text});
}

// Chinese has no spaces: a header breaks between its characters.
TEST(HeaderLines, ChineseBreaksBetweenCharacters) {
    const QString text = QStringLiteral("存储的值");
    const QStringList lines = wrappedLines(headerFont(), text, advance(QStringLiteral("存储")) + 2, 3);
    EXPECT_EQ(lines, (QStringList{QStringLiteral("存储"), QStringLiteral("的值")}));
    EXPECT_NEAR(wrappedTextWidth(headerFont(), text, 2), advance(QStringLiteral("存储")), 1);
}

// Only a word wider than the column is elided, and the end of a text that needs more lines than allowed.
TEST(HeaderLines, AWordTooWideOrALineTooManyEndsInAnEllipsis) {
    const int width = advance(QStringLiteral("expo…")) + 2;
    const QStringList lines = wrappedLines(headerFont(), QStringLiteral("exponent bits"), width, 3);
    ASSERT_EQ(lines.size(), 2);
    EXPECT_TRUE(lines[0].trimmed().endsWith(QStringLiteral("…"))) << lines[0].toStdString();
    EXPECT_EQ(lines[1], QStringLiteral("bits"));
    for (const QString& line : lines) EXPECT_LE(advance(line.trimmed()), width) << line.toStdString();
    const QStringList two = wrappedLines(headerFont(), QStringLiteral("one two three four"),
                                         advance(QStringLiteral("three")) + 2, 2);
    ASSERT_EQ(two.size(), 2);
    EXPECT_EQ(two[0], QStringLiteral("one "));
    EXPECT_TRUE(two[1].endsWith(QStringLiteral("…"))) << two[1].toStdString();
}

// A lesson-like table too narrow for its headers on one line: they wrap, none is elided, the header grows to
// hold their lines; narrower still, a word that cannot fit is elided with the whole header in its tooltip.
TEST(HeaderLines, FittedTableHeadersWrapBeforeTheyAreElided) {
    const QStringList headers = {QStringLiteral("format"), QStringLiteral("exponent bits"),
                                 QStringLiteral("mantissa bits"), QStringLiteral("stored value")};
    QTableWidget table(1, int(headers.size()));
    table.setHorizontalHeaderLabels(headers);
    for (int c = 0; c < table.columnCount(); ++c) table.setItem(0, c, new QTableWidgetItem(QStringLiteral("1")));
    // Room for each header's wider word and 12 pixels, less than its one line.
    int words = 0;
    for (const QString& h : headers) {
        const QStringList split = h.split(QLatin1Char(' '));
        words += 12 + advance(*std::max_element(split.begin(), split.end(), [](const QString& a, const QString& b) {
                     return advance(a) < advance(b);
                 }));
    }
    table.resize(words + 2 * table.frameWidth(), 200);
    table.show();
    fitColumnsToWidth(&table);
    const QFontMetrics fm(table.horizontalHeader()->font());
    ASSERT_LT(table.viewport()->width(), advance(headers.join(QString())));
    for (int c = 0; c < table.columnCount(); ++c)
        EXPECT_EQ(table.horizontalHeaderItem(c)->text(), headers[c]) << "column " << c;
    EXPECT_GE(table.horizontalHeader()->height(), 2 * fm.lineSpacing());
    table.resize(int(headers.size()) * advance(QStringLiteral("0.0…")) + 30, 200);
    fitColumnsToWidth(&table);
    const QTableWidgetItem* exponent = table.horizontalHeaderItem(1);
    EXPECT_TRUE(exponent->text().contains(QStringLiteral("…"))) << exponent->text().toStdString();
    EXPECT_EQ(exponent->toolTip(), headers[1]);
}

} // namespace
} // namespace fplab::gui
