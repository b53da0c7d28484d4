// The configuration form: its controls, their words, and the configuration they describe.
#include "app/gui/training/training_form.h"

#include "app/gui/common/enum_combo.h"
#include "app/gui/common/gpu_text.h"
#include "app/gui/common/scale_rule_text.h"
#include "app/gui/training/training_settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QAbstractItemView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include <cmath>

namespace fplab::gui {

using namespace fplab::training;

namespace {

QSpinBox* spin(int lo, int hi, const QString& prefix = {}) {
    auto* s = new QSpinBox;
    s->setRange(lo, hi);
    s->setPrefix(prefix);
    return s;
}

} // namespace

TrainingForm::TrainingForm(SettingsStore& store, QWidget* parent)
    : QGroupBox(parent), m_settings(std::make_unique<TrainingSettings>(store)) {
    m_backend = new QComboBox;
    m_backend->setObjectName(QStringLiteral("trainingBackend"));
    m_mode = new QComboBox;
    m_mode->setObjectName(QStringLiteral("trainingMode"));
    m_dataset = new QComboBox;
    m_optimizer = new QComboBox;
    // As wide as the shorter names, so that the form leaves the tabs their room at 1280x720; a longer name is
    // elided in the box, and the list (fillCombos) is as wide as the longest.
    for (QComboBox* combo : {m_backend, m_mode, m_dataset, m_optimizer}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(kComboContentsLength);
    }
    m_lr = new QDoubleSpinBox;
    m_lr->setDecimals(5);
    m_lr->setRange(0.00001, 10);
    m_lr->setSingleStep(0.001);
    m_steps = spin(1, 100000);
    m_width = spin(2, 512);
    m_depth = spin(1, 8);
    m_batch = spin(1, 1024);
    m_seed = spin(0, 1000000);
    m_master = new QCheckBox;
    m_staticScale = spin(-24, 40, QStringLiteral("2^"));
    m_initScale = spin(-24, 40, QStringLiteral("2^"));
    m_interval = spin(1, 1000000);
    m_amaxHistory = spin(1, 65536);
    m_amaxAlgo = new QComboBox;
    m_margin = spin(0, 32, QStringLiteral("2^"));
    m_blockRule = new QComboBox;
    m_blockRule->setObjectName(QStringLiteral("trainingBlockRule"));
    m_outlierStep = spin(0, 100000);

    m_lr->setValue(m_settings->learningRate.get());
    m_steps->setValue(m_settings->steps.get());
    m_width->setValue(m_settings->width.get());
    m_depth->setValue(m_settings->depth.get());
    m_batch->setValue(m_settings->batch.get());
    m_seed->setValue(m_settings->seed.get());
    m_master->setChecked(m_settings->masterWeights.get());
    m_staticScale->setValue(m_settings->staticScaleExponent.get());
    m_initScale->setValue(m_settings->initScaleExponent.get());
    m_interval->setValue(m_settings->growthInterval.get());
    m_amaxHistory->setValue(m_settings->fp8AmaxHistory.get());
    m_margin->setValue(m_settings->fp8Margin.get());
    m_outlierStep->setValue(m_settings->outlierStep.get());

    m_form = new QFormLayout(this);
    for (QWidget* w : std::initializer_list<QWidget*>{
             m_backend, m_mode, m_dataset, m_optimizer, m_lr, m_steps, m_width, m_depth, m_batch, m_seed, m_master,
             m_staticScale, m_initScale, m_interval, m_amaxHistory, m_amaxAlgo, m_margin, m_blockRule, m_outlierStep})
        m_form->addRow(QStringLiteral("-"), w);

    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] { updateEnabled(); });
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, [this] {
        // Keep the learning rate sensible when switching: Adam 0.01, SGD 0.1 (as fplab-cli train).
        const bool sgd = currentEnum(m_optimizer, OptimizerKind::Adam) == OptimizerKind::Sgd;
        if (sgd && std::abs(m_lr->value() - 0.01) < 1e-12) m_lr->setValue(0.1);
        if (!sgd && std::abs(m_lr->value() - 0.1) < 1e-12) m_lr->setValue(0.01);
    });
    retranslate();
    // Every edit reaches the settings at once, so that an open session shows it as unsaved ([*]).
    for (QComboBox* c : {m_backend, m_mode, m_dataset, m_optimizer, m_amaxAlgo, m_blockRule})
        connect(c, &QComboBox::currentIndexChanged, this, &TrainingForm::saveEdit);
    for (QSpinBox* s : {m_steps, m_width, m_depth, m_batch, m_seed, m_staticScale, m_initScale, m_interval,
                        m_amaxHistory, m_margin, m_outlierStep})
        connect(s, &QSpinBox::valueChanged, this, &TrainingForm::saveEdit);
    connect(m_lr, &QDoubleSpinBox::valueChanged, this, &TrainingForm::saveEdit);
    connect(m_master, &QCheckBox::toggled, this, &TrainingForm::saveEdit);
}

TrainingForm::~TrainingForm() = default;

void TrainingForm::setGpuUnavailable(std::string reason) {
    m_gpuUnavailable = std::move(reason);
    {
        // Emptied, so that fillCombos() takes the saved backend now that it knows whether the GPU can run.
        const QSignalBlocker blocker(m_backend);
        m_backend->clear();
    }
    retranslate();
}

void TrainingForm::fillCombos() {
    const auto keep = [](QComboBox* combo, auto saved) { return currentEnum(combo, saved); };
    const gpu::TrainingBackend backend = keep(m_backend, m_settings->backend.get());
    const TrainingMode mode = keep(m_mode, m_settings->mode.get());
    const DatasetKind data = keep(m_dataset, m_settings->dataset.get());
    const OptimizerKind opt = keep(m_optimizer, m_settings->optimizer.get());
    const AmaxAlgo algo = keep(m_amaxAlgo, m_settings->fp8AmaxAlgo.get());
    const blockscale::ScaleRule rule = keep(m_blockRule, m_settings->fp8BlockRule.get());
    const QSignalBlocker b0(m_backend), b1(m_mode), b2(m_dataset), b3(m_optimizer), b4(m_amaxAlgo), b5(m_blockRule);
    m_backend->clear();
    addEnumItem(m_backend, tr("CPU emulator"), gpu::TrainingBackend::Cpu);
    // The FP8 modes on cuBLASLt have not run on a GPU yet (docs/gpu-results/verified.tsv): the item says so.
    const QString fp8Mark = gpuMeasurementMark("training-fp8-");
    // (Short, so that the form keeps its width; the tooltip says it in full.)
    addEnumItem(m_backend,
                fp8Mark.isEmpty() ? tr("GPU, compared with the CPU emulator")
                                  : tr("GPU vs. CPU (FP8 not yet measured)"),
                gpu::TrainingBackend::Gpu);
    // Without a GPU the choice stays on the emulator (the control is disabled, its tooltip says why).
    selectEnum(m_backend, gpuUsable() ? backend : gpu::TrainingBackend::Cpu);
    m_mode->clear();
    addEnumItem(m_mode, tr("FP32"), TrainingMode::Fp32);
    addEnumItem(m_mode, tr("TF32 matmuls"), TrainingMode::Tf32);
    addEnumItem(m_mode, tr("FP16, no loss scaling"), TrainingMode::Fp16);
    addEnumItem(m_mode, tr("FP16, constant loss scale"), TrainingMode::Fp16Static);
    addEnumItem(m_mode, tr("FP16, dynamic loss scale (GradScaler)"), TrainingMode::Fp16Dynamic);
    addEnumItem(m_mode, tr("BF16"), TrainingMode::Bf16);
    addEnumItem(m_mode, tr("FP8, delayed scaling (Transformer Engine, CPU only)"), TrainingMode::Fp8Delayed);
    addEnumItem(m_mode, tr("FP8, current scaling (CPU only)"), TrainingMode::Fp8Current);
    addEnumItem(m_mode, tr("FP8, block scaling (DeepSeek-V3, CPU only)"), TrainingMode::Fp8Block);
    selectEnum(m_mode, mode);
    m_dataset->clear();
    addEnumItem(m_dataset, tr("Spirals (3 classes)"), DatasetKind::Spirals);
    addEnumItem(m_dataset, tr("Tiny gradients (loss × 2^-20)"), DatasetKind::TinyGrad);
    selectEnum(m_dataset, data);
    m_amaxAlgo->clear();
    addEnumItem(m_amaxAlgo, tr("largest (max)"), AmaxAlgo::Max);
    addEnumItem(m_amaxAlgo, tr("most recent"), AmaxAlgo::MostRecent);
    selectEnum(m_amaxAlgo, algo);
    m_blockRule->clear();
    for (const blockscale::ScaleRule r : fp8BlockRules()) addEnumItem(m_blockRule, scaleRuleText(r), r);
    selectEnum(m_blockRule, rule);
    m_optimizer->clear();
    addEnumItem(m_optimizer, tr("Adam"), OptimizerKind::Adam);
    addEnumItem(m_optimizer, tr("SGD with momentum 0.9"), OptimizerKind::Sgd);
    selectEnum(m_optimizer, opt);
    for (QComboBox* combo : {m_backend, m_mode, m_dataset, m_optimizer})
        combo->view()->setMinimumWidth(combo->view()->sizeHintForColumn(0) + 2 * combo->view()->frameWidth());
}

void TrainingForm::retranslate() {
    fillCombos();
    setTitle(tr("Run"));
    const QString labels[] = {tr("Backend:"),        tr("Precision:"),
                              tr("Data:"),           tr("Optimizer:"),
                              tr("Learning rate:"),  tr("Steps:"),
                              tr("Width:"),          tr("Depth:"),
                              tr("Batch:"),          tr("Seed:"),
                              tr("Master weights:"), tr("Constant scale:"),
                              tr("Initial scale:"),  tr("Growth interval:"),
                              tr("Amax history:"),   tr("Amax from history:"),
                              tr("FP8 margin:"),     tr("FP8 block scale:"),
                              tr("Outlier at step:")};
    for (int row = 0; row < m_form->rowCount() && row < int(std::size(labels)); ++row)
        if (auto* item = m_form->itemAt(row, QFormLayout::LabelRole))
            if (auto* label = qobject_cast<QLabel*>(item->widget())) label->setText(labels[row]);
    m_master->setText(tr("FP32 master weights"));
    m_master->setToolTip(tr("Off: parameters, gradients and optimizer state are kept in the 16-bit type, as with "
                            "model.half(); small updates vanish."));
    m_mode->setToolTip(tr("Which type each operation runs in, as PyTorch autocast gives it on a GPU."));
    m_backend->setToolTip(
        gpuUsable() ? tr("GPU: the same run also steps on the GPU (tensor-core matmuls, FP32 accumulation) and "
                         "each step is compared with the emulator's.")
                    : tr("The GPU backend is not available: %1")
                          .arg(QString::fromStdString(m_gpuUnavailable.value_or(std::string()))));
    m_staticScale->setToolTip(tr("FP16 with a constant scale: the loss is multiplied by this; nothing checks for "
                                 "overflow."));
    m_initScale->setToolTip(tr("The dynamic scaler's first scale (PyTorch: 2^16)."));
    m_interval->setToolTip(tr("Clean steps before the dynamic scale doubles (PyTorch: 2000)."));
    m_amaxHistory->setToolTip(tr("FP8 delayed scaling: how many steps of amax each tensor remembers (Transformer "
                                 "Engine: 1024)."));
    m_amaxAlgo->setToolTip(tr("FP8 delayed scaling: the scale comes from the largest amax of the history, or from "
                              "the most recent one."));
    m_margin->setToolTip(tr("FP8 per-tensor scaling (delayed and current): the scale leaves 2^margin of headroom "
                            "above amax, so values up to 2^margin times the recorded amax still fit (Transformer "
                            "Engine: margin 0)."));
    m_blockRule->setToolTip(tr("FP8 block scaling: how each block's amax becomes its scale: DeepSeek-V3's FP32 "
                               "amax / 448, or a power of two (E8M0) as MXFP8 chooses it; rounding up never "
                               "saturates a block's largest element."));
    m_outlierStep->setToolTip(tr("At this step one input feature becomes 100000: a sudden activation outlier "
                                 "(0: none)."));
    m_outlierStep->setSpecialValueText(tr("none"));
    updateEnabled();
}

void TrainingForm::setLocked(bool locked) {
    m_locked = locked;
    updateEnabled();
}

void TrainingForm::updateEnabled() {
    const bool open = !m_locked;
    const PrecisionPolicy policy = policyFor(currentEnum(m_mode, m_settings->mode.get()));
    for (QWidget* w : std::initializer_list<QWidget*>{m_mode, m_dataset, m_optimizer, m_lr, m_steps, m_width, m_depth,
                                                      m_batch, m_seed, m_outlierStep})
        w->setEnabled(open);
    m_backend->setEnabled(open && gpuUsable());
    m_master->setEnabled(open && policy.autocast());
    m_staticScale->setEnabled(open && policy.scaling == LossScaling::Static);
    m_initScale->setEnabled(open && policy.scaling == LossScaling::Dynamic);
    m_interval->setEnabled(open && policy.scaling == LossScaling::Dynamic);
    m_amaxHistory->setEnabled(open && policy.fp8 == Fp8Recipe::Delayed);
    m_amaxAlgo->setEnabled(open && policy.fp8 == Fp8Recipe::Delayed);
    m_margin->setEnabled(open && (policy.fp8 == Fp8Recipe::Delayed || policy.fp8 == Fp8Recipe::Current));
    m_blockRule->setEnabled(open && policy.fp8 == Fp8Recipe::Block);
}

TrainingConfig TrainingForm::config() const {
    TrainingConfig c;
    c.mode = currentEnum(m_mode, m_settings->mode.get());
    c.dataset = currentEnum(m_dataset, m_settings->dataset.get());
    c.optimizer.kind = currentEnum(m_optimizer, m_settings->optimizer.get());
    c.optimizer.learningRate = float(m_lr->value());
    c.steps = m_steps->value();
    c.model.width = m_width->value();
    c.model.depth = m_depth->value();
    c.batchSize = m_batch->value();
    c.seed = std::uint64_t(m_seed->value());
    c.masterWeights = policyFor(c.mode).autocast() ? m_master->isChecked() : true;
    c.staticScale = float(std::ldexp(1.0, m_staticScale->value()));
    c.scaler.initScale = float(std::ldexp(1.0, m_initScale->value()));
    c.scaler.growthInterval = m_interval->value();
    c.fp8.amaxHistory = m_amaxHistory->value();
    c.fp8.algo = currentEnum(m_amaxAlgo, m_settings->fp8AmaxAlgo.get());
    c.fp8.margin = m_margin->value();
    c.fp8.blockRule = currentEnum(m_blockRule, m_settings->fp8BlockRule.get());
    c.outlierStep = m_outlierStep->value();
    return c;
}

gpu::TrainingBackend TrainingForm::backend() const {
    return gpuUsable() ? currentEnum(m_backend, gpu::TrainingBackend::Cpu) : gpu::TrainingBackend::Cpu;
}

void TrainingForm::saveEdit() {
    if (!m_settingConfig) save();
}

void TrainingForm::setConfig(const TrainingConfig& c) {
    m_settingConfig = true; // one write at the end, not one per control
    selectEnum(m_mode, c.mode);
    selectEnum(m_dataset, c.dataset);
    selectEnum(m_optimizer, c.optimizer.kind);
    m_lr->setValue(c.optimizer.learningRate);
    m_steps->setValue(c.steps);
    m_width->setValue(c.model.width);
    m_depth->setValue(c.model.depth);
    m_batch->setValue(c.batchSize);
    m_seed->setValue(int(c.seed));
    m_master->setChecked(c.masterWeights);
    m_staticScale->setValue(std::ilogb(c.staticScale));
    m_initScale->setValue(std::ilogb(c.scaler.initScale));
    m_interval->setValue(c.scaler.growthInterval);
    m_amaxHistory->setValue(c.fp8.amaxHistory);
    selectEnum(m_amaxAlgo, c.fp8.algo);
    m_margin->setValue(c.fp8.margin);
    selectEnum(m_blockRule, c.fp8.blockRule);
    m_outlierStep->setValue(c.outlierStep);
    m_settingConfig = false;
    updateEnabled();
    save();
}

void TrainingForm::save() {
    if (gpuUsable()) m_settings->backend.set(currentEnum(m_backend, gpu::TrainingBackend::Cpu));
    m_settings->mode.set(currentEnum(m_mode, m_settings->mode.get()));
    m_settings->dataset.set(currentEnum(m_dataset, m_settings->dataset.get()));
    m_settings->optimizer.set(currentEnum(m_optimizer, m_settings->optimizer.get()));
    m_settings->learningRate.set(m_lr->value());
    m_settings->steps.set(m_steps->value());
    m_settings->width.set(m_width->value());
    m_settings->depth.set(m_depth->value());
    m_settings->batch.set(m_batch->value());
    m_settings->seed.set(m_seed->value());
    m_settings->masterWeights.set(m_master->isChecked());
    m_settings->staticScaleExponent.set(m_staticScale->value());
    m_settings->initScaleExponent.set(m_initScale->value());
    m_settings->growthInterval.set(m_interval->value());
    m_settings->fp8AmaxHistory.set(m_amaxHistory->value());
    m_settings->fp8AmaxAlgo.set(currentEnum(m_amaxAlgo, m_settings->fp8AmaxAlgo.get()));
    m_settings->fp8Margin.set(m_margin->value());
    m_settings->fp8BlockRule.set(currentEnum(m_blockRule, m_settings->fp8BlockRule.get()));
    m_settings->outlierStep.set(m_outlierStep->value());
}

} // namespace fplab::gui
