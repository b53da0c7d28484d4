// A page of the main window (Explorer, Arithmetic, Lessons, GPU Lab, Training).
// Subclass it, then register a factory in section_list.cpp; see app/gui/README.md.
#pragma once

#include <QIcon>
#include <QList>
#include <QString>
#include <QWidget>

class QAction;
class QJsonObject;
class QUrlQuery;

namespace fplab::gui {

class AppSettings;
class ThemeManager;

// What the shell hands every section.
struct SectionContext {
    AppSettings& settings;
    ThemeManager& theme;
};

class Section : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Section)

public:
    explicit Section(SectionContext context, QWidget* parent = nullptr);
    ~Section() override;

    // A stable identifier: the settings key of the open section and the screenshot file name.
    virtual QString id() const = 0;
    // The translated name in the sidebar and the section menu.
    virtual QString title() const = 0;
    // A sentence that teaches what the section is for (sidebar tooltip).
    virtual QString toolTipText() const = 0;
    virtual QIcon icon() const { return {}; }

    // Actions of this section; the shell shows them in a menu titled after the section,
    // so their shortcuts work only while the section is open. nullptr entries become separators.
    virtual QList<QAction*> menuActions() const { return {}; }
    // The widget Ctrl+L focuses (the value entry), or nullptr.
    virtual QWidget* primaryInput() const { return nullptr; }

    // Called when the section becomes visible / hidden (start or stop timers, lazy work).
    virtual void activated() {}
    virtual void deactivated() {}
    // Writes the section's state into the settings (also called before quitting).
    virtual void saveState() {}
    // The screenshots `fplab --screenshot DIR` takes of this section (file names without .png),
    // and the content to show for each: representative values, not the user's.
    virtual QStringList screenshotNames() const { return {id()}; }
    virtual void prepareScreenshot(const QString& name) { Q_UNUSED(name); }
    // Takes what a "section:ID?key=value&..." link carries (a value to show, settings to apply; see
    // section_links.h) and returns true, or returns false and changes nothing when it cannot. A link
    // without a query only opens the section.
    virtual bool openLink(const QUrlQuery& query);

    // Session files (File > Save session, shell/session_file.h): write what the learner set up
    // (inputs, choices, progress; not window layout) into `out`...
    virtual void saveSession(QJsonObject& out) const { Q_UNUSED(out); }
    // ...and restore it: apply every valid field, and return one sentence per field that was not
    // restored (SessionReader collects them). Called only with an object this section wrote.
    virtual QStringList restoreSession(const QJsonObject& in) {
        Q_UNUSED(in);
        return {};
    }
    // Present mode (View > Present): show only what a class needs to see (Lessons hides its list).
    virtual void setPresenting(bool on) { Q_UNUSED(on); }

signals:
    // A message for the status bar (0 ms: until replaced).
    void statusMessage(const QString& text, int timeoutMs = 4000);
    // The set of menu actions changed; the shell rebuilds the section menu.
    void actionsChanged();
    // Work a session keeps, other than settings, changed (Training's kept runs): it is unsaved until
    // the session is saved, and Quit asks first.
    void sessionContentChanged();

protected:
    // Re-applies every translated string; called on QEvent::LanguageChange.
    virtual void retranslateUi() = 0;
    void changeEvent(QEvent* event) override;

    AppSettings& settings() const { return m_context.settings; }
    ThemeManager& theme() const { return m_context.theme; }

private:
    SectionContext m_context;
};

} // namespace fplab::gui
