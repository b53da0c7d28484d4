// The transformer's form in the Training section: the addition task's digits, the model's shape, the run's
// numbers and the precision preset (every preset core's TransformerPreset offers), read as a TransformerRunConfig.
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
class QSpinBox;

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
    void retranslate();

    QComboBox* presetCombo() const { return m_preset; }
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

    std::unique_ptr<TransformerSettings> m_settings;
    bool m_settingConfig = false;
    QFormLayout* m_form;
    QComboBox* m_preset;
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
