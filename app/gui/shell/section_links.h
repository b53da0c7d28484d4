// Links between the sections of the main window. "section:ID" switches to section ID;
// "section:ID?key=value&..." also hands the section what the link carries, through
// Section::openLink: a value to show ("format" and "bits": the Explorer, the Arithmetic section),
// settings to take (the Training section's run configuration). The sections say what they accept,
// so that no section includes another's header.
#pragma once

#include "core/format.h"
#include "core/operation.h"

#include <QString>
#include <QUrl>
#include <QUrlQuery>
#include <QWidget>

#include <optional>
#include <vector>

namespace fplab::gui {

class AppSettings;

// Follows `url` from a widget of a main window: a "section:" link opens that section (after the
// section accepted what the link carries); any other URL opens in the system's browser. False when
// the section is not part of the window or refused the link (nothing changes then).
bool followSectionLink(QWidget* from, const QUrl& url);

// "section:ID?format=NAME&bits=0x..." and what such a link carries.
QUrl valueLink(const QString& sectionId, const QString& formatName, quint64 bits);
struct LinkedValue {
    Format format;
    QString formatName; // the name the format boxes know it by (presets: the core name)
    quint64 bits = 0;
};
// The value a link carries; nothing when "format" or "bits" is missing or unreadable.
std::optional<LinkedValue> linkedValue(const QUrlQuery& query);
// "section:arithmetic?op=NAME&format=NAME&bits=0x...&b=0x...&c=0x...[&target=NAME]": one operation on operands
// given as bits of the format (a under "bits", as in a value link), and for a conversion the target format.
QUrl operationLink(Operation op, const QString& formatName, const std::vector<quint64>& operands,
                   const QString& targetName = {});
struct LinkedOperation {
    Operation op = Operation::Add;
    LinkedValue a;
    std::vector<quint64> operands; // a, b, c as the operation takes them
    QString targetName;            // a conversion's target (a name resolveFormat reads)
};
// The operation a link carries; nothing when it has no "op", or an operand or the target is missing or unreadable.
std::optional<LinkedOperation> linkedOperation(const QUrlQuery& query);
// A user-defined format (a lesson may name "e5m10-nosub") joins the user's list of custom formats, so
// that the format boxes offer it. Presets change nothing.
void rememberCustomFormat(AppSettings& settings, const LinkedValue& value);

// "Open in Explorer" and "Open in Arithmetic" for a value of a lesson: the value links above, followed.
bool openValueInExplorer(QWidget* from, const QString& formatName, quint64 bits);
bool openValueInArithmetic(QWidget* from, const QString& formatName, quint64 bits);

} // namespace fplab::gui
