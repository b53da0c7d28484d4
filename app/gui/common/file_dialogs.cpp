// Safe file dialogs: no file is opened to guess its type.
#include "app/gui/common/file_dialogs.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMimeDatabase>

namespace fplab::gui {

QIcon NameOnlyIconProvider::icon(const QFileInfo& info) const {
    if (info.isDir()) return QFileIconProvider::icon(Folder);
    return QFileIconProvider::icon(File);
}

QString NameOnlyIconProvider::type(const QFileInfo& info) const {
    if (info.isDir()) return QFileIconProvider::type(info); // "Folder", "Drive": no contents read
    // MatchExtension: the name's suffix only (Qt's default also reads the first bytes).
    const QMimeType mime = QMimeDatabase().mimeTypeForFile(info, QMimeDatabase::MatchExtension);
    return mime.comment().isEmpty() ? mime.name() : mime.comment();
}

void makeDialogSafe(QFileDialog& dialog) {
    static NameOnlyIconProvider provider; // the dialog does not own it
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    dialog.setIconProvider(&provider);
}

namespace {

QString ask(QWidget* parent, const QString& title, const QString& start, const QString& filter, bool save) {
    QFileDialog dialog(parent, title, start, filter);
    makeDialogSafe(dialog);
    dialog.setAcceptMode(save ? QFileDialog::AcceptSave : QFileDialog::AcceptOpen);
    dialog.setFileMode(save ? QFileDialog::AnyFile : QFileDialog::ExistingFile);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return {};
    return dialog.selectedFiles().constFirst();
}

} // namespace

QString askOpenFileName(QWidget* parent, const QString& title, const QString& start, const QString& filter) {
    return ask(parent, title, start, filter, false);
}

QString askSaveFileName(QWidget* parent, const QString& title, const QString& start, const QString& filter) {
    return ask(parent, title, start, filter, true);
}

} // namespace fplab::gui
