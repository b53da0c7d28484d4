// Qt paths into core/platform/atomic_file.h.
#include "app/gui/common/save_file.h"

#include "app/gui/common/number_text.h"
#include "core/platform/atomic_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStorageInfo>
#include <QRegularExpression>

#include <filesystem>
#include <string_view>

namespace fplab::gui {

namespace {

// File systems through which the kernel shows itself (/proc, /sys, ...): a name there is not a file anyone can
// create, and the write fails with a misleading "No such file or directory".
bool isKernelFileSystem(const QString& folder) {
    const QByteArray type = QStorageInfo(folder).fileSystemType();
    for (const char* kernel : {"proc", "sysfs", "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs", "pstore",
                               "bpf", "configfs", "devpts", "fusectl", "mqueue"})
        if (type == kernel) return true;
    return false;
}

} // namespace

QString saveFile(const QString& path, const QByteArray& contents) {
    const QString folder = QFileInfo(path).absolutePath();
    if (isKernelFileSystem(folder))
        return Text::tr("Could not save %1: %2 is a view of the running system (%3), not a place files can be saved.")
            .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(folder),
                 QString::fromLatin1(QStorageInfo(folder).fileSystemType()));
    const QByteArray native = QFile::encodeName(path);
    const auto error = platform::writeFileAtomically(
        std::filesystem::path(native.toStdString()),
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
