// The live view of one experiment's results: its quantities (value, encoding, flags), the
// bits of the selected one, and its tables, charts and number lines in tabs. Beside a GPU
// counterpart's result, the quantities show in two columns with the differing cells highlighted.
#pragma once

#include "lessons/experiment_result.h"
#include "lessons/side_by_side.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace fplab::gui {

class BitLines;

class ResultView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultView)

public:
    explicit ResultView(QWidget* parent = nullptr);
    ~ResultView() override;

    void setResult(const lessons::ExperimentResult& result, lessons::Language language);
    // The CPU result beside its GPU counterpart's (the comparison of the two).
    void setSideBySide(const lessons::ExperimentResult& cpu, const lessons::SideBySide& sides,
                       lessons::Language language);
    const std::optional<lessons::ExperimentResult>& result() const { return m_result; }
    const std::optional<lessons::SideBySide>& sideBySide() const { return m_sides; }
    // Side by side: whether the quantity table's cell is highlighted as differing.
    static constexpr int kDiffersRole = Qt::UserRole + 1;
    // A result table's cell that shows one value of a format: the format's canonical name (which lookupFormat reads)
    // and the bits (lessons' CellValue).
    static constexpr int kCellFormatRole = Qt::UserRole + 2;
    static constexpr int kCellBitsRole = Qt::UserRole + 3;
    // The quantity whose bits are shown (selected in the table), or nullptr.
    const lessons::Quantity* selectedQuantity() const;
    void selectQuantity(const QString& key);

    // For tests and screenshots.
    QTableWidget* quantityTable() const { return m_quantities; }
    QTabWidget* tabs() const { return m_tabs; }
    BitLines* bitLines() const { return m_bits; }
    QPushButton* explorerButton() const { return m_toExplorer; }
    QPushButton* arithmeticButton() const { return m_toArithmetic; }

signals:
    // "Open in Explorer/Arithmetic" on a float result: its format's name and its bits.
    void openInExplorer(const QString& formatName, quint64 bits);
    void openInArithmetic(const QString& formatName, quint64 bits);

protected:
    void changeEvent(QEvent* event) override;

private:
    void showSelected();
    void rebuildTabs();
    void fillSideBySide();

    std::optional<lessons::ExperimentResult> m_result;
    std::optional<lessons::SideBySide> m_sides;
    QStringList m_rowKeys; // the key of each row of the quantity table
    lessons::Language m_language = lessons::Language::English;
    QTableWidget* m_quantities;
    BitLines* m_bits;
    QLabel* m_bitsCaption;
    QPushButton* m_toExplorer;
    QPushButton* m_toArithmetic;
    QTabWidget* m_tabs;
    QLabel* m_notes;
    QString m_selectedKey;
};

} // namespace fplab::gui
