// The application shell: a sidebar of sections, the section pages, menus, shortcuts, the
// status bar, theme and language switching, and the window state kept across runs.
#pragma once

#include "app/gui/shell/section_registry.h"

#include <QList>
#include <QMainWindow>

class QAction;
class QActionGroup;
class QListWidget;
class QMenu;
class QStackedWidget;

namespace fplab::gui {

class AppSettings;
class FirstRunPointer;
class LanguageManager;
class Presentation;
class Section;
class SessionManager;
class ThemeManager;
class ViewExport;

class MainWindow final : public QMainWindow {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    MainWindow(AppSettings& settings, ThemeManager& theme, LanguageManager& language,
               const SectionRegistry& registry = SectionRegistry::builtin(), QWidget* parent = nullptr);
    ~MainWindow() override;

    QList<Section*> sections() const { return m_sections; }
    Section* section(const QString& id) const;
    Section* currentSection() const;
    void showSection(const QString& id);
    void showSection(int index);
    // Every action with a shortcut, for the shortcuts dialog and the tests.
    QList<QAction*> allActions() const;
    QMenu* sectionMenu() const { return m_sectionMenu; }
    // Writes window and section state to the settings.
    void saveState();
    SessionManager* sessionManager() const { return m_session; }
    Presentation* presentation() const { return m_presentation; }
    ViewExport* viewExport() const { return m_viewExport; }
    QMenu* fileMenu() const { return m_fileMenu; }
    QMenu* exportMenu() const { return m_exportMenu; }
    bool isPresenting() const { return m_presenting; }
    void setPresenting(bool on);
    // The pointer to lesson 1 above the sections (hidden once dismissed), for tests.
    FirstRunPointer* firstRunPointer() const { return m_firstRunPointer; }
    // "lesson-3[*] — Explorer — FP Lab": the session (when one is open), the section, the app once.
    static QString titleText(const QString& sessionName, const QString& sectionTitle);

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void buildMenus();
    void retranslateUi();
    void rebuildSectionMenu();
    void showStatus(const QString& text, int timeoutMs);
    void applyTheme(const QString& name);
    void applyLanguage(const QString& code);
    void showShortcuts();
    void showAbout();
    void showGettingStarted();
    void openFirstLesson();
    // Keeps the window inside the available area of its screen (after a start or a zoom).
    void fitToScreen();
    void updateTitle();

    AppSettings& m_settings;
    ThemeManager& m_theme;
    LanguageManager& m_language;
    QListWidget* m_sidebar = nullptr;
    QWidget* m_sideColumn = nullptr; // the sidebar and the first-run pointer under it
    QStackedWidget* m_stack = nullptr;
    QList<Section*> m_sections;
    int m_current = -1;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_sectionMenu = nullptr;
    QMenu* m_themeMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_quit = nullptr;
    QAction* m_focusEntry = nullptr;
    QList<QAction*> m_goToSection;
    QActionGroup* m_themeGroup = nullptr;
    QAction* m_themeSystem = nullptr;
    QAction* m_themeLight = nullptr;
    QAction* m_themeDark = nullptr;
    QAction* m_toggleDark = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    QAction* m_languageEnglish = nullptr;
    QAction* m_languageChinese = nullptr;
    QAction* m_languageSystem = nullptr;
    QAction* m_switchLanguage = nullptr;
    QAction* m_fullScreen = nullptr;
    QAction* m_toggleSidebar = nullptr;
    QAction* m_shortcuts = nullptr;
    QAction* m_about = nullptr;
    QAction* m_gettingStarted = nullptr;
    FirstRunPointer* m_firstRunPointer = nullptr;
    bool m_fittedOnShow = false;
    SessionManager* m_session = nullptr;
    Presentation* m_presentation = nullptr;
    ViewExport* m_viewExport = nullptr;
    QMenu* m_exportMenu = nullptr;
    QAction* m_leavePresent = nullptr; // Esc, only while presenting
    bool m_presenting = false;
    bool m_sidebarBeforePresent = true;
    Qt::WindowStates m_stateBeforePresent;
};

} // namespace fplab::gui
