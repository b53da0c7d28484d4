// Writing a file the user asked for (a session, an export) through core's atomic writer, so a
// failed write leaves the old file as it was; the error is a sentence naming the file and why.
#pragma once

#include <QByteArray>
#include <QString>

namespace fplab::gui {

// Empty on success; otherwise "Could not save FILE: REASON" (translated).
QString saveFile(const QString& path, const QByteArray& contents);

// A default file name made from a title: lower case, letters and digits, words joined by '-' ("FP16
// (GradScaler), lr 0.1" gives "fp16-gradscaler-lr-0-1"): no spaces, commas or parentheses a shell or another
// program would trip over. "fplab" when nothing is left.
QString fileNameStem(const QString& title);

} // namespace fplab::gui
