// Where the user's settings file lives.
#include "app/gui/shell/app_settings.h"

#include "core/rounding.h"

#include <QStandardPaths>

namespace fplab::gui {

AppSettings::AppSettings(const QString& filePath) : store(filePath) {}

bool AppSettings::isRoundingName(const QString& name) {
    return parseRoundingName(name.toStdString()).has_value();
}

QString AppSettings::defaultFilePath() {
    const QByteArray fromEnvironment = qgetenv("FPLAB_SETTINGS");
    if (!fromEnvironment.isEmpty()) return QString::fromLocal8Bit(fromEnvironment);
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
           QStringLiteral("/fplab/fplab.ini");
}

} // namespace fplab::gui
