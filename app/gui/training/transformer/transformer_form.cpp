#include "app/gui/training/transformer/transformer_form.h"

#include "app/gui/common/bit_colors.h"
#include "app/gui/common/enum_combo.h"
#include "app/gui/training/transformer/transformer_settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::training;

namespace {

QSpinBox* spin(int lo, int hi, int value) {
    auto* s = new QSpinBox;
    s->setRange(lo, hi);
    s->setValue(value);
    return s;
}

} // namespace

TransformerForm::TransformerForm(SettingsStore& store, QWidget* parent)
    : QGroupBox(parent), m_settings(std::make_unique<TransformerSettings>(store)) {
    const TransformerSettings& s = *m_settings;
    m_task = new QComboBox;
    m_task->setObjectName(QStringLiteral("transformerTask"));
    m_textPath = new QLineEdit(s.textPath.get());
    m_textPath->setObjectName(QStringLiteral("transformerTextPath"));
    m_browse = new QToolButton;
    m_textRow = new QWidget;
    auto* textLayout = new QHBoxLayout(m_textRow);
    textLayout->setContentsMargins(0, 0, 0, 0);
    textLayout->addWidget(m_textPath, 1);
    textLayout->addWidget(m_browse);
    m_preset = new QComboBox;
    m_preset->setObjectName(QStringLiteral("transformerPreset"));
    m_overrides = new QLineEdit(s.overrides.get());
    m_overrides->setObjectName(QStringLiteral("transformerOverrides"));
    m_overrides->setClearButtonEnabled(true);
    m_overridesProblem = new QLabel;
    m_overridesProblem->setWordWrap(true);
    m_overridesRow = new QWidget;
    auto* overridesLayout = new QVBoxLayout(m_overridesRow);
    overridesLayout->setContentsMargins(0, 0, 0, 0);
    overridesLayout->addWidget(m_overrides);
    overridesLayout->addWidget(m_overridesProblem);
    m_subtractMax = new QCheckBox;
    m_subtractMax->setChecked(s.softmaxSubtractsMax.get());
    m_digits = spin(1, 4, s.digits.get());
    m_layers = spin(1, 8, s.layers.get());
    m_heads = spin(1, 16, s.heads.get());
    m_dim = spin(1, 256, s.dim.get());
    m_context = spin(1, 128, s.context.get());
    m_steps = spin(1, 100000, s.steps.get());
    m_batch = spin(1, 1024, s.batch.get());
    m_lr = new QDoubleSpinBox;
    m_lr->setDecimals(5);
    m_lr->setRange(0.00001, 0.5);
    m_lr->setSingleStep(0.001);
    m_lr->setValue(s.learningRate.get());
    m_seed = spin(0, 1000000, s.seed.get());
    m_form = new QFormLayout(this);
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_task, m_textRow, m_preset, m_overridesRow, m_subtractMax, m_digits, m_layers,
                                         m_heads, m_dim, m_context, m_steps, m_batch, m_lr, m_seed})
        m_form->addRow(QStringLiteral("-"), w);
    retranslate();
    connect(m_task, &QComboBox::currentIndexChanged, this, &TransformerForm::saveEdit);
    connect(m_textPath, &QLineEdit::textChanged, this, &TransformerForm::saveEdit);
    connect(m_overrides, &QLineEdit::textChanged, this, &TransformerForm::saveEdit);
    connect(m_browse, &QToolButton::clicked, this, &TransformerForm::browse);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &TransformerForm::saveEdit);
    connect(m_subtractMax, &QCheckBox::toggled, this, &TransformerForm::saveEdit);
    for (QSpinBox* b : {m_digits, m_layers, m_heads, m_dim, m_context, m_steps, m_batch, m_seed})
        connect(b, &QSpinBox::valueChanged, this, &TransformerForm::saveEdit);
    connect(m_lr, &QDoubleSpinBox::valueChanged, this, &TransformerForm::saveEdit);
}

TransformerForm::~TransformerForm() = default;

QString TransformerForm::presetText(TransformerPreset preset) {
    switch (preset) {
    case TransformerPreset::Fp32: return tr("FP32");
    case TransformerPreset::AutocastFp16: return tr("FP16 autocast with loss scaling");
    case TransformerPreset::AutocastBf16: return tr("BF16 autocast");
    case TransformerPreset::PureFp16: return tr("Pure FP16 (every operation)");
    case TransformerPreset::Fp8Delayed: return tr("FP8, delayed scaling");
    case TransformerPreset::Fp8Block: return tr("FP8, block scaling");
    case TransformerPreset::Fp8Bf16Edges: return tr("FP8, first and last blocks in BF16");
    default: break; // a preset core added since: its machine name until it has words here
    }
    const std::string_view name = transformerPresetName(preset);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

QString TransformerForm::taskTitle(TransformerTask task) {
    return task == TransformerTask::Text ? tr("Transformer on a text file") : tr("Transformer on addition");
}

QString TransformerForm::accuracyText(TransformerTask task) {
    return task == TransformerTask::Text ? tr("next-character accuracy") : tr("exact match");
}

void TransformerForm::retranslate() {
    {
        const QSignalBlocker blocker(m_task);
        const TransformerTask current = currentEnum(m_task, m_settings->task.get());
        m_task->clear();
        addEnumItem(m_task, tr("Addition (digits)"), TransformerTask::Addition);
        addEnumItem(m_task, tr("Text file"), TransformerTask::Text);
        selectEnum(m_task, current);
    }
    m_task->setToolTip(tr("Addition: sums such as \"12+34=46\", exact match on held-out sums. Text file: any UTF-8 "
                          "text, one character a token, next-character accuracy on its last tenth."));
    m_browse->setText(tr("Browse…"));
    m_textPath->setPlaceholderText(tr("a UTF-8 text file"));
    {
        const QSignalBlocker blocker(m_preset);
        const TransformerPreset current = currentEnum(m_preset, m_settings->preset.get());
        m_preset->clear();
        for (TransformerPreset p : kAllTransformerPresets) addEnumItem(m_preset, presetText(p), p);
        selectEnum(m_preset, current);
    }
    const QString labels[] = {tr("Task"),   tr("Text file"), tr("Precision"),     tr("Overrides"),   tr("Softmax"),
                              tr("Digits"), tr("Layers"),    tr("Heads"),         tr("Model width"), tr("Context"),
                              tr("Steps"),  tr("Batch"),     tr("Learning rate"), tr("Seed")};
    for (int row = 0; row < m_form->rowCount(); ++row)
        if (auto* label = qobject_cast<QLabel*>(m_form->itemAt(row, QFormLayout::LabelRole)->widget()))
            label->setText(labels[row]);
    QStringList ops;
    for (int op = 0; op < kTransformerOpCount; ++op) {
        const std::string_view name = transformerOpName(TransformerOp(op));
        ops << QString::fromLatin1(name.data(), qsizetype(name.size()));
    }
    m_overrides->setPlaceholderText(tr("e.g. softmax=fp16,residual@1=bf16"));
    m_overrides->setToolTip(tr("Formats per operation class after the preset, as fplab-cli's --precision: OP=FORMAT "
                               "for every block, OP@LAYER=FORMAT for one block (from 0), comma-separated. "
                               "Operations: %1.")
                                .arg(ops.join(QStringLiteral(", "))));
    showOverridesProblem();
    m_subtractMax->setText(tr("subtract the row maximum"));
    m_subtractMax->setToolTip(tr("Without it, e^x of an attention logit above 11.09 overflows FP16 (e^x > 65504)."));
    m_digits->setToolTip(tr("Digits of each addend: \"12+34=\" and the sum's digits, least significant first."));
    m_context->setToolTip(tr("Positions the model has: at least 3 × digits + 2."));
    m_heads->setToolTip(tr("Attention heads: they must divide the model width."));
    showTask();
}

void TransformerForm::showTask() {
    const TransformerTask task = currentEnum(m_task, m_settings->task.get());
    setTitle(taskTitle(task));
    m_textRow->setEnabled(!m_locked && task == TransformerTask::Text);
    m_digits->setEnabled(!m_locked && task == TransformerTask::Addition);
}

QString TransformerForm::overridesProblem(const TransformerRunConfig& config) {
    TransformerPrecision p = transformerPreset(config.preset, config.run.shape.layers);
    std::string error = applyPrecisionOverrides(p, config.overrides);
    if (error.empty()) error = checkPrecision(p);
    if (!error.empty()) return tr("Overrides: %1.").arg(QString::fromStdString(error));
    for (const auto& [layer, precision] : p.layers)
        if (layer >= config.run.shape.layers)
            return tr("Overrides: block %1 is named, but the model has %n block(s).", nullptr, config.run.shape.layers)
                .arg(layer);
    return {};
}

void TransformerForm::showOverridesProblem() {
    const QString problem = overridesProblem(config());
    QPalette pal = m_overridesProblem->palette();
    pal.setColor(QPalette::WindowText, warningColor(palette()));
    m_overridesProblem->setPalette(pal);
    m_overridesProblem->setText(problem);
    m_overridesProblem->setVisible(!problem.isEmpty());
}

void TransformerForm::browse() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Text for the transformer"), m_textPath->text(),
                                                      tr("Text files (*.txt *.md);;All files (*)"));
    if (!path.isEmpty()) m_textPath->setText(path);
}

TransformerRunConfig TransformerForm::config() const {
    TransformerRunConfig c;
    c.preset = currentEnum(m_preset, m_settings->preset.get());
    c.softmaxSubtractsMax = m_subtractMax->isChecked();
    c.run.digits = m_digits->value();
    c.run.shape.layers = m_layers->value();
    c.run.shape.heads = m_heads->value();
    c.run.shape.dim = m_dim->value();
    c.run.shape.context = m_context->value();
    c.run.batch = m_batch->value();
    c.run.learningRate = float(m_lr->value());
    c.run.seed = std::uint64_t(m_seed->value());
    c.steps = m_steps->value();
    c.task = currentEnum(m_task, m_settings->task.get());
    c.textPath = m_textPath->text().toStdString();
    c.overrides = m_overrides->text().trimmed().toStdString();
    return c;
}

void TransformerForm::setConfig(const TransformerRunConfig& c) {
    m_settingConfig = true;
    selectEnum(m_preset, c.preset);
    m_subtractMax->setChecked(c.softmaxSubtractsMax);
    m_digits->setValue(c.run.digits);
    m_layers->setValue(c.run.shape.layers);
    m_heads->setValue(c.run.shape.heads);
    m_dim->setValue(c.run.shape.dim);
    m_context->setValue(c.run.shape.context);
    m_batch->setValue(c.run.batch);
    m_lr->setValue(double(c.run.learningRate));
    m_seed->setValue(int(c.run.seed));
    m_steps->setValue(c.steps);
    selectEnum(m_task, c.task);
    m_textPath->setText(QString::fromStdString(c.textPath));
    m_overrides->setText(QString::fromStdString(c.overrides));
    m_settingConfig = false;
    saveEdit();
}

void TransformerForm::setLocked(bool locked) {
    m_locked = locked;
    for (int row = 0; row < m_form->rowCount(); ++row)
        if (QWidget* w = m_form->itemAt(row, QFormLayout::FieldRole)->widget()) w->setEnabled(!locked);
    showTask();
}

void TransformerForm::saveEdit() {
    if (m_settingConfig) return;
    TransformerSettings& s = *m_settings;
    const TransformerRunConfig c = config();
    s.preset.set(c.preset);
    s.task.set(c.task);
    s.textPath.set(QString::fromStdString(c.textPath));
    s.overrides.set(QString::fromStdString(c.overrides));
    s.softmaxSubtractsMax.set(c.softmaxSubtractsMax);
    s.digits.set(c.run.digits);
    s.layers.set(c.run.shape.layers);
    s.heads.set(c.run.shape.heads);
    s.dim.set(c.run.shape.dim);
    s.context.set(c.run.shape.context);
    s.steps.set(c.steps);
    s.batch.set(c.run.batch);
    s.learningRate.set(double(c.run.learningRate));
    s.seed.set(int(c.run.seed));
    showTask();
    showOverridesProblem();
    emit edited();
}

} // namespace fplab::gui
