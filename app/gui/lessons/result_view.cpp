// Rendering an ExperimentResult with widgets; nothing here computes a number.
#include "app/gui/lessons/result_view.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/common/fitted_columns.h"
#include "app/gui/common/lesson_language.h"
#include "app/gui/lessons/bit_lines.h"
#include "app/gui/lessons/number_line_widget.h"
#include "app/gui/lessons/result_chart.h"
#include "app/gui/lessons/shown_rows.h"
#include "core/classify.h"
#include "core/format_names.h"
#include "core/text/print.h"
#include "core/values.h"
#include "lessons/value_text.h"

#include <QChartView>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::lessons;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString encodingText(const Quantity& q) {
    if (q.kind == QuantityKind::Float) return qs(std::string(q.format.name()) + " " + hexBits(q.format, q.bits));
    if (q.kind == QuantityKind::Integer) return qs(std::string(q.intFormat.name) + " " + intHex(q.intFormat, q.bits));
    return {};
}

// A value as the tables show it: what lessons/value_text writes everywhere (the exact decimal, or a shortened one
// marked ≈; every digit is in the tooltip). A Real shows the digits its style asks for (a loss as its float, a
// measurement with 4 digits); valueCellToolTip has every digit.
QString valueCellText(const Quantity& q, Language language) { return qs(quantityText(q, language)); }

// Sign, exponent and mantissa cells of an encoding, with the fields labelled (`names`: the three labels).
void fieldCells(const Format& f, std::uint64_t bits, const QStringList& names, QList<BitCell>& cells,
                QList<BitGroup>& groups) {
    int first = 0;
    const auto add = [&](std::uint64_t value, int count, BitRole role, const QString& name) {
        if (count <= 0) return;
        QList<BitCell> part = bitCells(value, count, role);
        part.front().gapBefore = first > 0;
        cells += part;
        groups.push_back({first, count, name, {}});
        first += count;
    };
    if (f.hasSign) add(signOf(f, bits) ? 1 : 0, 1, BitRole::Sign, names[0]);
    add(std::uint64_t(exponentFieldOf(f, bits)), f.exponentBits, BitRole::Exponent, names[1]);
    add(mantissaFieldOf(f, bits), f.mantissaBits, BitRole::Mantissa, names[2]);
}

// An exact decimal in the bits' caption: whole up to kCaptionDigits characters, else cut with a visible "…"
// (FP64's largest value has 309 digits); the whole value is in the caption's tooltip and the table's.
constexpr int kCaptionDigits = 40;
QString captionDecimal(const QString& exact) {
    return exact.size() <= kCaptionDigits ? exact : exact.left(kCaptionDigits - 1) + QStringLiteral("…");
}

QTableWidget* tableWidget(const ResultTable& t, Language language, QWidget* parent) {
    auto* w = new QTableWidget(int(t.rows.size()), int(t.columns.size()), parent);
    QStringList headers;
    for (const LocalText& c : t.columns) headers.push_back(qs(c.in(language)));
    w->setHorizontalHeaderLabels(headers);
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        for (std::size_t c = 0; c < t.rows[r].size() && c < t.columns.size(); ++c) {
            const TableCell& cell = t.rows[r][c];
            auto* item = new QTableWidgetItem(qs(cell.in(language)));
            item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
            if (cell.value) {
                const std::string exact = exactDecimal(cell.value->format, cell.value->bits);
                item->setToolTip(ResultView::tr("Exactly %1").arg(qs(exact)));
                item->setData(ResultView::kCellFormatRole, qs(canonicalName(cell.value->format)));
                item->setData(ResultView::kCellBitsRole, QVariant::fromValue<qulonglong>(cell.value->bits));
            }
            w->setItem(int(r), int(c), item);
        }
    w->verticalHeader()->hide();
    w->setEditTriggers(QAbstractItemView::NoEditTriggers);
    w->setObjectName(qs("table_" + t.key));
    fitColumnsToWidth(w);
    showFirstRows(w);
    return w;
}

} // namespace

ResultView::ResultView(QWidget* parent)
    : QWidget(parent), m_quantities(new QTableWidget(0, 4, this)), m_bits(new BitLines(this)),
      m_bitsCaption(new QLabel(this)), m_toExplorer(new QPushButton(this)), m_toArithmetic(new QPushButton(this)),
      m_tabs(new QTabWidget(this)), m_notes(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_quantities->setObjectName(QStringLiteral("quantities"));
    m_quantities->verticalHeader()->hide();
    m_quantities->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_quantities->setSelectionMode(QAbstractItemView::SingleSelection);
    m_quantities->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Columns stay inside the table's width; a text that does not fit is elided, whole in its tooltip.
    fitColumnsToWidth(m_quantities);
    layout->addWidget(m_quantities, 3);
    // The caption has the whole width (FP64's bits are 66 characters), the bits under it, then the buttons.
    m_bitsCaption->setObjectName(QStringLiteral("bitsCaption"));
    m_bitsCaption->setWordWrap(true);
    m_bitsCaption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_bitsCaption);
    m_bits->setObjectName(QStringLiteral("bits"));
    layout->addWidget(m_bits);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_toExplorer);
    buttons->addWidget(m_toArithmetic);
    layout->addLayout(buttons);
    // Charts need the room: at 380 pixels a chart with its title and legend keeps a plot tall enough for its
    // axis title (the pane scrolls).
    m_tabs->setMinimumHeight(380);
    // Long titles are elided (whole in the tab's tooltip) rather than pushing tabs out of the bar.
    m_tabs->setElideMode(Qt::ElideRight);
    m_tabs->setUsesScrollButtons(false);
    layout->addWidget(m_tabs, 4);
    m_notes->setObjectName(QStringLiteral("notes"));
    m_notes->setWordWrap(true);
    layout->addWidget(m_notes);
    m_toExplorer->setObjectName(QStringLiteral("openInExplorer"));
    m_toArithmetic->setObjectName(QStringLiteral("openInArithmetic"));

    connect(m_quantities, &QTableWidget::itemSelectionChanged, this, [this] {
        const int row = m_quantities->currentRow();
        if (row >= 0 && row < m_rowKeys.size()) m_selectedKey = m_rowKeys[row];
        showSelected();
    });
    const auto link = [this](bool explorer) {
        const Quantity* q = selectedQuantity();
        if (!q || q->kind != QuantityKind::Float) return;
        const QString name = qs(std::string(q->format.name()));
        if (explorer) emit openInExplorer(name, q->bits);
        else emit openInArithmetic(name, q->bits);
    };
    connect(m_toExplorer, &QPushButton::clicked, this, [link] { link(true); });
    connect(m_toArithmetic, &QPushButton::clicked, this, [link] { link(false); });
}

ResultView::~ResultView() = default;

const Quantity* ResultView::selectedQuantity() const {
    if (m_sides) {
        for (const QuantityPair& p : m_sides->rows)
            if (qs(p.key) == m_selectedKey) return p.cpu ? &*p.cpu : p.gpu ? &*p.gpu : nullptr;
        return nullptr;
    }
    if (!m_result) return nullptr;
    return m_result->find(m_selectedKey.toStdString());
}

void ResultView::selectQuantity(const QString& key) {
    const int row = int(m_rowKeys.indexOf(key));
    if (row >= 0) m_quantities->selectRow(row);
}

void ResultView::setSideBySide(const ExperimentResult& cpu, const SideBySide& sides, Language language) {
    // Switching to the comparison shows the first differing result; later updates keep the selection.
    if (!m_sides)
        for (const QuantityPair& p : sides.rows)
            if (p.match == Match::Differs) {
                m_selectedKey = qs(p.key);
                break;
            }
    m_result = cpu;
    m_sides = sides;
    m_language = language;
    fillSideBySide();
}

void ResultView::fillSideBySide() {
    const SideBySide& sides = *m_sides;
    const Language language = m_language;
    // Rebuilding the rows must not move the selection to whatever row the old table had selected.
    const QSignalBlocker quiet(m_quantities);
    m_quantities->clearContents();
    m_quantities->setColumnCount(4);
    m_quantities->setHorizontalHeaderLabels({tr("Result"), tr("CPU (emulated)"), tr("GPU"), tr("Comparison")});
    m_quantities->setRowCount(int(sides.rows.size()));
    m_rowKeys.clear();
    const QColor highlight = warningColor(palette());
    int selectRow = -1, firstDiffering = -1;
    for (std::size_t i = 0; i < sides.rows.size(); ++i) {
        const QuantityPair& p = sides.rows[i];
        const auto cell = [&](const std::optional<Quantity>& q) {
            if (!q) return QStringLiteral("–");
            const QString hex = q->kind == QuantityKind::Float     ? qs(hexBits(q->format, q->bits))
                                : q->kind == QuantityKind::Integer ? qs(intHex(q->intFormat, q->bits))
                                                                   : QString();
            return valueCellText(*q, language) +
                   (hex.isEmpty() ? QString() : QStringLiteral("  (") + hex + QLatin1Char(')'));
        };
        QString match;
        switch (p.match) {
        case Match::Same: match = tr("same"); break;
        case Match::Differs: match = tr("differs"); break;
        case Match::CpuOnly: match = tr("CPU only"); break;
        case Match::GpuOnly: match = tr("GPU only"); break;
        }
        const QStringList cells = {qs(p.label.in(language)), cell(p.cpu), cell(p.gpu), match};
        const bool differs = p.match == Match::Differs;
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (differs && c > 0) {
                item->setData(kDiffersRole, true);
                item->setBackground(highlight);
                item->setForeground(palette().color(QPalette::Base));
                const std::string marks = differenceMarks(p);
                if (!marks.empty())
                    item->setToolTip(QStringLiteral("<pre>CPU %1\nGPU %2\n    %3</pre>")
                                         .arg(qs(quantityBits(*p.cpu)), qs(quantityBits(*p.gpu)), qs(marks)));
            }
            m_quantities->setItem(int(i), c, item);
        }
        m_rowKeys.push_back(qs(p.key));
        if (qs(p.key) == m_selectedKey) selectRow = int(i);
        if (firstDiffering < 0 && differs) firstDiffering = int(i);
    }
    showFirstRows(m_quantities);
    if (selectRow < 0) selectRow = firstDiffering >= 0 ? firstDiffering : (sides.rows.empty() ? -1 : 0);
    if (selectRow >= 0) {
        m_selectedKey = m_rowKeys[selectRow];
        m_quantities->selectRow(selectRow);
    }
    QStringList notes;
    for (const LocalText& n : m_result->notes) notes.push_back(qs(n.in(language)));
    for (const LocalText& n : sides.gpuNotes) notes.push_back(tr("GPU: %1").arg(qs(n.in(language))));
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
    showSelected();
    rebuildTabs();
}

void ResultView::setResult(const ExperimentResult& result, Language language) {
    m_result = result;
    m_sides.reset();
    m_language = language;
    m_quantities->clearContents();
    m_quantities->setColumnCount(4);
    m_quantities->setHorizontalHeaderLabels({tr("Result"), tr("Value"), tr("Encoding"), tr("Flags")});
    m_quantities->setRowCount(int(result.quantities.size()));
    m_rowKeys.clear();
    int selectRow = -1, firstFloat = -1;
    for (std::size_t i = 0; i < result.quantities.size(); ++i) {
        const Quantity& q = result.quantities[i];
        const QStringList cells = {qs(q.label.in(language)), valueCellText(q, language), encodingText(q),
                                   q.flags ? flagText(*q.flags, language) : QString()};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (q.kind == QuantityKind::Float && c == 1)
                item->setToolTip(tr("Exactly %1\nAs Python prints it: %2")
                                     .arg(qs(isNan(classify(q.format, q.bits)) ? nanText(q.format, q.bits)
                                                                               : exactDecimal(q.format, q.bits)),
                                          qs(pythonRepr(toDouble(q.format, q.bits)))));
            if (q.kind == QuantityKind::Real && c == 1 && pythonRepr(q.real) != quantityText(q, language))
                item->setToolTip(tr("Every digit: %1").arg(qs(pythonRepr(q.real))));
            m_quantities->setItem(int(i), c, item);
        }
        m_rowKeys.push_back(qs(q.key));
        if (qs(q.key) == m_selectedKey) selectRow = int(i);
        if (firstFloat < 0 && (q.kind == QuantityKind::Float || q.kind == QuantityKind::Integer)) firstFloat = int(i);
    }
    showFirstRows(m_quantities);
    if (selectRow < 0) selectRow = firstFloat;
    if (selectRow >= 0) {
        m_selectedKey = qs(result.quantities[std::size_t(selectRow)].key);
        m_quantities->selectRow(selectRow);
    }
    QStringList notes;
    for (const LocalText& n : result.notes) notes.push_back(qs(n.in(language)));
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
    m_toExplorer->setText(tr("Open in Explorer"));
    m_toArithmetic->setText(tr("Open in Arithmetic"));
    showSelected();
    rebuildTabs();
}

void ResultView::showSelected() {
    const Quantity* q = selectedQuantity();
    QList<BitCell> cells;
    QList<BitGroup> groups;
    QString caption, toolTip;
    const QuantityPair* pair = nullptr;
    if (m_sides)
        for (const QuantityPair& p : m_sides->rows)
            if (qs(p.key) == m_selectedKey) pair = &p;
    if (pair && pair->match == Match::Differs && pair->differingBits != 0 && pair->gpu->kind == QuantityKind::Float) {
        // The GPU's bits, each one that differs from the CPU's drawn emphasised.
        const Quantity& g = *pair->gpu;
        fieldCells(g.format, g.bits, {tr("sign"), tr("exponent"), tr("mantissa")}, cells, groups);
        const int width = int(cells.size());
        for (int i = 0; i < width; ++i)
            if ((pair->differingBits >> (width - 1 - i)) & 1) cells[i].emphasised = true;
        caption = qs(pair->label.in(m_language)) + QStringLiteral(": ") +
                  tr("CPU %1, GPU %2 (the GPU's bits shown; differing bits emphasised)")
                      .arg(qs(hexBits(pair->cpu->format, pair->cpu->bits)), qs(hexBits(g.format, g.bits)));
    } else if (q && q->kind == QuantityKind::Float) {
        fieldCells(q->format, q->bits, {tr("sign"), tr("exponent"), tr("mantissa")}, cells, groups);
        const QString exact = qs(exactDecimal(q->format, q->bits));
        caption = qs(q->label.in(m_language)) + QStringLiteral(": ") + qs(bitString(q->format, q->bits, ' ')) +
                  QStringLiteral(" = ") + captionDecimal(exact);
        toolTip = exact;
    } else if (q && q->kind == QuantityKind::Integer) {
        cells = bitCells(q->bits, q->intFormat.bits, BitRole::Integer);
        groups.push_back({0, q->intFormat.bits, tr("two's complement"), {}});
        caption = qs(q->label.in(m_language)) + QStringLiteral(": ") + qs(intBinary(q->intFormat, q->bits));
    }
    m_bits->setCells(cells, groups);
    m_bits->setVisible(!cells.isEmpty());
    m_bitsCaption->setText(caption);
    m_bitsCaption->setToolTip(toolTip.isEmpty() ? QString() : tr("Exactly %1").arg(toolTip));
    const bool isFloat = q && q->kind == QuantityKind::Float;
    m_toExplorer->setEnabled(isFloat);
    m_toArithmetic->setEnabled(isFloat);
}

void ResultView::rebuildTabs() {
    const int current = m_tabs->currentIndex();
    while (m_tabs->count() > 0) {
        QWidget* w = m_tabs->widget(0);
        m_tabs->removeTab(0);
        w->deleteLater();
    }
    if (!m_result) return;
    for (const ResultTable& t : m_result->tables)
        m_tabs->addTab(tableWidget(t, m_language, m_tabs), qs(t.title.in(m_language)));
    if (m_sides)
        for (const ResultTable& t : m_sides->gpuTables)
            m_tabs->addTab(tableWidget(t, m_language, m_tabs), tr("GPU: %1").arg(qs(t.title.in(m_language))));
    for (const NumberLine& l : m_result->numberLines) {
        auto* w = new NumberLineWidget(m_tabs);
        w->setLine(l, m_language);
        m_tabs->addTab(w, qs(l.title.in(m_language)));
    }
    for (const Chart& c : m_result->charts) {
        QChartView* view = makeChartView(m_tabs);
        view->setChart(buildResultChart(c, m_language, palette()));
        view->setObjectName(qs("chart_" + c.key));
        m_tabs->addTab(view, qs(c.title.in(m_language)));
    }
    for (int i = 0; i < m_tabs->count(); ++i) m_tabs->setTabToolTip(i, m_tabs->tabText(i));
    m_tabs->setVisible(m_tabs->count() > 0);
    if (current >= 0 && current < m_tabs->count()) m_tabs->setCurrentIndex(current);
}

void ResultView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange && m_result) {
        if (m_sides) fillSideBySide(); // the highlight follows the theme
        else rebuildTabs();
    }
    QWidget::changeEvent(event);
}

} // namespace fplab::gui
