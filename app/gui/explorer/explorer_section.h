// The Explorer: one value in any format, its bits, its decoding, every format side by side,
// and charts of range, neighbours and spacing.
#pragma once

#include "app/gui/shell/section.h"

#include <QList>

#include <cstdint>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QSplitter;
class QTabWidget;
class QTableView;
class QToolButton;

namespace fplab::gui {

class BitEditor;
class BlockView;
class ExplorerState;
class FormatTableModel;
class NeighboursChart;
class RangeChart;
class SpacingChart;
class ValueDetailsView;
enum class CopyKind;

class ExplorerSection final : public Section {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExplorerSection)

public:
    explicit ExplorerSection(SectionContext context, QWidget* parent = nullptr);
    ~ExplorerSection() override;

    QString id() const override { return QStringLiteral("explorer"); }
    QString title() const override;
    QString toolTipText() const override;
    QIcon icon() const override;
    QList<QAction*> menuActions() const override;
    QWidget* primaryInput() const override;
    void saveState() override;
    // Session files; defined in explorer_session.cpp.
    void saveSession(QJsonObject& out) const override;
    QStringList restoreSession(const QJsonObject& in) override;
    QStringList screenshotNames() const override;
    void prepareScreenshot(const QString& name) override;

    // Shows these bits of a format (preset or custom name), as a click on the bits would: for
    // other sections' "open in Explorer" links.
    void showValue(const QString& formatName, std::uint64_t bits);

    // For tests and the benchmark.
    ExplorerState* state() const { return m_state; }
    BitEditor* bitEditor() const { return m_bits; }
    FormatTableModel* formatModel() const { return m_model; }
    ValueDetailsView* details() const { return m_details; }
    QLineEdit* entry() const { return m_entry; }
    QLabel* entryReport() const { return m_report; }
    QTabWidget* tabs() const { return m_tabs; }
    BlockView* blockView() const { return m_blockView; }
    // Builds every chart now (they are built lazily when first shown).
    void ensureCharts();
    QString copyTextFor(CopyKind kind) const;

    // Adds a user-defined format by canonical name (as the editor dialog does); false if invalid.
    bool addCustomFormat(const QString& name);
    void setRowHidden(const QString& key, bool hidden);

protected:
    void retranslateUi() override;

private:
    void buildUi();
    void buildActions();
    void buildQuickPicks();
    void onValueChanged();
    void updateReport();
    void updateCharts();
    void copy(CopyKind kind);
    void showRowMenu();
    void openCustomFormatDialog();
    void selectFormat(const QString& name);
    void refreshFormatCombo();

    ExplorerState* m_state;
    FormatTableModel* m_model;

    QLineEdit* m_entry = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_rounding = nullptr;
    QLabel* m_entryLabel = nullptr;
    QLabel* m_formatLabel = nullptr;
    QLabel* m_roundingLabel = nullptr;
    QToolButton* m_picksButton = nullptr;
    QToolButton* m_copyButton = nullptr;
    QToolButton* m_downButton = nullptr;
    QToolButton* m_upButton = nullptr;
    QLabel* m_report = nullptr;
    BitEditor* m_bits = nullptr;
    QLabel* m_detailsTitle = nullptr;
    ValueDetailsView* m_details = nullptr;
    QSplitter* m_splitter = nullptr;
    QTabWidget* m_tabs = nullptr;
    BlockView* m_blockView = nullptr;
    QTableView* m_table = nullptr;
    QToolButton* m_rowsButton = nullptr;
    QToolButton* m_addFormatButton = nullptr;
    RangeChart* m_range = nullptr;
    NeighboursChart* m_neighbours = nullptr;
    SpacingChart* m_spacing = nullptr;
    QWidget* m_rangePage = nullptr;
    QWidget* m_neighboursPage = nullptr;
    QWidget* m_spacingPage = nullptr;

    QMenu* m_picksMenu = nullptr;
    QMenu* m_copyMenu = nullptr;
    QAction* m_nextUp = nullptr;
    QAction* m_nextDown = nullptr;
    QAction* m_negate = nullptr;
    QAction* m_copyHex = nullptr;
    QAction* m_copyBinary = nullptr;
    QAction* m_copyC = nullptr;
    QAction* m_copyPython = nullptr;
    QAction* m_copyCli = nullptr;
    QAction* m_addFormat = nullptr;
    QAction* m_chooseRows = nullptr;
    QAction* m_picksAction = nullptr;
    QList<QAction*> m_tabActions;
    bool m_updatingEntry = false;
};

} // namespace fplab::gui
