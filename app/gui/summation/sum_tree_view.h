// A revealed summation order drawn as a tree: terms along the bottom, each addition above the ones it
// adds. Zoom with Ctrl+wheel or the +/- keys, pan by dragging, double-click an addition to fold its
// subtree into one triangle; a click selects a node (nodeClicked).
#pragma once

#include "core/reveal/sum_tree.h"

#include <QGraphicsView>

#include <optional>
#include <set>
#include <vector>

namespace fplab::gui {

class SumTreeView final : public QGraphicsView {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SumTreeView)

public:
    explicit SumTreeView(QWidget* parent = nullptr);

    void setTree(const std::optional<reveal::SumTree>& tree);
    const std::optional<reveal::SumTree>& tree() const { return m_tree; }
    // Nodes drawn in the "differs" colour (a subtree and everything under it).
    void setDifferingSubtree(std::optional<int> node);
    // The node a probe joined, drawn in the "probe" colour.
    void setProbeNode(std::optional<int> node);
    void setSelectedNode(std::optional<int> node);
    std::optional<int> selectedNode() const { return m_selected; }
    void toggleCollapsed(int node);
    bool isCollapsed(int node) const { return m_collapsed.count(node) > 0; }

    void zoomBy(double factor);
    void fitTree();
    // The tree as a picture: PNG (twice the scene's size) or SVG.
    QByteArray image(bool svg) const;

signals:
    void nodeClicked(int node);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    int nodeAt(const QPoint& viewPos) const;

    std::optional<reveal::SumTree> m_tree; // canonical
    std::set<int> m_collapsed;
    std::set<int> m_differing; // the differing node and its descendants
    std::optional<int> m_probe;
    std::optional<int> m_selected;
    bool m_fitted = true; // the whole tree is kept in view until the user zooms
};

} // namespace fplab::gui
