#include "app/gui/training/memory_by_mode_view.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/training/run_store.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLabel>
#include <QHorizontalStackedBarSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>

namespace fplab::gui {

using namespace fplab::training;

MemoryByModeView::MemoryByModeView(QWidget* parent) : QWidget(parent) {
    m_note = new QLabel;
    m_note->setWordWrap(true);
    m_view = makeChartView(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_note);
    layout->addWidget(m_view, 1);
    m_series = new QHorizontalStackedBarSeries(this);
    for (QBarSet*& set : m_sets) {
        set = new QBarSet(QString());
        m_series->append(set);
    }
    QChart* chart = m_view->chart();
    chart->addSeries(m_series);
    m_modes = new QBarCategoryAxis(this);
    m_bytes = new QValueAxis(this);
    m_bytes->setLabelFormat(QStringLiteral("%.0f"));
    // Horizontal bars: the modes' names in full beside them.
    chart->addAxis(m_modes, Qt::AlignLeft);
    chart->addAxis(m_bytes, Qt::AlignBottom);
    m_series->attachAxis(m_modes);
    m_series->attachAxis(m_bytes);
    retranslate();
    restyle();
}

MemoryByModeView::~MemoryByModeView() = default;

QStringList MemoryByModeView::categories() const { return m_modes->categories(); }

void MemoryByModeView::setMemory(const std::vector<ModeMemory>& memory, const QStringList& modeLabels) {
    for (QBarSet* set : m_sets) set->remove(0, set->count());
    m_modes->clear();
    m_modes->append(modeLabels);
    double highest = 1;
    for (const ModeMemory& m : memory) {
        const MemoryReport& b = m.bytes;
        const std::int64_t values[CategoryCount] = {b.weights, b.master, b.gradients, b.optimizer, b.activations};
        for (int c = 0; c < CategoryCount; ++c) m_sets[c]->append(double(values[c]));
        highest = std::max(highest, double(b.total()));
    }
    m_bytes->setRange(0, highest * 1.1);
    m_bytes->applyNiceNumbers();
}

void MemoryByModeView::retranslate() {
    m_view->chart()->setTitle(tr("Memory by category and mode (bytes)"));
    m_sets[Weights]->setLabel(tr("weights"));
    m_sets[Master]->setLabel(tr("master weights"));
    m_sets[Gradients]->setLabel(tr("gradients"));
    m_sets[Optimizer]->setLabel(tr("optimizer state"));
    m_sets[Activations]->setLabel(tr("activations"));
    m_note->setText(tr("The current settings in each mode of the comparison, as a GPU would hold them (activations: "
                       "those saved for the backward pass of one micro-batch): the 16-bit modes add float32 master "
                       "weights and 16-bit copies of the weights, and save smaller activations."));
}

void MemoryByModeView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyle();
}

void MemoryByModeView::restyle() {
    const QPalette pal = palette();
    styleChart(m_view->chart(), pal);
    for (int c = 0; c < CategoryCount; ++c) {
        m_sets[c]->setColor(runColor(c, pal));
        m_sets[c]->setBorderColor(pal.color(QPalette::Base));
    }
}

} // namespace fplab::gui
