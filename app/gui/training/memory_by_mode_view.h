// The bytes a configuration holds in each mode of the standard comparison, by category (weights,
// master weights, gradients, optimizer state, activations of one micro-batch), as stacked bars
// (horizontal, so that the modes' names fit beside them).
#pragma once

#include "core/training/mode_memory.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QChartView;
class QLabel;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace fplab::gui {

class MemoryByModeView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryByModeView)

public:
    enum Category { Weights, Master, Gradients, Optimizer, Activations, CategoryCount };

    explicit MemoryByModeView(QWidget* parent = nullptr);
    ~MemoryByModeView() override;

    // One bar per mode, labelled with `modeLabels` (same order).
    void setMemory(const std::vector<training::ModeMemory>& memory, const QStringList& modeLabels);
    void retranslate();

    // For tests.
    QBarSet* barSet(Category category) const { return m_sets[category]; }
    QStringList categories() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();

    QChartView* m_view;
    QLabel* m_note;
    QHorizontalStackedBarSeries* m_series;
    QBarSet* m_sets[CategoryCount];
    QBarCategoryAxis* m_modes;
    QValueAxis* m_bytes;
};

} // namespace fplab::gui
