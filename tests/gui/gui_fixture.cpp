// Building and rebuilding the window the way main() does.
#include "gui_fixture.h"

#include "app/gui/shell/session_manager.h"
#include "app/gui/training/run_controls.h"
#include "app/gui/training/training_section.h"

#include <QApplication>

namespace fplab::gui::testing {

GuiHarness::GuiHarness(const QString& settingsFile) {
    if (settingsFile.isEmpty()) {
        m_dir = std::make_unique<QTemporaryDir>();
        m_path = m_dir->filePath(QStringLiteral("fplab.ini"));
    } else {
        m_path = settingsFile;
    }
    build();
}

GuiHarness::~GuiHarness() {
    if (m_window) m_window->close();
    m_window.reset();
    // Back to English and the default palette for the next test.
    if (m_language) m_language->setLanguage(QStringLiteral("en"));
    if (m_theme) m_theme->apply(ThemeMode::System);
}

void GuiHarness::build() {
    m_settings = std::make_unique<AppSettings>(m_path);
    m_theme = std::make_unique<ThemeManager>();
    m_theme->apply(themeModeFromName(m_settings->theme.get()));
    m_language = std::make_unique<LanguageManager>();
    m_language->setLanguage(m_settings->language.get().isEmpty() ? QStringLiteral("en") : m_settings->language.get());
    m_window = std::make_unique<MainWindow>(*m_settings, *m_theme, *m_language);
    // Cancel asks first after a few seconds of a run: a modal question would stop a test on a slow machine.
    if (auto* training = section<TrainingSection>(QStringLiteral("training")))
        training->runControls()->setCancelConfirmer([](int) { return true; });
    // Closing with unsaved kept runs asks too: a test that wants the question installs its own answer.
    m_window->sessionManager()->setCloseAsker([] { return SessionManager::CloseChoice::Discard; });
    m_window->show();
    QApplication::processEvents();
}

void GuiHarness::restart() {
    m_window->close();
    m_window.reset();
    m_language->setLanguage(QStringLiteral("en"));
    m_language.reset();
    m_theme.reset();
    m_settings.reset();
    build();
}

} // namespace fplab::gui::testing
