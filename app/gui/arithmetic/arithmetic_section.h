// Arithmetic: a op b, fma and sqrt and conversions in any format and rounding mode, stepped
// through the core's trace, with stochastic rounding's odds and every format side by side.
#pragma once

#include "app/gui/common/steps/operation.h"
#include "app/gui/common/steps/operation_steps.h"
#include "app/gui/shell/section.h"

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;
class QToolButton;

namespace fplab::gui {

class OperationTableModel;
class StepView;

class ArithmeticSection final : public Section {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ArithmeticSection)

public:
    explicit ArithmeticSection(SectionContext context, QWidget* parent = nullptr);
    ~ArithmeticSection() override;

    QString id() const override { return QStringLiteral("arithmetic"); }
    QString title() const override;
    QString toolTipText() const override;
    QIcon icon() const override;
    QList<QAction*> menuActions() const override;
    QWidget* primaryInput() const override;
    void deactivated() override;
    void saveState() override;
    // Session files; defined in arithmetic_session.cpp.
    void saveSession(QJsonObject& out) const override;
    QStringList restoreSession(const QJsonObject& in) override;
    QStringList screenshotNames() const override;
    void prepareScreenshot(const QString& name) override;

    // For tests.
    void setOperation(Operation kind);
    void setFormatName(const QString& name);
    void setTargetName(const QString& name);
    void setRounding(RoundingMode mode);
    void setOperandText(int index, const QString& text);
    // A "section:arithmetic?format=NAME&bits=0x..." link: that format, the value as operand a; with "op" (an
    // operationLink) that operation on its operands, from the first step.
    bool openLink(const QUrlQuery& query) override;
    const OperationOutcome& outcome() const { return m_outcome; }
    const std::vector<Step>& steps() const { return m_steps; }
    int currentStep() const { return m_step; }
    void goToStep(int index);
    void nextStep();
    void previousStep();
    bool isPlaying() const;
    OperationTableModel* tableModel() const { return m_model; }
    StepView* stepView() const { return m_view; }
    QLabel* resultLabel() const { return m_result; }

protected:
    void retranslateUi() override;

private:
    void buildUi();
    bool openOperationLink(const QUrlQuery& query);
    void buildActions();
    void recompute();
    void showStep();
    void updateOperandFields();
    void updateStochasticPanel();
    void togglePlay();
    OperationInput currentInput() const;
    RoundingMode currentRounding() const;

    Operation m_kind = Operation::Add;
    OperationOutcome m_outcome;
    std::vector<Step> m_steps;
    int m_step = 0;
    std::uint64_t m_seed = 1;

    QLabel* m_operationLabel = nullptr;
    QComboBox* m_operation = nullptr;
    QLabel* m_formatLabel = nullptr;
    QComboBox* m_format = nullptr;
    QLabel* m_targetLabel = nullptr;
    QComboBox* m_target = nullptr;
    QLabel* m_roundingLabel = nullptr;
    QComboBox* m_rounding = nullptr;
    QCheckBox* m_saturate = nullptr;
    QCheckBox* m_tininess = nullptr;
    QLabel* m_operandLabels[3] = {};
    QLineEdit* m_operands[3] = {};
    QLabel* m_result = nullptr;
    QListWidget* m_stepList = nullptr;
    StepView* m_view = nullptr;
    QToolButton* m_backButton = nullptr;
    QToolButton* m_nextButton = nullptr;
    QToolButton* m_playButton = nullptr;
    QLabel* m_stochastic = nullptr;
    QPushButton* m_redraw = nullptr;
    QWidget* m_stochasticPanel = nullptr;
    QLabel* m_tableTitle = nullptr;
    QTableView* m_table = nullptr;
    OperationTableModel* m_model = nullptr;
    QSplitter* m_splitter = nullptr;
    QTimer* m_timer = nullptr;

    QAction* m_next = nullptr;
    QAction* m_back = nullptr;
    QAction* m_first = nullptr;
    QAction* m_last = nullptr;
    QAction* m_play = nullptr;
    QAction* m_draw = nullptr;
    QAction* m_swap = nullptr;
};

} // namespace fplab::gui
