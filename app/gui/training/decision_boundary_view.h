// The decision boundary: the class the model predicts on a grid over the data's square,
// with the training points drawn on top in their true class's colour.
#pragma once

#include "core/training/datasets.h"
#include "core/training/training_run.h"

#include <QWidget>

namespace fplab::gui {

class DecisionBoundaryView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DecisionBoundaryView)

public:
    explicit DecisionBoundaryView(QWidget* parent = nullptr);
    ~DecisionBoundaryView() override;

    void setData(const training::Dataset& data);
    void setGrid(const training::PredictionGrid& grid);
    const training::PredictionGrid& grid() const { return m_grid; }

    QSize sizeHint() const override { return {420, 420}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    training::Dataset m_data;
    training::PredictionGrid m_grid;
};

} // namespace fplab::gui
