// Qt paths into core/platform/atomic_file.h.
#include "app/gui/common/save_file.h"

#include "app/gui/common/number_text.h"
#include "core/platform/atomic_file.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <filesystem>
#include <string_view>

namespace fplab::gui {

QString saveFile(const QString& path, const QByteArray& contents) {
    const QByteArray native = QFile::encodeName(path);
    const auto error = platform::writeFileAtomically(std::filesystem::path(native.toStdString()),
                                                     std::string_view(contents.constData(), std::size_t(contents.size())));
    if (!error) return {};
    return Text::tr("Could not save %1: %2").arg(QDir::toNativeSeparators(path), QString::fromLocal8Bit(error->c_str()));
}

QString fileNameStem(const QString& title) {
    QString stem = title.toLower();
    static const QRegularExpression others(QStringLiteral("[^a-z0-9]+"));
    static const QRegularExpression ends(QStringLiteral("^-+|-+$"));
    stem.replace(others, QStringLiteral("-"));
    stem.remove(ends);
    return stem.isEmpty() ? QStringLiteral("fplab") : stem;
}

} // namespace fplab::gui
