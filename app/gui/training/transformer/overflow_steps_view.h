// The first overflow's operation step by step inside the Training page: the Arithmetic section's StepView, filled
// with the operation the report's Arithmetic link carries (overflowArithmeticLink: the same operation, format,
// operands and round-to-nearest-even), with Back and Next through its steps, from the first.
#pragma once

#include "app/gui/common/steps/operation.h"
#include "app/gui/common/steps/operation_steps.h"

#include <QUrl>
#include <QWidget>

#include <optional>
#include <vector>

class QPushButton;

namespace fplab::gui {

class StepView;

class OverflowStepsView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OverflowStepsView)

public:
    explicit OverflowStepsView(QWidget* parent = nullptr);
    ~OverflowStepsView() override;

    // The operation of an Arithmetic link (nothing: hidden).
    void showOperation(const std::optional<QUrl>& link);
    const std::vector<Step>& steps() const { return m_steps; }
    const OperationOutcome& outcome() const { return m_outcome; }
    int currentStep() const { return m_step; }
    void goToStep(int index);
    StepView* stepView() const { return m_view; }
    QPushButton* nextButton() const { return m_next; }
    QPushButton* backButton() const { return m_back; }
    void retranslate();

private:
    void rebuild();
    void showStep();

    std::optional<QUrl> m_link;
    OperationOutcome m_outcome;
    std::vector<Step> m_steps;
    int m_step = 0;
    StepView* m_view;
    QPushButton* m_back;
    QPushButton* m_next;
};

} // namespace fplab::gui
