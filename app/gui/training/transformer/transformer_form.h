// The transformer's form in the Training section: the task (addition, with its digits, or a text file chosen with a
// file dialog or typed), the model's shape, the run's numbers and the precision preset (every preset core's
// TransformerPreset offers) with per-operation overrides checked as they are typed, read as a TransformerRunConfig.
// Every edit reaches the settings at once; while a run goes the form is locked.
#pragma once

#include "app/gui/training/transformer/transformer_job.h"

#include <QGroupBox>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace fplab::gui {

class SettingsStore;
class TransformerSettings;

class TransformerForm final : public QGroupBox {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransformerForm)

public:
    explicit TransformerForm(SettingsStore& store, QWidget* parent = nullptr);
    ~TransformerForm() override;

    TransformerRunConfig config() const;
    void setConfig(const TransformerRunConfig& config);
    void setLocked(bool locked);
    TransformerSettings& settings() const { return *m_settings; }
    // The words of a preset (core's machine name for one added to core since).
    static QString presetText(training::TransformerPreset preset);
    // Empty when the configuration's overrides apply to its preset and model, otherwise why not.
    static QString overridesProblem(const TransformerRunConfig& config);
    // The page's title and the accuracy's words for a task.
    static QString taskTitle(TransformerTask task);
    static QString accuracyText(TransformerTask task);
    void retranslate();

    QComboBox* taskCombo() const { return m_task; }
    QLineEdit* textPathEdit() const { return m_textPath; }
    QToolButton* browseButton() const { return m_browse; }
    QComboBox* presetCombo() const { return m_preset; }
    QLineEdit* overridesEdit() const { return m_overrides; }
    QLabel* overridesProblemLabel() const { return m_overridesProblem; }
    QCheckBox* subtractMaxCheck() const { return m_subtractMax; }
    QSpinBox* digitsSpin() const { return m_digits; }
    QSpinBox* layersSpin() const { return m_layers; }
    QSpinBox* headsSpin() const { return m_heads; }
    QSpinBox* dimSpin() const { return m_dim; }
    QSpinBox* contextSpin() const { return m_context; }
    QSpinBox* stepsSpin() const { return m_steps; }
    QSpinBox* batchSpin() const { return m_batch; }
    QDoubleSpinBox* learningRateSpin() const { return m_lr; }
    QSpinBox* seedSpin() const { return m_seed; }

signals:
    void edited();

private:
    void saveEdit();
    void browse();
    void showTask(); // the title and the rows the task uses
    void showOverridesProblem();

    std::unique_ptr<TransformerSettings> m_settings;
    bool m_settingConfig = false;
    bool m_locked = false;
    QFormLayout* m_form;
    QComboBox* m_task;
    QWidget* m_textRow;
    QLineEdit* m_textPath;
    QToolButton* m_browse;
    QComboBox* m_preset;
    QWidget* m_overridesRow;
    QLineEdit* m_overrides;
    QLabel* m_overridesProblem;
    QCheckBox* m_subtractMax;
    QSpinBox* m_digits;
    QSpinBox* m_layers;
    QSpinBox* m_heads;
    QSpinBox* m_dim;
    QSpinBox* m_context;
    QSpinBox* m_steps;
    QSpinBox* m_batch;
    QDoubleSpinBox* m_lr;
    QSpinBox* m_seed;
};

} // namespace fplab::gui
