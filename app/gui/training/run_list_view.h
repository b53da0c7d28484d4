// The kept runs as a list: each with its colour, a check box to show or hide its series, a name to
// edit in place (F2 or double click); remove one, export one as CSV (the columns of
// `fplab-cli train --csv`) or every run as one CSV.
#pragma once

#include <QWidget>

class QLabel;
class QListView;
class QPushButton;

namespace fplab::gui {

class RunStore;

class RunListView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunListView)

public:
    explicit RunListView(RunStore* store, QWidget* parent = nullptr);
    ~RunListView() override;

    void retranslate();
    // Write the CSV files; empty on success, otherwise what went wrong (also shown under the list).
    QString exportRun(int row, const QString& path);
    QString exportComparison(const QString& path);

    // For tests.
    QListView* list() const { return m_list; }
    QPushButton* removeButton() const { return m_remove; }
    int currentRow() const;

signals:
    // The user picked a run (to show in the per-run views).
    void runChosen(int row);

private:
    void updateEnabled();
    QString writeCsv(const QString& path, const std::string& text);

    RunStore* m_store;
    QListView* m_list;
    QPushButton* m_remove;
    QPushButton* m_exportRun;
    QPushButton* m_exportAll;
    QLabel* m_note;
};

} // namespace fplab::gui
