// Issue 26 item 12: the file dialogs never open a file to guess its type (Qt's default read /proc/kmsg, which
// never answers, and the dialog hung as root), and a name under /proc gets a truthful reason.
#include "app/gui/common/file_dialogs.h"
#include "app/gui/common/save_file.h"

#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QMimeDatabase>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <future>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

TEST(FileDialogs, TheTypeComesFromTheNameNotTheContents) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("picture")); // no suffix: only the contents could tell
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16); // a PNG's first bytes
    f.close();
    ASSERT_EQ(QMimeDatabase().mimeTypeForFile(path).name(), QStringLiteral("image/png")); // what reading says
    NameOnlyIconProvider provider;
    EXPECT_NE(provider.type(QFileInfo(path)), QMimeDatabase().mimeTypeForName(QStringLiteral("image/png")).comment());
    // A suffix is enough: "notes.txt" is plain text without a look inside.
    EXPECT_EQ(provider.type(QFileInfo(dir.filePath(QStringLiteral("notes.txt")))),
              QMimeDatabase().mimeTypeForName(QStringLiteral("text/plain")).comment());
    // /proc/kmsg blocks a reader until the kernel logs something: the guess must return at once.
    if (QFileInfo::exists(QStringLiteral("/proc/kmsg"))) {
        auto typed = std::async(std::launch::async, [&] {
            return provider.type(QFileInfo(QStringLiteral("/proc/kmsg"))) +
                   provider.icon(QFileInfo(QStringLiteral("/proc/kmsg"))).name();
        });
        EXPECT_EQ(typed.wait_for(std::chrono::seconds(5)), std::future_status::ready);
    }
}

TEST(FileDialogs, TheDialogIsQtsOwnWithTheNameOnlyGuessAndLooksIntoProc) {
    QFileDialog dialog(nullptr, QStringLiteral("Save"), QStringLiteral("/proc"));
    makeDialogSafe(dialog);
    EXPECT_TRUE(dialog.testOption(QFileDialog::DontUseNativeDialog));
    EXPECT_NE(dynamic_cast<const NameOnlyIconProvider*>(dialog.iconProvider()), nullptr);
    dialog.show();
    QTest::qWait(500); // the model lists /proc and guesses every entry's type on its thread
    dialog.close();    // the dialog waits for that thread: it must not be stuck in a read
}

TEST(FileDialogs, ANameUnderProcIsNotAPlaceFilesCanBeSaved) {
    const QString error = saveFile(QStringLiteral("/proc/x"), QByteArray("a"));
    EXPECT_TRUE(error.contains(QStringLiteral("not a place files can be saved"))) << error.toStdString();
    EXPECT_FALSE(error.contains(QStringLiteral("No such file"))) << error.toStdString();
    QTemporaryDir dir;
    EXPECT_EQ(saveFile(dir.filePath(QStringLiteral("x")), QByteArray("a")), QString());
}

} // namespace
} // namespace fplab::gui
