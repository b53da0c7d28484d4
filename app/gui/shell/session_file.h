// The session file (File ▸ Save session): a small JSON document holding what a learner set up,
// one object per section, inside a versioned envelope:
//
//   {"format": "fplab-session", "version": 1, "app": "1.2.0",
//    "sections": {"explorer": {...}, "arithmetic": {...}, "lessons": {...}, "training": {...}}}
//
// Reading checks the whole envelope before anything is applied: a file that is not JSON, not a
// session, or from another version is refused as a whole with a sentence naming what is wrong.
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

namespace fplab::gui {

class SessionFile {
    Q_DECLARE_TR_FUNCTIONS(fplab::gui::SessionFile)

public:
    static constexpr int kVersion = 1;
    static QString formatTag() { return QStringLiteral("fplab-session"); }
    // The file-type filter of the open and save dialogs, and the suffix added to a bare name.
    static QString suffix() { return QStringLiteral("fplab"); }
    static QString dialogFilter();

    // The document for these section objects (keyed by Section::id()).
    static QByteArray serialize(const QJsonObject& sections);

    struct Parsed {
        QJsonObject sections;
        QString error; // empty when the envelope is valid
    };
    // Checks the envelope; on error nothing of the file should be applied.
    static Parsed parse(const QByteArray& bytes);
    // Reads the file and parses it; a file that cannot be read is an error too.
    static Parsed read(const QString& path);
};

// Reading one section's object field by field: each getter returns the value when it is present
// and valid, otherwise nullopt and one sentence in problems() naming the section, the field and why.
class SessionReader {
    Q_DECLARE_TR_FUNCTIONS(fplab::gui::SessionReader)

public:
    SessionReader(const QJsonObject& object, QString sectionTitle);

    std::optional<QString> string(const QString& key);
    std::optional<bool> boolean(const QString& key);
    std::optional<int> integer(const QString& key, int lo, int hi);
    std::optional<double> number(const QString& key, double lo, double hi);
    std::optional<QStringList> stringList(const QString& key);
    std::optional<QJsonObject> object(const QString& key);
    // A string that `accept` approves of; `what` says what it should be ("a format FP Lab knows").
    template <class Accept>
    std::optional<QString> stringWhere(const QString& key, Accept accept, const QString& what) {
        const std::optional<QString> s = string(key);
        if (s && !accept(*s)) return reject(key, what, *s), std::nullopt;
        return s;
    }
    // Records a problem with a field the caller judged itself.
    void reject(const QString& key, const QString& what, const QString& found);
    // Takes over the problems of a reader of a nested object.
    void addProblems(const QStringList& problems) { m_problems << problems; }

    QStringList problems() const { return m_problems; }

private:
    std::optional<QJsonValue> field(const QString& key);
    void wrongType(const QString& key, const QString& expected);

    QJsonObject m_object;
    QString m_section;
    QStringList m_problems;
};

} // namespace fplab::gui
