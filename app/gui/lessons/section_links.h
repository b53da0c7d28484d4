// "Open in Explorer" and "Open in Arithmetic": carry a value from a lesson to another section
// of the main window and show it there.
#pragma once

#include <QString>
#include <QUrl>
#include <QWidget>

namespace fplab::gui {

// Shows `bits` of format `formatName` in the Explorer / as operand a in the Arithmetic section
// of the main window that holds `from`. Returns false (and changes nothing) when that section
// is not part of this window.
bool openValueInExplorer(QWidget* from, const QString& formatName, quint64 bits);
bool openValueInArithmetic(QWidget* from, const QString& formatName, quint64 bits);

// Follows a link from lesson text: "section:ID" (e.g. section:gpu-lab) switches the main window
// to that section; any other URL opens in the system's browser. Returns false when a section
// link names no section of this window.
bool followLessonLink(QWidget* from, const QUrl& url);

} // namespace fplab::gui
