// Where the user's settings file lives, and the checks of settings whose names are core's.
#include "app/gui/shell/app_settings.h"

#include "core/blockscale/scale_rule.h"
#include "core/blockscale/scheme.h"

#include <QStandardPaths>

namespace fplab::gui {

AppSettings::AppSettings(const QString& filePath) : store(filePath) {}

bool AppSettings::isBlockSchemeName(const QString& name) {
    return blockscale::parseScheme(name.toStdString()).has_value();
}

bool AppSettings::isScaleRuleNameOrEmpty(const QString& name) {
    return name.isEmpty() || blockscale::parseScaleRule(name.toStdString()).has_value();
}

QString AppSettings::defaultFilePath() {
    const QByteArray fromEnvironment = qgetenv("FPLAB_SETTINGS");
    if (!fromEnvironment.isEmpty()) return QString::fromLocal8Bit(fromEnvironment);
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + QStringLiteral("/fplab/fplab.ini");
}

} // namespace fplab::gui
