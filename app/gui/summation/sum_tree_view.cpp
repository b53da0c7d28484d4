#include "app/gui/summation/sum_tree_view.h"

#include <QBuffer>
#include <QGraphicsEllipseItem>
#include <QGraphicsPolygonItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QSvgGenerator>
#include <QWheelEvent>

#include <algorithm>

namespace fplab::gui {

namespace {

constexpr double kSlot = 26;  // horizontal room per term (or folded subtree)
constexpr double kLevel = 30; // vertical room per level
constexpr double kRadius = 7;
constexpr int kNodeRole = 0; // QGraphicsItem::data key holding the node index

} // namespace

SumTreeView::SumTreeView(QWidget* parent) : QGraphicsView(parent) {
    setScene(new QGraphicsScene(this));
    setDragMode(QGraphicsView::ScrollHandDrag);
    setRenderHint(QPainter::Antialiasing);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setFocusPolicy(Qt::StrongFocus);
}

void SumTreeView::setTree(const std::optional<reveal::SumTree>& tree) {
    m_tree = tree ? std::optional<reveal::SumTree>(tree->canonical()) : std::nullopt;
    m_collapsed.clear();
    m_differing.clear();
    m_probe.reset();
    m_selected.reset();
    rebuild();
    fitTree();
}

void SumTreeView::setDifferingSubtree(std::optional<int> node) {
    m_differing.clear();
    if (node && m_tree) {
        std::vector<int> stack{*node};
        while (!stack.empty()) {
            const int n = stack.back();
            stack.pop_back();
            m_differing.insert(n);
            if (!m_tree->isLeaf(n)) stack.insert(stack.end(), m_tree->children(n).begin(), m_tree->children(n).end());
        }
    }
    rebuild();
}

void SumTreeView::setProbeNode(std::optional<int> node) {
    m_probe = node;
    rebuild();
}

void SumTreeView::setSelectedNode(std::optional<int> node) {
    m_selected = node;
    rebuild();
}

void SumTreeView::toggleCollapsed(int node) {
    if (!m_tree || m_tree->isLeaf(node)) return;
    if (!m_collapsed.erase(node)) m_collapsed.insert(node);
    rebuild();
}

void SumTreeView::rebuild() {
    QGraphicsScene* s = scene();
    s->clear();
    if (!m_tree) return;
    const reveal::SumTree& t = *m_tree;
    const QPalette pal = palette();
    const QColor ink = pal.color(QPalette::WindowText);
    const QColor differs(0xd6, 0x45, 0x45), probe(0x2b, 0x7b, 0xd6), selected(0xe0, 0x9b, 0x12);

    // Layout: x from the left-to-right order of the visible leaves (folded subtrees take one slot),
    // y from the height above the terms, so every addition sits above what it adds.
    const int count = t.nodeCount();
    std::vector<double> x(std::size_t(count), 0), height(std::size_t(count), 0);
    std::vector<bool> visible(std::size_t(count), false), folded(std::size_t(count), false);
    double nextSlot = 0;
    struct Frame {
        int node;
        std::size_t next;
    };
    std::vector<Frame> stack{{t.root(), 0}};
    visible[std::size_t(t.root())] = true;
    while (!stack.empty()) {
        Frame& f = stack.back();
        const int n = f.node;
        const bool fold = !t.isLeaf(n) && m_collapsed.count(n);
        if (t.isLeaf(n) || fold) {
            folded[std::size_t(n)] = fold;
            x[std::size_t(n)] = nextSlot++ * kSlot;
            height[std::size_t(n)] = fold ? 1 : 0;
            stack.pop_back();
            continue;
        }
        const auto& kids = t.children(n);
        if (f.next < kids.size()) {
            const int child = kids[f.next++];
            visible[std::size_t(child)] = true;
            stack.push_back({child, 0});
            continue;
        }
        double sum = 0, top = 0;
        for (const int c : kids) {
            sum += x[std::size_t(c)];
            top = std::max(top, height[std::size_t(c)]);
        }
        x[std::size_t(n)] = sum / double(kids.size());
        height[std::size_t(n)] = top + 1;
        stack.pop_back();
    }
    const double maxHeight = height[std::size_t(t.root())];
    const auto pos = [&](int n) { return QPointF(x[std::size_t(n)], (maxHeight - height[std::size_t(n)]) * kLevel); };

    const QPen edgePen(ink, 1);
    for (int n = t.terms(); n < count; ++n) {
        if (!visible[std::size_t(n)] || folded[std::size_t(n)]) continue;
        for (const int c : t.children(n)) {
            QPen pen = edgePen;
            if (m_differing.count(c)) pen.setColor(differs);
            s->addLine(QLineF(pos(n), pos(c)), pen);
        }
    }
    for (int n = 0; n < count; ++n) {
        if (!visible[std::size_t(n)]) continue;
        QColor fill = t.isLeaf(n) ? pal.color(QPalette::Base) : pal.color(QPalette::Button);
        if (m_differing.count(n)) fill = differs.lighter(150);
        if (m_probe && *m_probe == n) fill = probe.lighter(140);
        QPen outline(m_selected && *m_selected == n ? selected : ink, m_selected && *m_selected == n ? 3 : 1);
        const QPointF p = pos(n);
        QGraphicsItem* item = nullptr;
        if (folded[std::size_t(n)]) {
            QPolygonF tri;
            tri << p + QPointF(0, -kRadius) << p + QPointF(kRadius * 1.4, kRadius * 1.6)
                << p + QPointF(-kRadius * 1.4, kRadius * 1.6);
            item = s->addPolygon(tri, outline, fill);
            auto* label = s->addSimpleText(QString::number(t.leafCount(n)));
            label->setBrush(ink);
            label->setPos(p + QPointF(-label->boundingRect().width() / 2, kRadius * 1.8));
        } else {
            item = s->addEllipse(QRectF(p - QPointF(kRadius, kRadius), QSizeF(2 * kRadius, 2 * kRadius)), outline,
                                 fill);
            const auto kids = t.isLeaf(n) ? 0 : t.children(n).size();
            if (t.isLeaf(n) || kids > 2) {
                // Terms show their index; a fused addition shows how many operands it adds at once.
                auto* label = s->addSimpleText(t.isLeaf(n) ? QString::number(n) : QString::number(kids));
                label->setBrush(ink);
                const QRectF r = label->boundingRect();
                label->setPos(
                    p + (t.isLeaf(n) ? QPointF(-r.width() / 2, kRadius + 1) : QPointF(kRadius + 2, -r.height() / 2)));
            }
        }
        item->setData(kNodeRole, n);
        item->setZValue(1);
    }
    s->setSceneRect(s->itemsBoundingRect().adjusted(-kSlot, -kLevel / 2, kSlot, kLevel / 2));
}

void SumTreeView::zoomBy(double factor) {
    m_fitted = false;
    const double current = transform().m11();
    const double next = std::clamp(current * factor, 0.01, 8.0);
    scale(next / current, next / current);
}

void SumTreeView::fitTree() {
    m_fitted = true;
    if (!scene()->items().isEmpty()) fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
}

QByteArray SumTreeView::image(bool svg) const {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const QRectF rect = scene()->sceneRect();
    const QSize size = rect.size().toSize().expandedTo(QSize(1, 1));
    if (svg) {
        QSvgGenerator gen;
        gen.setOutputDevice(&buffer);
        gen.setSize(size);
        gen.setViewBox(QRect(QPoint(0, 0), size));
        gen.setTitle(tr("A summation order from FP Lab"));
        QPainter painter(&gen);
        scene()->render(&painter, QRectF(QPointF(0, 0), rect.size()), rect);
    } else {
        QImage picture(size * 2, QImage::Format_ARGB32_Premultiplied);
        picture.fill(palette().color(QPalette::Base));
        {
            QPainter painter(&picture);
            painter.setRenderHint(QPainter::Antialiasing);
            scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size * 2)), rect);
        }
        picture.save(&buffer, "PNG");
    }
    return bytes;
}

void SumTreeView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (m_fitted) fitTree();
}

void SumTreeView::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        zoomBy(event->angleDelta().y() > 0 ? 1.25 : 0.8);
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

void SumTreeView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal) zoomBy(1.25);
    else if (event->key() == Qt::Key_Minus) zoomBy(0.8);
    else if (event->key() == Qt::Key_0) fitTree();
    else QGraphicsView::keyPressEvent(event);
}

int SumTreeView::nodeAt(const QPoint& viewPos) const {
    for (const QGraphicsItem* item : items(viewPos))
        if (item->data(kNodeRole).isValid()) return item->data(kNodeRole).toInt();
    return -1;
}

void SumTreeView::mousePressEvent(QMouseEvent* event) {
    const int node = nodeAt(event->pos());
    if (node >= 0 && event->button() == Qt::LeftButton) {
        setSelectedNode(node);
        emit nodeClicked(node);
    }
    QGraphicsView::mousePressEvent(event);
}

void SumTreeView::mouseDoubleClickEvent(QMouseEvent* event) {
    const int node = nodeAt(event->pos());
    if (node >= 0) toggleCollapsed(node);
    else QGraphicsView::mouseDoubleClickEvent(event);
}

} // namespace fplab::gui
