// Loading and swapping the translators for the app's strings and Qt's own (dialog buttons).
#include "app/gui/shell/language.h"

#include "app/gui/common/lesson_language.h"
#include "app/gui/shell/app_settings.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace fplab::gui {

LanguageManager::LanguageManager(QObject* parent) : QObject(parent) {}

LanguageManager::~LanguageManager() { removeTranslators(); }

QString LanguageManager::systemLanguage() {
    for (const QString& lang : QLocale::system().uiLanguages())
        if (lang.startsWith(QLatin1String("zh"))) return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QString LanguageManager::nativeName(const QString& code) {
    if (code == QLatin1String("zh_CN")) return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

void LanguageManager::removeTranslators() {
    if (m_app) QCoreApplication::removeTranslator(m_app.get());
    if (m_qt) QCoreApplication::removeTranslator(m_qt.get());
    m_app.reset();
    m_qt.reset();
}

bool LanguageManager::setLanguage(const QString& code) {
    const QString wanted = code.isEmpty() ? systemLanguage() : code;
    if (wanted == m_current && (wanted == QLatin1String("en") || m_app)) return true;
    removeTranslators();
    bool ok = true;
    if (wanted != QLatin1String("en")) {
        auto app = std::make_unique<QTranslator>();
        if (app->load(QStringLiteral(":/i18n/fplab_%1.qm").arg(wanted))) {
            QCoreApplication::installTranslator(app.get());
            m_app = std::move(app);
            auto qt = std::make_unique<QTranslator>();
            if (qt->load(QStringLiteral("qtbase_%1").arg(wanted), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
                QCoreApplication::installTranslator(qt.get());
                m_qt = std::move(qt);
            }
        } else {
            ok = false;
        }
    }
    m_current = ok ? wanted : QStringLiteral("en");
    // QApplication posts LanguageChange to the windows; deliver it now so that every string
    // has changed when this returns.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    emit languageChanged(m_current);
    return ok;
}

lessons::Language lessonLanguage(const AppSettings& settings) {
    const QString code = settings.language.get();
    return lessonLanguageFor(code.isEmpty() ? LanguageManager::systemLanguage() : code);
}

} // namespace fplab::gui
