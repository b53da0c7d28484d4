#include "app/gui/training/transformer/overflow_report_view.h"

#include "app/gui/common/number_text.h"
#include "app/gui/shell/section_links.h"
#include "app/gui/training/transformer/overflow_steps_view.h"
#include "core/format_names.h"
#include "core/text/print.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::training;

std::optional<QUrl> overflowArithmeticLink(const OverflowReport& r) {
    const QString format = qs(canonicalName(emulatedFormat(r.format)));
    if (r.kind == Operation::Convert && r.functionValue)
        return operationLink(Operation::Convert, QStringLiteral("fp64"), {*r.functionValue}, format);
    if (r.kind == Operation::Convert && r.operands.size() == 1)
        return operationLink(Operation::Convert, QStringLiteral("fp32"), {r.operands[0]}, format);
    if (r.kind == Operation::Convert || int(r.operands.size()) != operandCount(r.kind)) return std::nullopt;
    return operationLink(r.kind, format, std::vector<quint64>(r.operands.begin(), r.operands.end()));
}

OverflowReportView::OverflowReportView(QWidget* parent) : QWidget(parent) {
    m_report = new QLabel;
    m_report->setObjectName(QStringLiteral("transformerOverflowReport"));
    m_report->setWordWrap(true);
    m_report->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note = new QLabel;
    m_note->setWordWrap(true);
    m_open = new QPushButton;
    m_open->setObjectName(QStringLiteral("transformerOverflowArithmetic"));
    connect(m_open, &QPushButton::clicked, this, &OverflowReportView::openInArithmetic);
    m_steps = new OverflowStepsView;
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_report);
    layout->addWidget(m_note);
    layout->addWidget(m_open, 0, Qt::AlignLeft);
    layout->addWidget(m_steps);
    layout->addStretch(1);
    retranslate();
}

OverflowReportView::~OverflowReportView() = default;

void OverflowReportView::showReport(const std::optional<OverflowReport>& report, int step, bool ran, bool skipped) {
    m_shown = report;
    m_skipped = skipped;
    m_step = step;
    m_ran = ran;
    refresh();
}

void OverflowReportView::retranslate() {
    m_open->setText(tr("Show this operation step by step in Arithmetic"));
    m_steps->retranslate();
    refresh();
}

void OverflowReportView::refresh() {
    m_note->clear();
    if (!m_shown) {
        m_report->setText(m_ran ? tr("No operation of this run raised overflow or invalid.")
                                : tr("When a step raises overflow or invalid, the run stops and its first such "
                                     "operation in program order is shown here."));
        m_open->setVisible(false);
        m_steps->showOperation(std::nullopt);
        return;
    }
    const OverflowReport& r = *m_shown;
    const Format& f = emulatedFormat(r.format);
    QStringList operands;
    // A cast's operand is FP32's bits.
    const Format& operandFormat = r.kind == Operation::Convert && !r.functionValue ? kFp32 : f;
    for (std::uint64_t bits : r.operands)
        operands << QStringLiteral("%1 (%2)").arg(qs(hexBits(operandFormat, bits)), storedText(operandFormat, bits));
    const QString layer = r.site.layer < 0 ? tr("outside the blocks") : tr("layer %1").arg(r.site.layer);
    const QString pass = r.site.pass == Pass::Forward ? tr("forward") : tr("backward");
    QString text = tr("<b>Step %1</b>: the first operation that raised overflow or invalid.<br>"
                      "%2, %3, tensor <tt>%4</tt>, operation <tt>%5</tt>, element %6<br>"
                      "%7: %8 → %9<br>flags: %10")
                       .arg(m_step)
                       .arg(pass, layer, qs(r.site.tensor).toHtmlEscaped(), qs(r.operation).toHtmlEscaped())
                       .arg(r.element)
                       .arg(qs(canonicalName(f)),
                            operands.isEmpty() ? tr("(operands not kept)") : operands.join(QStringLiteral(", ")),
                            QStringLiteral("%1 (%2)").arg(qs(hexBits(f, r.result)), storedText(f, r.result)),
                            flagsText(r.flags));
    if (m_skipped) text += QStringLiteral("<br>") + tr("The loss scaler skipped this step and the run went on.");
    m_report->setText(text);
    const std::optional<QUrl> link = overflowArithmeticLink(r);
    m_steps->showOperation(link);
    m_open->setVisible(true);
    m_open->setEnabled(link.has_value());
    m_open->setToolTip(link ? QString()
                            : tr("This report keeps no operands to show: a matmul's operand was cast, the "
                                 "host computed the dot product, or an FP8 GEMM computed the value."));
    if (r.functionValue)
        m_note->setText(tr("The core has no exp, log or erf: the host computes them in FP64 and the core rounds the "
                           "result once to %1. Arithmetic shows that rounding of %2, where the flag was raised.")
                            .arg(qs(canonicalName(f)), storedText(kFp64, *r.functionValue)));
    else if (r.kind == Operation::Convert && link)
        m_note->setText(
            tr("A value stored in FP32 rounded to %1: Arithmetic shows that conversion.").arg(qs(canonicalName(f))));
}

void OverflowReportView::openInArithmetic() {
    if (!m_shown) return;
    if (const std::optional<QUrl> link = overflowArithmeticLink(*m_shown)) followSectionLink(this, *link);
}

} // namespace fplab::gui
