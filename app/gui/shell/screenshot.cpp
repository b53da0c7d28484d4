// Grabbing the window for each section view. The window is laid out at 1280x800, the
// smallest screen the layout is designed for.
#include "app/gui/shell/screenshot.h"

#include "app/gui/shell/main_window.h"
#include "app/gui/shell/section.h"

#include <QApplication>
#include <QDir>
#include <QPixmap>
#include <QSaveFile>

namespace fplab::gui {

QStringList takeScreenshots(MainWindow& window, const QString& directory, const QString& suffix, QString* error) {
    QStringList written;
    if (!QDir().mkpath(directory)) {
        if (error) *error = QStringLiteral("cannot create %1").arg(directory);
        return written;
    }
    for (Section* s : window.sections()) {
        window.showSection(s->id());
        for (const QString& name : s->screenshotNames()) {
            s->prepareScreenshot(name);
            // Let layouts, charts and deferred updates settle before grabbing.
            for (int i = 0; i < 3; ++i) QApplication::processEvents();
            const QPixmap shot = window.grab();
            const QString file = QDir(directory).filePath(name + suffix + QStringLiteral(".png"));
            // Through a temporary file renamed at commit(): a failed write leaves no half PNG under the name.
            QSaveFile out(file);
            if (!out.open(QIODevice::WriteOnly) || !shot.save(&out, "PNG") || !out.commit()) {
                if (error) *error = QStringLiteral("cannot write %1: %2").arg(file, out.errorString());
                return written;
            }
            written << file;
        }
    }
    return written;
}

} // namespace fplab::gui
