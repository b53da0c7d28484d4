// The Explorer's top rows: the value entry, the format and rounding it is stored with, quick
// picks, the Copy menu, and the report of what storing the value did.
#pragma once

#include <QList>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QToolButton;

namespace fplab::gui {

class ExplorerState;
enum class CopyKind;

class ValueEntryPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ValueEntryPanel)

public:
    ValueEntryPanel(ExplorerState* state, const QStringList& customFormats, QWidget* parent = nullptr);

    QLineEdit* entry() const { return m_entry; }
    QLabel* report() const { return m_report; }
    QAction* picksAction() const { return m_picksAction; }
    QList<QAction*> copyActions() const { return m_copyActions; }
    QString copyTextFor(CopyKind kind) const;

    // Shows the state's value, format and rounding.
    void sync();
    void updateReport();
    void setCustomFormats(const QStringList& names);
    void retranslateUi();

signals:
    void statusMessage(const QString& text);

private:
    void buildQuickPicks();
    void copy(CopyKind kind);

    ExplorerState* m_state;
    QLineEdit* m_entry = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_rounding = nullptr;
    QLabel* m_entryLabel = nullptr;
    QLabel* m_formatLabel = nullptr;
    QLabel* m_roundingLabel = nullptr;
    QToolButton* m_picksButton = nullptr;
    QToolButton* m_copyButton = nullptr;
    QLabel* m_report = nullptr;
    QMenu* m_picksMenu = nullptr;
    QAction* m_picksAction = nullptr;
    QList<QAction*> m_copyActions;
    bool m_updatingEntry = false;
};

} // namespace fplab::gui
