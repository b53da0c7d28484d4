// The decision boundary: the class the model predicts on a grid over the data's square,
// with the training points drawn on top in their true class's colour.
#pragma once

#include "app/gui/training/training_run_data.h"

#include <QWidget>

namespace fplab::gui {

class DecisionBoundaryView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DecisionBoundaryView)

public:
    explicit DecisionBoundaryView(QWidget* parent = nullptr);
    ~DecisionBoundaryView() override;

    // The run's data and its latest grid.
    void showRun(const TrainingRunData& run);
    void setData(const training::Dataset& data);
    void setGrid(const training::PredictionGrid& grid);
    const training::PredictionGrid& grid() const { return m_grid; }

    QSize sizeHint() const override { return {420, 420}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    training::Dataset m_data;
    training::PredictionGrid m_grid;
    std::uint64_t m_runId = 0;
    int m_gridSerial = 0;
};

} // namespace fplab::gui
