#include "app/gui/training/transformer/attention_heatmap_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

namespace {

// Cells coloured from the base colour (probability 0) to the highlight colour (1), tokens along both edges.
class HeatmapCanvas final : public QWidget {
public:
    HeatmapCanvas(const std::optional<AttentionExample>& example, const QComboBox* layer, const QComboBox* head)
        : m_example(example), m_layer(layer), m_head(head) {
        setMinimumSize(160, 160);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        if (!m_example || m_example->length == 0 || m_layer->currentIndex() < 0 || m_head->currentIndex() < 0) return;
        const AttentionExample& e = *m_example;
        QPainter painter(this);
        const int margin = fontMetrics().horizontalAdvance(QLatin1Char('0')) * 2 + 4;
        const int n = e.length;
        const int cell = std::max(1, std::min((width() - margin) / n, (height() - margin) / n));
        const QColor low = palette().color(QPalette::Base), high = palette().color(QPalette::Highlight);
        for (int q = 0; q < n; ++q)
            for (int k = 0; k <= q; ++k) {
                const float value = e.at(m_layer->currentIndex(), m_head->currentIndex(), q, k);
                if (!std::isfinite(value)) continue; // a NaN or infinite probability is left blank
                const double p = std::clamp(double(value), 0.0, 1.0);
                const QColor c = QColor::fromRgbF(float(low.redF() + p * (high.redF() - low.redF())),
                                                  float(low.greenF() + p * (high.greenF() - low.greenF())),
                                                  float(low.blueF() + p * (high.blueF() - low.blueF())));
                painter.fillRect(margin + k * cell, margin + q * cell, cell - 1, cell - 1, c);
            }
        painter.setPen(palette().color(QPalette::WindowText));
        for (int i = 0; i < n && i < int(e.text.size()); ++i) {
            const QString token = QString::fromUcs4(&e.text[std::size_t(i)], 1);
            painter.drawText(QRect(margin + i * cell, 0, cell, margin), Qt::AlignCenter, token);
            painter.drawText(QRect(0, margin + i * cell, margin, cell), Qt::AlignCenter, token);
        }
    }

private:
    const std::optional<AttentionExample>& m_example;
    const QComboBox* m_layer;
    const QComboBox* m_head;
};

} // namespace

AttentionHeatmapView::AttentionHeatmapView(QWidget* parent) : QWidget(parent) {
    m_caption = new QLabel;
    m_caption->setWordWrap(true);
    m_layerLabel = new QLabel;
    m_headLabel = new QLabel;
    m_layer = new QComboBox;
    m_head = new QComboBox;
    m_layerLabel->setBuddy(m_layer);
    m_headLabel->setBuddy(m_head);
    m_canvas = new HeatmapCanvas(m_example, m_layer, m_head);
    auto* choices = new QHBoxLayout;
    choices->addWidget(m_layerLabel);
    choices->addWidget(m_layer);
    choices->addWidget(m_headLabel);
    choices->addWidget(m_head);
    choices->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_caption);
    layout->addLayout(choices);
    layout->addWidget(m_canvas, 1);
    for (QComboBox* c : {m_layer, m_head})
        connect(c, &QComboBox::currentIndexChanged, m_canvas, [this] { m_canvas->update(); });
    retranslate();
}

AttentionHeatmapView::~AttentionHeatmapView() = default;

void AttentionHeatmapView::showExample(const std::optional<AttentionExample>& example) {
    m_example = example;
    fillChoices();
    retranslate();
    m_canvas->update();
}

void AttentionHeatmapView::fillChoices() {
    const int layer = std::max(0, m_layer->currentIndex()), head = std::max(0, m_head->currentIndex());
    m_layer->clear();
    m_head->clear();
    if (!m_example) return;
    for (int i = 0; i < m_example->layers; ++i) m_layer->addItem(QString::number(i));
    for (int i = 0; i < m_example->heads; ++i) m_head->addItem(QString::number(i));
    m_layer->setCurrentIndex(std::min(layer, m_layer->count() - 1));
    m_head->setCurrentIndex(std::min(head, m_head->count() - 1));
}

void AttentionHeatmapView::retranslate() {
    m_layerLabel->setText(tr("&Layer"));
    m_headLabel->setText(tr("&Head"));
    m_caption->setText(m_example ? tr("The attention of the held-out example “%1” after the run: row = query, "
                                      "column = key it reads; the stronger the colour, the more probability.")
                                       .arg(QString::fromStdU32String(m_example->text))
                                 : tr("After a run, the attention of one held-out example appears here."));
}

} // namespace fplab::gui
