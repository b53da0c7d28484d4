// Summation order: the order in which a library, a compiler's loop or a tensor core adds its terms,
// revealed by probing (core/reveal) and drawn as a tree; two targets side by side with the first subtree
// where they part; the probes one by one; and, for an input you type or draw, each node's partial sum,
// its rounding error and flags.
#pragma once

#include "app/gui/shell/section.h"
#include "app/summation_targets/summation_targets.h"
#include "core/reveal/revealer.h"
#include "core/reveal/tree_replay.h"

#include <array>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QTabWidget;

namespace fplab::gui {

class JobRunner;
class ProbeTableModel;
class SumTreeView;

class SummationSection final : public Section {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SummationSection)

public:
    explicit SummationSection(SectionContext context, QWidget* parent = nullptr);
    ~SummationSection() override;

    QString id() const override { return QStringLiteral("summation"); }
    QString title() const override;
    QString toolTipText() const override;
    QIcon icon() const override;
    QList<QAction*> menuActions() const override;
    QWidget* primaryInput() const override;
    void saveState() override;
    QStringList screenshotNames() const override { return {id()}; }
    void prepareScreenshot(const QString& name) override;

    // One revealed order (side 0: the target, side 1: the one compared with).
    struct Revealed {
        summation_targets::Target target = reveal::ModelTarget::Sequential;
        Format termFormat = kFp32;
        reveal::ReplayRules rules{kFp32};
        reveal::SumTree tree{1}; // canonical
        long long probes = 0;
        std::vector<reveal::Probe> probeLog;
        bool validated = false;
        int trials = 0;
        std::optional<Format> widened; // the check needed FP64 additions
    };

    // For tests and links.
    bool selectTarget(int side, const QString& name); // side 1: "" for none
    void setTerms(int terms);
    bool setTypeName(const QString& name);
    void reveal();
    void cancel();
    bool isBusy() const;
    const std::optional<Revealed>& revealed(int side) const { return m_revealed[std::size_t(side)]; }
    SumTreeView* treeView(int side) const { return m_views[std::size_t(side)]; }
    QLabel* captionLabel(int side) const { return m_captions[std::size_t(side)]; }
    ProbeTableModel* probeModel() const { return m_probeModel; }
    QTableView* probeTable() const { return m_probeTable; }
    QLabel* maskLabel() const { return m_mask; }
    void showProbe(int row);
    void setInputText(const QString& text);
    void drawRandomInput();
    void selectNode(int side, int node);
    QLabel* nodeLabel() const { return m_nodeDetails; }
    QLabel* resultLabel() const { return m_results; }
    // Writes the first tree (and the second, when compared) as bracket text, SVG or PNG; empty on success.
    enum class TreeFile { Text, Svg, Png };
    QString exportTree(TreeFile kind, const QString& path) const;

protected:
    void retranslateUi() override;

private:
    void buildUi();
    void buildActions();
    void fillTargets();
    void showRevealed();
    void updateDetails();
    void exportWithDialog(TreeFile kind);
    std::optional<summation_targets::Target> chosen(int side) const;
    std::optional<std::vector<std::uint64_t>> parsedInput(const Format& f, QString& error) const;

    JobRunner* m_jobs = nullptr;
    std::array<QComboBox*, 2> m_targetBoxes{};
    std::array<QLabel*, 2> m_targetLabels{};
    QLabel* m_termsLabel = nullptr;
    QSpinBox* m_terms = nullptr;
    QLabel* m_typeLabel = nullptr;
    QComboBox* m_type = nullptr;
    QPushButton* m_revealButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_targetHelp = nullptr;
    std::array<QLabel*, 2> m_captions{};
    std::array<SumTreeView*, 2> m_views{};
    QLabel* m_partLabel = nullptr;
    QTabWidget* m_tabs = nullptr;
    ProbeTableModel* m_probeModel = nullptr;
    QTableView* m_probeTable = nullptr;
    QLabel* m_mask = nullptr;
    QPushButton* m_previousProbe = nullptr;
    QPushButton* m_nextProbe = nullptr;
    QLabel* m_inputLabel = nullptr;
    QLineEdit* m_input = nullptr;
    QPushButton* m_randomButton = nullptr;
    QLabel* m_nodeDetails = nullptr;
    QLabel* m_results = nullptr;
    QAction* m_revealAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_exportSvg = nullptr;
    QAction* m_exportPng = nullptr;
    QAction* m_exportText = nullptr;
    QAction* m_fitAction = nullptr;
    std::array<std::optional<Revealed>, 2> m_revealed;
    int m_selectedSide = 0;
    std::optional<int> m_selectedNode;
};

} // namespace fplab::gui
