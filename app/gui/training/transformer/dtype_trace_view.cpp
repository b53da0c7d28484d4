#include "app/gui/training/transformer/dtype_trace_view.h"

#include "core/preset_format.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::training;

namespace {

QString formatText(FormatId id) {
    const Format* f = presetFormat(id);
    return f ? QString::fromLatin1(f->name().data(), qsizetype(f->name().size())) : QStringLiteral("?");
}

} // namespace

DtypeTraceView::DtypeTraceView(QWidget* parent) : QWidget(parent) {
    m_note = new QLabel;
    m_note->setWordWrap(true);
    m_table = new QTableWidget(0, 7);
    m_table->setObjectName(QStringLiteral("transformerDtypeTrace"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addWidget(m_table, 1);
    retranslate();
}

DtypeTraceView::~DtypeTraceView() = default;

QString DtypeTraceView::opText(TransformerOp op) {
    switch (op) {
    case TransformerOp::Query: return tr("query projection");
    case TransformerOp::Key: return tr("key projection");
    case TransformerOp::Value: return tr("value projection");
    case TransformerOp::AttentionOutput: return tr("attention output projection");
    case TransformerOp::MlpUp: return tr("MLP up projection");
    case TransformerOp::MlpDown: return tr("MLP down projection");
    case TransformerOp::AttentionScores: return tr("attention scores (QKᵀ, PV)");
    case TransformerOp::Softmax: return tr("softmax");
    case TransformerOp::LayerNorm: return tr("LayerNorm");
    case TransformerOp::Gelu: return tr("GELU");
    case TransformerOp::Residual: return tr("residual stream");
    case TransformerOp::Gradients: return tr("gradients");
    case TransformerOp::Logits: return tr("logits (LM head)");
    case TransformerOp::CrossEntropy: return tr("cross-entropy");
    case TransformerOp::OptimizerState: return tr("optimizer state");
    }
    const std::string_view name = transformerOpName(op);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

void DtypeTraceView::showTrace(const std::vector<PrecisionTraceEntry>& trace) {
    if (trace == m_trace) return;
    m_trace = trace;
    fill();
}

void DtypeTraceView::retranslate() {
    m_note->setText(tr("What each operation class of each block ran in during the run's first step, as recorded while "
                       "it ran (fplab-cli's --trace-dtypes)."));
    m_table->setHorizontalHeaderLabels({tr("Block"), tr("Operation"), tr("Pass"), tr("Operands"), tr("Accumulation"),
                                        tr("Stored"), tr("Hardware model")});
    fill();
}

void DtypeTraceView::fill() {
    m_table->setRowCount(int(m_trace.size()));
    for (int row = 0; row < int(m_trace.size()); ++row) {
        const PrecisionTraceEntry& t = m_trace[std::size_t(row)];
        QString hardware;
        switch (t.fp8) {
        case Fp8Recipe::None: break;
        case Fp8Recipe::Delayed: hardware = tr("FP8, delayed scaling"); break;
        case Fp8Recipe::Current: hardware = tr("FP8, current scaling"); break;
        case Fp8Recipe::Block: hardware = tr("FP8, block scaling"); break;
        }
        if (t.tensorCore)
            hardware = tr("tensor cores, %1")
                           .arg(*t.tensorCore == tc::Arch::Sm80 ? QStringLiteral("sm_80") : QStringLiteral("sm_90"));
        const QString pass = t.op == TransformerOp::OptimizerState ? tr("update")
                             : t.backward                          ? tr("backward")
                                                                   : tr("forward");
        const QString cells[] = {t.layer < 0 ? tr("outside the blocks") : QString::number(t.layer),
                                 opText(t.op),
                                 pass,
                                 formatText(t.format),
                                 formatText(t.accumulate),
                                 formatText(t.output),
                                 hardware};
        for (int column = 0; column < 7; ++column) m_table->setItem(row, column, new QTableWidgetItem(cells[column]));
    }
    m_table->resizeColumnsToContents();
}

} // namespace fplab::gui
