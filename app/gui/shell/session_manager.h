// File > Save session, Save session as, Open session and Open recent: gathering every section's
// saveSession() into a session file, restoring it through restoreSession(), the recent-files
// list, and whether the open session has unsaved changes (the window title's [*]).
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace fplab::gui {

class AppSettings;
class Section;

class SessionManager final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionManager)

public:
    static constexpr int kMaxRecent = 8;

    // `window` parents the dialogs; `sections` are the window's sections.
    SessionManager(QWidget* window, QList<Section*> sections, AppSettings& settings);
    ~SessionManager() override;

    QAction* saveAction() const { return m_save; }
    QAction* saveAsAction() const { return m_saveAs; }
    QAction* openAction() const { return m_open; }
    QMenu* recentMenu() const { return m_recentMenu; }

    // The open session's file, or empty; its name for the title ("lesson-3"), or empty.
    QString currentPath() const { return m_path; }
    QString displayName() const;
    bool isModified() const { return m_modified; }

    // Writes the session to `path` (".fplab" is added to a name without a suffix); false and a
    // message when it could not be written.
    bool save(const QString& path);
    // Opens a session: false, a message and no change at all when the file is unreadable,
    // corrupt or from another version; otherwise every valid field is restored and the rest listed.
    bool open(const QString& path);
    // What the last open() or save() could not do: the whole-file error, and the fields not restored.
    QString lastError() const { return m_lastError; }
    QStringList lastProblems() const { return m_lastProblems; }
    QStringList recentFiles() const;

    // The file dialogs (tests replace them): `save` true for a save dialog; empty: cancelled.
    using PathAsker = std::function<QString(bool save, const QString& suggested)>;
    void setPathAsker(PathAsker ask) { m_askPath = std::move(ask); }
    // Quit with unsaved changes: save them, throw them away, or stay (a question box by default; tests
    // replace it).
    enum class CloseChoice { Save, Discard, Stay };
    using CloseAsker = std::function<CloseChoice()>;
    void setCloseAsker(CloseAsker ask) { m_askClose = std::move(ask); }
    // True when the window may close: nothing unsaved, or saved, or thrown away by the user's choice.
    bool confirmClose();
    // The folder File > Open and Save as start in: where the last session was saved or opened (kept
    // across restarts through the recent files), else the home folder.
    QString startFolder() const;

    // Where messages go besides the status bar: a warning box by default; tests replace it.
    using ProblemShower = std::function<void(const QString& title, const QString& text, const QStringList& details)>;
    void setProblemShower(ProblemShower show) { m_showProblem = std::move(show); }

    void retranslateUi();

signals:
    // The file or the modified flag changed: the window title follows.
    void titleChanged();
    void statusMessage(const QString& text, int timeoutMs);

private:
    void saveCurrent();
    void saveAs();
    void openChosen();
    void fillRecentMenu();
    void addRecent(const QString& path);
    void removeRecent(const QString& path);
    void setModified(bool modified);
    QString askPath(bool save, const QString& suggested) const;
    void showProblem(const QString& title, const QString& text, const QStringList& details) const;

    QWidget* m_window;
    QList<Section*> m_sections;
    AppSettings& m_settings;
    QString m_path;
    bool m_modified = false;
    bool m_restoring = false;
    QString m_lastError;
    QStringList m_lastProblems;
    PathAsker m_askPath;
    CloseAsker m_askClose;
    ProblemShower m_showProblem;

    QAction* m_save;
    QAction* m_saveAs;
    QAction* m_open;
    QMenu* m_recentMenu;
};

} // namespace fplab::gui
