// A main window over a throw-away settings file, for tests and the benchmark.
#pragma once

#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/language.h"
#include "app/gui/shell/main_window.h"
#include "app/gui/shell/theme.h"

#include <QTemporaryDir>

#include <memory>

namespace fplab::gui::testing {

class GuiHarness {
public:
    // A fresh settings file in a temporary directory (or `settingsFile` when given).
    explicit GuiHarness(const QString& settingsFile = {});
    ~GuiHarness();

    QString settingsPath() const { return m_path; }
    AppSettings& settings() { return *m_settings; }
    ThemeManager& theme() { return *m_theme; }
    LanguageManager& language() { return *m_language; }
    MainWindow& window() { return *m_window; }
    // Closes the window (saving its state) and builds a new one over the same file: a restart.
    void restart();
    template <class T>
    T* section(const QString& id) {
        return qobject_cast<T*>(m_window->section(id));
    }

private:
    void build();

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    std::unique_ptr<AppSettings> m_settings;
    std::unique_ptr<ThemeManager> m_theme;
    std::unique_ptr<LanguageManager> m_language;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace fplab::gui::testing
