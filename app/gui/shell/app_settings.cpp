// Where the user's settings file lives.
#include "app/gui/shell/app_settings.h"

#include <QStandardPaths>

namespace fplab::gui {

AppSettings::AppSettings(const QString& filePath) : store(filePath) {}

QString AppSettings::defaultFilePath() {
    const QByteArray fromEnvironment = qgetenv("FPLAB_SETTINGS");
    if (!fromEnvironment.isEmpty()) return QString::fromLocal8Bit(fromEnvironment);
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + QStringLiteral("/fplab/fplab.ini");
}

} // namespace fplab::gui
