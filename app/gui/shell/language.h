// The user-interface language: English (the source strings) or Simplified Chinese,
// switchable at run time. Installing a translator sends QEvent::LanguageChange to every widget.
#pragma once

#include "lessons/local_text.h"

#include <QObject>
#include <QString>

#include <memory>

class QTranslator;

namespace fplab::gui {

class AppSettings;

class LanguageManager final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LanguageManager)

public:
    explicit LanguageManager(QObject* parent = nullptr);
    ~LanguageManager() override;

    // "en", "zh_CN", or "" for the system's language. Returns false when the translation
    // could not be loaded (the interface then stays in English).
    bool setLanguage(const QString& code);
    // The language in effect: "en" or "zh_CN".
    QString current() const { return m_current; }
    static QStringList available() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }
    // The language's own name: "English", "简体中文".
    static QString nativeName(const QString& code);
    static QString systemLanguage();

signals:
    void languageChanged(const QString& code);

private:
    void removeTranslators();

    std::unique_ptr<QTranslator> m_app;
    std::unique_ptr<QTranslator> m_qt;
    QString m_current = QStringLiteral("en");
};

// The language of the lesson content: English or Chinese, following the language chosen in the View menu
// (or the system's).
lessons::Language lessonLanguage(const AppSettings& settings);

} // namespace fplab::gui
