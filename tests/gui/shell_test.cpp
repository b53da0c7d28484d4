// The shell: sections by shortcut, focus, unique shortcuts, About, themes, screenshots.
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/shell/about_dialog.h"
#include "app/gui/shell/screenshot.h"
#include "app/gui/shell/section.h"
#include "gui_fixture.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <csignal>

namespace fplab::gui {
namespace {

TEST(ShellTest, ShortcutsSwitchSectionsAndFocusTheEntry) {
    testing::GuiHarness harness;
    MainWindow& w = harness.window();
    w.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_2, Qt::ControlModifier);
    EXPECT_EQ(w.currentSection()->id(), QStringLiteral("arithmetic"));
    QTest::keyClick(&w, Qt::Key_1, Qt::ControlModifier);
    EXPECT_EQ(w.currentSection()->id(), QStringLiteral("explorer"));
    QTest::keyClick(&w, Qt::Key_L, Qt::ControlModifier);
    EXPECT_EQ(QApplication::focusWidget(), w.currentSection()->primaryInput());
}

TEST(ShellTest, EveryShortcutIsUniqueWhereItCanFire) {
    testing::GuiHarness harness;
    // Global actions plus one section's actions are live at a time: no key may mean two things.
    QList<QAction*> global;
    for (QAction* a : harness.window().allActions()) {
        bool inSection = false;
        for (Section* s : harness.window().sections()) inSection = inSection || s->menuActions().contains(a);
        if (!inSection) global << a;
    }
    for (Section* s : harness.window().sections()) {
        QList<QAction*> live = global;
        for (QAction* a : s->menuActions())
            if (a && !a->menu()) live << a;
        QStringList seen;
        for (QAction* a : live) {
            if (a->shortcut().isEmpty()) continue;
            const QString key = a->shortcut().toString();
            EXPECT_FALSE(seen.contains(key)) << key.toStdString() << " in " << s->id().toStdString();
            seen << key;
            EXPECT_FALSE(a->text().isEmpty()) << key.toStdString();
        }
    }
}

TEST(ShellTest, AboutNamesTheBuildAndTheReferences) {
    const QString build = AboutDialog::buildText();
    EXPECT_TRUE(build.contains(QStringLiteral(FPLAB_EXPECTED_VERSION)));
    EXPECT_TRUE(build.contains(FPLAB_EXPECT_CUDA ? QStringLiteral("built in") : QStringLiteral("not built")));
    const QString refs = AboutDialog::referencesText();
    for (const char* r : {"IEEE 754-2019", "OCP 8-bit", "Microscaling", "SoftFloat", "MPFR", "tensor cores"})
        EXPECT_TRUE(refs.contains(QLatin1String(r))) << r;
}

TEST(ShellTest, ThemesSwitchThePalette) {
    testing::GuiHarness harness;
    harness.theme().apply(ThemeMode::Dark);
    EXPECT_TRUE(isDarkPalette(QApplication::palette()));
    harness.theme().apply(ThemeMode::Light);
    EXPECT_FALSE(isDarkPalette(QApplication::palette()));
}

TEST(ShellTest, ScreenshotsRenderEverySectionAt1280x800) {
    testing::GuiHarness harness;
    harness.window().resize(1280, 800); // as fplab --screenshot does, whatever the test screen's size
    QTemporaryDir dir;
    QString error;
    const QStringList files = takeScreenshots(harness.window(), dir.path(), QString(), &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    ASSERT_GE(files.size(), 2);
    for (const QString& f : files) {
        const QImage image(f);
        EXPECT_EQ(image.size() / image.devicePixelRatio(), QSize(1280, 800)) << f.toStdString();
    }
}

// Each section, shown in a 1280x720 window, fits it at 100 % in both languages: the scroll area that keeps a
// zoomed window on the screen shows no scroll bar (a section's minimum size is the whole window's: the sections
// share one stack).
TEST(ShellTest, EverySectionFitsA1280x720Window) {
    testing::GuiHarness harness;
    MainWindow& w = harness.window();
    auto* scroller = w.findChild<QScrollArea*>(QStringLiteral("sectionScroller"));
    ASSERT_NE(scroller, nullptr);
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(harness.language().setLanguage(language));
        for (Section* s : w.sections()) {
            w.showSection(s->id());
            w.resize(1280, 720);
            QApplication::processEvents();
            const QSize own = s->minimumSizeHint();
            const std::string where = language.toStdString() + ' ' + s->id().toStdString() + ": the section needs " +
                                      std::to_string(own.width()) + 'x' + std::to_string(own.height());
            EXPECT_FALSE(scroller->horizontalScrollBar()->isVisible()) << where;
            EXPECT_FALSE(scroller->verticalScrollBar()->isVisible()) << where;
            EXPECT_EQ(w.size(), QSize(1280, 720)) << where;
        }
    }
}

// While alive, files of this process cannot grow past `bytes`: a write past it fails with "File too
// large" (EFBIG), standing in for a full disk.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        ::getrlimit(RLIMIT_FSIZE, &m_old);
        m_handler = std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{bytes, m_old.rlim_max};
        ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit() {
        ::setrlimit(RLIMIT_FSIZE, &m_old);
        std::signal(SIGXFSZ, m_handler);
    }

private:
    rlimit m_old{};
    void (*m_handler)(int) = nullptr;
};

TEST(ShellTest, AScreenshotThatCannotBeWrittenLeavesNoHalfFile) {
    testing::GuiHarness harness;
    QTemporaryDir dir;
    QString error;
    {
        const FileSizeLimit limit(1024);
        EXPECT_TRUE(takeScreenshots(harness.window(), dir.path(), QString(), &error).isEmpty());
    }
    ASSERT_TRUE(error.startsWith(QStringLiteral("cannot write ") + dir.path())) << error.toStdString();
    EXPECT_TRUE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty()); // no half PNG, no temporary file
    // The same failure over a file the user already has: it stays as it was.
    const QString file = error.mid(13, error.indexOf(QStringLiteral(": ")) - 13);
    {
        QFile old(file);
        ASSERT_TRUE(old.open(QIODevice::WriteOnly));
        old.write("the user's old file");
    }
    {
        const FileSizeLimit limit(1024);
        takeScreenshots(harness.window(), dir.path(), QString(), &error);
    }
    EXPECT_FALSE(error.isEmpty());
    QFile old(file);
    ASSERT_TRUE(old.open(QIODevice::ReadOnly));
    EXPECT_EQ(old.readAll(), QByteArray("the user's old file"));
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
}

} // namespace
} // namespace fplab::gui
