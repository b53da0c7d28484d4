// The Explorer's "All formats" tab: the same input in every format, the rows the user chose,
// and the user's own formats (added with a dialog, removed from the rows menu).
#pragma once

#include <QWidget>

class QAction;
class QTableView;
class QToolButton;

namespace fplab::gui {

class AppSettings;
class ExplorerState;
class FormatTableModel;

class FormatTablePage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FormatTablePage)

public:
    FormatTablePage(ExplorerState* state, FormatTableModel* model, AppSettings& settings, QWidget* parent = nullptr);

    QAction* chooseRowsAction() const { return m_chooseRows; }
    QAction* addFormatAction() const { return m_addFormat; }

    // Adds a user-defined format by canonical name (as the editor dialog does); false if invalid.
    bool addCustomFormat(const QString& name);
    void setRowHidden(const QString& key, bool hidden);
    void retranslateUi();

signals:
    // The list of user-defined formats or the shown rows changed.
    void customFormatsChanged(const QStringList& names);
    void rowsChanged();
    void statusMessage(const QString& text);

private:
    void showRowMenu();
    void openCustomFormatDialog();
    void removeCustomFormat(const QString& name);

    ExplorerState* m_state;
    FormatTableModel* m_model;
    AppSettings& m_settings;
    QTableView* m_table = nullptr;
    QToolButton* m_rowsButton = nullptr;
    QToolButton* m_addFormatButton = nullptr;
    QAction* m_chooseRows = nullptr;
    QAction* m_addFormat = nullptr;
};

} // namespace fplab::gui
