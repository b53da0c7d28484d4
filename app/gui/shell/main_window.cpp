// Building the shell and keeping it in step with the settings, the theme and the language.
#include "app/gui/shell/main_window.h"

#include "app/gui/common/tab_order.h"
#include "app/gui/common/view_export.h"
#include "app/gui/shell/about_dialog.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/getting_started.h"
#include "app/gui/shell/language.h"
#include "app/gui/shell/presentation.h"
#include "app/gui/shell/section.h"
#include "app/gui/shell/section_links.h"
#include "app/gui/shell/session_manager.h"
#include "app/gui/shell/shortcuts_dialog.h"
#include "app/gui/shell/theme.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QShowEvent>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QScreen>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace fplab::gui {

namespace {

// The section stack inside the scroll area, without its height-for-width: a QScrollArea sizes a widget whose
// layout has one (word-wrapped labels) to its preferred height and scrolls; this one scrolls only below the
// sections' minimum size.
class SectionHolder final : public QWidget {
public:
    explicit SectionHolder(QWidget* stack) : m_stack(stack) { stack->setParent(this); }
    QSize sizeHint() const override { return m_stack->sizeHint(); }
    QSize minimumSizeHint() const override { return m_stack->minimumSizeHint(); }

protected:
    void resizeEvent(QResizeEvent*) override { m_stack->setGeometry(rect()); }
    bool event(QEvent* event) override {
        if (event->type() == QEvent::LayoutRequest) updateGeometry(); // the stack's size hints changed
        return QWidget::event(event);
    }

private:
    QWidget* m_stack;
};

} // namespace

MainWindow::MainWindow(AppSettings& settings, ThemeManager& theme, LanguageManager& language,
                       const SectionRegistry& registry, QWidget* parent)
    : QMainWindow(parent), m_settings(settings), m_theme(theme), m_language(language) {
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/fplab.png")));
    m_sidebar = new QListWidget(this);
    m_sidebar->setObjectName(QStringLiteral("sidebar"));
    m_sidebar->setIconSize(QSize(24, 24));
    m_sidebar->setFrameShape(QFrame::NoFrame);
    m_sidebar->setSpacing(2);
    m_sidebar->setFixedWidth(150);
    m_stack = new QStackedWidget(this);

    // The sections scroll rather than push the window past the screen when they need more room than it has
    // (a zoomed font on a small screen); at 100 % they fit a 1280x720 screen without scrolling.
    auto* scroller = new QScrollArea(this);
    scroller->setObjectName(QStringLiteral("sectionScroller"));
    scroller->setFrameShape(QFrame::NoFrame);
    scroller->setWidgetResizable(true);
    scroller->setWidget(new SectionHolder(m_stack));
    // Under the section list, where the sidebar has room to spare: the first-run pointer to lesson 1.
    m_firstRunPointer = new FirstRunPointer(this);
    m_firstRunPointer->setFixedWidth(m_sidebar->width());
    m_firstRunPointer->setVisible(!settings.firstRunPointerDismissed.get());
    connect(m_firstRunPointer, &FirstRunPointer::openFirstLesson, this, &MainWindow::openFirstLesson);
    connect(m_firstRunPointer, &FirstRunPointer::dismissed, this, [this] {
        m_settings.firstRunPointerDismissed.set(true);
        m_firstRunPointer->hide();
    });
    m_sideColumn = new QWidget(this);
    auto* side = new QVBoxLayout(m_sideColumn);
    side->setContentsMargins(0, 0, 0, 0);
    side->setSpacing(0);
    side->addWidget(m_sidebar, 1);
    side->addWidget(m_firstRunPointer);
    auto* central = new QWidget(this);
    auto* layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_sideColumn);
    layout->addWidget(scroller, 1);
    setCentralWidget(central);

    const SectionContext context{settings, theme};
    for (const SectionRegistry::Entry& entry : registry.entries()) {
        Section* s = entry.create(context, m_stack);
        if (!s) continue;
        m_sections << s;
        m_stack->addWidget(s);
        applyLayoutTabOrder(s);
        auto* item = new QListWidgetItem(s->icon(), s->title(), m_sidebar);
        item->setSizeHint(QSize(140, 36));
        connect(s, &Section::statusMessage, this, &MainWindow::showStatus);
        connect(s, &Section::actionsChanged, this, [this, s] {
            if (s == currentSection()) rebuildSectionMenu();
        });
    }
    connect(m_sidebar, &QListWidget::currentRowChanged, this, [this](int row) { showSection(row); });

    m_presentation = new Presentation(settings, this);
    connect(m_presentation, &Presentation::presentToggled, this, &MainWindow::setPresenting);
    m_leavePresent = new QAction(this);
    m_leavePresent->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leavePresent->setEnabled(false);
    addAction(m_leavePresent);
    connect(m_leavePresent, &QAction::triggered, this, [this] { setPresenting(false); });
    m_session = new SessionManager(this, m_sections, settings);
    connect(m_session, &SessionManager::titleChanged, this, &MainWindow::updateTitle);
    connect(m_session, &SessionManager::statusMessage, this, &MainWindow::showStatus);
    m_viewExport = new ViewExport(this);
    connect(m_viewExport, &ViewExport::message, this,
            [this](const QString& text, bool failed) { showStatus(text, failed ? 0 : 6000); });
    buildMenus();
    statusBar()->setSizeGripEnabled(true);
    retranslateUi();
    connect(&settings.store, &SettingsStore::problemFound, this, [this](const QString& p) { showStatus(p, 0); });

    // 1280x800 where the screen has the room, never more than the screen's available area (1280x720 is the
    // smallest screen this layout is designed for).
    resize(1280, 800);
    if (!settings.windowGeometry.get().isEmpty()) restoreGeometry(settings.windowGeometry.get());
    if (!settings.windowState.get().isEmpty()) restoreState(settings.windowState.get());
    fitToScreen();
    const int saved = int(std::find_if(m_sections.begin(), m_sections.end(),
                                       [&](Section* s) { return s->id() == settings.currentSection.get(); }) -
                          m_sections.begin());
    showSection(saved < m_sections.size() ? saved : 0);
    const QStringList problems = settings.store.problems();
    if (!problems.isEmpty()) showStatus(problems.join(QLatin1Char(' ')), 0);
}

MainWindow::~MainWindow() = default;

Section* MainWindow::section(const QString& id) const {
    for (Section* s : m_sections)
        if (s->id() == id) return s;
    return nullptr;
}

Section* MainWindow::currentSection() const { return m_current >= 0 ? m_sections[m_current] : nullptr; }

void MainWindow::showSection(const QString& id) {
    for (int i = 0; i < m_sections.size(); ++i)
        if (m_sections[i]->id() == id) showSection(i);
}

void MainWindow::showSection(int index) {
    if (index < 0 || index >= m_sections.size() || index == m_current) return;
    if (Section* old = currentSection()) old->deactivated();
    m_current = index;
    m_stack->setCurrentIndex(index);
    {
        const QSignalBlocker blocker(m_sidebar);
        m_sidebar->setCurrentRow(index);
    }
    Section* s = m_sections[index];
    m_settings.currentSection.set(s->id());
    rebuildSectionMenu();
    statusBar()->clearMessage(); // a message belongs to the section that showed it
    s->activated();
    updateTitle();
}

QString MainWindow::titleText(const QString& sessionName, const QString& sectionTitle) {
    // Qt appends the application's display name unless the title already ends with it.
    QString app = QGuiApplication::applicationDisplayName();
    if (app.isEmpty()) app = QStringLiteral("FP Lab");
    QStringList parts;
    if (!sessionName.isEmpty()) parts << sessionName + QStringLiteral("[*]");
    if (!sectionTitle.isEmpty()) parts << sectionTitle;
    parts << app;
    return parts.join(QStringLiteral(" — "));
}

void MainWindow::updateTitle() {
    const Section* s = currentSection();
    setWindowTitle(titleText(m_session->displayName(), s ? s->title() : QString()));
    setWindowModified(!m_session->displayName().isEmpty() && m_session->isModified());
}

void MainWindow::setPresenting(bool on) {
    if (on == m_presenting) return;
    m_presenting = on;
    m_leavePresent->setEnabled(on);
    if (m_presentation->presentAction()->isChecked() != on) m_presentation->presentAction()->setChecked(on);
    if (on) {
        m_sidebarBeforePresent = m_sideColumn->isVisible() || !isVisible();
        m_stateBeforePresent = windowState();
        showSection(QStringLiteral("lessons"));
        m_sideColumn->hide();
        setWindowState(windowState() | Qt::WindowFullScreen);
    } else {
        m_sideColumn->setVisible(m_sidebarBeforePresent);
        setWindowState(m_stateBeforePresent);
    }
    for (Section* s : m_sections) s->setPresenting(on);
}

void MainWindow::buildMenus() {
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_session->openAction());
    m_fileMenu->addMenu(m_session->recentMenu());
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_session->saveAction());
    m_fileMenu->addAction(m_session->saveAsAction());
    m_fileMenu->addSeparator();
    m_exportMenu = m_fileMenu->addMenu(QString());
    connect(m_exportMenu, &QMenu::aboutToShow, this,
            [this] { m_viewExport->fillExportMenu(m_exportMenu, currentSection()); });
    m_fileMenu->addSeparator();
    m_quit = m_fileMenu->addAction(QString(), QKeySequence::Quit, this, &QWidget::close);

    m_viewMenu = menuBar()->addMenu(QString());
    for (int i = 0; i < m_sections.size(); ++i) {
        QAction* a = m_viewMenu->addAction(m_sections[i]->icon(), QString());
        if (i < 9) a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, i] { showSection(i); });
        m_goToSection << a;
    }
    m_viewMenu->addSeparator();
    m_focusEntry = m_viewMenu->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_L), this, [this] {
        if (Section* s = currentSection()) {
            if (QWidget* w = s->primaryInput()) {
                w->setFocus(Qt::ShortcutFocusReason);
                if (auto* edit = qobject_cast<QLineEdit*>(w)) edit->selectAll();
            }
        }
    });
    m_toggleSidebar = m_viewMenu->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_B), this,
                                            [this](bool on) { m_sideColumn->setVisible(on); });
    m_toggleSidebar->setCheckable(true);
    m_toggleSidebar->setChecked(true);
    m_fullScreen = m_viewMenu->addAction(QString(), QKeySequence::FullScreen, this,
                                         [this] { setWindowState(windowState() ^ Qt::WindowFullScreen); });
    m_viewMenu->addAction(m_presentation->presentAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_presentation->zoomInAction());
    m_viewMenu->addAction(m_presentation->zoomOutAction());
    m_viewMenu->addAction(m_presentation->resetZoomAction());
    m_viewMenu->addAction(m_presentation->highContrastAction());
    m_viewMenu->addSeparator();

    m_themeMenu = m_viewMenu->addMenu(QString());
    m_themeGroup = new QActionGroup(this);
    m_themeSystem = m_themeMenu->addAction(QString());
    m_themeLight = m_themeMenu->addAction(QString());
    m_themeDark = m_themeMenu->addAction(QString());
    for (auto [action, name] :
         {std::pair{m_themeSystem, "system"}, std::pair{m_themeLight, "light"}, std::pair{m_themeDark, "dark"}}) {
        action->setCheckable(true);
        action->setData(QString::fromLatin1(name));
        m_themeGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, n = QString::fromLatin1(name)] { applyTheme(n); });
    }
    m_themeMenu->addSeparator();
    m_toggleDark = m_themeMenu->addAction(QString(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T), this, [this] {
        applyTheme(isDarkPalette(QApplication::palette()) ? QStringLiteral("light") : QStringLiteral("dark"));
    });

    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languageGroup = new QActionGroup(this);
    m_languageSystem = m_languageMenu->addAction(QString());
    m_languageEnglish = m_languageMenu->addAction(LanguageManager::nativeName(QStringLiteral("en")));
    m_languageChinese = m_languageMenu->addAction(LanguageManager::nativeName(QStringLiteral("zh_CN")));
    for (auto [action, code] :
         {std::pair{m_languageSystem, ""}, std::pair{m_languageEnglish, "en"}, std::pair{m_languageChinese, "zh_CN"}}) {
        action->setCheckable(true);
        m_languageGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, c = QString::fromLatin1(code)] { applyLanguage(c); });
    }
    m_languageMenu->addSeparator();
    m_switchLanguage = m_languageMenu->addAction(
        QString(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L), this, [this] {
            applyLanguage(m_language.current() == QLatin1String("zh_CN") ? QStringLiteral("en")
                                                                         : QStringLiteral("zh_CN"));
        });

    m_sectionMenu = menuBar()->addMenu(QString());

    m_helpMenu = menuBar()->addMenu(QString());
    m_shortcuts = m_helpMenu->addAction(QString(), QKeySequence(Qt::Key_F1), this, &MainWindow::showShortcuts);
    m_gettingStarted = m_helpMenu->addAction(QString(), this, &MainWindow::showGettingStarted);
    m_about = m_helpMenu->addAction(QString(), this, &MainWindow::showAbout);

    const QString theme = m_settings.theme.get();
    (theme == QLatin1String("dark")    ? m_themeDark
     : theme == QLatin1String("light") ? m_themeLight
                                       : m_themeSystem)
        ->setChecked(true);
    const QString lang = m_settings.language.get();
    (lang == QLatin1String("zh_CN") ? m_languageChinese
     : lang == QLatin1String("en")  ? m_languageEnglish
                                    : m_languageSystem)
        ->setChecked(true);
}

void MainWindow::rebuildSectionMenu() {
    m_sectionMenu->clear();
    Section* s = currentSection();
    if (!s) return;
    m_sectionMenu->setTitle(s->title());
    for (QAction* a : s->menuActions()) {
        if (a) m_sectionMenu->addAction(a);
        else m_sectionMenu->addSeparator();
    }
    m_sectionMenu->menuAction()->setVisible(!m_sectionMenu->isEmpty());
}

void MainWindow::retranslateUi() {
    m_fileMenu->setTitle(tr("&File"));
    m_exportMenu->setTitle(tr("&Export"));
    m_exportMenu->setToolTip(tr("Save a table of the open section as CSV, or a chart as PNG or SVG."));
    m_quit->setText(tr("&Quit"));
    m_viewMenu->setTitle(tr("&View"));
    for (int i = 0; i < m_sections.size(); ++i) {
        m_goToSection[i]->setText(m_sections[i]->title());
        m_goToSection[i]->setToolTip(m_sections[i]->toolTipText());
        QListWidgetItem* item = m_sidebar->item(i);
        item->setText(m_sections[i]->title());
        item->setToolTip(m_sections[i]->toolTipText());
    }
    m_focusEntry->setText(tr("Focus the &value entry"));
    m_focusEntry->setToolTip(tr("Jump to the input of the open section (Ctrl+L)."));
    m_toggleSidebar->setText(tr("Show the &sidebar"));
    m_fullScreen->setText(tr("&Full screen"));
    m_themeMenu->setTitle(tr("&Theme"));
    m_themeSystem->setText(tr("Follow the &system"));
    m_themeLight->setText(tr("&Light"));
    m_themeDark->setText(tr("&Dark"));
    m_toggleDark->setText(tr("&Toggle light/dark"));
    m_languageMenu->setTitle(tr("&Language"));
    m_languageSystem->setText(tr("Follow the &system"));
    m_switchLanguage->setText(tr("&Switch English/中文"));
    m_helpMenu->setTitle(tr("&Help"));
    m_shortcuts->setText(tr("&Keyboard shortcuts"));
    m_gettingStarted->setText(tr("&Getting started"));
    m_about->setText(tr("&About FP Lab"));
    m_sidebar->setToolTip(QString());
    m_session->retranslateUi();
    m_presentation->retranslateUi();
    if (Section* s = currentSection()) m_sectionMenu->setTitle(s->title());
    updateTitle();
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        // A status line was written in the old language ("TF32 comparison done." under Chinese menus).
        statusBar()->clearMessage();
    }
    // A zoom changes the application font: the window keeps its size, inside the screen.
    if (event->type() == QEvent::ApplicationFontChange || event->type() == QEvent::FontChange)
        QTimer::singleShot(0, this, &MainWindow::fitToScreen);
    QMainWindow::changeEvent(event);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    // Once shown, the window system's frame is known: the first show fits the frame too.
    if (!m_fittedOnShow) {
        m_fittedOnShow = true;
        fitToScreen();
    }
}

void MainWindow::fitToScreen() {
    const QScreen* s = screen();
    // A window never shown on a screen (fplab --screenshot) keeps the size it was given.
    if (!s || isFullScreen() || isMaximized() || testAttribute(Qt::WA_DontShowOnScreen)) return;
    const QRect available = s->availableGeometry();
    // The frame (title bar, borders) the window system adds, known once the window is shown.
    const QSize frame = frameGeometry().size() - geometry().size();
    const QSize room = (available.size() - frame).expandedTo(QSize(1, 1));
    if (width() > room.width() || height() > room.height()) resize(size().boundedTo(room));
    QRect outer = frameGeometry();
    if (!available.contains(outer)) {
        outer.moveRight(std::min(outer.right(), available.right()));
        outer.moveBottom(std::min(outer.bottom(), available.bottom()));
        outer.moveLeft(std::max(outer.left(), available.left()));
        outer.moveTop(std::max(outer.top(), available.top()));
        move(outer.topLeft());
    }
}

void MainWindow::saveState() {
    for (Section* s : m_sections) s->saveState();
    m_settings.windowGeometry.set(saveGeometry());
    m_settings.windowState.set(QMainWindow::saveState());
    m_settings.store.sync();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_session->confirmClose()) {
        event->ignore();
        return;
    }
    saveState();
    QMainWindow::closeEvent(event);
}

void MainWindow::showStatus(const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); }

void MainWindow::applyTheme(const QString& name) {
    m_settings.theme.set(name);
    m_theme.apply(themeModeFromName(name));
    (name == QLatin1String("dark")    ? m_themeDark
     : name == QLatin1String("light") ? m_themeLight
                                      : m_themeSystem)
        ->setChecked(true);
}

void MainWindow::applyLanguage(const QString& code) {
    m_settings.language.set(code);
    if (!m_language.setLanguage(code))
        showStatus(tr("The %1 translation could not be loaded.").arg(LanguageManager::nativeName(code)), 6000);
    (code == QLatin1String("zh_CN") ? m_languageChinese
     : code == QLatin1String("en")  ? m_languageEnglish
                                    : m_languageSystem)
        ->setChecked(true);
}

QList<QAction*> MainWindow::allActions() const {
    QList<QAction*> actions;
    const std::function<void(QMenu*)> walk = [&](QMenu* menu) {
        for (QAction* a : menu->actions()) {
            if (a->menu()) walk(a->menu());
            else if (!a->isSeparator()) actions << a;
        }
    };
    for (QMenu* menu : {m_fileMenu, m_viewMenu, m_helpMenu}) walk(menu);
    for (Section* s : m_sections)
        for (QAction* a : s->menuActions())
            if (a && !a->menu()) actions << a;
    return actions;
}

void MainWindow::showShortcuts() {
    ShortcutsDialog dialog(allActions(), this);
    dialog.exec();
}

void MainWindow::showGettingStarted() {
    GettingStartedDialog dialog(this);
    connect(&dialog, &GettingStartedDialog::openFirstLesson, this, &MainWindow::openFirstLesson);
    dialog.exec();
}

void MainWindow::openFirstLesson() { followSectionLink(this, QUrl(firstLessonLink())); }

void MainWindow::showAbout() {
    AboutDialog dialog(this);
    dialog.exec();
}

} // namespace fplab::gui
