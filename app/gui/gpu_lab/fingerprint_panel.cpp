// The Fingerprint tab's controls, jobs and table.
#include "app/gui/gpu_lab/fingerprint_panel.h"

#include "app/gui/common/file_dialogs.h"
#include "app/gui/common/gpu_text.h"
#include "app/gui/common/number_text.h"
#include "app/gui/common/job_runner.h"
#include "app/gui/common/number_text.h"
#include "app/gui/gpu_lab/lab_widgets.h"
#include "app/gui/gpu_lab/text_table_model.h"
#include "core/platform/atomic_file.h"
#include "core/tensor_core/fingerprint/answers_file.h"
#include "gpu/fingerprint.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <memory>

namespace fplab::gui {

namespace fp = tc::fingerprint;

FingerprintPanel::FingerprintPanel(JobRunner& runner, QWidget* parent) : QWidget(parent), m_runner(runner) {
    m_intro = makeNoteLabel();
    m_typeLabel = new QLabel;
    m_type = new QComboBox;
    for (gpu::GemmType t : gpu::fingerprintTypes()) {
        const QString name = QString::fromUtf8(gpu::gemmTypeName(t).data(), qsizetype(gpu::gemmTypeName(t).size()));
        m_type->addItem(name, name);
    }
    m_instructionLabel = new QLabel;
    m_instruction = new QComboBox;
    for (tc::Api api : {tc::Api::MmaSync, tc::Api::Wgmma}) {
        const QString name = QString::fromUtf8(tc::apiName(api).data(), qsizetype(tc::apiName(api).size()));
        m_instruction->addItem(name, int(api));
    }
    m_run = new QPushButton;
    m_load = new QPushButton;
    m_save = new QPushButton;
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_typeLabel);
    controls->addWidget(m_type);
    controls->addSpacing(12);
    controls->addWidget(m_instructionLabel);
    controls->addWidget(m_instruction);
    controls->addSpacing(12);
    controls->addWidget(m_run);
    controls->addWidget(m_load);
    controls->addWidget(m_save);
    controls->addStretch(1);
    m_gpuNote = makeNoteLabel(QStringLiteral("gpuFingerprintNoGpu"));
    m_summary = makeNoteLabel(QStringLiteral("gpuFingerprintSummary"));
    m_model = new TextTableModel(this);
    m_table = makeResultsView(m_model);
    m_table->setObjectName(QStringLiteral("gpuFingerprintTable"));
    m_legend = makeNoteLabel();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_intro);
    layout->addLayout(controls);
    layout->addWidget(m_gpuNote);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_legend);

    connect(m_run, &QPushButton::clicked, this, [this] { startRun(); });
    connect(m_load, &QPushButton::clicked, this, [this] {
        const QString path = askOpenFileName(this, tr("Load a fingerprint"), QString(),
                                             tr("Fingerprints (*.fingerprint);;All files (*)"));
        if (!path.isEmpty()) startLoad(path);
    });
    connect(m_save, &QPushButton::clicked, this, [this] {
        const QString path = askSaveFileName(this, tr("Save the fingerprint"), QString(),
                                             tr("Fingerprints (*.fingerprint);;All files (*)"));
        if (!path.isEmpty()) saveTo(path);
    });
    connect(m_instruction, &QComboBox::currentIndexChanged, this, [this] { updateEnabled(); });
    connect(m_type, &QComboBox::currentIndexChanged, this, [this] { updateEnabled(); });
    connect(&m_runner, &JobRunner::busyChanged, this, [this] { updateEnabled(); });
    m_gpuReason = tr("Looking for a GPU…");
    retranslate();
}

FingerprintPanel::~FingerprintPanel() = default;

void FingerprintPanel::setGpuUnavailableReason(const QString& reason) {
    m_gpuReason = reason;
    updateEnabled();
}

void FingerprintPanel::updateEnabled() {
    const auto type = gpu::findGemmType(m_type->currentData().toString().toStdString());
    const auto api = tc::Api(m_instruction->currentData().toInt());
    QString why = m_gpuReason;
    if (why.isEmpty() && type) why = unavailableText(*type, api);
    m_run->setEnabled(why.isEmpty() && !m_runner.isBusy());
    m_run->setToolTip(why.isEmpty() ? tr("Run the probes on this GPU and infer its arithmetic")
                                    : tr("Cannot run here: %1").arg(why));
    m_gpuNote->setText(
        why.isEmpty() ? QString()
                      : tr("Running the probes needs a GPU (%1). A saved fingerprint can still be loaded.").arg(why));
    m_gpuNote->setVisible(!why.isEmpty());
    m_load->setEnabled(!m_runner.isBusy());
    m_save->setEnabled(m_result.has_value() && !m_runner.isBusy());
}

// gpu::fingerprintUnavailableReason in the user's language: the two reasons this panel can tell from the
// type and the instruction in its words, the GPU's own through gpuReasonText.
QString FingerprintPanel::unavailableText(gpu::GemmType type, tc::Api api) const {
    const std::string reason = gpu::fingerprintUnavailableReason(type, api);
    if (reason.empty()) return {};
    if (!gpu::fingerprintDescription(type, api))
        return gpu::isIntegerType(type)
                   ? tr("%1 has no floating-point tensor-core MMA to fingerprint (integer MMAs are exact)")
                         .arg(m_type->currentText())
                   : tr("%1 has no floating-point tensor-core MMA to fingerprint").arg(m_type->currentText());
    if (api != tc::Api::MmaSync)
        return tr("FP Lab runs its probes with mma.sync only; it has no %1 kernel (a saved %1 answer file can still be "
                  "loaded)")
            .arg(qs(std::string(tc::apiName(api))));
    return gpuReasonText(reason);
}

bool FingerprintPanel::startRun() {
    const auto type = gpu::findGemmType(m_type->currentData().toString().toStdString());
    if (!type) return false;
    const auto api = tc::Api(m_instruction->currentData().toInt());
    auto result = std::make_shared<FingerprintJobResult>();
    return m_runner.startJob(
        tr("Fingerprint"),
        [type, api, result](const JobControl& control) { *result = runFingerprintJob(*type, api, control); },
        [this, result] { showResult(std::move(*result)); },
        {tr("The fingerprint was cancelled."), tr("The fingerprint failed: %1"), tr("Fingerprint done.")},
        [this](const QString& text, int ms) { emit message(text, ms); });
}

bool FingerprintPanel::startLoad(const QString& path) {
    const auto type = gpu::findGemmType(m_type->currentData().toString().toStdString());
    if (!type) return false;
    const auto api = tc::Api(m_instruction->currentData().toInt());
    auto result = std::make_shared<FingerprintJobResult>();
    const std::string file = path.toStdString();
    return m_runner.startJob(
        tr("Fingerprint"),
        [file, type, api, result](const JobControl& control) {
            *result = loadFingerprintJob(file, *type, api, control);
        },
        [this, result] { showResult(std::move(*result)); },
        {tr("Loading the fingerprint was cancelled."), tr("Loading the fingerprint failed: %1"),
         tr("Fingerprint loaded.")},
        [this](const QString& text, int ms) { emit message(text, ms); });
}

bool FingerprintPanel::saveTo(const QString& path) {
    if (!m_result) {
        emit message(tr("Nothing to save yet: run or load a fingerprint first."), 6000);
        return false;
    }
    if (const auto error = platform::writeFileAtomically(path.toStdString(), fp::formatAnswers(m_result->answers))) {
        emit message(tr("Saving the fingerprint failed: %1").arg(qs(*error)), 0);
        return false;
    }
    emit message(tr("Fingerprint saved to %1.").arg(path), 6000);
    return true;
}

void FingerprintPanel::showResult(FingerprintJobResult result) {
    m_result = std::move(result);
    m_askedType = -1;
    if (const auto type = gpu::gemmTypeOf(m_result->answers.input, m_result->answers.accum)) {
        const int i = m_type->findData(qs(std::string(gpu::gemmTypeName(*type))));
        // Bare cells of another type's width were read as that type (gpu::readFingerprintAnswers).
        if (!m_result->source.empty() && i >= 0 && i != m_type->currentIndex()) m_askedType = m_type->currentIndex();
        if (i >= 0) m_type->setCurrentIndex(i);
    }
    const int api = m_instruction->findData(int(m_result->answers.api));
    if (api >= 0) m_instruction->setCurrentIndex(api);
    fill();
    updateEnabled();
}

QString FingerprintPanel::paramText(fp::Param p) const {
    switch (p) {
    case fp::Param::Operands: return tr("Operands in the unit");
    case fp::Param::KGrouping: return tr("k grouping into blocks");
    case fp::Param::BlockSize: return tr("Products per block (n)");
    case fp::Param::FractionBits: return tr("Fraction bits kept (F)");
    case fp::Param::FinalRounding: return tr("Final rounding");
    case fp::Param::RoundPrecision: return tr("Rounding precision (bits)");
    case fp::Param::AddendEntry: return tr("Where c enters");
    case fp::Param::Normalisation: return tr("Product normalisation");
    case fp::Param::SubnormalInputs: return tr("Subnormal inputs");
    case fp::Param::SubnormalOutputs: return tr("Subnormal outputs");
    case fp::Param::TinyExponent: return tr("Exponent rule when all terms are tiny");
    }
    return {};
}

QString FingerprintPanel::valueText(fp::Param p, int v) const {
    switch (p) {
    case fp::Param::Operands:
        return fp::OperandFormat(v) == fp::OperandFormat::Fp16 ? tr("converted to FP16") : tr("as given");
    case fp::Param::KGrouping:
        return fp::KGrouping(v) == fp::KGrouping::Fp8Pairs ? tr("FP8 pairs {4t, 4t+1, 16+4t, 16+4t+1} first")
                                                           : tr("k in order");
    case fp::Param::BlockSize:
    case fp::Param::FractionBits:
    case fp::Param::RoundPrecision: return QString::number(v);
    case fp::Param::FinalRounding:
        switch (RoundingMode(v)) {
        case RoundingMode::TowardZero: return tr("toward zero (RZ)");
        case RoundingMode::NearestEven: return tr("nearest even (RNE)");
        case RoundingMode::TowardNegative: return tr("down (RD)");
        case RoundingMode::TowardPositive: return tr("up (RU)");
        default: return qs(fp::valueToken(p, v));
        }
    case fp::Param::AddendEntry:
        switch (fp::AddendEntry(v)) {
        case fp::AddendEntry::FirstBlock: return tr("inside the first block");
        case fp::AddendEntry::FinalAddRne: return tr("last, one FP32 addition (RNE)");
        case fp::AddendEntry::FinalAddRz: return tr("last, one FP32 addition (RZ)");
        }
        return {};
    case fp::Param::Normalisation: return v ? tr("normalised") : tr("not normalised");
    case fp::Param::SubnormalInputs:
    case fp::Param::SubnormalOutputs: return v ? tr("flushed to zero") : tr("kept");
    case fp::Param::TinyExponent: return qs(fp::valueToken(p, v));
    }
    return {};
}

QString FingerprintPanel::valuesText(fp::Param p, const std::vector<int>& values) const {
    if (values.empty()) return tr("none fits");
    QStringList parts;
    for (int v : values) parts << valueText(p, v);
    return values.size() == 1 ? parts.front() : tr("undetermined: %1").arg(parts.join(QStringLiteral(" | ")));
}

void FingerprintPanel::fill() {
    if (!m_result) {
        m_model->setRows({});
        const QString mark = gpuMeasurementMark("fingerprint-");
        m_summary->setText(mark.isEmpty() ? tr("Run the probes on this GPU, or load a saved fingerprint.")
                                          : tr("Run the probes on this GPU, or load a saved fingerprint. The probes "
                                               "on a GPU: %1.")
                                                .arg(mark));
        return;
    }
    const fp::AnswerSet& s = m_result->answers;
    const fp::FingerprintReport& r = m_result->report;
    const auto& inf = r.inference;
    QList<QStringList> rows;
    QSet<int> differ;
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const fp::ReportRow& row = r.rows[i];
        QStringList cells(ColumnCount);
        cells[Parameter] = paramText(row.param);
        cells[Inferred] = valuesText(row.param, row.inferred);
        cells[BuiltIn] = row.builtIn ? valueText(row.param, *row.builtIn) : QStringLiteral("—");
        if (row.assumed) cells[DecidedBy] = tr("(assumed)");
        else if (!row.decidedByProbe.empty()) cells[DecidedBy] = qs(row.decidedByProbe);
        else if (inf.params[i].searched.size() == 1) cells[DecidedBy] = tr("(the only value for this instruction)");
        else cells[DecidedBy] = row.inferred.size() == 1 ? QStringLiteral("—") : tr("(no probe separates them)");
        switch (row.agreement) {
        case fp::Agreement::Agree: cells[Agree] = tr("yes"); break;
        case fp::Agreement::Differ:
            cells[Agree] = tr("no");
            differ.insert(int(i));
            break;
        case fp::Agreement::Consistent: cells[Agree] = tr("open"); break;
        case fp::Agreement::NoBuiltIn: cells[Agree] = QStringLiteral("—"); break;
        }
        rows << cells;
    }
    m_model->setRows(rows);
    m_model->setEmphasizedRows(differ);
    // Bare recorded cells are described by gpu::readFingerprintAnswers as "recorded cells from <file>".
    const bool recorded = !m_result->source.empty() && s.device == "recorded cells from " + m_result->source;
    const QString device = s.device.empty() ? tr("an unnamed device")
                           : recorded       ? tr("recorded cells from %1").arg(qs(m_result->source))
                                            : qs(s.device);
    QStringList lines;
    lines << tr("%1, compute capability %2.%3 (model %4): %5 %6, %7 → %8, %9 cells.")
                 .arg(device)
                 .arg(s.computeCapability / 10)
                 .arg(s.computeCapability % 10)
                 .arg(r.archModelled ? qs(std::string(tc::archName(r.arch))) : tr("none in FP Lab"),
                      qs(std::string(tc::apiName(s.api))), qs(s.shape), qs(std::string(tc::inputName(s.input))),
                      qs(std::string(tc::accumName(s.accum))))
                 .arg(inf.cells);
    if (inf.survivors)
        lines << tr("%1 of %2 candidate models reproduce every cell.").arg(inf.survivors).arg(inf.candidates);
    else
        lines << tr("No candidate model reproduces every cell; the table shows those that went furthest (first "
                    "failure: %1).")
                     .arg(qs(s.cells[std::size_t(inf.exampleFailedAt)].probe));
    if (r.builtIn.candidate)
        lines << tr("The built-in model reproduces %1 of %2 cells.").arg(r.builtInMatches).arg(inf.cells);
    else if (!r.archModelled)
        lines << tr("FP Lab has no model for compute capability %1.%2 (it models sm_80 and sm_90): save this "
                    "fingerprint to keep what the GPU does.")
                     .arg(s.computeCapability / 10)
                     .arg(s.computeCapability % 10);
    else lines << tr("The built-in model has no parameters for this instruction: %1").arg(qs(r.builtIn.message));
    if (m_askedType >= 0)
        lines << tr("The file's cells do not fit %1; they were read as %2, the type whose cells they fit.")
                     .arg(m_type->itemText(m_askedType), m_type->currentText());
    m_summary->setText(lines.join(QLatin1Char('\n')));
}

void FingerprintPanel::retranslate() {
    m_intro->setText(tr("How many bits does the tensor core keep? Probe vectors in the manner of Fasi, Higham, "
                        "Mikaitis and Khattak run through one MMA instruction; every candidate model is checked "
                        "against every answer, and a parameter is inferred when all candidates that fit agree on it."));

    m_typeLabel->setText(tr("Type:"));
    m_instructionLabel->setText(tr("Instruction:"));
    m_run->setText(tr("Fingerprint this GPU"));
    m_load->setText(tr("Load…"));
    m_save->setText(tr("Save…"));
    m_model->setHeaders(
        {tr("Parameter"), tr("Inferred"), tr("Built-in model"), tr("Decided by (probe)"), tr("Agree?")});
    m_legend->setText(tr("\"Decided by\" names the probe whose answer ruled out the last alternative value. "
                         "\"open\": several values fit the answers and the built-in one is among them."));
    fill();
    updateEnabled();
}

} // namespace fplab::gui
