// The Training section's configuration form: backend, precision mode, data, optimizer and the
// run's numbers, read as a TrainingConfig. The choices carry their enums; the settings keep the
// last configuration. While a run goes the form is locked.
#pragma once

#include "core/training/training_run.h"
#include "gpu/training/training_backend.h"

#include <QGroupBox>

#include <memory>
#include <optional>
#include <string>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;

namespace fplab::gui {

class SettingsStore;
class TrainingSettings;

class TrainingForm final : public QGroupBox {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingForm)

public:
    // Characters the backend, precision, data and optimizer boxes make room for; longer names are elided there
    // (their lists show them whole).
    static constexpr int kComboContentsLength = 14;

    explicit TrainingForm(SettingsStore& store, QWidget* parent = nullptr);
    ~TrainingForm() override;

    training::TrainingConfig config() const;
    void setConfig(const training::TrainingConfig& config);
    // The GPU backend when it is chosen and usable, otherwise the CPU emulator.
    gpu::TrainingBackend backend() const;
    // Why the GPU backend cannot be chosen (empty: it can); unknown until set (the question starts the
    // driver, which no other section needs at start-up).
    void setGpuUnavailable(std::string reason);
    const std::optional<std::string>& gpuUnavailable() const { return m_gpuUnavailable; }
    bool gpuUsable() const { return m_gpuUnavailable && m_gpuUnavailable->empty(); }
    // Locks the form while a run goes; otherwise enables what the chosen mode uses.
    void setLocked(bool locked);
    // Writes the configuration to the settings.
    void save();
    // The stored settings with their validators (session files check values against them).
    const TrainingSettings& settings() const { return *m_settings; }
    void retranslate();

    // The controls.
    QComboBox* backendCombo() const { return m_backend; }
    QComboBox* modeCombo() const { return m_mode; }
    QComboBox* datasetCombo() const { return m_dataset; }
    QComboBox* optimizerCombo() const { return m_optimizer; }
    QComboBox* amaxAlgoCombo() const { return m_amaxAlgo; }
    QSpinBox* stepsSpin() const { return m_steps; }
    QSpinBox* widthSpin() const { return m_width; }
    QSpinBox* depthSpin() const { return m_depth; }
    QSpinBox* batchSpin() const { return m_batch; }
    QSpinBox* amaxHistorySpin() const { return m_amaxHistory; }
    QSpinBox* marginSpin() const { return m_margin; }
    QComboBox* blockRuleCombo() const { return m_blockRule; }
    QSpinBox* outlierStepSpin() const { return m_outlierStep; }
    QCheckBox* masterWeightsCheck() const { return m_master; }

private:
    void fillCombos();
    void updateEnabled();
    void saveEdit();

    std::unique_ptr<TrainingSettings> m_settings;
    std::optional<std::string> m_gpuUnavailable;
    bool m_locked = false;
    bool m_settingConfig = false;
    QFormLayout* m_form;
    QComboBox* m_backend;
    QComboBox* m_mode;
    QComboBox* m_dataset;
    QComboBox* m_optimizer;
    QDoubleSpinBox* m_lr;
    QSpinBox* m_steps;
    QSpinBox* m_width;
    QSpinBox* m_depth;
    QSpinBox* m_batch;
    QSpinBox* m_seed;
    QCheckBox* m_master;
    QSpinBox* m_staticScale;
    QSpinBox* m_initScale;
    QSpinBox* m_interval;
    QSpinBox* m_amaxHistory; // FP8 delayed scaling
    QComboBox* m_amaxAlgo;
    QSpinBox* m_margin;      // per-tensor recipes: 2^margin of headroom above amax
    QComboBox* m_blockRule;  // the block recipe's scale rule
    QSpinBox* m_outlierStep; // the scripted activation outlier (0: none)
};

} // namespace fplab::gui
