// Saving and opening sessions, the recent-files menu and the unsaved-changes flag.
#include "app/gui/shell/session_manager.h"

#include "app/gui/common/file_dialogs.h"
#include "app/gui/common/save_file.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/section.h"
#include "app/gui/shell/session_file.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>

namespace fplab::gui {

namespace {

// Settings keys that hold what a session holds: a change to one is an unsaved change.
// Window layout (splitters, tabs, geometry) and appearance are not part of a session.
bool isSessionKey(const QString& key) {
    if (key.endsWith(QLatin1String("/splitter")) || key.endsWith(QLatin1String("/tab"))) return false;
    for (const char* prefix : {"explorer/input", "explorer/format", "explorer/rounding", "explorer/customFormats",
                               "explorer/block", "explorer/hiddenRows", "arithmetic/", "lessons/", "training/"})
        if (key.startsWith(QLatin1String(prefix))) return true;
    return false;
}

} // namespace

SessionManager::SessionManager(QWidget* window, QList<Section*> sections, AppSettings& settings)
    : QObject(window), m_window(window), m_sections(std::move(sections)), m_settings(settings) {
    m_open = new QAction(this);
    m_open->setShortcut(QKeySequence::Open);
    connect(m_open, &QAction::triggered, this, &SessionManager::openChosen);
    m_save = new QAction(this);
    m_save->setShortcut(QKeySequence::Save);
    connect(m_save, &QAction::triggered, this, &SessionManager::saveCurrent);
    m_saveAs = new QAction(this);
    // Ctrl+Shift+S (the usual Save As) swaps the operands in Arithmetic.
    m_saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
    connect(m_saveAs, &QAction::triggered, this, &SessionManager::saveAs);
    m_recentMenu = new QMenu(window);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &SessionManager::fillRecentMenu);
    fillRecentMenu();
    connect(&settings.store, &SettingsStore::valueWritten, this, [this](const QString& key) {
        if (!m_restoring && !m_path.isEmpty() && isSessionKey(key)) setModified(true);
    });
    // Kept runs are work, unsaved even before any session file exists.
    for (Section* s : m_sections)
        connect(s, &Section::sessionContentChanged, this, [this] {
            if (!m_restoring) setModified(true);
        });
    retranslateUi();
}

SessionManager::~SessionManager() = default;

void SessionManager::retranslateUi() {
    m_open->setText(tr("&Open session…"));
    m_open->setToolTip(
        tr("Open a saved session: the Explorer value, Arithmetic inputs, lesson progress and Training settings."));
    m_save->setText(tr("&Save session"));
    m_save->setToolTip(tr("Save what you set up in every section to a small file you can share or open later."));
    m_saveAs->setText(tr("Save session &as…"));
    m_recentMenu->setTitle(tr("Open &recent"));
    fillRecentMenu();
}

QString SessionManager::displayName() const {
    return m_path.isEmpty() ? QString() : QFileInfo(m_path).completeBaseName();
}

QStringList SessionManager::recentFiles() const { return m_settings.recentSessions.get(); }

void SessionManager::setModified(bool modified) {
    if (m_modified == modified) return;
    m_modified = modified;
    emit titleChanged();
}

QString SessionManager::askPath(bool save, const QString& suggested) const {
    if (m_askPath) return m_askPath(save, suggested);
    return save ? askSaveFileName(m_window, tr("Save session"), suggested, SessionFile::dialogFilter())
                : askOpenFileName(m_window, tr("Open session"), suggested, SessionFile::dialogFilter());
}

void SessionManager::showProblem(const QString& title, const QString& text, const QStringList& details) const {
    if (m_showProblem) {
        m_showProblem(title, text, details);
        return;
    }
    // Window-modal, not application-modal: the message never blocks a caller waiting on open().
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    if (!details.isEmpty()) box->setInformativeText(details.join(QLatin1Char('\n')));
    box->open();
}

QString SessionManager::startFolder() const {
    if (!m_path.isEmpty()) return QFileInfo(m_path).absolutePath();
    for (const QString& recent : recentFiles()) {
        const QString folder = QFileInfo(recent).absolutePath();
        if (QFileInfo(folder).isDir()) return folder;
    }
    return QDir::homePath();
}

bool SessionManager::confirmClose() {
    if (!m_modified) return true;
    CloseChoice choice = CloseChoice::Stay;
    if (m_askClose) {
        choice = m_askClose();
    } else {
        QMessageBox box(QMessageBox::Warning, tr("Save the session?"),
                        m_path.isEmpty()
                            ? tr("The kept runs and settings have not been saved; they are lost on quitting.")
                            : tr("The session %1 has unsaved changes.").arg(displayName()),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
        box.setDefaultButton(QMessageBox::Save);
        const int answer = box.exec();
        choice = answer == QMessageBox::Save      ? CloseChoice::Save
                 : answer == QMessageBox::Discard ? CloseChoice::Discard
                                                  : CloseChoice::Stay;
    }
    switch (choice) {
    case CloseChoice::Discard: return true;
    case CloseChoice::Stay: return false;
    case CloseChoice::Save: saveCurrent(); return !m_modified; // a cancelled dialog or a failed save stays
    }
    return false;
}

void SessionManager::saveCurrent() {
    if (m_path.isEmpty()) saveAs();
    else save(m_path);
}

void SessionManager::saveAs() {
    const QString suggested = m_path.isEmpty() ? QDir(startFolder()).filePath(tr("session") + QStringLiteral(".fplab"))
                                               : m_path;
    const QString path = askPath(true, suggested);
    if (!path.isEmpty()) save(path);
}

void SessionManager::openChosen() {
    const QString path = askPath(false, startFolder());
    if (!path.isEmpty()) open(path);
}

bool SessionManager::save(const QString& requested) {
    QString path = requested;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + SessionFile::suffix();
    QJsonObject sections;
    for (const Section* s : m_sections) {
        QJsonObject o;
        s->saveSession(o);
        if (!o.isEmpty()) sections.insert(s->id(), o);
    }
    m_lastProblems.clear();
    m_lastError = saveFile(path, SessionFile::serialize(sections));
    if (!m_lastError.isEmpty()) {
        emit statusMessage(m_lastError, 0);
        showProblem(tr("The session was not saved"), m_lastError, {});
        return false;
    }
    m_path = QFileInfo(path).absoluteFilePath();
    addRecent(m_path);
    m_modified = false;
    emit titleChanged();
    emit statusMessage(tr("Saved the session to %1").arg(QDir::toNativeSeparators(m_path)), 6000);
    return true;
}

bool SessionManager::open(const QString& path) {
    const SessionFile::Parsed parsed = SessionFile::read(path);
    m_lastProblems.clear();
    m_lastError = parsed.error;
    if (!parsed.error.isEmpty()) {
        if (!QFileInfo::exists(path)) removeRecent(QFileInfo(path).absoluteFilePath());
        const QString text = tr("Could not open %1. Nothing was changed.").arg(QDir::toNativeSeparators(path));
        emit statusMessage(text + QLatin1Char(' ') + parsed.error, 0);
        showProblem(tr("The session was not opened"), text, {parsed.error});
        return false;
    }
    m_restoring = true;
    QStringList known;
    for (Section* s : m_sections) {
        known << s->id();
        if (parsed.sections.contains(s->id())) {
            const QJsonValue v = parsed.sections.value(s->id());
            if (v.isObject()) m_lastProblems << s->restoreSession(v.toObject());
            else m_lastProblems << tr("%1: the section's entry is not an object; it was skipped.").arg(s->title());
        }
    }
    for (const QString& id : parsed.sections.keys())
        if (!known.contains(id))
            m_lastProblems << tr("The section “%1” is not part of this FP Lab; it was skipped.").arg(id);
    m_restoring = false;
    m_path = QFileInfo(path).absoluteFilePath();
    addRecent(m_path);
    m_modified = false;
    emit titleChanged();
    if (m_lastProblems.isEmpty()) {
        emit statusMessage(tr("Opened the session %1").arg(QDir::toNativeSeparators(m_path)), 6000);
    } else {
        const QString text = tr("Opened %1, but %n part(s) could not be restored:", nullptr, int(m_lastProblems.size()))
                                 .arg(QDir::toNativeSeparators(m_path));
        emit statusMessage(text + QLatin1Char(' ') + m_lastProblems.join(QLatin1Char(' ')), 0);
        showProblem(tr("Parts of the session were not restored"), text, m_lastProblems);
    }
    return true;
}

void SessionManager::addRecent(const QString& path) {
    QStringList list = m_settings.recentSessions.get();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecent) list.removeLast();
    m_settings.recentSessions.set(list);
    fillRecentMenu();
}

void SessionManager::removeRecent(const QString& path) {
    QStringList list = m_settings.recentSessions.get();
    list.removeAll(path);
    m_settings.recentSessions.set(list);
    fillRecentMenu();
}

void SessionManager::fillRecentMenu() {
    m_recentMenu->clear();
    const QStringList list = m_settings.recentSessions.get();
    for (int i = 0; i < list.size(); ++i) {
        const QString& path = list[i];
        const bool exists = QFileInfo::exists(path);
        QString text = QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName());
        // A file moved or deleted since stays listed, marked; choosing it says so and drops it.
        if (!exists) text += QLatin1Char(' ') + tr("(not found)");
        QAction* a = m_recentMenu->addAction(text);
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { open(path); });
    }
    if (!list.isEmpty()) m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("&Clear the list"));
    clear->setEnabled(!list.isEmpty());
    connect(clear, &QAction::triggered, this, [this] {
        m_settings.recentSessions.set({});
        fillRecentMenu();
    });
    m_recentMenu->setEnabled(true);
}

} // namespace fplab::gui
