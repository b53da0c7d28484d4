// The Training section: the controls, the run's life cycle (start, pause, step, cancel), and
// every update from the worker turned into the charts, the histogram, the boundary and the tables.
#include "app/gui/training/training_section.h"

#include "app/gui/lessons/lesson_language.h"

#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/glyph_icon.h"
#include "app/gui/training/comparison_table_model.h"
#include "app/gui/training/decision_boundary_view.h"
#include "app/gui/training/gradient_histogram_view.h"
#include "app/gui/training/memory_table_model.h"
#include "app/gui/training/fp8_charts_view.h"
#include "app/gui/training/run_charts_view.h"
#include "app/gui/training/trace_table_model.h"
#include "app/gui/training/training_controller.h"
#include "app/gui/training/training_link.h"
#include "app/gui/training/training_settings.h"
#include "gpu/training/gpu_step_kernels.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

using namespace fplab::training;

namespace {

QString percent(double fraction) { return QString::number(100.0 * fraction, 'f', 1) + QLatin1Char('%'); }

QString powerOfTwoText(double v) {
    int e = 0;
    if (v > 0 && std::frexp(v, &e) == 0.5) return QStringLiteral("2^%1").arg(e - 1);
    return QString::number(v, 'g', 6);
}

} // namespace

TrainingSection::TrainingSection(SectionContext context, QWidget* parent)
    : Section(context, parent), m_settings(std::make_unique<TrainingSettings>(context.settings.store)),
      m_controller(new TrainingController(this)) {
    buildControls();
    fillCombos();
    connect(m_controller, &TrainingController::updated, this, &TrainingSection::onUpdated);
    connect(m_controller, &TrainingController::finished, this, [this] {
        onUpdated();
        updateEnabled();
    });
    retranslateUi();
    updateEnabled();
}

TrainingSection::~TrainingSection() = default;

void TrainingSection::activated() {
    if (m_gpuUnavailable) return;
    m_gpuUnavailable = gpu::gpuTrainingUnavailableReason();
    {
        // Emptied, so that fillCombos() takes the saved backend now that it knows whether the GPU can run.
        const QSignalBlocker blocker(m_backend);
        m_backend->clear();
    }
    retranslateUi();
    updateEnabled();
}

void TrainingSection::buildControls() {
    m_backend = new QComboBox;
    m_backend->setObjectName(QStringLiteral("trainingBackend"));
    m_backend->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_mode = new QComboBox;
    m_mode->setObjectName(QStringLiteral("trainingMode"));
    m_mode->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_dataset = new QComboBox;
    m_optimizer = new QComboBox;
    m_lr = new QDoubleSpinBox;
    m_lr->setDecimals(5);
    m_lr->setRange(0.00001, 10);
    m_lr->setSingleStep(0.001);
    m_steps = new QSpinBox;
    m_steps->setRange(1, 100000);
    m_width = new QSpinBox;
    m_width->setRange(2, 512);
    m_depth = new QSpinBox;
    m_depth->setRange(1, 8);
    m_batch = new QSpinBox;
    m_batch->setRange(1, 1024);
    m_seed = new QSpinBox;
    m_seed->setRange(0, 1000000);
    m_master = new QCheckBox;
    m_staticScale = new QSpinBox;
    m_staticScale->setRange(-24, 40);
    m_staticScale->setPrefix(QStringLiteral("2^"));
    m_initScale = new QSpinBox;
    m_initScale->setRange(-24, 40);
    m_initScale->setPrefix(QStringLiteral("2^"));
    m_interval = new QSpinBox;
    m_interval->setRange(1, 1000000);
    m_amaxHistory = new QSpinBox;
    m_amaxHistory->setRange(1, 65536);
    m_amaxAlgo = new QComboBox;
    m_margin = new QSpinBox;
    m_margin->setRange(0, 32);
    m_margin->setPrefix(QStringLiteral("2^"));
    m_outlierStep = new QSpinBox;
    m_outlierStep->setRange(0, 100000);

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

    m_runBox = new QGroupBox;
    m_form = new QFormLayout(m_runBox);
    for (QWidget* w : std::initializer_list<QWidget*>{m_backend, m_mode, m_dataset, m_optimizer, m_lr, m_steps, m_width,
                                                      m_depth, m_batch, m_seed, m_master, m_staticScale, m_initScale,
                                                      m_interval, m_amaxHistory, m_amaxAlgo, m_margin, m_outlierStep})
        m_form->addRow(QStringLiteral("-"), w);

    m_startAction = new QAction(this);
    m_startAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_pauseAction = new QAction(this);
    m_pauseAction->setShortcut(QKeySequence(Qt::Key_F6));
    m_stepAction = new QAction(this);
    m_stepAction->setShortcut(QKeySequence(Qt::Key_F7));
    m_cancelAction = new QAction(this);
    m_cancelAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    for (QAction* a : {m_startAction, m_pauseAction, m_stepAction, m_cancelAction}) addAction(a);
    connect(m_startAction, &QAction::triggered, this, [this] { startRun(false); });
    connect(m_pauseAction, &QAction::triggered, this, &TrainingSection::togglePause);
    connect(m_stepAction, &QAction::triggered, this, [this] {
        if (m_controller->isRunning()) m_controller->stepOnce();
        else if (startRun(true)) m_controller->stepOnce();
        updateEnabled();
    });
    connect(m_cancelAction, &QAction::triggered, this, [this] { m_controller->cancel(); });

    const auto button = [](QAction* a) {
        auto* b = new QToolButton;
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        return b;
    };
    m_startButton = button(m_startAction);
    m_pauseButton = button(m_pauseAction);
    m_stepButton = button(m_stepAction);
    m_cancelButton = button(m_cancelAction);
    auto* buttons = new QHBoxLayout;
    for (QToolButton* b : {m_startButton, m_pauseButton, m_stepButton, m_cancelButton}) buttons->addWidget(b);

    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("trainingStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addWidget(m_runBox);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_status);
    leftLayout->addWidget(m_summary);
    leftLayout->addStretch(1);

    m_charts = new RunChartsView;
    m_histogram = new GradientHistogramView;
    m_boundary = new DecisionBoundaryView;
    m_traceModel = new TraceTableModel(this);
    m_memoryModel = new MemoryTableModel(this);
    m_traceView = new QTableView;
    m_traceView->setModel(m_traceModel);
    m_traceView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_traceView->verticalHeader()->hide();
    m_traceView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_memoryView = new QTableView;
    m_memoryView->setModel(m_memoryModel);
    m_memoryView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_memoryView->verticalHeader()->hide();
    m_memoryView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_memoryView->setMinimumHeight((fontMetrics().height() + 6) * (MemoryTableModel::RowCount + 1) + 8);
    m_traceNote = new QLabel;
    m_traceNote->setWordWrap(true);
    auto* tensors = new QWidget;
    auto* tensorsLayout = new QVBoxLayout(tensors);
    tensorsLayout->addWidget(m_traceNote);
    tensorsLayout->addWidget(m_traceView, 3);
    tensorsLayout->addWidget(m_memoryView, 1);

    m_comparisonModel = new ComparisonTableModel(this);
    m_comparisonView = new QTableView;
    m_comparisonView->setModel(m_comparisonModel);
    m_comparisonView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_comparisonView->verticalHeader()->hide();
    m_comparisonView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_comparisonNote = new QLabel;
    m_comparisonNote->setObjectName(QStringLiteral("trainingComparison"));
    m_comparisonNote->setWordWrap(true);
    m_comparisonNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* comparison = new QWidget;
    auto* comparisonLayout = new QVBoxLayout(comparison);
    comparisonLayout->addWidget(m_comparisonNote);
    comparisonLayout->addWidget(m_comparisonView, 1);

    m_tabs = new QTabWidget;
    m_tabs->addTab(m_charts, QString());
    m_tabs->addTab(m_histogram, QString());
    m_tabs->addTab(m_boundary, QString());
    m_tabs->addTab(tensors, QString());
    m_tabs->addTab(comparison, QString());
    m_fp8Charts = new Fp8ChartsView;
    m_tabs->addTab(m_fp8Charts, QString());

    auto* splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] { updateEnabled(); });
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, [this] {
        // Keep the learning rate sensible when switching: Adam 0.01, SGD 0.1 (as fplab-cli train).
        const bool sgd = m_optimizer->currentData().toString() == QStringLiteral("sgd");
        if (sgd && std::abs(m_lr->value() - 0.01) < 1e-12) m_lr->setValue(0.1);
        if (!sgd && std::abs(m_lr->value() - 0.1) < 1e-12) m_lr->setValue(0.01);
    });
}

void TrainingSection::fillCombos() {
    const QString backend = m_backend->count() ? m_backend->currentData().toString() : m_settings->backend.get();
    {
        const QSignalBlocker b0(m_backend);
        m_backend->clear();
        m_backend->addItem(tr("CPU emulator"), QStringLiteral("cpu"));
        m_backend->addItem(tr("GPU, compared with the CPU emulator"), QStringLiteral("gpu"));
        // Without a GPU the choice stays on the emulator (the control is disabled, its tooltip says why).
        m_backend->setCurrentIndex(gpuUsable() ? std::max(0, m_backend->findData(backend)) : 0);
    }
    const QString mode = m_mode->count() ? m_mode->currentData().toString() : m_settings->mode.get();
    const QString data = m_dataset->count() ? m_dataset->currentData().toString() : m_settings->dataset.get();
    const QString opt = m_optimizer->count() ? m_optimizer->currentData().toString() : m_settings->optimizer.get();
    const QSignalBlocker b1(m_mode), b2(m_dataset), b3(m_optimizer);
    m_mode->clear();
    m_mode->addItem(tr("FP32"), QStringLiteral("fp32"));
    m_mode->addItem(tr("TF32 matmuls"), QStringLiteral("tf32"));
    m_mode->addItem(tr("FP16, no loss scaling"), QStringLiteral("fp16"));
    m_mode->addItem(tr("FP16, constant loss scale"), QStringLiteral("fp16-static"));
    m_mode->addItem(tr("FP16, dynamic loss scale (GradScaler)"), QStringLiteral("fp16-dynamic"));
    m_mode->addItem(tr("BF16"), QStringLiteral("bf16"));
    m_mode->addItem(tr("FP8, delayed scaling (Transformer Engine, CPU only)"), QStringLiteral("fp8-delayed"));
    m_mode->addItem(tr("FP8, current scaling (CPU only)"), QStringLiteral("fp8-current"));
    m_mode->addItem(tr("FP8, block scaling (DeepSeek-V3, CPU only)"), QStringLiteral("fp8-block"));
    m_dataset->clear();
    m_dataset->addItem(tr("Spirals (3 classes)"), QStringLiteral("spirals"));
    m_dataset->addItem(tr("Tiny gradients (loss × 2^-20)"), QStringLiteral("tiny-grad"));
    {
        const QString algo = m_amaxAlgo->count() ? m_amaxAlgo->currentData().toString() : m_settings->fp8AmaxAlgo.get();
        const QSignalBlocker b4(m_amaxAlgo);
        m_amaxAlgo->clear();
        m_amaxAlgo->addItem(tr("largest (max)"), QStringLiteral("max"));
        m_amaxAlgo->addItem(tr("most recent"), QStringLiteral("most-recent"));
        m_amaxAlgo->setCurrentIndex(std::max(0, m_amaxAlgo->findData(algo)));
    }
    m_optimizer->clear();
    m_optimizer->addItem(tr("Adam"), QStringLiteral("adam"));
    m_optimizer->addItem(tr("SGD with momentum 0.9"), QStringLiteral("sgd"));
    m_mode->setCurrentIndex(std::max(0, m_mode->findData(mode)));
    m_dataset->setCurrentIndex(std::max(0, m_dataset->findData(data)));
    m_optimizer->setCurrentIndex(std::max(0, m_optimizer->findData(opt)));
}

QString TrainingSection::title() const { return tr("Training"); }

QString TrainingSection::toolTipText() const {
    return tr("Train a small network in FP32, TF32, FP16, BF16 or FP8 on the CPU emulator and watch the loss, the "
              "loss scale, skipped steps, the gradients against FP16's range and the FP8 scales.");
}

QIcon TrainingSection::icon() const { return glyphIcon(QStringLiteral("∇"), QColor(0x9c, 0x4a, 0x2b)); }

QList<QAction*> TrainingSection::menuActions() const { return {m_startAction, m_pauseAction, m_stepAction, m_cancelAction}; }

QWidget* TrainingSection::primaryInput() const { return m_mode; }

void TrainingSection::retranslateUi() {
    fillCombos();
    m_runBox->setTitle(tr("Run"));
    const QString labels[] = {tr("Backend:"),   tr("Precision:"), tr("Data:"),      tr("Optimizer:"),    tr("Learning rate:"),
                              tr("Steps:"),     tr("Width:"),     tr("Depth:"),        tr("Batch:"),
                              tr("Seed:"),      tr("Master weights:"), tr("Constant scale:"), tr("Initial scale:"),
                              tr("Growth interval:"), tr("Amax history:"), tr("Amax from history:"),
                              tr("FP8 margin:"), tr("Outlier at step:")};
    for (int row = 0; row < m_form->rowCount() && row < int(std::size(labels)); ++row)
        if (auto* item = m_form->itemAt(row, QFormLayout::LabelRole))
            if (auto* label = qobject_cast<QLabel*>(item->widget())) label->setText(labels[row]);
    m_master->setText(tr("FP32 master weights"));
    m_master->setToolTip(tr("Off: parameters, gradients and optimizer state are kept in the 16-bit type, as with "
                            "model.half(); small updates vanish."));
    m_mode->setToolTip(tr("Which type each operation runs in, as PyTorch autocast gives it on a GPU."));
    m_backend->setToolTip(gpuUsable()
                              ? tr("GPU: the same run also steps on the GPU (tensor-core matmuls, FP32 accumulation) and "
                                   "each step is compared with the emulator's.")
                              : tr("The GPU backend is not available: %1").arg(QString::fromStdString(m_gpuUnavailable.value_or(""))));
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
    m_outlierStep->setToolTip(tr("At this step one input feature becomes 100000: a sudden activation outlier "
                                 "(0: none)."));
    m_outlierStep->setSpecialValueText(tr("none"));
    m_startAction->setText(tr("Start"));
    m_startAction->setToolTip(tr("Start a new run with these settings (F5)"));
    m_stepAction->setText(tr("Step"));
    m_stepAction->setToolTip(tr("One optimizer step, then pause (F7)"));
    m_cancelAction->setText(tr("Cancel"));
    m_cancelAction->setToolTip(tr("Stop the run (Shift+F5)"));
    m_pauseAction->setText(m_controller->isPaused() && m_controller->isRunning() ? tr("Resume") : tr("Pause"));
    m_pauseAction->setToolTip(tr("Pause or resume the run (F6)"));
    m_tabs->setTabText(0, tr("Loss and scale"));
    m_tabs->setTabText(1, tr("Gradients"));
    m_tabs->setTabText(2, tr("Decision boundary"));
    m_tabs->setTabText(3, tr("Tensors and memory"));
    m_tabs->setTabText(4, tr("CPU vs GPU"));
    m_traceModel->setLanguage(lessonLanguage(settings()));
    m_tabs->setTabText(5, tr("FP8 scaling"));
    m_traceNote->setText(tr("The type of every tensor of one training step, in the order the step makes it, and the "
                            "bytes the run holds."));
    m_charts->retranslate();
    m_fp8Charts->retranslate();
    m_histogram->update();
    showState(m_state);
    showComparison();
}

void TrainingSection::updateEnabled() {
    const bool running = m_controller->isRunning();
    const QString mode = m_mode->currentData().toString();
    const PrecisionPolicy policy = policyFor(parseModeName(mode.toStdString()).value_or(TrainingMode::Fp32));
    for (QWidget* w : std::initializer_list<QWidget*>{m_mode, m_dataset, m_optimizer, m_lr, m_steps, m_width, m_depth,
                                                      m_batch, m_seed})
        w->setEnabled(!running);
    m_backend->setEnabled(!running && gpuUsable());
    m_master->setEnabled(!running && policy.autocast());
    m_staticScale->setEnabled(!running && policy.scaling == LossScaling::Static);
    m_initScale->setEnabled(!running && policy.scaling == LossScaling::Dynamic);
    m_interval->setEnabled(!running && policy.scaling == LossScaling::Dynamic);
    m_amaxHistory->setEnabled(!running && policy.fp8 == Fp8Recipe::Delayed);
    m_amaxAlgo->setEnabled(!running && policy.fp8 == Fp8Recipe::Delayed);
    m_margin->setEnabled(!running && (policy.fp8 == Fp8Recipe::Delayed || policy.fp8 == Fp8Recipe::Current));
    m_outlierStep->setEnabled(!running);
    m_startAction->setEnabled(!running);
    m_pauseAction->setEnabled(running);
    m_cancelAction->setEnabled(running);
    m_stepAction->setEnabled(true);
    m_pauseAction->setText(running && m_controller->isPaused() ? tr("Resume") : tr("Pause"));
}

TrainingConfig TrainingSection::configFromControls() const {
    TrainingConfig c;
    c.mode = parseModeName(m_mode->currentData().toString().toStdString()).value_or(TrainingMode::Fp32);
    c.dataset = parseDatasetName(m_dataset->currentData().toString().toStdString()).value_or(DatasetKind::Spirals);
    c.optimizer.kind = parseOptimizerName(m_optimizer->currentData().toString().toStdString()).value_or(OptimizerKind::Adam);
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
    c.fp8.algo = parseAmaxAlgoName(m_amaxAlgo->currentData().toString().toStdString()).value_or(AmaxAlgo::Max);
    c.fp8.margin = m_margin->value();
    c.outlierStep = m_outlierStep->value();
    return c;
}

bool TrainingSection::gpuChosen() const {
    return gpuUsable() && m_backend->currentData().toString() == QStringLiteral("gpu");
}

void TrainingSection::saveState() {
    if (gpuUsable()) m_settings->backend.set(m_backend->currentData().toString());
    m_settings->mode.set(m_mode->currentData().toString());
    m_settings->dataset.set(m_dataset->currentData().toString());
    m_settings->optimizer.set(m_optimizer->currentData().toString());
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
    m_settings->fp8AmaxAlgo.set(m_amaxAlgo->currentData().toString());
    m_settings->fp8Margin.set(m_margin->value());
    m_settings->outlierStep.set(m_outlierStep->value());
}

bool TrainingSection::startRun(bool paused) {
    QString error;
    const TrainingConfig config = configFromControls();
    if (!m_controller->start(config, paused, &error, gpuChosen())) {
        emit statusMessage(error, 6000);
        m_status->setText(error);
        return false;
    }
    saveState();
    const TrainingSetup& s = m_controller->setup();
    beginShowing(s.config, s.data, s.trace, s.memory);
    m_shownOnGpu = s.onGpu;
    m_tolerance = s.tolerance;
    showComparison();
    updateEnabled();
    return true;
}

void TrainingSection::beginShowing(const TrainingConfig& config, const Dataset& data, std::vector<TraceEntry> trace,
                                   const MemoryReport& memory) {
    m_shownConfig = config;
    m_shownPolicy = policyFor(config.mode, config.masterWeights);
    m_stepsShown = 0;
    m_skipped = 0;
    m_last.reset();
    m_evaluation.reset();
    m_state = {};
    m_state.totalSteps = config.steps;
    m_charts->clear(config.steps);
    const bool fp8 = m_shownPolicy.fp8Gemms();
    m_fp8Charts->clear(fp8 ? ToyModel({data.inputs, data.classes, config.model.width, config.model.depth, config.model.bias}, 1)
                                 .fp8TensorNames()
                           : std::vector<std::string>{},
                       config.steps);
    m_tabs->setTabEnabled(5, fp8);
    m_histogram->clear();
    m_boundary->setData(data);
    m_traceModel->setTrace(std::move(trace));
    m_memoryModel->setReport(memory);
    m_comparisonModel->clear();
    m_shownOnGpu = false;
    m_gpuState.reset();
    m_ended = false;
    showState(m_state);
    showComparison();
}

void TrainingSection::onUpdated() {
    TrainingUpdate update = m_controller->takeUpdate();
    applyUpdate(update);
    updateEnabled();
}

void TrainingSection::applyUpdate(TrainingUpdate& update) {
    if (!update.steps.empty()) {
        for (const StepRecord& r : update.steps) m_skipped += r.skipped ? 1 : 0;
        m_charts->append(update.steps);
        m_stepsShown += int(update.steps.size());
        m_last = update.steps.back();
        m_histogram->setStep(*m_last, m_shownPolicy.lowType == DType::Float16);
    }
    if (m_shownPolicy.fp8Gemms()) m_fp8Charts->append(update.steps, update.bf16Loss);
    if (update.grid) m_boundary->setGrid(*update.grid);
    if (update.evaluation) m_evaluation = update.evaluation;
    m_comparisonModel->append(update.comparisons);
    if (update.gpuState) m_gpuState = update.gpuState;
    m_ended = m_ended || update.ended;
    showState(update.state);
    if (m_shownOnGpu) showComparison();
}

void TrainingSection::showComparison() {
    if (!m_shownOnGpu) {
        m_comparisonNote->setText(gpuUsable()
                                      ? tr("Choose the GPU backend and start a run: it then also runs on the GPU, and "
                                           "every step is compared with the CPU emulator here.")
                                      : tr("No comparison: the GPU backend is not available (%1).")
                                            .arg(QString::fromStdString(m_gpuUnavailable.value_or(""))));
        return;
    }
    const RunState gpu = m_gpuState.value_or(RunState{});
    const RunComparison r = summarizeComparison(m_comparisonModel->steps(), m_state.stepsDone, m_state.status,
                                                gpu.stepsDone, gpu.status, m_tolerance);
    QString text = tr("Tolerance (relative): loss %1, weights %2, judged over the first %3 steps; the scale and the "
                      "skipped steps must match.")
                       .arg(m_tolerance.loss)
                       .arg(m_tolerance.weights)
                       .arg(m_tolerance.judgedSteps);
    if (m_tolerance.fp8 > 0)
        text += QLatin1Char('\n') + tr("FP8 casts: each operand's amax and scale within %1 (relative).").arg(m_tolerance.fp8);
    // The verdict and the GPU run's own explanation come from core and gpu/ (English).
    if (m_ended) text += QLatin1Char('\n') + tr("Verdict: %1").arg(QString::fromStdString(r.verdict()));
    else text += QLatin1Char('\n') + tr("%1 steps compared, %2 outside the tolerance so far.")
                                      .arg(r.steps.size())
                                      .arg(std::count_if(r.steps.begin(), r.steps.end(), [](const StepComparison& s) {
                                          return s.judged && !s.agrees();
                                      }));
    if ((gpu.status == RunStatus::Cancelled || gpu.status == RunStatus::Failed) && !gpu.message.empty())
        text += QLatin1Char('\n') + tr("GPU run: %1").arg(QString::fromStdString(gpu.message));
    m_comparisonNote->setText(text);
}

void TrainingSection::showState(const RunState& state) {
    m_state = state;
    QString status;
    switch (state.status) {
    case RunStatus::Ready: status = m_stepsShown == 0 && !m_controller->isRunning() ? tr("Choose the settings and press Start.")
                                                                                     : tr("Ready."); break;
    case RunStatus::Running: status = m_controller->isPaused() ? tr("Paused.") : tr("Running."); break;
    case RunStatus::Finished: status = tr("Finished."); break;
    case RunStatus::Diverged: status = tr("Diverged."); break;
    case RunStatus::ScaleCollapsed: status = tr("The loss scale collapsed."); break;
    case RunStatus::Cancelled: status = tr("Cancelled."); break;
    case RunStatus::Invalid: status = tr("Refused."); break;
    case RunStatus::Failed: status = tr("Failed."); break;
    }
    if (state.totalSteps > 0 && (m_stepsShown > 0 || m_controller->isRunning()))
        status += QLatin1Char(' ') + tr("Step %1 of %2.").arg(state.stepsDone).arg(state.totalSteps);
    // The run's own explanation (English, from core) when it ended early.
    if (state.status == RunStatus::Diverged || state.status == RunStatus::ScaleCollapsed || state.status == RunStatus::Invalid ||
        state.status == RunStatus::Failed)
        status += QLatin1Char('\n') + QString::fromStdString(state.message);
    m_status->setText(status);

    QStringList lines;
    if (m_last) {
        lines << tr("Last step: loss %1, scale %2%3.")
                     .arg(double(m_last->loss), 0, 'g', 6)
                     .arg(powerOfTwoText(m_last->scale))
                     .arg(m_last->skipped ? tr(" (skipped: inf/NaN gradients)") : QString());
        lines << tr("Skipped steps: %1.").arg(m_skipped);
        lines << (m_shownPolicy.lowType == DType::Float16 ? tr("Nonzero gradients rounded to zero in FP16: %1.")
                                                          : tr("Nonzero gradients FP16 would round to zero: %1."))
                     .arg(percent(m_last->window.underflowFraction()));
        if (m_last->updatesAttempted > 0)
            lines << tr("Weight updates rounded away: %1.").arg(percent(m_last->vanishedFraction()));
    }
    if (m_evaluation)
        lines << tr("All data: loss %1, accuracy %2.").arg(double(m_evaluation->loss), 0, 'g', 6).arg(percent(m_evaluation->accuracy));
    m_summary->setText(lines.join(QLatin1Char('\n')));
}

void TrainingSection::togglePause() {
    if (!m_controller->isRunning()) return;
    if (m_controller->isPaused()) m_controller->resume();
    else m_controller->pause();
    updateEnabled();
    showState(m_state);
}

void TrainingSection::setControls(const TrainingConfig& c) {
    const auto select = [](QComboBox* combo, std::string_view data) {
        combo->setCurrentIndex(std::max(0, combo->findData(QString::fromLatin1(data.data(), qsizetype(data.size())))));
    };
    select(m_mode, modeName(c.mode));
    select(m_dataset, datasetName(c.dataset));
    select(m_optimizer, optimizerName(c.optimizer.kind));
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
    select(m_amaxAlgo, amaxAlgoName(c.fp8.algo));
    m_margin->setValue(c.fp8.margin);
    m_outlierStep->setValue(c.outlierStep);
    updateEnabled();
}

bool TrainingSection::applyConfig(const TrainingConfig& config) {
    if (m_controller->isRunning()) {
        emit statusMessage(tr("A run is in progress: cancel it before taking other settings."), 6000);
        return false;
    }
    setControls(config);
    return true;
}

bool TrainingSection::openLink(const QUrlQuery& query) {
    if (query.isEmpty()) return true;
    QString error;
    const std::optional<TrainingConfig> config = trainingConfigFromLink(configFromControls(), query, error);
    if (!config) {
        emit statusMessage(tr("The link's training settings cannot be used: %1").arg(error), 0);
        return false;
    }
    return applyConfig(*config);
}

void TrainingSection::showCompletedRun(const TrainingConfig& config) {
    if (!m_controller->isRunning()) setControls(config);
    TrainingRun run(config);
    beginShowing(run.config(), run.dataset(), run.dtypeTrace(), run.memory());
    TrainingUpdate update;
    while (const StepRecord* r = run.step()) update.steps.push_back(*r);
    if (run.policy().fp8Gemms()) {
        TrainingConfig reference = config;
        reference.mode = TrainingMode::Bf16;
        reference.collectStats = false;
        TrainingRun bf16(reference);
        while (const StepRecord* r = bf16.step()) update.bf16Loss.push_back({r->step, r->loss});
    }
    update.state = run.state();
    update.evaluation = run.evaluate();
    update.grid = run.predictionGrid(TrainingController::kGridSize, TrainingController::kGridSize);
    update.ended = true;
    applyUpdate(update);
}

QStringList TrainingSection::screenshotNames() const {
    return {QStringLiteral("training"), QStringLiteral("training-gradients"), QStringLiteral("training-boundary"),
            QStringLiteral("training-tensors"), QStringLiteral("training-fp8")};
}

void TrainingSection::prepareScreenshot(const QString& name) {
    TrainingConfig c;
    c.mode = TrainingMode::Fp16Dynamic;
    c.steps = 300;
    if (name == QStringLiteral("training-gradients")) {
        c.mode = TrainingMode::Fp16;
        c.dataset = DatasetKind::TinyGrad;
        c.steps = 100;
    }
    if (name == QStringLiteral("training-fp8")) {
        // Delayed scaling with a 1024-step amax history and an activation outlier at step 100.
        c.mode = TrainingMode::Fp8Delayed;
        c.outlierStep = 100;
    }
    showCompletedRun(c);
    if (name == QStringLiteral("training")) m_tabs->setCurrentIndex(0);
    else if (name == QStringLiteral("training-gradients")) m_tabs->setCurrentIndex(1);
    else if (name == QStringLiteral("training-boundary")) m_tabs->setCurrentIndex(2);
    else if (name == QStringLiteral("training-fp8")) m_tabs->setCurrentIndex(m_tabs->indexOf(m_fp8Charts));
    else m_tabs->setCurrentIndex(3);
}

} // namespace fplab::gui
