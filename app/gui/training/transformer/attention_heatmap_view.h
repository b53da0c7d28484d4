// The attention of one held-out example after a transformer run: for a chosen layer and head, each query's
// probabilities over the keys it may read (causal), as a heat map with the example's tokens along both axes.
#pragma once

#include "app/gui/training/transformer/transformer_job.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;

namespace fplab::gui {

class AttentionHeatmapView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttentionHeatmapView)

public:
    explicit AttentionHeatmapView(QWidget* parent = nullptr);
    ~AttentionHeatmapView() override;

    void showExample(const std::optional<AttentionExample>& example);
    const std::optional<AttentionExample>& example() const { return m_example; }
    QComboBox* layerCombo() const { return m_layer; }
    QComboBox* headCombo() const { return m_head; }
    void retranslate();

private:
    void fillChoices();

    std::optional<AttentionExample> m_example;
    QLabel* m_caption;
    QLabel* m_layerLabel;
    QLabel* m_headLabel;
    QComboBox* m_layer;
    QComboBox* m_head;
    QWidget* m_canvas;
};

} // namespace fplab::gui
