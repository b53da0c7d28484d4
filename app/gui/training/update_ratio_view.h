// One kept run's update-to-weight ratio per parameter tensor over the steps, against the ratios below
// which an update is swamped by the weight's spacing (2^-11 in FP16, 2^-8 in BF16: half an ulp of 1),
// and the fraction of each tensor's updates that vanished (the stored weight did not change).
#pragma once

#include <QWidget>

#include <vector>

class QChartView;
class QComboBox;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace fplab::gui {

class RunStore;

class UpdateRatioView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UpdateRatioView)

public:
    static constexpr double kFp16Swamping = 0x1p-11;
    static constexpr double kBf16Swamping = 0x1p-8;

    explicit UpdateRatioView(RunStore* store, QWidget* parent = nullptr);
    ~UpdateRatioView() override;

    void retranslate();
    // Shows the run in `row` of the store.
    void showRun(int row);

    // The charts' contents (built first if the chosen run or the store changed while hidden).
    QComboBox* runCombo() const { return m_run; }
    const std::vector<QLineSeries*>& ratioSeries() {
        ensureBuilt();
        return m_ratio;
    }
    const std::vector<QLineSeries*>& vanishedSeries() {
        ensureBuilt();
        return m_vanished;
    }
    QLineSeries* fp16Line() {
        ensureBuilt();
        return m_fp16Line;
    }
    QLineSeries* bf16Line() {
        ensureBuilt();
        return m_bf16Line;
    }

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void fillRuns();
    void rebuild();
    // Rebuilds now when shown, else when next shown (a run ending behind another tab costs nothing).
    void rebuildWhenShown();
    void ensureBuilt();
    void restyle();

    RunStore* m_store;
    QComboBox* m_run;
    QLabel* m_note;
    QChartView* m_ratioView;
    QChartView* m_vanishedView;
    QValueAxis* m_ratioX;
    QLogValueAxis* m_ratioY;
    QValueAxis* m_vanishedX;
    QValueAxis* m_vanishedY;
    QLineSeries* m_fp16Line = nullptr;
    QLineSeries* m_bf16Line = nullptr;
    std::vector<QLineSeries*> m_ratio;
    std::vector<QLineSeries*> m_vanished;
    bool m_stale = false;
};

} // namespace fplab::gui
