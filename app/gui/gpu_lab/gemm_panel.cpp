// The GEMM panel: controls, the run on the worker, the results table and the heat map.
#include "app/gui/gpu_lab/gemm_panel.h"

#include "app/gui/common/gpu_text.h"
#include "app/gui/common/number_text.h"
#include "app/gui/gpu_lab/gpu_lab_settings.h"
#include "app/gui/common/job_runner.h"
#include "app/gui/gpu_lab/lab_widgets.h"
#include "app/gui/gpu_lab/text_table_model.h"
#include "app/gui/gpu_lab/ulp_heat_map.h"
#include "core/text/print.h"
#include "gpu/backend_choice.h"
#include "gpu/lt_fp8_descriptor.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <memory>

namespace fplab::gui {

using namespace fplab::gpu;

namespace {

// The types the backends offer, as (input, accumulator) pairs.
struct TypeChoice {
    const char* input;
    const char* accum;
    GemmType type;
};
constexpr TypeChoice kTypeChoices[] = {
    {"fp16", "fp32", GemmType::Fp16Fp32},   {"fp16", "fp16", GemmType::Fp16Fp16}, {"bf16", "fp32", GemmType::Bf16Fp32},
    {"tf32", "fp32", GemmType::Tf32},       {"e4m3", "fp32", GemmType::E4m3Fp32}, {"e5m2", "fp32", GemmType::E5m2Fp32},
    {"int8", "int32", GemmType::Int8Int32}, {"fp32", "fp32", GemmType::Fp32},     {"fp64", "fp64", GemmType::Fp64},
};

const TypeChoice& choiceFor(GemmType type) {
    for (const TypeChoice& c : kTypeChoices)
        if (c.type == type) return c;
    return kTypeChoices[0];
}

QString latin(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

QString msText(double ms) { return approxText(ms, 3); }

} // namespace

GemmPanel::GemmPanel(GpuLabSettings& settings, JobRunner& runner, QAction* runAction, QWidget* parent)
    : QWidget(parent), m_settings(settings), m_runner(runner) {
    buildControls(runAction);
    fillCombos();
    const auto type = findGemmType(m_settings.gemmType.get().toStdString()).value_or(GemmType::Fp16Fp32);
    GemmJobRequest r;
    r.spec.type = type;
    r.spec.m = m_settings.m.get();
    r.spec.n = m_settings.n.get();
    r.spec.k = m_settings.k.get();
    r.spec.seed = std::uint64_t(m_settings.seed.get());
    r.spec.distribution = m_settings.distribution.get() == QStringLiteral("int") ? Distribution::SmallIntegers
                                                                                 : Distribution::Uniform;
    r.arch = tc::parseArch(m_settings.arch.get().toStdString()).value_or(tc::Arch::Sm80);
    const auto zeroProducts = tc::parseZeroProducts(m_settings.zeroProducts.get().toStdString());
    const auto zeroSign = tc::parseZeroSign(m_settings.zeroSign.get().toStdString());
    if (zeroProducts || zeroSign) {
        const tc::CornerReadings builtIn = tc::defaultCornerReadings(r.arch, tc::Api::MmaSync).readings;
        r.corners = tc::CornerReadings{zeroProducts.value_or(builtIn.zeroProducts),
                                       zeroSign.value_or(builtIn.zeroSign)};
    }
    for (const QString& key : m_settings.backends.get())
        if (const auto b = parseBackendKey(key.toStdString())) r.backends.push_back(*b);
    setControls(r);
    retranslate();
}

GemmPanel::~GemmPanel() = default;

void GemmPanel::buildControls(QAction* runAction) {
    m_input = new QComboBox;
    m_input->setObjectName(QStringLiteral("gpuGemmInput"));
    m_accum = new QComboBox;
    m_arch = new QComboBox;
    for (tc::Arch a : {tc::Arch::Sm80, tc::Arch::Sm90})
        m_arch->addItem(latin(tc::archDescription(a)), latin(tc::archName(a)));
    const auto spin = [](int lo, int hi) {
        auto* s = new QSpinBox;
        s->setRange(lo, hi);
        return s;
    };
    m_m = spin(1, GpuLabSettings::kMaxDimension);
    m_n = spin(1, GpuLabSettings::kMaxDimension);
    m_k = spin(1, GpuLabSettings::kMaxDimension);
    m_seed = spin(0, 1000000000);
    m_dist = new QComboBox;
    m_zeroProducts = new QComboBox;
    m_zeroProducts->setObjectName(QStringLiteral("gpuZeroProducts"));
    m_zeroSign = new QComboBox;
    m_zeroSign->setObjectName(QStringLiteral("gpuZeroSign"));
    // The model's row holds its architecture and its readings of the two open corners (one row, so the panel
    // still fits a 1280 x 720 window).
    auto* model = new QWidget;
    auto* modelLayout = new QHBoxLayout(model);
    modelLayout->setContentsMargins(0, 0, 0, 0);
    modelLayout->addWidget(m_arch);
    for (QComboBox* combo : {m_zeroProducts, m_zeroSign}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
        modelLayout->addWidget(combo, 1);
    }
    m_box = new QGroupBox;
    m_form = new QFormLayout(m_box);
    for (QWidget* w : std::initializer_list<QWidget*>{m_input, m_accum, model, m_m, m_n, m_k, m_seed, m_dist})
        m_form->addRow(QStringLiteral("-"), w);

    m_backendBox = new QGroupBox;
    auto* backendLayout = new QVBoxLayout(m_backendBox);
    for (BackendChoice b : allBackendChoices()) {
        auto* check = new QCheckBox;
        check->setObjectName(QStringLiteral("gpuBackend-") + latin(backendKey(b)));
        m_backendChecks.insert(b, check);
        connect(check, &QCheckBox::toggled, this, [this, b](bool on) {
            if (!m_backendChecks.value(b)->isEnabled()) return; // set by the panel, not the user
            if (on) m_wanted.insert(b);
            else m_wanted.erase(b);
        });
        backendLayout->addWidget(check);
        // cuBLASLt's FP8 pair (FAST_ACCUM off against the promoted model, on against the plain one) exists on an
        // sm_90 GPU only; elsewhere those two choices take no room. Hidden until the device is known (asking
        // now would start the CUDA driver while the window is built: setDevicesKnown decides).
        if (b == BackendChoice::ModelWgmmaPromoted || b == BackendChoice::CublasFastAccum) check->setVisible(false);
    }
    // The table compares every backend with these two, so they always run.
    for (BackendChoice always : {BackendChoice::Reference, BackendChoice::Model}) {
        m_backendChecks.value(always)->setChecked(true);
        m_backendChecks.value(always)->setEnabled(false);
    }

    m_runButton = new QToolButton;
    m_runButton->setDefaultAction(runAction);
    m_runButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_runButton->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);

    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_box);
    leftLayout->addWidget(m_backendBox);
    leftLayout->addWidget(m_runButton);
    leftLayout->addStretch(1);

    m_summary = makeNoteLabel(QStringLiteral("gpuGemmSummary"));
    m_model = new TextTableModel(this);
    m_model->setNumericColumns({IdenticalToModel, MaxUlps, MeanUlps, Time});
    m_table = makeResultsView(m_model);
    m_table->setObjectName(QStringLiteral("gpuGemmTable"));
    m_table->setMinimumHeight((fontMetrics().height() + 6) * 5);

    m_pairLabel = new QLabel;
    m_pair = new QComboBox;
    m_pair->setObjectName(QStringLiteral("gpuHeatMapPair"));
    m_pair->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* pairRow = new QHBoxLayout;
    pairRow->addWidget(m_pairLabel);
    pairRow->addWidget(m_pair);
    pairRow->addStretch(1);
    m_heatMap = new UlpHeatMap;
    m_heatMap->setToolTipProvider([this](int row, int column) { return cellToolTip(row, column); });
    m_cellText = makeNoteLabel(QStringLiteral("gpuCellValues"));
    auto* heat = new QWidget;
    auto* heatLayout = new QVBoxLayout(heat);
    heatLayout->setContentsMargins(0, 0, 0, 0);
    heatLayout->addLayout(pairRow);
    heatLayout->addWidget(m_heatMap, 1);
    heatLayout->addWidget(m_cellText);

    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(m_table, 1);
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(top);
    right->addWidget(heat);
    right->setStretchFactor(1, 2);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(left);
    layout->addWidget(right, 1);

    connect(m_input, &QComboBox::currentIndexChanged, this, [this] {
        fillAccumulators();
        updateBackendChecks();
    });
    connect(m_accum, &QComboBox::currentIndexChanged, this, &GemmPanel::updateBackendChecks);
    connect(m_arch, &QComboBox::currentIndexChanged, this, &GemmPanel::updateBackendChecks);
    connect(m_pair, &QComboBox::currentIndexChanged, this, &GemmPanel::showPair);
    connect(m_heatMap, &UlpHeatMap::cellClicked, this, &GemmPanel::showCell);
}

void GemmPanel::fillCombos() {
    const QString input = m_input->currentData().toString();
    const QString dist = m_dist->currentData().toString();
    const QString zeroProducts = m_zeroProducts->currentData().toString();
    const QString zeroSign = m_zeroSign->currentData().toString();
    const QSignalBlocker b1(m_input), b2(m_dist), b3(m_zeroProducts), b4(m_zeroSign);
    m_input->clear();
    m_input->addItem(tr("FP16"), QStringLiteral("fp16"));
    m_input->addItem(tr("BF16"), QStringLiteral("bf16"));
    m_input->addItem(tr("TF32 (FP32 data)"), QStringLiteral("tf32"));
    m_input->addItem(tr("FP8 E4M3"), QStringLiteral("e4m3"));
    m_input->addItem(tr("FP8 E5M2"), QStringLiteral("e5m2"));
    m_input->addItem(tr("INT8"), QStringLiteral("int8"));
    m_input->addItem(tr("FP32 (SIMT, no tensor cores)"), QStringLiteral("fp32"));
    m_input->addItem(tr("FP64 (SIMT)"), QStringLiteral("fp64"));
    m_input->setCurrentIndex(std::max(0, m_input->findData(input)));
    m_dist->clear();
    m_dist->addItem(tr("Uniform in [−1, 1)"), QStringLiteral("uniform"));
    m_dist->addItem(tr("Small integers in [−4, 4]"), QStringLiteral("int"));
    m_dist->setCurrentIndex(std::max(0, m_dist->findData(dist)));
    m_zeroProducts->clear();
    m_zeroProducts->addItem(tr("0×b not in E"), latin(tc::zeroProductsName(tc::ZeroProducts::Dropped)));
    m_zeroProducts->addItem(tr("0×b in E"), latin(tc::zeroProductsName(tc::ZeroProducts::Counted)));
    m_zeroProducts->setCurrentIndex(std::max(0, m_zeroProducts->findData(zeroProducts)));
    m_zeroSign->clear();
    m_zeroSign->addItem(tr("Rounded −0"), latin(tc::zeroSignName(tc::ZeroSign::OfSum)));
    m_zeroSign->addItem(tr("Rounded +0"), latin(tc::zeroSignName(tc::ZeroSign::Positive)));
    m_zeroSign->setCurrentIndex(std::max(0, m_zeroSign->findData(zeroSign)));
    fillAccumulators();
}

void GemmPanel::setCornerControls(tc::Arch arch, std::optional<tc::CornerReadings> corners) {
    const tc::CornerReadings r = corners.value_or(tc::defaultCornerReadings(arch, tc::Api::MmaSync).readings);
    m_zeroProducts->setCurrentIndex(std::max(0, m_zeroProducts->findData(latin(tc::zeroProductsName(r.zeroProducts)))));
    m_zeroSign->setCurrentIndex(std::max(0, m_zeroSign->findData(latin(tc::zeroSignName(r.zeroSign)))));
}

void GemmPanel::fillAccumulators() {
    const QString input = m_input->currentData().toString();
    const QString previous = m_accum->currentData().toString();
    const QSignalBlocker block(m_accum);
    m_accum->clear();
    for (const TypeChoice& c : kTypeChoices) {
        if (input != QLatin1String(c.input)) continue;
        const QString accum = QLatin1String(c.accum);
        const QString label = accum == QStringLiteral("fp32")   ? tr("FP32")
                              : accum == QStringLiteral("fp16") ? tr("FP16")
                              : accum == QStringLiteral("fp64") ? tr("FP64")
                                                                : tr("INT32 (wraps)");
        m_accum->addItem(label, accum);
    }
    m_accum->setCurrentIndex(std::max(0, m_accum->findData(previous)));
}

GemmJobRequest GemmPanel::requestFromControls() const {
    GemmJobRequest r;
    r.spec.type = GemmType::Fp16Fp32;
    for (const TypeChoice& c : kTypeChoices)
        if (m_input->currentData().toString() == QLatin1String(c.input) &&
            m_accum->currentData().toString() == QLatin1String(c.accum))
            r.spec.type = c.type;
    r.spec.m = m_m->value();
    r.spec.n = m_n->value();
    r.spec.k = m_k->value();
    r.spec.seed = std::uint64_t(m_seed->value());
    r.spec.distribution = m_dist->currentData().toString() == QStringLiteral("int") ? Distribution::SmallIntegers
                                                                                    : Distribution::Uniform;
    r.arch = tc::parseArch(m_arch->currentData().toString().toStdString()).value_or(tc::Arch::Sm80);
    const auto zeroProducts = tc::parseZeroProducts(m_zeroProducts->currentData().toString().toStdString());
    const auto zeroSign = tc::parseZeroSign(m_zeroSign->currentData().toString().toStdString());
    if (zeroProducts && zeroSign) r.corners = tc::CornerReadings{*zeroProducts, *zeroSign};
    for (auto it = m_backendChecks.cbegin(); it != m_backendChecks.cend(); ++it)
        if (it.value()->isChecked() && it.value()->isEnabled()) r.backends.push_back(it.key());
    return r;
}

void GemmPanel::setControls(const GemmJobRequest& r) {
    const TypeChoice& c = choiceFor(r.spec.type);
    m_input->setCurrentIndex(std::max(0, m_input->findData(QLatin1String(c.input))));
    fillAccumulators();
    m_accum->setCurrentIndex(std::max(0, m_accum->findData(QLatin1String(c.accum))));
    m_arch->setCurrentIndex(std::max(0, m_arch->findData(latin(tc::archName(r.arch)))));
    setCornerControls(r.arch, r.corners);
    m_m->setValue(r.spec.m);
    m_n->setValue(r.spec.n);
    m_k->setValue(r.spec.k);
    m_seed->setValue(int(r.spec.seed));
    m_dist->setCurrentIndex(r.spec.distribution == Distribution::SmallIntegers ? 1 : 0);
    for (auto it = m_backendChecks.begin(); it != m_backendChecks.end(); ++it) {
        const BackendChoice b = it.key();
        const bool always = b == BackendChoice::Reference || b == BackendChoice::Model;
        const bool wanted = always || std::find(r.backends.begin(), r.backends.end(), b) != r.backends.end();
        if (wanted) m_wanted.insert(b);
        else m_wanted.erase(b);
    }
    updateBackendChecks();
}

void GemmPanel::setDevicesKnown() {
    m_devicesKnown = true;
    const bool hopper = noGpuReason().empty() && defaultModelArch() == tc::Arch::Sm90;
    for (BackendChoice b : {BackendChoice::ModelWgmmaPromoted, BackendChoice::CublasFastAccum})
        m_backendChecks.value(b)->setVisible(hopper);
    updateBackendChecks();
}

void GemmPanel::updateBackendChecks() {
    const GemmJobRequest r = requestFromControls();
    for (auto it = m_backendChecks.begin(); it != m_backendChecks.end(); ++it) {
        const BackendChoice b = it.key();
        const auto backend = makeBackend(b, r.arch);
        QString why;
        if (isGpuBackend(b) && !m_devicesKnown) why = tr("Looking for a GPU…");
        else why = gpuReasonText(backend->unavailableReason(r.spec.type));
        const bool always = b == BackendChoice::Reference || b == BackendChoice::Model;
        it.value()->setEnabled(!always && why.isEmpty());
        {
            // A backend that cannot run is not ticked, so that nothing looks chosen that will not run.
            const QSignalBlocker quiet(it.value());
            it.value()->setChecked(always || (why.isEmpty() && m_wanted.count(b) > 0));
        }
        QString tip = qs(backend->description());
        if (always) tip += QLatin1Char('\n') + tr("Always runs: the table compares every backend with it.");
        if (!why.isEmpty()) tip += QLatin1Char('\n') + tr("Cannot run here: %1").arg(why);
        it.value()->setToolTip(tip);
    }
}

bool GemmPanel::startRun() {
    const GemmJobRequest request = requestFromControls();
    auto result = std::make_shared<GemmJobResult>();
    const bool started = m_runner.startJob(
        tr("GEMM"), [request, result](const JobControl& control) { *result = runGemmJob(request, control); },
        [this, result] { showResult(std::move(*result)); },
        {tr("The GEMM was cancelled; the table still shows the previous run."), tr("The GEMM failed: %1"),
         tr("GEMM done.")},
        [this](const QString& text, int ms) { emit message(text, ms); });
    if (started) saveSettings();
    return started;
}

void GemmPanel::runNow(const GemmJobRequest& request) {
    setControls(request);
    showResult(runGemmJob(request));
}

void GemmPanel::saveSettings() {
    const GemmJobRequest r = requestFromControls();
    m_settings.gemmType.set(latin(gemmTypeName(r.spec.type)));
    m_settings.arch.set(latin(tc::archName(r.arch)));
    m_settings.m.set(r.spec.m);
    m_settings.n.set(r.spec.n);
    m_settings.k.set(r.spec.k);
    m_settings.seed.set(int(r.spec.seed));
    m_settings.distribution.set(m_dist->currentData().toString());
    m_settings.zeroProducts.set(m_zeroProducts->currentData().toString());
    m_settings.zeroSign.set(m_zeroSign->currentData().toString());
    QStringList keys;
    for (auto it = m_backendChecks.cbegin(); it != m_backendChecks.cend(); ++it)
        if (it.value()->isChecked() || m_wanted.count(it.key()) > 0) keys << latin(backendKey(it.key()));
    m_settings.backends.set(keys);
}

void GemmPanel::showResult(GemmJobResult result) {
    m_result = std::move(result);
    fillTable();
    fillPairs();
}

void GemmPanel::fillTable() {
    if (!m_result) {
        m_model->setRows({});
        m_summary->setText(tr("Choose a type and sizes, then Run (F5). Without a GPU the CPU model is compared with "
                              "the IEEE reference."));
        return;
    }
    const GemmJobResult& r = *m_result;
    const std::size_t cells = std::size_t(r.problem.m) * std::size_t(r.problem.n);
    QList<QStringList> rows;
    QStringList tips;
    QSet<int> emphasized;
    for (const GemmBackendRow& b : r.rows) {
        QStringList row(ColumnCount);
        row[Backend] = qs(b.backend);
        row[Instruction] = qs(b.instruction);
        if (!b.ran) {
            row[Note] = tr("not run: %1").arg(qs(b.skipped));
        } else {
            if (b.backend == r.modelName) row[IdenticalToModel] = tr("(the model)");
            else if (b.vsModel) {
                row[IdenticalToModel] =
                    b.comparedModel == r.modelName
                        ? tr("%1 of %2").arg(b.vsModel->identicalCount).arg(cells)
                        : tr("%1 of %2 (%3)").arg(b.vsModel->identicalCount).arg(cells).arg(qs(b.comparedModel));
                if (b.vsModel->expectIdentical && !b.vsModel->allIdentical()) {
                    row[IdenticalToModel] += QStringLiteral(" ✗");
                    emphasized.insert(int(rows.size()));
                }
            } else row[IdenticalToModel] = QStringLiteral("—");
            if (b.vsReference) {
                row[MaxUlps] = QString::number(b.vsReference->maxAbsUlps);
                if (b.vsReference->nanMismatches) row[MaxUlps] += tr(" (+%1 NaN)").arg(b.vsReference->nanMismatches);
                row[MeanUlps] = approxText(b.vsReference->meanAbsUlps, 3);
            } else if (b.backend == r.referenceName) {
                row[MaxUlps] = row[MeanUlps] = tr("(reference)");
            }
            row[Time] = msText(b.milliseconds);
            row[Note] = qs(b.note);
        }
        rows << row;
        QString tip;
        for (BackendChoice choice : allBackendChoices())
            if (const auto candidate = makeBackend(choice, r.request.arch); candidate->name() == b.backend)
                tip = qs(candidate->description());
        tips << tip;
    }
    m_model->setRows(rows, tips);
    m_model->setEmphasizedRows(emphasized);
    m_summary->setText(tr("%1 (%2): M=%3, N=%4, K=%5, seed %6. Ulps are steps of the output format; time is the "
                          "computation alone (device time on a GPU).")
                           .arg(latin(gemmTypeName(r.problem.type)), latin(gemmTypeInfo(r.problem.type).description))
                           .arg(r.problem.m)
                           .arg(r.problem.n)
                           .arg(r.problem.k)
                           .arg(r.request.spec.seed));
}

void GemmPanel::fillPairs() {
    const QSignalBlocker block(m_pair);
    m_pair->clear();
    if (m_result) {
        const GemmJobResult& r = *m_result;
        for (std::size_t i = 0; i < r.report.pairs.size(); ++i) {
            const OutputComparison& c = r.report.pairs[i];
            m_pair->addItem(tr("%1 − %2").arg(qs(c.lhs), qs(c.rhs)), int(i));
        }
        // GPU kernel against the model when there is one, otherwise the model against the reference.
        int preferred = -1;
        for (const std::string& gpuName : {std::string("cuda-kernel"), r.referenceName})
            for (std::size_t i = 0; i < r.report.pairs.size() && preferred < 0; ++i) {
                const OutputComparison& c = r.report.pairs[i];
                if ((c.lhs == gpuName && c.rhs == r.modelName) || (c.rhs == gpuName && c.lhs == r.modelName))
                    preferred = int(i);
            }
        if (preferred >= 0) m_pair->setCurrentIndex(m_pair->findData(preferred));
    }
    showPair();
}

const OutputComparison* GemmPanel::shownPair() const {
    if (!m_result || m_pair->currentIndex() < 0) return nullptr;
    const int i = m_pair->currentData().toInt();
    if (i < 0 || std::size_t(i) >= m_result->report.pairs.size()) return nullptr;
    return &m_result->report.pairs[std::size_t(i)];
}

void GemmPanel::showPair() {
    const OutputComparison* c = shownPair();
    if (!c) {
        m_heatMap->clear();
        m_cellText->setText(m_result ? tr("Fewer than two backends ran: nothing to compare.") : QString());
        return;
    }
    m_heatMap->setComparison(*c);
    m_cellText->setText(tr("%1 of %2 cells identical, at most %3 ulps apart. Point at a cell for its values, click it "
                           "to see every backend's.")
                            .arg(c->identicalCount)
                            .arg(c->cellCount())
                            .arg(c->maxAbsUlps));
}

QString GemmPanel::valueText(const std::string& backend, std::size_t cell) const {
    for (const GemmOutput& o : m_result->report.outputs) {
        if (o.backend != backend || cell >= o.d.size()) continue;
        const std::uint64_t bits = o.d[cell];
        const Format* f = gemmTypeInfo(m_result->problem.type).output;
        if (!f)
            return QStringLiteral("0x%1 = %2").arg(bits, 8, 16, QLatin1Char('0')).arg(std::int32_t(std::uint32_t(bits)));
        return QStringLiteral("%1 = %2").arg(qs(hexBits(*f, bits)), shortDecimal(*f, bits));
    }
    return QStringLiteral("—");
}

QString GemmPanel::cellToolTip(int row, int column) const {
    const OutputComparison* c = shownPair();
    if (!c || row < 0 || column < 0 || row >= c->m || column >= c->n) return {};
    const std::size_t cell = std::size_t(row) * c->n + column;
    const std::int64_t u = c->ulps[cell];
    const QString diff = u == kNanMismatch ? tr("NaN on one side only")
                         : c->identical[cell]
                             ? tr("identical bits")
                             : tr("%1 ulps").arg(u > 0 ? QStringLiteral("+%1").arg(u) : QString::number(u));
    return tr("D[%1, %2]\n%3: %4\n%5: %6\n%3 − %5: %7")
        .arg(row)
        .arg(column)
        .arg(qs(c->lhs), valueText(c->lhs, cell), qs(c->rhs), valueText(c->rhs, cell), diff);
}

void GemmPanel::showCell(int row, int column) {
    if (!m_result || row < 0 || column < 0 || row >= m_result->problem.m || column >= m_result->problem.n) return;
    const std::size_t cell = std::size_t(row) * m_result->problem.n + column;
    QStringList lines;
    lines << tr("D[%1, %2]:").arg(row).arg(column);
    for (const GemmOutput& o : m_result->report.outputs)
        lines << QStringLiteral("  %1: %2").arg(qs(o.backend), valueText(o.backend, cell));
    m_cellText->setText(lines.join(QLatin1Char('\n')));
}

QString GemmPanel::backendText(BackendChoice b) {
    switch (b) {
    case BackendChoice::Reference: return tr("IEEE reference (FP64 sums, one rounding)");
    case BackendChoice::Sequential: return tr("CPU: sequential FMA chain");
    case BackendChoice::Model: return tr("CPU: tensor-core model (mma.sync)");
    case BackendChoice::ModelWgmma: return tr("CPU: tensor-core model of wgmma (FP8 on sm_90, as cuBLASLt)");
    case BackendChoice::ModelWgmmaPromoted:
        return tr("CPU: wgmma model, promoted to FP32 every %1 products (cuBLASLt FP8, FAST_ACCUM off; "
                  "not yet measured on a GPU)")
            .arg(gpu::kAssumedCublasLtFp8PromotionInterval);
    case BackendChoice::CublasFastAccum: return tr("GPU: cuBLASLt FP8 with FAST_ACCUM on (no promotion)");
    case BackendChoice::Naive: return tr("GPU: naive kernel");
    case BackendChoice::Kernel: return tr("GPU: tensor-core kernel (mma.sync)");
    case BackendChoice::Cublas: return tr("GPU: cuBLAS");
    }
    return {};
}

void GemmPanel::retranslate() {
    fillCombos();
    m_box->setTitle(tr("GEMM D = A·B + C"));
    const QString labels[] = {tr("Input:"),
                              tr("Accumulator:"),
                              tr("Model:"),
                              tr("M (rows of A):"),
                              tr("N (columns of B):"),
                              tr("K (the dot length):"),
                              tr("Seed:"),
                              tr("Values:")};
    for (int row = 0; row < m_form->rowCount() && row < int(std::size(labels)); ++row)
        if (auto* item = m_form->itemAt(row, QFormLayout::LabelRole))
            if (auto* label = qobject_cast<QLabel*>(item->widget())) label->setText(labels[row]);
    m_arch->setToolTip(tr("Which tensor cores the CPU model copies: the A100's (sm_80) or the H100's (sm_90)."));
    const QString open = tr("An open corner where FP Lab's model and MMA-Sim disagree: no GPU has answered yet, so the "
                            "built-in reading is FP Lab's. `fplab-cli gpu fingerprint --probe-corners` settles it on "
                            "your GPU.");
    m_zeroProducts->setToolTip(tr("Does a product with a zero operand take part in the exponent E that every term is "
                                  "aligned to? Not in E: FP Lab's reading. In E, a zero operand counting as 2^-126: "
                                  "MMA-Sim's; then 0 × a huge value raises E and cuts bits from the other terms.") +
                               QLatin1Char('\n') + open);
    m_zeroSign->setToolTip(tr("The sign of a result the final rounding makes zero from a negative sum: −0, the sum's "
                              "sign (FP Lab's reading), or +0 (MMA-Sim's).") +
                           QLatin1Char('\n') + open);
    m_backendBox->setTitle(tr("Backends"));
    for (auto it = m_backendChecks.cbegin(); it != m_backendChecks.cend(); ++it)
        it.value()->setText(backendText(it.key()));
    m_model->setHeaders({tr("Backend"), tr("Instruction"), tr("Bit-identical to the model"),
                         tr("Max |ulps| from reference"), tr("Mean |ulps|"), tr("Time (ms)"), tr("Note")});
    m_pairLabel->setText(tr("Heat map of:"));
    m_pair->setToolTip(tr("The two results whose difference colours the cells: first minus second, in ulps."));
    updateBackendChecks();
    fillTable();
    const int pair = m_pair->currentIndex();
    fillPairs();
    if (pair >= 0) m_pair->setCurrentIndex(pair);
}

} // namespace fplab::gui
