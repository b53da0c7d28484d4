// One step's gradients by binary exponent, drawn against FP16's window (subnormals from 2^-24,
// normals from 2^-14 to 65504): where the bars fall left of it, FP16 rounds them to zero.
#pragma once

#include "app/gui/training/training_run_data.h"

#include <QWidget>

namespace fplab::gui {

class GradientHistogramView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GradientHistogramView)

public:
    explicit GradientHistogramView(QWidget* parent = nullptr);
    ~GradientHistogramView() override;

    void setStep(const training::StepRecord& record, bool lowIsFp16);
    void clear();
    // The run's last step (nothing when it has none).
    void showRun(const TrainingRunData& run);
    int step() const { return m_hasData ? m_record.step : 0; }
    bool hasData() const { return m_hasData; }
    // The exponents shown (the data's span, widened to include FP16's window).
    int firstExponent() const { return m_first; }
    int lastExponent() const { return m_last; }

    QSize sizeHint() const override { return {600, 320}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    training::StepRecord m_record;
    bool m_hasData = false;
    std::uint64_t m_runId = 0;
    bool m_lowIsFp16 = false;
    int m_first = -30;
    int m_last = 16;
};

} // namespace fplab::gui
