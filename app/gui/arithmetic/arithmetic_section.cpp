// Wiring the Arithmetic section: inputs → runOperation → steps, stochastic panel and the
// side-by-side table. The choices persist in the settings.
#include "app/gui/arithmetic/arithmetic_section.h"

#include "app/gui/arithmetic/operation_table_model.h"
#include "app/gui/common/steps/step_view.h"
#include "app/gui/common/fitted_view_columns.h"
#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "app/gui/common/shortcut_action.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/glyph_icon.h"
#include "app/gui/shell/section_links.h"
#include "app/gui/shell/theme.h"
#include "core/random.h"
#include "core/text/print.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace fplab::gui {

namespace {
constexpr int kPlayIntervalMs = 1500;
constexpr int kStochasticTrials = 10000;

QStringList comparedFormats(const QStringList& custom) {
    QStringList names = {QStringLiteral("fp64"), QStringLiteral("fp32"), QStringLiteral("tf32"), QStringLiteral("fp16"),
                         QStringLiteral("bf16"), QStringLiteral("e4m3"), QStringLiteral("e5m2"), QStringLiteral("e2m3"),
                         QStringLiteral("e3m2"), QStringLiteral("e2m1")};
    return names + custom;
}
} // namespace

ArithmeticSection::ArithmeticSection(SectionContext context, QWidget* parent)
    : Section(context, parent), m_model(new OperationTableModel(this)), m_timer(new QTimer(this)) {
    AppSettings& s = settings();
    m_kind = s.arithmeticOperation.get();
    m_seed = std::uint64_t(s.arithmeticSeed.get());
    buildUi();
    buildActions();
    m_model->setFormats(comparedFormats(s.customFormats.get()));
    m_operation->setCurrentIndex(m_operation->findData(int(m_kind)));
    if (!selectFormatInCombo(m_format, s.arithmeticFormat.get())) selectFormatInCombo(m_format, QStringLiteral("fp16"));
    if (!selectFormatInCombo(m_target, s.arithmeticTarget.get())) selectFormatInCombo(m_target, QStringLiteral("e4m3"));
    m_rounding->setCurrentIndex(m_rounding->findData(int(s.arithmeticRounding.get())));
    m_saturate->setChecked(s.arithmeticSaturate.get());
    m_tininess->setChecked(s.arithmeticTininessBefore.get());
    m_operands[0]->setText(s.arithmeticA.get());
    m_operands[1]->setText(s.arithmeticB.get());
    m_operands[2]->setText(s.arithmeticC.get());
    if (!s.arithmeticSplitter.get().isEmpty()) m_splitter->restoreState(s.arithmeticSplitter.get());
    m_timer->setInterval(kPlayIntervalMs);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_step + 1 >= int(m_steps.size())) togglePlay();
        else nextStep();
    });
    retranslateUi();
    recompute();
}

ArithmeticSection::~ArithmeticSection() = default;

QString ArithmeticSection::title() const { return tr("Arithmetic"); }

QString ArithmeticSection::toolTipText() const {
    return tr("Watch one operation happen: unpack, align, add or multiply, normalise, round, with the guard, round and "
              "sticky bits and the flags; and the same operation in every format (Ctrl+2).");
}

QIcon ArithmeticSection::icon() const { return glyphIcon(QStringLiteral("±"), QColor(0x9c, 0x4a, 0x2b)); }

QWidget* ArithmeticSection::primaryInput() const { return m_operands[0]; }

void ArithmeticSection::buildUi() {
    m_operationLabel = new QLabel(this);
    m_operation = new QComboBox(this);
    for (Operation k : kAllOperations) m_operation->addItem(operationSymbol(k), int(k));
    m_operationLabel->setBuddy(m_operation);
    m_formatLabel = new QLabel(this);
    m_format = new QComboBox(this);
    fillFormatCombo(m_format, settings().customFormats.get());
    m_formatLabel->setBuddy(m_format);
    m_targetLabel = new QLabel(this);
    m_target = new QComboBox(this);
    fillFormatCombo(m_target, settings().customFormats.get());
    m_targetLabel->setBuddy(m_target);
    m_roundingLabel = new QLabel(this);
    m_rounding = new QComboBox(this);
    for (RoundingMode mode : kAllRoundingModes) m_rounding->addItem(QString(), int(mode));
    m_roundingLabel->setBuddy(m_rounding);
    m_saturate = new QCheckBox(this);
    m_tininess = new QCheckBox(this);

    auto* top = new QHBoxLayout;
    top->addWidget(m_operationLabel);
    top->addWidget(m_operation);
    top->addWidget(m_formatLabel);
    top->addWidget(m_format);
    top->addWidget(m_targetLabel);
    top->addWidget(m_target);
    top->addWidget(m_roundingLabel);
    top->addWidget(m_rounding);
    top->addWidget(m_saturate);
    top->addWidget(m_tininess);
    top->addStretch(1);

    auto* operands = new QHBoxLayout;
    for (int i = 0; i < 3; ++i) {
        m_operandLabels[i] = new QLabel(this);
        m_operands[i] = new QLineEdit(this);
        m_operands[i]->setClearButtonEnabled(true);
        m_operandLabels[i]->setBuddy(m_operands[i]);
        operands->addWidget(m_operandLabels[i]);
        operands->addWidget(m_operands[i], 1);
        connect(m_operands[i], &QLineEdit::textEdited, this, [this] { recompute(); });
    }

    m_result = new QLabel(this);
    m_result->setTextFormat(Qt::RichText);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_result->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    m_result->setFont(big);

    // The stepper: the list of steps, the current step, and the controls.
    m_stepList = new QListWidget(this);
    m_stepList->setMaximumWidth(290);
    m_stepList->setMinimumWidth(200);
    m_stepList->setTextElideMode(Qt::ElideRight);
    m_stepList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view = new StepView(this);
    m_backButton = new QToolButton(this);
    m_nextButton = new QToolButton(this);
    m_playButton = new QToolButton(this);
    for (QToolButton* b : {m_backButton, m_nextButton, m_playButton}) b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_backButton);
    controls->addWidget(m_nextButton);
    controls->addWidget(m_playButton);
    controls->addStretch(1);
    m_stochasticPanel = new QWidget(this);
    m_stochastic = new QLabel(m_stochasticPanel);
    m_stochastic->setWordWrap(true);
    m_stochastic->setTextFormat(Qt::RichText);
    m_redraw = new QPushButton(m_stochasticPanel);
    auto* sr = new QHBoxLayout(m_stochasticPanel);
    sr->setContentsMargins(0, 0, 0, 0);
    sr->addWidget(m_stochastic, 1);
    sr->addWidget(m_redraw);

    auto* stepArea = new QWidget(this);
    auto* stepRight = new QVBoxLayout;
    stepRight->addWidget(m_view, 1);
    stepRight->addLayout(controls);
    stepRight->addWidget(m_stochasticPanel);
    auto* stepLayout = new QHBoxLayout(stepArea);
    stepLayout->setContentsMargins(0, 0, 0, 0);
    stepLayout->addWidget(m_stepList);
    stepLayout->addLayout(stepRight, 1);

    auto* tableArea = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tableArea);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    m_tableTitle = new QLabel(tableArea);
    QFont bold = m_tableTitle->font();
    bold.setBold(true);
    m_tableTitle->setFont(bold);
    m_table = new QTableView(tableArea);
    m_table->setObjectName(QStringLiteral("operationTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    fitViewColumnsToWidth(m_table, OperationTableModel::NoteColumn);
    tableLayout->addWidget(m_tableTitle);
    tableLayout->addWidget(m_table, 1);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(stepArea);
    m_splitter->addWidget(tableArea);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(operands);
    layout->addWidget(m_result);
    layout->addWidget(m_splitter, 1);

    connect(m_operation, &QComboBox::activated, this, [this] {
        m_kind = Operation(m_operation->currentData().toInt());
        settings().arithmeticOperation.set(m_kind);
        recompute();
    });
    connect(m_format, &QComboBox::activated, this, [this] {
        settings().arithmeticFormat.set(m_format->currentData().toString());
        recompute();
    });
    connect(m_target, &QComboBox::activated, this, [this] {
        settings().arithmeticTarget.set(m_target->currentData().toString());
        recompute();
    });
    connect(m_rounding, &QComboBox::activated, this, [this] {
        settings().arithmeticRounding.set(currentRounding());
        recompute();
    });
    connect(m_saturate, &QCheckBox::toggled, this, [this](bool on) {
        settings().arithmeticSaturate.set(on);
        recompute();
    });
    connect(m_tininess, &QCheckBox::toggled, this, [this](bool on) {
        settings().arithmeticTininessBefore.set(on);
        recompute();
    });
    connect(m_stepList, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row != m_step) goToStep(row);
    });
    connect(m_redraw, &QPushButton::clicked, this, [this] { m_draw->trigger(); });
    // The result line's colours follow the palette.
    connect(&theme(), &ThemeManager::themeChanged, this, &ArithmeticSection::recompute);
}

void ArithmeticSection::buildActions() {
    const auto make = [this](const QKeySequence& shortcut, auto slot) {
        return addShortcutAction(this, shortcut, slot);
    };
    m_next = make(QKeySequence(Qt::ALT | Qt::Key_Right), [this] { nextStep(); });
    m_back = make(QKeySequence(Qt::ALT | Qt::Key_Left), [this] { previousStep(); });
    m_first = make(QKeySequence(Qt::ALT | Qt::Key_Home), [this] { goToStep(0); });
    m_last = make(QKeySequence(Qt::ALT | Qt::Key_End), [this] { goToStep(int(m_steps.size()) - 1); });
    m_play = make(QKeySequence(Qt::Key_F5), [this] { togglePlay(); });
    m_play->setCheckable(true);
    m_draw = make(QKeySequence(Qt::CTRL | Qt::Key_D), [this] {
        m_seed = m_seed % (1u << 30) + 1;
        settings().arithmeticSeed.set(int(m_seed));
        recompute();
    });
    m_swap = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), [this] {
        const QString a = m_operands[0]->text();
        m_operands[0]->setText(m_operands[1]->text());
        m_operands[1]->setText(a);
        recompute();
    });
    m_backButton->setDefaultAction(m_back);
    m_nextButton->setDefaultAction(m_next);
    m_playButton->setDefaultAction(m_play);
}

QList<QAction*> ArithmeticSection::menuActions() const {
    return {m_next, m_back, m_first, m_last, m_play, nullptr, m_draw, m_swap};
}

void ArithmeticSection::retranslateUi() {
    m_operationLabel->setText(tr("&Operation"));
    m_operation->setToolTip(
        tr("The operation to run: each is computed exactly and rounded once, as IEEE 754 requires."));
    m_formatLabel->setText(tr("&in"));
    m_format->setToolTip(tr("The format of the operands and the result."));
    m_targetLabel->setText(tr("&to"));
    m_target->setToolTip(tr("The destination format of the conversion."));
    m_roundingLabel->setText(tr("&rounding"));
    for (int i = 0; i < m_rounding->count(); ++i) {
        m_rounding->setItemText(i, roundingText(kAllRoundingModes[i]));
        m_rounding->setItemData(i, roundingToolTip(kAllRoundingModes[i]), Qt::ToolTipRole);
    }
    m_saturate->setText(tr("&saturate"));
    m_saturate->setToolTip(
        tr("For formats without infinity (E4M3 and the MX formats): overflow gives the largest finite "
           "value instead of NaN, as PyTorch's saturating casts do."));
    m_tininess->setText(tr("tininess &before rounding"));
    m_tininess->setToolTip(tr("When underflow is signalled: x86 and ARM detect tininess after rounding (the default); "
                              "some other processors before it."));
    for (int i = 0; i < 3; ++i) {
        m_operandLabels[i]->setText(QStringLiteral("&%1").arg(QChar(QLatin1Char('a' + i))));
        m_operands[i]->setPlaceholderText(tr("a number: 1, 0.0001, 2^-24, 0x1.8p-3, 0x3c00, inf, nan"));
        m_operands[i]->setToolTip(tr("Operands are read into the format with round to nearest even; the chosen mode "
                                     "applies to the operation itself."));
    }
    m_next->setText(tr("&Next step"));
    m_next->setToolTip(tr("Show the next step (Alt+Right)."));
    m_back->setText(tr("&Back"));
    m_back->setToolTip(tr("Show the previous step (Alt+Left)."));
    m_first->setText(tr("&First step"));
    m_last->setText(tr("&Last step"));
    m_play->setText(tr("&Play"));
    m_play->setToolTip(tr("Step through automatically, one step every %1 seconds (F5).").arg(kPlayIntervalMs / 1000.0));
    m_draw->setText(tr("&Draw again"));
    m_draw->setToolTip(tr("Stochastic rounding: use a new random draw (Ctrl+D)."));
    m_swap->setText(tr("&Swap a and b"));
    m_tableTitle->setText(tr("The same operation in every format"));
    m_tableTitle->setToolTip(
        tr("Each row reads the operands into its format and computes there: watch small addends vanish "
           "in FP16 and BF16 while FP32 keeps them."));
    m_model->refresh();
    emit m_model->headerDataChanged(Qt::Horizontal, 0, OperationTableModel::ColumnCount - 1);
    recompute();
    emit actionsChanged();
}

RoundingMode ArithmeticSection::currentRounding() const { return RoundingMode(m_rounding->currentData().toInt()); }

OperationInput ArithmeticSection::currentInput() const {
    OperationInput in;
    in.kind = m_kind;
    in.format = resolveFormat(m_format->currentData().toString()).value_or(kFp16);
    in.target = resolveFormat(m_target->currentData().toString()).value_or(kE4m3);
    in.env.rounding = currentRounding();
    in.env.saturate = m_saturate->isChecked();
    in.env.tininess = m_tininess->isChecked() ? Tininess::BeforeRounding : Tininess::AfterRounding;
    in.env.randomBits = StochasticStream(m_seed).next();
    for (QLineEdit* e : m_operands) in.operands << e->text();
    return in;
}

void ArithmeticSection::updateOperandFields() {
    const int n = operandCount(m_kind);
    for (int i = 0; i < 3; ++i) {
        m_operandLabels[i]->setVisible(i < n);
        m_operands[i]->setVisible(i < n);
    }
    const bool convert = m_kind == Operation::Convert;
    m_targetLabel->setVisible(convert);
    m_target->setVisible(convert);
}

void ArithmeticSection::recompute() {
    updateOperandFields();
    AppSettings& s = settings();
    s.arithmeticA.set(m_operands[0]->text());
    s.arithmeticB.set(m_operands[1]->text());
    s.arithmeticC.set(m_operands[2]->text());
    const OperationInput in = currentInput();
    m_outcome = runOperation(in);
    const int previousStep = m_step;
    const std::size_t previousCount = m_steps.size();
    m_steps = buildSteps(in, m_outcome);
    m_model->setInput(in);

    const QPalette pal = QApplication::palette();
    if (!m_outcome.ok()) {
        m_result->setText(QStringLiteral("<span style='color:%1'>%2</span>")
                              .arg(warningColor(pal).name(), m_outcome.error.toHtmlEscaped()));
    } else {
        const Format& rf = m_outcome.resultFormat;
        QStringList ops;
        for (const OperandValue& op : m_outcome.operands) ops << storedText(in.format, op.bits);
        const QString expr = operationExpression(m_kind, ops);
        const Flags fl = m_outcome.result.flags;
        const QColor flagColour = fl & (kOverflow | kUnderflow | kInvalid | kDivideByZero) ? warningColor(pal)
                                  : fl ? pal.color(QPalette::WindowText)
                                       : okColor(pal);
        m_result->setText(tr("%1 = <b>%2</b> in %3 (%4) — flags: <span style='color:%5'>%6</span>")
                              .arg(expr.toHtmlEscaped(), storedText(rf, m_outcome.result.bits).toHtmlEscaped(),
                                   formatDisplayName(rf), qs(hexBits(rf, m_outcome.result.bits)), flagColour.name(),
                                   flagsText(fl)));
        m_result->setToolTip(flagsExplanation(fl));
    }

    {
        const QSignalBlocker blocker(m_stepList);
        m_stepList->clear();
        for (std::size_t i = 0; i < m_steps.size(); ++i)
            m_stepList->addItem(QStringLiteral("%1. %2").arg(i + 1).arg(m_steps[i].title));
    }
    // Keep the learner's place when only the numbers changed.
    m_step = m_steps.size() == previousCount ? std::min(previousStep, int(m_steps.size()) - 1) : 0;
    if (m_step < 0) m_step = 0;
    showStep();
    updateStochasticPanel();
}

void ArithmeticSection::updateStochasticPanel() {
    const bool sr = currentRounding() == RoundingMode::Stochastic;
    m_stochasticPanel->setVisible(sr);
    m_redraw->setText(tr("Draw again"));
    if (!sr) return;
    if (!m_outcome.ok()) {
        m_stochastic->clear();
        return;
    }
    if (!m_outcome.stochastic) {
        m_stochastic->setText(
            tr("Stochastic rounding: the result is exact (or a special case), so there is nothing to round."));
        return;
    }
    const StochasticChoice& sc = *m_outcome.stochastic;
    const Format& rf = m_outcome.resultFormat;
    const double freq = stochasticUpFrequency(currentInput(), kStochasticTrials, m_seed * 7919);
    m_stochastic->setText(
        tr("Stochastic rounding picks <b>%1</b> (toward zero) with probability %2 or <b>%3</b> (away from zero) with "
           "probability %4 = the dropped fraction of an ulp. This draw: %5 → <b>%6</b>. Over %7 draws, %8% went up.")
            .arg(storedText(rf, sc.down), approxText(1 - sc.probabilityUp, 4), storedText(rf, sc.up),
                 approxText(sc.probabilityUp, 4), approxText(sc.draw, 4), sc.wentUp ? tr("up") : tr("down"))
            .arg(kStochasticTrials)
            .arg(approxText(100 * freq, 3)));
}

void ArithmeticSection::showStep() {
    if (m_steps.empty()) {
        m_view->clear(m_outcome.ok() ? QString() : tr("Fix the operands to see the steps."));
    } else {
        m_view->setStep(m_steps[std::size_t(m_step)], m_step, int(m_steps.size()));
        const QSignalBlocker blocker(m_stepList);
        m_stepList->setCurrentRow(m_step);
    }
    m_back->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < int(m_steps.size()));
}

void ArithmeticSection::goToStep(int index) {
    if (m_steps.empty()) return;
    m_step = std::clamp(index, 0, int(m_steps.size()) - 1);
    showStep();
}

void ArithmeticSection::nextStep() { goToStep(m_step + 1); }

void ArithmeticSection::previousStep() { goToStep(m_step - 1); }

bool ArithmeticSection::isPlaying() const { return m_timer->isActive(); }

void ArithmeticSection::togglePlay() {
    if (m_timer->isActive()) {
        m_timer->stop();
    } else {
        if (m_step + 1 >= int(m_steps.size())) goToStep(0);
        m_timer->start();
    }
    m_play->setChecked(m_timer->isActive());
    m_play->setText(m_timer->isActive() ? tr("&Pause") : tr("&Play"));
}

void ArithmeticSection::deactivated() {
    if (m_timer->isActive()) togglePlay();
}

void ArithmeticSection::setOperation(Operation kind) {
    m_kind = kind;
    m_operation->setCurrentIndex(m_operation->findData(int(kind)));
    settings().arithmeticOperation.set(kind);
    recompute();
}

void ArithmeticSection::setFormatName(const QString& name) {
    if (m_format->findData(name) < 0) {
        // A custom format added since the boxes were filled (the Explorer or a lesson link added it).
        fillFormatCombo(m_format, settings().customFormats.get());
        fillFormatCombo(m_target, settings().customFormats.get());
    }
    if (selectFormatInCombo(m_format, name)) settings().arithmeticFormat.set(name);
    recompute();
}

void ArithmeticSection::setTargetName(const QString& name) {
    if (selectFormatInCombo(m_target, name)) settings().arithmeticTarget.set(name);
    recompute();
}

void ArithmeticSection::setRounding(RoundingMode mode) {
    m_rounding->setCurrentIndex(m_rounding->findData(int(mode)));
    settings().arithmeticRounding.set(mode);
    recompute();
}

void ArithmeticSection::setOperandText(int index, const QString& text) {
    m_operands[index]->setText(text);
    recompute();
}

bool ArithmeticSection::openLink(const QUrlQuery& query) {
    if (query.isEmpty()) return true;
    if (query.hasQueryItem(QStringLiteral("op"))) return openOperationLink(query);
    const std::optional<LinkedValue> value = linkedValue(query);
    if (!value) return false;
    rememberCustomFormat(settings(), *value);
    setFormatName(value->formatName);
    setOperandText(0, valueEntryText(value->format, value->bits));
    return true;
}

// An operation from elsewhere (the Training section's first overflow): computed as the core computes it, in
// round-to-nearest-even, and shown from its first step.
bool ArithmeticSection::openOperationLink(const QUrlQuery& query) {
    const std::optional<LinkedOperation> linked = linkedOperation(query);
    if (!linked) return false;
    rememberCustomFormat(settings(), linked->a);
    setRounding(RoundingMode::NearestEven);
    setFormatName(linked->a.formatName);
    if (!linked->targetName.isEmpty()) setTargetName(linked->targetName);
    for (std::size_t i = 0; i < linked->operands.size(); ++i)
        m_operands[i]->setText(valueEntryText(linked->a.format, linked->operands[i]));
    setOperation(linked->op);
    goToStep(0);
    return true;
}

void ArithmeticSection::saveState() { settings().arithmeticSplitter.set(m_splitter->saveState()); }

QStringList ArithmeticSection::screenshotNames() const {
    return {QStringLiteral("arithmetic"), QStringLiteral("arithmetic-stochastic")};
}

void ArithmeticSection::prepareScreenshot(const QString& name) {
    // 1 + 0.0001 in FP16: b shifts 14 places right and survives only as the sticky bit.
    const bool stochastic = name.endsWith(QLatin1String("stochastic"));
    m_seed = 1;
    setRounding(stochastic ? RoundingMode::Stochastic : RoundingMode::NearestEven);
    setFormatName(QStringLiteral("fp16"));
    m_operands[0]->setText(QStringLiteral("1"));
    m_operands[1]->setText(QStringLiteral("0.0001"));
    setOperation(Operation::Add);
    const StepKind wanted = stochastic ? StepKind::Round : StepKind::Align;
    for (std::size_t i = 0; i < m_steps.size(); ++i)
        if (m_steps[i].kind == wanted) goToStep(int(i));
}

} // namespace fplab::gui
