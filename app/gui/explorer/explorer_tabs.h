// The Explorer's right pane: the side-by-side table, the range, neighbours and spacing charts
// (built when first shown, and only the visible one kept up to date) and the block view.
#pragma once

#include <QList>
#include <QTabWidget>

class QAction;

namespace fplab::gui {

class AppSettings;
class BlockView;
class ExplorerState;
class FormatTablePage;
class FormatTableModel;
class NeighboursChart;
class RangeChart;
class SpacingChart;

class ExplorerTabs final : public QTabWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExplorerTabs)

public:
    enum Tab { TableTab, RangeTab, NeighboursTab, SpacingTab, BlockTab, TabCount };

    ExplorerTabs(ExplorerState* state, FormatTableModel* model, AppSettings& settings, QWidget* parent = nullptr);

    FormatTablePage* tablePage() const { return m_tablePage; }
    BlockView* blockView() const { return m_blockView; }
    // Alt+1 ... Alt+5: show a tab.
    QList<QAction*> tabActions() const { return m_tabActions; }

    // Builds every chart now.
    void ensureCharts();
    // Brings the visible chart up to date with the state.
    void updateCharts();
    void retranslateUi();

private:
    ExplorerState* m_state;
    FormatTableModel* m_model;
    FormatTablePage* m_tablePage = nullptr;
    BlockView* m_blockView = nullptr;
    RangeChart* m_range = nullptr;
    NeighboursChart* m_neighbours = nullptr;
    SpacingChart* m_spacing = nullptr;
    QWidget* m_rangePage = nullptr;
    QWidget* m_neighboursPage = nullptr;
    QWidget* m_spacingPage = nullptr;
    QList<QAction*> m_tabActions;
};

} // namespace fplab::gui
