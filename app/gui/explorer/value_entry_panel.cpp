// The entry rows follow the state (whoever changed it) and write what the user types into it.
#include "app/gui/explorer/value_entry_panel.h"

#include "app/gui/common/copy_formats.h"
#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/shell/theme.h"
#include "core/classify.h"
#include "core/text/literal.h"
#include "core/values.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

namespace fplab::gui {

namespace {
constexpr CopyKind kCopyKinds[] = {CopyKind::Hex, CopyKind::Binary, CopyKind::CLiteral, CopyKind::PythonLiteral,
                                   CopyKind::CliCommand};
} // namespace

ValueEntryPanel::ValueEntryPanel(ExplorerState* state, const QStringList& customFormats, QWidget* parent)
    : QWidget(parent), m_state(state) {
    m_entryLabel = new QLabel(this);
    m_entry = new QLineEdit(this);
    m_entry->setClearButtonEnabled(true);
    m_entry->setMinimumWidth(220);
    m_entryLabel->setBuddy(m_entry);
    m_formatLabel = new QLabel(this);
    m_format = new QComboBox(this);
    m_formatLabel->setBuddy(m_format);
    setCustomFormats(customFormats);
    m_roundingLabel = new QLabel(this);
    m_rounding = new QComboBox(this);
    m_rounding->setObjectName(QStringLiteral("explorerRounding"));
    for (RoundingMode mode : kAllRoundingModes) m_rounding->addItem(QString(), int(mode));
    m_roundingLabel->setBuddy(m_rounding);
    m_picksButton = new QToolButton(this);
    m_picksButton->setPopupMode(QToolButton::InstantPopup);
    m_copyButton = new QToolButton(this);
    m_copyButton->setPopupMode(QToolButton::InstantPopup);

    auto* top = new QHBoxLayout;
    top->addWidget(m_entryLabel);
    top->addWidget(m_entry, 1);
    top->addWidget(m_formatLabel);
    top->addWidget(m_format);
    top->addWidget(m_roundingLabel);
    top->addWidget(m_rounding);
    top->addWidget(m_picksButton);
    top->addWidget(m_copyButton);

    m_report = new QLabel(this);
    m_report->setWordWrap(true);
    m_report->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_report->setObjectName(QStringLiteral("entryReport"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_report);

    const QKeyCombination copyKeys[] = {Qt::CTRL | Qt::SHIFT | Qt::Key_H, Qt::CTRL | Qt::SHIFT | Qt::Key_B,
                                        Qt::CTRL | Qt::SHIFT | Qt::Key_C, Qt::CTRL | Qt::SHIFT | Qt::Key_P,
                                        Qt::CTRL | Qt::SHIFT | Qt::Key_K};
    for (int i = 0; i < 5; ++i) {
        auto* a = new QAction(this);
        a->setShortcut(QKeySequence(copyKeys[i]));
        addAction(a);
        connect(a, &QAction::triggered, this, [this, kind = kCopyKinds[i]] { copy(kind); });
        m_copyActions << a;
    }
    auto* copyMenu = new QMenu(this);
    copyMenu->addActions(m_copyActions);
    m_copyButton->setMenu(copyMenu);
    m_picksMenu = new QMenu(this);
    m_picksButton->setMenu(m_picksMenu);
    m_picksAction = new QAction(this);
    m_picksAction->setMenu(m_picksMenu);

    connect(m_entry, &QLineEdit::textEdited, this, [this](const QString& text) {
        m_updatingEntry = true;
        m_state->setText(text);
        m_updatingEntry = false;
    });
    connect(m_entry, &QLineEdit::returnPressed, this, [this] {
        // Enter shows the canonical text of a value that came from bits.
        if (m_state->error().isEmpty()) m_entry->setText(m_state->text());
    });
    connect(m_format, &QComboBox::activated, this, [this] { m_state->setFormat(m_format->currentData().toString()); });
    connect(m_rounding, &QComboBox::activated, this,
            [this] { m_state->setRounding(RoundingMode(m_rounding->currentData().toInt())); });
    connect(m_state, &ExplorerState::errorChanged, this, &ValueEntryPanel::updateReport);
}

void ValueEntryPanel::setCustomFormats(const QStringList& names) { fillFormatCombo(m_format, names); }

void ValueEntryPanel::sync() {
    selectFormatInCombo(m_format, m_state->formatName());
    const int r = m_rounding->findData(int(m_state->rounding()));
    if (r >= 0) m_rounding->setCurrentIndex(r);
    if (!m_updatingEntry && m_entry->text() != m_state->text()) m_entry->setText(m_state->text());
    updateReport();
}

void ValueEntryPanel::buildQuickPicks() {
    m_picksMenu->clear();
    struct Pick {
        QString label;
        QString text;
    };
    const QList<Pick> picks = {
        {QStringLiteral("0.1"), QStringLiteral("0.1")},
        {QStringLiteral("1/3"), QStringLiteral("0.333333333333333333333333333333333333333333333333333333")},
        {QStringLiteral("π"), QStringLiteral("3.14159265358979323846264338327950288419716939937510582097")},
        {QStringLiteral("65504"), QStringLiteral("65504")},
        {QStringLiteral("65520"), QStringLiteral("65520")},
        {QStringLiteral("2^-24"), QStringLiteral("2^-24")},
        {QStringLiteral("2^-25"), QStringLiteral("2^-25")},
        {QStringLiteral("448"), QStringLiteral("448")},
        {QStringLiteral("1 + 2^-11"), QStringLiteral("1.00048828125")},
        {QStringLiteral("1e-8"), QStringLiteral("1e-8")},
        {QStringLiteral("-0"), QStringLiteral("-0")},
        {QStringLiteral("inf"), QStringLiteral("inf")},
        {QStringLiteral("NaN"), QStringLiteral("nan")},
    };
    for (const Pick& p : picks) {
        QAction* a = m_picksMenu->addAction(p.label);
        a->setToolTip(p.text);
        connect(a, &QAction::triggered, this, [this, text = p.text] { m_state->setText(text); });
    }
    m_picksMenu->addSeparator();
    QMenu* extremes = m_picksMenu->addMenu(tr("Largest and smallest of each format"));
    for (const Format* f : kPresetFormats) {
        QMenu* sub = extremes->addMenu(formatDisplayName(*f));
        const QString name = QString::fromLatin1(f->name().data(), qsizetype(f->name().size()));
        const auto add = [&](const QString& label, std::uint64_t bits) {
            QAction* a = sub->addAction(label.arg(storedText(*f, bits)));
            connect(a, &QAction::triggered, this, [this, name, bits] {
                if (m_state->setFormat(name)) m_state->setBits(bits);
            });
        };
        add(tr("Largest finite: %1"), maxFiniteBits(*f));
        add(tr("Smallest normal: %1"), minNormalBits(*f));
        if (f->subnormals && f->hasZero && f->mantissaBits > 0) add(tr("Smallest subnormal: %1"), minPositiveBits(*f));
        if (f->hasInfinity()) add(tr("Infinity: %1"), infinityBits(*f));
    }
}

void ValueEntryPanel::retranslateUi() {
    m_entryLabel->setText(tr("&Value"));
    m_entry->setPlaceholderText(tr("0.1, 1e-8, 2^-24, 0x1.8p-3, raw bits 0x3c00 or 0b0_01111_0000000000, inf, nan"));
    m_entry->setToolTip(tr("Type a number to see how it is stored. Decimal and hex-float are rounded into the format; "
                           "0x… and 0b… with exactly the format's width are taken as its raw bits (Ctrl+L)."));
    m_formatLabel->setText(tr("&in"));
    m_format->setToolTip(tr("The format the value is stored in; hover an entry for its layout and range."));
    m_roundingLabel->setText(tr("&rounding"));
    for (int i = 0; i < m_rounding->count(); ++i) {
        const RoundingMode mode = kAllRoundingModes[i];
        m_rounding->setItemText(i, roundingText(mode));
        m_rounding->setItemData(i, roundingToolTip(mode), Qt::ToolTipRole);
    }
    m_rounding->setToolTip(tr("How a typed value that falls between two representable values is rounded."));
    m_picksButton->setText(tr("Quick picks"));
    m_picksButton->setToolTip(
        tr("Values worth looking at: 0.1 is not exact in binary, 65504 is FP16's largest, 2^-24 its smallest."));
    m_copyButton->setText(tr("Copy"));
    m_copyButton->setToolTip(tr("Copy the value as hex bits, binary, a C or Python literal, or a fplab-cli command."));
    const QString copyTexts[] = {tr("Copy as &hex bits"), tr("Copy as &binary"), tr("Copy as &C literal"),
                                 tr("Copy as &Python literal"), tr("Copy as fplab-cli &command")};
    for (int i = 0; i < m_copyActions.size(); ++i) m_copyActions[i]->setText(copyTexts[i]);
    m_picksAction->setText(tr("&Quick picks"));
    buildQuickPicks();
    updateReport();
}

void ValueEntryPanel::updateReport() {
    const QPalette pal = QApplication::palette();
    if (!m_state->error().isEmpty()) {
        m_report->setText(
            QStringLiteral("<span style='color:%1'>%2</span>")
                .arg(warningColor(pal).name(), tr("Cannot read this: %1").arg(m_state->error().toHtmlEscaped())));
        return;
    }
    const Format& f = m_state->format();
    const std::uint64_t bits = m_state->bits();
    QString text = tr("Stored in %1 as <b>%2</b>").arg(formatDisplayName(f), storedText(f, bits).toHtmlEscaped());
    if (m_state->fromBits()) {
        text += tr(" — set from the bits, so nothing was rounded.");
    } else {
        const LiteralOrError read = readLiteral(m_state->sourceText().toStdString(), f, m_state->env());
        if (read.literal) {
            const StoredError err = storedError(f, *read.literal);
            if (err.available) {
                text += tr(" — error %1 (relative %2, %3 ulp)")
                            .arg(decimalText(err.absolute, 4, true))
                            .arg(err.relative ? approxText(*err.relative, 3) : QStringLiteral("—"))
                            .arg(err.ulps ? approxText(*err.ulps, 3) : QStringLiteral("—"));
            }
        }
        const Flags flags = m_state->flags();
        const QColor colour = flags & (kOverflow | kUnderflow | kInvalid) ? warningColor(pal)
                              : flags                                     ? pal.color(QPalette::WindowText)
                                                                          : okColor(pal);
        QString flagText = flagsText(flags);
        if (flags & kOverflow) flagText += tr(" — too large for %1").arg(formatDisplayName(f));
        else if ((flags & kUnderflow) && classify(f, bits) == FloatClass::Zero)
            flagText += tr(" — rounded to zero: below half the smallest subnormal");
        else if (flags & kUnderflow) flagText += tr(" — stored as a subnormal with fewer significant bits");
        text += QStringLiteral(" — ") +
                tr("flags: <span style='color:%1'>%2</span>").arg(colour.name(), flagText.toHtmlEscaped());
    }
    m_report->setText(text);
    m_report->setToolTip(flagsExplanation(m_state->flags()));
}

QString ValueEntryPanel::copyTextFor(CopyKind kind) const {
    CopySource source{m_state->format(), m_state->formatName(), m_state->bits(),
                      m_state->fromBits() ? QString() : m_state->text(), m_state->rounding()};
    return copyText(kind, source);
}

void ValueEntryPanel::copy(CopyKind kind) {
    const QString text = copyTextFor(kind);
    QApplication::clipboard()->setText(text);
    emit statusMessage(tr("Copied: %1").arg(text));
}

} // namespace fplab::gui
