// Writing a file the user asked for (a session, an export) through core's atomic writer, so a
// failed write leaves the old file as it was; the error is a sentence naming the file and why.
#pragma once

#include <QByteArray>
#include <QString>

namespace fplab::gui {

// Empty on success; otherwise "Could not save FILE: REASON" (translated).
QString saveFile(const QString& path, const QByteArray& contents);

} // namespace fplab::gui
