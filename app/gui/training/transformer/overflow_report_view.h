// The transformer run's first overflow or invalid operation (core's OverflowReport): the step, pass, layer,
// tensor, operation, element, the operands' bits and the result; that operation step by step below it (the
// Arithmetic section's StepView), and a button that opens the Arithmetic section on it.
#pragma once

#include "core/training/transformer/emulated_ops.h"

#include <QUrl>
#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;

namespace fplab::gui {

class OverflowStepsView;

// The Arithmetic link of a report: its operation on its operands (a cast: the conversion from FP32; a function
// the core does not have: the rounding of its FP64 value to the format); nothing when the report has no operands
// (a matmul operand's cast, or a dot product the host computed whose sum alone is known).
std::optional<QUrl> overflowArithmeticLink(const training::OverflowReport& report);

class OverflowReportView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OverflowReportView)

public:
    explicit OverflowReportView(QWidget* parent = nullptr);
    ~OverflowReportView() override;

    // No report: the run raised neither overflow nor invalid (so far, or `ran` false: no run yet). `skipped`: the
    // loss scaler skipped that step and the run went on.
    void showReport(const std::optional<training::OverflowReport>& report, int step, bool ran, bool skipped = false);
    QLabel* reportLabel() const { return m_report; }
    QPushButton* arithmeticButton() const { return m_open; }
    OverflowStepsView* stepsView() const { return m_steps; }
    void retranslate();

private:
    void refresh();
    void openInArithmetic();

    std::optional<training::OverflowReport> m_shown;
    int m_step = 0;
    bool m_ran = false;
    bool m_skipped = false;
    QLabel* m_report;
    QLabel* m_note;
    QPushButton* m_open;
    OverflowStepsView* m_steps;
};

} // namespace fplab::gui
