// Typed settings over QSettings: a SettingValue<T> per key, each declared once
// (see app_settings.h), with a changed() signal and a safe fallback for corrupt values.
#pragma once

#include "core/operation.h"
#include "core/rounding.h"

#include <QObject>
#include <QSettings>
#include <QTimer>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <functional>
#include <memory>

namespace fplab::gui {

// Owns the QSettings file and collects the problems found while reading it.
class SettingsStore final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsStore)

public:
    // An INI file at `filePath`; it is created on the first write.
    explicit SettingsStore(const QString& filePath, QObject* parent = nullptr);
    ~SettingsStore() override;

    QSettings& settings() { return *m_settings; }
    QString filePath() const;
    // Problems found so far (unreadable file, values of the wrong type), one sentence each.
    QStringList problems() const { return m_problems; }
    void reportProblem(const QString& problem);
    // Writes the file now (QSettings replaces it through a temporary file); a failure is reported once.
    void sync();
    // A value changed: the file is written at the next turn of the event loop, where a failure
    // (a full disk, a read-only folder) is reported while the app runs, not lost at exit.
    void scheduleSync();

signals:
    void problemFound(const QString& problem);
    // A value was set (the session tracks unsaved changes through this).
    void valueWritten(const QString& key);

private:
    std::unique_ptr<QSettings> m_settings;
    QStringList m_problems;
    bool m_fileUnreadable = false;
    bool m_saveFailed = false;
    QTimer m_syncTimer;
};

// The non-template part: a QObject cannot be a template, so the signal lives here.
class SettingValueBase : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingValueBase)

public:
    QString key() const { return m_key; }

signals:
    void changed();

protected:
    SettingValueBase(SettingsStore& store, const QString& key);
    // The stored QVariant, or an invalid one when the key is absent.
    QVariant readRaw() const;
    void writeRaw(const QVariant& value);
    void reportCorrupt(const QString& shownValue);

    SettingsStore& m_store;
    QString m_key;
};

namespace detail {
// Converts what QSettings read back into T; false when it cannot be read as T.
bool settingFromVariant(const QVariant& v, bool& out);
bool settingFromVariant(const QVariant& v, int& out);
bool settingFromVariant(const QVariant& v, double& out);
bool settingFromVariant(const QVariant& v, QString& out);
bool settingFromVariant(const QVariant& v, QStringList& out);
bool settingFromVariant(const QVariant& v, QByteArray& out);
// Enums are stored by core's machine names ("rne", "add"), read back through core's parsers.
bool settingFromVariant(const QVariant& v, RoundingMode& out);
bool settingFromVariant(const QVariant& v, Operation& out);

// What is written to the file for a T.
template <class T>
QVariant settingToVariant(const T& value) {
    return QVariant::fromValue(value);
}
QVariant settingToVariant(RoundingMode mode);
QVariant settingToVariant(Operation op);
} // namespace detail

// One key: read once (falling back to the default when absent, unreadable or rejected
// by the validator), cached, written through on set().
template <class T>
class SettingValue final : public SettingValueBase {
public:
    using Validator = std::function<bool(const T&)>;

    SettingValue(SettingsStore& store, const QString& key, T defaultValue, Validator isValid = {})
        : SettingValueBase(store, key), m_default(std::move(defaultValue)), m_isValid(std::move(isValid)) {
        m_value = m_default;
        const QVariant raw = readRaw();
        if (!raw.isValid()) return;
        T parsed{};
        if (!detail::settingFromVariant(raw, parsed) || (m_isValid && !m_isValid(parsed))) {
            reportCorrupt(raw.toString().left(40));
            return;
        }
        m_value = std::move(parsed);
    }

    const T& get() const { return m_value; }
    const T& defaultValue() const { return m_default; }
    bool isValid(const T& value) const { return !m_isValid || m_isValid(value); }

    // Stores the value; an invalid one is refused (returns false). Emits changed() when it differs.
    bool set(const T& value) {
        if (!isValid(value)) return false;
        if (value == m_value) return true;
        m_value = value;
        writeRaw(detail::settingToVariant(value));
        emit changed();
        return true;
    }
    void reset() { set(m_default); }

private:
    T m_default;
    Validator m_isValid;
    T m_value;
};

// A validator accepting only the listed strings.
std::function<bool(const QString&)> oneOf(QStringList allowed);
// A validator for an integer range.
std::function<bool(const int&)> inRange(int lo, int hi);

} // namespace fplab::gui
