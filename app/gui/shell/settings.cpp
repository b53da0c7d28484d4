// Typed settings: reading values back safely and reporting what could not be read.
#include "app/gui/shell/settings.h"

#include <QFileInfo>

namespace fplab::gui {

SettingsStore::SettingsStore(const QString& filePath, QObject* parent)
    : QObject(parent), m_settings(std::make_unique<QSettings>(filePath, QSettings::IniFormat)) {
    if (m_settings->status() != QSettings::NoError) {
        m_fileUnreadable = true;
        reportProblem(tr("The settings file %1 could not be read; the defaults are used.").arg(filePath));
    }
    m_syncTimer.setSingleShot(true);
    m_syncTimer.setInterval(0);
    connect(&m_syncTimer, &QTimer::timeout, this, &SettingsStore::sync);
}

SettingsStore::~SettingsStore() { sync(); }

QString SettingsStore::filePath() const { return m_settings->fileName(); }

void SettingsStore::reportProblem(const QString& problem) {
    m_problems << problem;
    emit problemFound(problem);
}

void SettingsStore::sync() {
    if (m_fileUnreadable) {
        // Rewrite the damaged file from scratch with what this run holds.
        const QStringList keys = m_settings->allKeys();
        QList<QVariant> values;
        for (const QString& k : keys) values << m_settings->value(k);
        m_settings->clear();
        for (int i = 0; i < keys.size(); ++i) m_settings->setValue(keys[i], values[i]);
        m_fileUnreadable = false;
    }
    m_settings->sync();
    // QSettings keeps the first error it met; it is reported once, the settings stay usable in memory.
    if (m_settings->status() == QSettings::AccessError && !m_saveFailed) {
        m_saveFailed = true;
        reportProblem(tr("The settings could not be saved to %1; changes last until FP Lab closes.").arg(filePath()));
    }
}

void SettingsStore::scheduleSync() {
    if (!m_syncTimer.isActive()) m_syncTimer.start();
}

SettingValueBase::SettingValueBase(SettingsStore& store, const QString& key) : m_store(store), m_key(key) {}

QVariant SettingValueBase::readRaw() const { return m_store.settings().value(m_key); }

void SettingValueBase::writeRaw(const QVariant& value) {
    m_store.settings().setValue(m_key, value);
    m_store.scheduleSync();
    emit m_store.valueWritten(m_key);
}

void SettingValueBase::reportCorrupt(const QString& shownValue) {
    m_store.reportProblem(tr("Setting %1 had an unreadable value (%2); the default is used.").arg(m_key, shownValue));
    // Drop the bad value so it is not reported again on the next start.
    m_store.settings().remove(m_key);
}

namespace detail {

bool settingFromVariant(const QVariant& v, bool& out) {
    if (v.typeId() == QMetaType::Bool) {
        out = v.toBool();
        return true;
    }
    const QString s = v.toString().trimmed().toLower();
    if (s == QLatin1String("true") || s == QLatin1String("1")) out = true;
    else if (s == QLatin1String("false") || s == QLatin1String("0")) out = false;
    else return false;
    return true;
}

bool settingFromVariant(const QVariant& v, int& out) {
    bool ok = false;
    out = v.typeId() == QMetaType::Int ? v.toInt() : v.toString().trimmed().toInt(&ok);
    return v.typeId() == QMetaType::Int || ok;
}

bool settingFromVariant(const QVariant& v, double& out) {
    bool ok = false;
    out = v.typeId() == QMetaType::Double ? v.toDouble() : v.toString().trimmed().toDouble(&ok);
    return v.typeId() == QMetaType::Double || ok;
}

bool settingFromVariant(const QVariant& v, QString& out) {
    if (v.typeId() == QMetaType::QStringList) {
        // An INI value with a comma reads back as a list; join it again.
        out = v.toStringList().join(QLatin1Char(','));
        return true;
    }
    if (!v.canConvert<QString>()) return false;
    out = v.toString();
    return true;
}

bool settingFromVariant(const QVariant& v, QStringList& out) {
    if (v.typeId() == QMetaType::QStringList) out = v.toStringList();
    else if (v.typeId() == QMetaType::QString) out = v.toString().isEmpty() ? QStringList{} : QStringList{v.toString()};
    else return false;
    return true;
}

bool settingFromVariant(const QVariant& v, QByteArray& out) {
    if (v.typeId() != QMetaType::QByteArray) return false;
    out = v.toByteArray();
    return true;
}

bool settingFromVariant(const QVariant& v, RoundingMode& out) {
    const std::optional<RoundingMode> mode = parseRoundingName(v.toString().trimmed().toStdString());
    if (mode) out = *mode;
    return mode.has_value();
}

bool settingFromVariant(const QVariant& v, Operation& out) {
    const std::optional<Operation> op = parseOperationName(v.toString().trimmed().toStdString());
    if (op) out = *op;
    return op.has_value();
}

QVariant settingToVariant(RoundingMode mode) { return QString::fromLatin1(roundingName(mode)); }
QVariant settingToVariant(Operation op) { return QString::fromLatin1(operationName(op)); }

} // namespace detail

std::function<bool(const QString&)> oneOf(QStringList allowed) {
    return [allowed = std::move(allowed)](const QString& s) { return allowed.contains(s); };
}

std::function<bool(const int&)> inRange(int lo, int hi) {
    return [lo, hi](const int& v) { return v >= lo && v <= hi; };
}

} // namespace fplab::gui
