#include "app/gui/training/memory_by_mode_view.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/training/run_store.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QLabel>
#include <QLegend>
#include <QLocale>
#include <QHorizontalStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <iterator>

namespace fplab::gui {

using namespace fplab::training;

MemoryByModeView::MemoryByModeView(QWidget* parent) : QWidget(parent) {
    m_note = new QLabel;
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::RichText);
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
    // Horizontal bars, numbered beside them (the note names each number).
    chart->addAxis(m_modes, Qt::AlignLeft);
    chart->addAxis(m_bytes, Qt::AlignBottom);
    m_series->attachAxis(m_modes);
    m_series->attachAxis(m_bytes);
    chart->legend()->hide(); // the key is in the note (an exported chart shows the legend: chart_export.cpp)
    connect(m_series, &QHorizontalStackedBarSeries::hovered, this, [this](bool on, int index, QBarSet* set) {
        const int category = int(std::find(std::begin(m_sets), std::end(m_sets), set) - std::begin(m_sets));
        if (on && category < CategoryCount)
            QToolTip::showText(QCursor::pos(), toolTipFor(Category(category), index), m_view);
        else QToolTip::hideText();
    });
    retranslate();
    restyle();
}

MemoryByModeView::~MemoryByModeView() = default;

QStringList MemoryByModeView::categories() const { return m_modes->categories(); }

void MemoryByModeView::setMemory(const std::vector<ModeMemory>& memory, const QStringList& labels, bool keptRuns) {
    m_memory = memory;
    m_labels = labels;
    m_keptRuns = keptRuns;
    for (QBarSet* set : m_sets) set->remove(0, set->count());
    m_modes->clear();
    QStringList numbers;
    double highest = 1;
    for (std::size_t i = 0; i < memory.size(); ++i) {
        const MemoryReport& b = memory[i].bytes;
        const std::int64_t values[CategoryCount] = {b.weights,   b.master,       b.gradients,
                                                    b.optimizer, b.weightCopies, b.activations};
        for (int c = 0; c < CategoryCount; ++c) m_sets[c]->append(double(values[c]));
        highest = std::max(highest, double(b.total()));
        numbers << QString::number(i + 1);
    }
    m_modes->append(numbers);
    m_bytes->setRange(0, highest * 1.1);
    m_bytes->applyNiceNumbers();
    showNote();
}

QString MemoryByModeView::categoryName(Category category) const {
    switch (category) {
    case Weights: return tr("weights");
    case Master: return tr("master weights");
    case Gradients: return tr("gradients");
    case Optimizer: return tr("optimizer state");
    case WeightCopies: return tr("low-precision weight copies");
    case Activations: return tr("activations");
    case CategoryCount: break;
    }
    return {};
}

QString MemoryByModeView::toolTipFor(Category category, int index) const {
    if (index < 0 || std::size_t(index) >= m_memory.size()) return {};
    const MemoryReport& b = m_memory[std::size_t(index)].bytes;
    const std::int64_t values[CategoryCount] = {b.weights,   b.master,       b.gradients,
                                                b.optimizer, b.weightCopies, b.activations};
    const QString bytes = QLocale().toString(qlonglong(values[category]));
    const QString name = index < m_labels.size() ? m_labels[index] : QString();
    if (category == WeightCopies || category == Activations)
        return tr("%1, %2: %3 bytes for one micro-batch, from the forward pass to the backward pass")
            .arg(name, categoryName(category), bytes);
    return tr("%1, %2: %3 bytes, %4 per parameter (static)")
        .arg(name, categoryName(category), bytes,
             b.parameters ? QString::number(double(values[category]) / double(b.parameters), 'g', 4) : QString());
}

QString MemoryByModeView::note() const { return m_note->text(); }

void MemoryByModeView::showNote() {
    QString text = m_keptRuns ? tr("The kept runs' settings, each as a GPU would hold them.")
                              : tr("No run is kept yet: the current settings in each mode of the comparison, as a GPU "
                                   "would hold them.");
    text += QLatin1Char(' ') + tr("Static memory (weights, master weights, gradients, optimizer state) stays from "
                                  "step to step; with Adam it is 16 bytes per parameter in FP32 and in mixed precision "
                                  "(float32 master weights and gradients). One micro-batch adds the activations saved "
                                  "for the backward pass, 16-bit only where autocast casts them (the linear layers' "
                                  "inputs; LayerNorm and the loss stay float32), and the low-precision copies of the "
                                  "weights the forward pass makes.");
    // Whether mixed precision saves memory here: the halved activations against the copies.
    const auto fp32 = std::find_if(m_memory.begin(), m_memory.end(),
                                   [](const ModeMemory& m) { return m.mode == TrainingMode::Fp32; });
    const auto mixed = std::find_if(m_memory.begin(), m_memory.end(),
                                    [](const ModeMemory& m) { return m.bytes.weightCopies > 0; });
    if (fp32 != m_memory.end() && mixed != m_memory.end()) {
        const qlonglong saved = fp32->bytes.activations - mixed->bytes.activations;
        const qlonglong copies = mixed->bytes.weightCopies;
        text += QLatin1Char(' ') +
                (saved >= copies
                     ? tr("Here the smaller activations save %1 bytes, more than the copies cost (%2 bytes).")
                     : tr("Here the smaller activations save %1 bytes, less than the copies cost (%2 bytes): this "
                          "model "
                          "is small and its batch short; a larger batch saves more."))
                    .arg(QLocale().toString(saved), QLocale().toString(copies));
    }
    // The key and each bar's total in the note, which wraps: six names did not fit the chart's legend.
    QString key;
    const QPalette pal = palette();
    for (int c = 0; c < CategoryCount; ++c)
        key += QStringLiteral("<span style=\"color:%1\">■</span> %2&nbsp;&nbsp; ")
                   .arg(runColor(c, pal).name(), categoryName(Category(c)).toHtmlEscaped());
    QStringList totals;
    for (std::size_t i = 0; i < m_memory.size(); ++i)
        totals << tr("%1. %2: %3 bytes")
                      .arg(QString::number(i + 1),
                           (qsizetype(i) < m_labels.size() ? m_labels[qsizetype(i)] : QString()).toHtmlEscaped(),
                           QLocale().toString(qlonglong(m_memory[i].bytes.total())));
    m_note->setText(text.toHtmlEscaped() + QStringLiteral("<br>") + key +
                    (totals.isEmpty()
                         ? QString()
                         : QStringLiteral("<br>") + tr("Totals: %1.").arg(totals.join(QStringLiteral("; ")))));
}

void MemoryByModeView::retranslate() {
    m_view->chart()->setTitle(tr("Memory by category and mode (bytes)"));
    for (int c = 0; c < CategoryCount; ++c) m_sets[c]->setLabel(categoryName(Category(c)));
    showNote();
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
    showNote(); // its colour key
}

} // namespace fplab::gui
