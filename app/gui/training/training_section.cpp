// The Training section: the form and the run controls on the left, one tab per view on the right.
#include "app/gui/training/training_section.h"

#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/settings.h"
#include "app/gui/shell/glyph_icon.h"
#include "app/gui/shell/language.h"
#include "app/gui/training/compare_runs_tab.h"
#include "app/gui/training/compare_charts_view.h"
#include "app/gui/training/comparison_view.h"
#include "app/gui/training/decision_boundary_view.h"
#include "app/gui/training/fp8_charts_view.h"
#include "app/gui/training/gradient_histogram_view.h"
#include "app/gui/training/run_all_modes.h"
#include "app/gui/training/run_charts_view.h"
#include "app/gui/training/run_store.h"
#include "app/gui/training/run_controls.h"
#include "app/gui/training/tensors_view.h"
#include "app/gui/training/trace_table_model.h"
#include "app/gui/training/training_form.h"
#include "app/gui/training/training_controller.h"
#include "app/gui/training/training_link.h"
#include "app/gui/training/transformer/transformer_form.h"
#include "app/gui/training/transformer/transformer_panel.h"
#include "app/gui/training/transformer/transformer_settings.h"
#include "app/gui/common/enum_combo.h"
#include "core/training/mode_memory.h"
#include "gpu/training/gpu_step_kernels.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QEvent>
#include <QJsonObject>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::training;

TrainingSection::TrainingSection(SectionContext context, QWidget* parent) : Section(context, parent) {
    m_form = new TrainingForm(context.settings.store);
    m_controls = new RunControls(m_form);
    m_runAll = new RunAllModes(m_form, m_controls, this);
    addActions(m_controls->actions());
    addAction(m_runAll->action());
    connect(m_controls, &RunControls::runChanged, this, &TrainingSection::showRun);
    connect(m_controls, &RunControls::statusMessage, this, &Section::statusMessage);

    auto* form = new QWidget;
    auto* formLayout = new QVBoxLayout(form);
    formLayout->addWidget(m_form);
    formLayout->addStretch(1);
    // Its own height, whatever room the scroll area has (a run's longer status must not squeeze it).
    m_form->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    // The form is taller than a 720-pixel screen leaves: it scrolls up and down, never sideways, with its scroll
    // bar always there, so that the form does not move when a run's status takes more room. The run controls,
    // status and summary stay in sight below it.
    m_formScroll = new QScrollArea;
    m_formScroll->setObjectName(QStringLiteral("trainingFormScroll"));
    m_formScroll->setWidget(form);
    m_formScroll->setWidgetResizable(true);
    m_formScroll->setFrameShape(QFrame::NoFrame);
    m_formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_formScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_formScroll, 1);
    leftLayout->addWidget(m_controls);

    m_charts = new RunChartsView;
    m_histogram = new GradientHistogramView;
    m_boundary = new DecisionBoundaryView;
    m_tensors = new TensorsView;
    m_comparison = new ComparisonView;
    m_fp8Charts = new Fp8ChartsView;
    m_compare = new CompareRunsTab(m_form);
    m_tabs = new QTabWidget;
    // Every tab in the bar, none scrolled out of it: a title that does not fit is elided (its tooltip has it whole).
    m_tabs->setUsesScrollButtons(false);
    m_tabs->setElideMode(Qt::ElideRight);
    for (QWidget* tab : std::initializer_list<QWidget*>{m_charts, m_histogram, m_boundary, m_tensors, m_comparison,
                                                        m_fp8Charts, m_compare})
        m_tabs->addTab(tab, QString());
    // Reset clears the kept runs too (the settings stay).
    connect(m_controls->resetAction(), &QAction::triggered, m_compare->store(), &RunStore::clear);
    connect(m_compare->store(), &RunStore::runsChanged, this, &Section::sessionContentChanged);
    connect(m_compare->store(), &RunStore::runDropped, this, [this](const QString& dropped, const QString& kept) {
        emit statusMessage(tr("Compare runs keeps %1 runs: “%2” was dropped to keep “%3”. Remove runs you do not "
                              "need to choose which stay.")
                               .arg(RunStore::kMaxRuns)
                               .arg(dropped, kept),
                           0);
    });

    m_shownRun = new QLabel;
    m_shownRun->setObjectName(QStringLiteral("trainingShownRun"));
    m_shownRun->setWordWrap(true);
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_shownRun);
    rightLayout->addWidget(m_tabs, 1);
    // A form edit after a run: the charts no longer show the form's settings.
    connect(&context.settings.store, &SettingsStore::valueWritten, this, [this](const QString& key) {
        if (key.startsWith(QLatin1String("training/"))) showWhichRun();
    });

    auto* splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    buildModelChoice(context.settings.store, splitter, layout);
    retranslateUi();
    showRun();
}

TrainingSection::~TrainingSection() = default;

void TrainingSection::activated() {
    if (m_form->gpuUnavailable()) return;
    m_form->setGpuUnavailable(gpu::gpuTrainingUnavailableReason());
    m_comparison->setGpuUnavailable(m_form->gpuUnavailable());
}

void TrainingSection::showRun() {
    const TrainingRunData& run = m_controls->run();
    m_tabs->setTabEnabled(m_tabs->indexOf(m_fp8Charts), run.policy.fp8Gemms()); // before its charts are drawn
    m_charts->showRun(run);
    m_histogram->showRun(run);
    m_boundary->showRun(run);
    m_tensors->showRun(run);
    m_comparison->showRun(run);
    m_fp8Charts->showRun(run);
    m_compare->showRun(run);
    showWhichRun();
}

QString TrainingSection::modeText(TrainingMode mode) const {
    const QComboBox* modes = m_form->modeCombo();
    const int i = modes->findData(QVariant::fromValue(int(mode)));
    return i >= 0 ? modes->itemText(i) : QString::fromLatin1(modeName(mode));
}

void TrainingSection::showWhichRun() {
    const TrainingRunData& run = m_controls->run();
    if (run.empty()) {
        m_charts->setRunName({});
        m_shownRun->hide();
        return;
    }
    const TrainingConfig& shown = run.setup.config;
    const QString name = modeText(shown.mode);
    m_charts->setRunName(name);
    QString text = tr("The charts show the %1 run.").arg(name);
    if (configJson(shown) != configJson(m_form->config()))
        text += QLatin1Char(' ') + tr("The settings on the left are not this run's (%1): Start runs them.")
                                       .arg(modeText(m_form->config().mode));
    m_shownRun->setText(text);
    m_shownRun->show();
}

QString TrainingSection::title() const { return tr("Training"); }

QString TrainingSection::toolTipText() const {
    return tr("Train a small network in FP32, TF32, FP16, BF16 or FP8 on the CPU emulator and watch the loss, the "
              "loss scale, skipped steps, the gradients against FP16's range and the FP8 scales.");
}

QIcon TrainingSection::icon() const { return glyphIcon(QStringLiteral("∇"), QColor(0x9c, 0x4a, 0x2b)); }

QList<QAction*> TrainingSection::menuActions() const { return m_controls->actions() << m_runAll->action(); }

QWidget* TrainingSection::primaryInput() const {
    return model() == TrainingModel::Transformer ? static_cast<QWidget*>(m_transformer->form()->presetCombo())
                                                 : m_form->modeCombo();
}

void TrainingSection::saveState() { m_form->save(); }

// The model choice above the page: the MLP's form and tabs, or the transformer's panel.
void TrainingSection::buildModelChoice(SettingsStore& store, QWidget* mlpPage, QVBoxLayout* layout) {
    m_transformer = new TransformerPanel(store);
    connect(m_transformer, &TransformerPanel::statusMessage, this, &Section::statusMessage);
    m_modelLabel = new QLabel;
    m_model = new QComboBox;
    m_model->setObjectName(QStringLiteral("trainingModel"));
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_modelLabel->setBuddy(m_model);
    auto* choice = new QHBoxLayout;
    choice->setContentsMargins(6, 4, 6, 0);
    choice->addWidget(m_modelLabel);
    choice->addWidget(m_model);
    choice->addStretch(1);
    m_pages = new QStackedWidget;
    m_pages->addWidget(mlpPage);
    m_pages->addWidget(m_transformer);
    layout->addLayout(choice);
    layout->addWidget(m_pages, 1);
    fillModelChoice();
    connect(m_model, &QComboBox::currentIndexChanged, this,
            [this] { setModel(currentEnum(m_model, TrainingModel::Mlp)); });
    setModel(m_transformer->form()->settings().model.get());
}

void TrainingSection::fillModelChoice() {
    const QSignalBlocker blocker(m_model);
    const TrainingModel current = currentEnum(m_model, m_transformer->form()->settings().model.get());
    m_model->clear();
    addEnumItem(m_model, tr("MLP on 2-D points"), TrainingModel::Mlp);
    addEnumItem(m_model, tr("Transformer (tiny GPT)"), TrainingModel::Transformer);
    selectEnum(m_model, current);
}

TrainingModel TrainingSection::model() const { return currentEnum(m_model, TrainingModel::Mlp); }

void TrainingSection::setModel(TrainingModel model) {
    {
        const QSignalBlocker blocker(m_model);
        selectEnum(m_model, model);
    }
    m_transformer->form()->settings().model.set(model);
    m_pages->setCurrentIndex(model == TrainingModel::Transformer ? 1 : 0);
}

void TrainingSection::retranslateUi() {
    m_modelLabel->setText(tr("&Model"));
    fillModelChoice();
    m_transformer->retranslate();
    m_form->retranslate();
    m_controls->retranslate();
    m_tabs->setTabText(m_tabs->indexOf(m_charts), tr("Loss and scale"));
    m_tabs->setTabText(m_tabs->indexOf(m_histogram), tr("Gradients"));
    m_tabs->setTabText(m_tabs->indexOf(m_boundary), tr("Decision boundary"));
    m_tabs->setTabText(m_tabs->indexOf(m_tensors), tr("Tensors and memory"));
    m_tabs->setTabText(m_tabs->indexOf(m_comparison), tr("CPU vs GPU"));
    m_tabs->setTabText(m_tabs->indexOf(m_fp8Charts), tr("FP8 scaling"));
    m_tabs->setTabText(m_tabs->indexOf(m_compare), tr("Compare runs"));
    for (int i = 0; i < m_tabs->count(); ++i) m_tabs->setTabToolTip(i, m_tabs->tabText(i));
    m_compare->retranslate();
    m_runAll->retranslate();
    m_tensors->traceModel()->setLanguage(lessonLanguage(settings()));
    m_tensors->retranslate();
    m_charts->retranslate();
    showWhichRun();
    m_fp8Charts->retranslate();
    m_histogram->update();
    m_comparison->retranslate();
    fitFormWidth();
}

void TrainingSection::changeEvent(QEvent* event) {
    Section::changeEvent(event);
    if (event->type() == QEvent::FontChange) fitFormWidth(); // Present mode's zoom
}

// As wide as the form in the current language and font, plus the vertical scroll bar.
void TrainingSection::fitFormWidth() {
    QWidget* form = m_formScroll->widget();
    form->adjustSize();
    m_formScroll->setMinimumWidth(form->minimumSizeHint().width() +
                                  m_formScroll->verticalScrollBar()->sizeHint().width());
}

QStringList TrainingSection::screenshotNames() const {
    return {QStringLiteral("training"),
            QStringLiteral("training-gradients"),
            QStringLiteral("training-boundary"),
            QStringLiteral("training-tensors"),
            QStringLiteral("training-fp8"),
            QStringLiteral("training-compare"),
            QStringLiteral("training-transformer"),
            QStringLiteral("training-transformer-overflow"),
            QStringLiteral("training-transformer-attention"),
            QStringLiteral("training-transformer-layers")};
}

void TrainingSection::prepareScreenshot(const QString& name) {
    if (name.startsWith(QLatin1String("training-transformer"))) {
        // The tab of each name: loss and accuracy, first overflow, attention, per layer.
        const QStringList tabs = {
            QStringLiteral("training-transformer"), QStringLiteral("training-transformer-overflow"),
            QStringLiteral("training-transformer-attention"), QStringLiteral("training-transformer-layers")};
        prepareTransformerScreenshot(int(std::max(qsizetype(0), tabs.indexOf(name))));
        return;
    }
    setModel(TrainingModel::Mlp);
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
    if (name == QStringLiteral("training-compare")) {
        // The standard comparison alone (not the earlier screenshots' runs), each mode kept as it ends, on the
        // tiny-gradient set: FP16 without scaling loses every gradient, the others train.
        m_compare->store()->clear();
        c.dataset = DatasetKind::TinyGrad;
        for (TrainingMode mode : standardComparisonModes()) {
            c.mode = mode;
            m_controls->showCompletedRun(c);
        }
        m_tabs->setCurrentWidget(m_compare);
        m_compare->views()->setCurrentWidget(m_compare->charts());
        return;
    }
    m_controls->showCompletedRun(c);
    if (name == QStringLiteral("training")) m_tabs->setCurrentWidget(m_charts);
    else if (name == QStringLiteral("training-gradients")) m_tabs->setCurrentWidget(m_histogram);
    else if (name == QStringLiteral("training-boundary")) m_tabs->setCurrentWidget(m_boundary);
    else if (name == QStringLiteral("training-fp8")) m_tabs->setCurrentWidget(m_fp8Charts);
    else m_tabs->setCurrentWidget(m_tensors);
}

// A small model on one-digit sums in FP32, then (for the first two tabs) the same in pure FP16 without max
// subtraction at a learning rate far too high, which stops at its first overflow.
void TrainingSection::prepareTransformerScreenshot(int tab) {
    setModel(TrainingModel::Transformer);
    m_transformer->clearRuns();
    TransformerRunConfig c;
    c.run.digits = 1;
    c.run.shape.dim = 16;
    c.run.shape.layers = 1;
    c.run.batch = 8;
    c.run.learningRate = 0.01f;
    c.steps = 120;
    m_transformer->showCompletedRun(c);
    if (tab >= 2) { // the attention and per-layer tabs show the last run: the FP32 one
        m_transformer->form()->setConfig(c);
        m_transformer->tabs()->setCurrentIndex(tab);
        return;
    }
    c.preset = TransformerPreset::PureFp16;
    c.softmaxSubtractsMax = false;
    c.run.learningRate = 0.5f;
    c.run.batch = 4;
    m_transformer->showCompletedRun(c);
    m_transformer->form()->setConfig(c);
    m_transformer->tabs()->setCurrentIndex(tab);
}

bool TrainingSection::applyConfig(const training::TrainingConfig& config) {
    if (m_controls->controller()->isRunning()) {
        emit statusMessage(tr("A run is in progress: cancel it before taking other settings."), 6000);
        return false;
    }
    m_form->setConfig(config);
    return true;
}

bool TrainingSection::openLink(const QUrlQuery& query) {
    if (!query.isEmpty()) {
        QString error;
        const std::optional<training::TrainingConfig> config = trainingConfigFromLink(m_form->config(), query, error);
        if (!config) {
            emit statusMessage(tr("The link's training settings cannot be used: %1").arg(error), 0);
            return false;
        }
        if (!applyConfig(*config)) return false;
        setModel(TrainingModel::Mlp);
    }
    // A link (a lesson's "Open in Training") comes to run something: its loss charts, whatever tab was open.
    m_tabs->setCurrentWidget(m_charts);
    return true;
}

} // namespace fplab::gui
