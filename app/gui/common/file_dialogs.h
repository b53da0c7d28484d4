// The app's file dialogs: Qt's own (non-native) dialog with a file-type guess taken from the name alone.
// Qt's default guess reads a file's first bytes to tell its type, and a special file such as /proc/kmsg
// never answers: as root, typing /proc/ in a dialog hung the app (issue 26).
#pragma once

#include <QFileIconProvider>
#include <QString>

class QFileDialog;
class QWidget;

namespace fplab::gui {

// Icons and type names from the file's name (its suffix) and kind, never from its contents.
class NameOnlyIconProvider final : public QFileIconProvider {
public:
    QIcon icon(IconType type) const override { return QFileIconProvider::icon(type); }
    QIcon icon(const QFileInfo& info) const override;
    QString type(const QFileInfo& info) const override;
};

// Makes `dialog` safe in any folder: Qt's dialog (not the platform's) with NameOnlyIconProvider.
void makeDialogSafe(QFileDialog& dialog);

// The file chosen in a safe dialog; empty when cancelled.
QString askOpenFileName(QWidget* parent, const QString& title, const QString& start, const QString& filter);
QString askSaveFileName(QWidget* parent, const QString& title, const QString& start, const QString& filter);

} // namespace fplab::gui
