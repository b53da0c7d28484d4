// English and Simplified Chinese, switched at run time; and every string has a translation.
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/format_table_model.h"
#include "gui_fixture.h"

#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

bool hasCjk(const QString& s) {
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
}

TEST(LanguageTest, SwitchingChangesTheStringsAndBack) {
    testing::GuiHarness harness;
    MainWindow& window = harness.window();
    auto* explorer = harness.section<ExplorerSection>(QStringLiteral("explorer"));
    const QString fileMenu = window.menuBar()->actions().first()->text();
    EXPECT_EQ(explorer->title(), QStringLiteral("Explorer"));
    EXPECT_EQ(fileMenu, QStringLiteral("&File"));

    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("zh_CN")));
    EXPECT_TRUE(hasCjk(explorer->title())) << explorer->title().toStdString();
    EXPECT_TRUE(hasCjk(window.menuBar()->actions().first()->text()));
    EXPECT_TRUE(hasCjk(window.windowTitle()));
    EXPECT_TRUE(hasCjk(explorer->formatModel()->headerData(FormatTableModel::ErrorColumn, Qt::Horizontal).toString()));
    EXPECT_TRUE(hasCjk(window.sectionMenu()->title()));

    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));
    EXPECT_EQ(explorer->title(), QStringLiteral("Explorer"));
    EXPECT_EQ(window.menuBar()->actions().first()->text(), fileMenu);
    EXPECT_EQ(explorer->formatModel()->headerData(FormatTableModel::ErrorColumn, Qt::Horizontal).toString(),
              QStringLiteral("Error"));
}

TEST(LanguageTest, EveryMessageHasAChineseTranslation) {
    QFile ts(QStringLiteral(FPLAB_TS_FILE));
    ASSERT_TRUE(ts.open(QIODevice::ReadOnly)) << FPLAB_TS_FILE;
    const QString text = QString::fromUtf8(ts.readAll());
    const int messages = int(text.count(QStringLiteral("<message")));
    EXPECT_GT(messages, 300);
    EXPECT_EQ(text.count(QStringLiteral("type=\"unfinished\"")), 0);
    EXPECT_EQ(text.count(QStringLiteral("<translation></translation>")), 0);
    EXPECT_EQ(text.count(QStringLiteral("type=\"vanished\"")) + text.count(QStringLiteral("type=\"obsolete\"")), 0);
}

} // namespace
} // namespace fplab::gui
