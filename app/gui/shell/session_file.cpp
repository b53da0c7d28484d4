// The session envelope and field-by-field reading with a problem per bad field.
#include "app/gui/shell/session_file.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

namespace fplab::gui {

QString SessionFile::dialogFilter() { return tr("FP Lab sessions (*.fplab);;JSON files (*.json);;All files (*)"); }

QByteArray SessionFile::serialize(const QJsonObject& sections) {
    QJsonObject root;
    root.insert(QStringLiteral("format"), formatTag());
    root.insert(QStringLiteral("version"), kVersion);
    root.insert(QStringLiteral("app"), QCoreApplication::applicationVersion());
    root.insert(QStringLiteral("sections"), sections);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

SessionFile::Parsed SessionFile::parse(const QByteArray& bytes) {
    Parsed out;
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        out.error = tr("The file is not valid JSON (%1 at byte %2).").arg(error.errorString()).arg(error.offset);
        return out;
    }
    if (!doc.isObject()) {
        out.error = tr("The file is JSON but not an FP Lab session (it holds no object).");
        return out;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != formatTag()) {
        out.error = tr("The file is JSON but not an FP Lab session (no \"format\": \"%1\").").arg(formatTag());
        return out;
    }
    const QJsonValue version = root.value(QStringLiteral("version"));
    const double v = version.toDouble(-1);
    if (!version.isDouble() || v != std::floor(v) || v < 0) {
        out.error = tr("The session file has no readable version number.");
        return out;
    }
    if (v > kVersion) {
        out.error = tr("The session was saved by a newer FP Lab (file version %1; this FP Lab reads version %2). "
                       "Update FP Lab to open it.")
                        .arg(qint64(v))
                        .arg(kVersion);
        return out;
    }
    if (v < kVersion) {
        out.error = tr("The session file has version %1, older than any this FP Lab reads (version %2).")
                        .arg(qint64(v))
                        .arg(kVersion);
        return out;
    }
    if (!root.value(QStringLiteral("sections")).isObject()) {
        out.error = tr("The session file has no \"sections\" object.");
        return out;
    }
    out.sections = root.value(QStringLiteral("sections")).toObject();
    return out;
}

SessionFile::Parsed SessionFile::read(const QString& path) {
    QFile file(path);
    if (!file.exists()) return {{}, tr("The file %1 does not exist (any more).").arg(QDir::toNativeSeparators(path))};
    if (!file.open(QIODevice::ReadOnly))
        return {{}, tr("Could not open %1: %2").arg(QDir::toNativeSeparators(path), file.errorString())};
    // A session is a few kilobytes; anything far larger is not one.
    constexpr qint64 kMaxBytes = 16 << 20;
    if (file.size() > kMaxBytes) return {{}, tr("The file is too large to be an FP Lab session.")};
    return parse(file.readAll());
}

SessionReader::SessionReader(const QJsonObject& object, QString sectionTitle)
    : m_object(object), m_section(std::move(sectionTitle)) {}

std::optional<QJsonValue> SessionReader::field(const QString& key) {
    if (!m_object.contains(key)) {
        m_problems << tr("%1: “%2” is missing.").arg(m_section, key);
        return std::nullopt;
    }
    return m_object.value(key);
}

void SessionReader::wrongType(const QString& key, const QString& expected) {
    m_problems << tr("%1: “%2” should be %3.").arg(m_section, key, expected);
}

void SessionReader::reject(const QString& key, const QString& what, const QString& found) {
    m_problems << tr("%1: “%2” is %3, not %4.").arg(m_section, key, found.left(60), what);
}

std::optional<QString> SessionReader::string(const QString& key) {
    const auto v = field(key);
    if (!v) return std::nullopt;
    if (!v->isString()) return wrongType(key, tr("text")), std::nullopt;
    return v->toString();
}

std::optional<bool> SessionReader::boolean(const QString& key) {
    const auto v = field(key);
    if (!v) return std::nullopt;
    if (!v->isBool()) return wrongType(key, tr("true or false")), std::nullopt;
    return v->toBool();
}

std::optional<int> SessionReader::integer(const QString& key, int lo, int hi) {
    const auto v = field(key);
    if (!v) return std::nullopt;
    const double d = v->toDouble();
    if (!v->isDouble() || d != std::floor(d) || d < lo || d > hi)
        return wrongType(key, tr("a whole number from %1 to %2").arg(lo).arg(hi)), std::nullopt;
    return int(d);
}

std::optional<double> SessionReader::number(const QString& key, double lo, double hi) {
    const auto v = field(key);
    if (!v) return std::nullopt;
    const double d = v->toDouble();
    if (!v->isDouble() || !(d >= lo && d <= hi))
        return wrongType(key, tr("a number from %1 to %2").arg(lo).arg(hi)), std::nullopt;
    return d;
}

std::optional<QStringList> SessionReader::stringList(const QString& key) {
    const auto v = field(key);
    if (!v) return std::nullopt;
    if (!v->isArray()) return wrongType(key, tr("a list of texts")), std::nullopt;
    QStringList out;
    for (const QJsonValue& item : v->toArray()) {
        if (!item.isString()) return wrongType(key, tr("a list of texts")), std::nullopt;
        out << item.toString();
    }
    return out;
}

std::optional<QJsonObject> SessionReader::object(const QString& key) {
    const auto v = field(key);
    if (!v) return std::nullopt;
    if (!v->isObject()) return wrongType(key, tr("an object")), std::nullopt;
    return v->toObject();
}

} // namespace fplab::gui
