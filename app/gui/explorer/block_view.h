// The Explorer's Block view: a vector (pasted, or generated with a seed: normal, heavy-tailed, or
// normal with one outlier) quantized with a block-scaled scheme from core/blockscale. It shows each
// block's scale (bits and value), each element's code, dequantized value and error, and a chart of the
// error by position; the block of the largest element, which sets that block's scale, is highlighted.
// The scale rule is a choice (blockscale::ScaleRule), and a table puts every rule of the scheme side by side
// on the same vector (compareRules()), the chosen rule's row in bold. The values can be laid out in rows of a
// chosen length; NVFP4 can use 16x16 tiles instead of 1D blocks, and any scheme can quantize through the random
// Hadamard transform (a seed): both apply to the chosen rule and to the comparison. The scheme, the rule and these
// options persist in the settings and in session files.
#pragma once

#include "app/gui/explorer/block_result.h"

#include <QJsonObject>
#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <optional>

class QChartView;
class QCheckBox;
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

class AppSettings;
class BlockElementModel;
class BlockScaleModel;
class TensorFilePanel;

class BlockView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlockView)

public:
    enum class Source { Normal, HeavyTailed, Outlier };

    explicit BlockView(AppSettings& settings, QWidget* parent = nullptr);

    // Fills the text box with `count` seeded values and quantizes them.
    void generate(Source source, int count, unsigned seed);
    void setScheme(blockscale::Scheme scheme);
    // A rule the current scheme offers (others are ignored).
    void setRule(blockscale::ScaleRule rule);
    void setText(const QString& text);
    // NVFP4's 16x16 tiles (other schemes keep their own blocks), the row length (0: one row), the transform.
    void setTiles16x16(bool tiles);
    void setRowLength(int length);
    void setHadamard(bool on, int seed);

    // These options in a session file (block_view_session.cpp): scheme, rule, tiles, row length, Hadamard and its
    // seed. Restoring applies each readable field and names each other one in the returned problems.
    QJsonObject saveSession() const;
    QStringList restoreSession(const QJsonObject& in, const QString& sectionTitle);

    // For tests: what the view shows.
    const std::vector<float>& values() const { return m_result.values; }
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
    // The recipe the chosen rule quantizes with, and the Hadamard seed (none when the transform is off).
    blockscale::Recipe recipe() const;
    std::optional<std::uint64_t> hadamardSeed() const;

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void buildUi();
    void retranslateUi();
    void recompute();
    void fillChart();
    void fillRules();
    void enableBlockShapes();
    std::optional<blockscale::Shape> shapeOf(std::size_t count, QString& error) const;
    // Stores the scheme and the chosen rule in the settings (core's names).
    void storeSchemeAndRule();
    // Stores the row length and transform in the settings and quantizes again.
    void blockOptionsChanged();
    void fillComparison();
    // Shares the height between the tables: each of the comparison and the blocks as tall as its rows need
    // (a few at most), the elements the rest.
    void splitHeights();

    AppSettings& m_settings;
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
    QLabel* m_groupingLabel;
    QComboBox* m_grouping; // 1D blocks, or 16x16 tiles (NVFP4)
    QLabel* m_rowLengthLabel;
    QSpinBox* m_rowLength; // 0: one row
    QCheckBox* m_hadamard;
    QSpinBox* m_hadamardSeed;
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
