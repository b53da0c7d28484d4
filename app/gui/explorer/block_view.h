// The Explorer's Block view: a vector (pasted, or generated with a seed: normal, heavy-tailed, or
// normal with one outlier) quantized with a block-scaled scheme from core/blockscale. It shows each
// block's scale (bits and value), each element's code, dequantized value and error, and a chart of the
// error by position; the block of the largest element, which sets that block's scale, is highlighted.
// The scale rule is a choice (blockscale::ScaleRule), and a table puts every rule of the scheme side by side
// on the same vector (compareRules()), the chosen rule's row in bold.
#pragma once

#include "app/gui/explorer/block_result.h"

#include <QWidget>

class QChartView;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTableView;
class QTableWidget;
class QTabWidget;

namespace fplab::gui {

class BlockElementModel;
class BlockScaleModel;
class TensorFilePanel;

class BlockView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlockView)

public:
    enum class Source { Normal, HeavyTailed, Outlier };

    explicit BlockView(QWidget* parent = nullptr);

    // Fills the text box with `count` seeded values and quantizes them.
    void generate(Source source, int count, unsigned seed);
    void setScheme(blockscale::Scheme scheme);
    // A rule the current scheme offers (others are ignored).
    void setRule(blockscale::ScaleRule rule);
    void setText(const QString& text);

    // For tests: what the view shows.
    const std::optional<blockscale::Quantized>& quantized() const { return m_result.quantized; }
    const blockscale::Report& report() const { return m_result.report; }
    int highlightedBlock() const { return m_result.highlightBlock; }
    QString status() const;
    BlockScaleModel* blockModel() const { return m_blockModel; }
    BlockElementModel* elementModel() const { return m_elementModel; }
    QChartView* chartView() const { return m_chart; }
    QTableWidget* comparisonTable() const { return m_comparison; }
    TensorFilePanel* filePanel() const { return m_filePanel; }
    blockscale::ScaleRule rule() const;

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void buildUi();
    void retranslateUi();
    void recompute();
    void fillChart();
    void fillRules();
    void fillComparison();
    // Shares the height between the tables: each of the comparison and the blocks as tall as its rows need
    // (a few at most), the elements the rest.
    void splitHeights();

    bool m_generating = false; // the text changes because generate() wrote it
    QLabel* m_sourceLabel;
    QComboBox* m_source;
    QLabel* m_countLabel;
    QSpinBox* m_count;
    QLabel* m_seedLabel;
    QSpinBox* m_seed;
    QPushButton* m_generate;
    QLabel* m_schemeLabel;
    QComboBox* m_scheme;
    QLabel* m_ruleLabel;
    QComboBox* m_rule;
    QTableWidget* m_comparison;
    QTabWidget* m_rightTabs;
    TensorFilePanel* m_filePanel;
    QPlainTextEdit* m_text;
    QLabel* m_status;
    QTableView* m_blocks;
    QTableView* m_elements;
    QChartView* m_chart;
    QSplitter* m_body;   // the comparison above the rest
    QSplitter* m_tables; // the blocks above the elements
    bool m_heightsSplit = false;

    BlockResult m_result;
    BlockScaleModel* m_blockModel;
    BlockElementModel* m_elementModel;
};

} // namespace fplab::gui
