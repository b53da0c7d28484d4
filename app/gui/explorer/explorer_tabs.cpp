#include "app/gui/explorer/explorer_tabs.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/explorer/block_view.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/explorer/format_table_model.h"
#include "app/gui/explorer/format_table_page.h"
#include "app/gui/explorer/neighbours_chart.h"
#include "app/gui/explorer/range_chart.h"
#include "app/gui/explorer/spacing_chart.h"
#include "core/text/literal.h"
#include "core/values.h"

#include <QAction>
#include <QVBoxLayout>

#include <cmath>

namespace fplab::gui {

namespace {

QWidget* lazyPage(QWidget* parent) {
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    return page;
}

} // namespace

ExplorerTabs::ExplorerTabs(ExplorerState* state, FormatTableModel* model, AppSettings& settings, QWidget* parent)
    : QTabWidget(parent), m_state(state), m_model(model) {
    m_tablePage = new FormatTablePage(state, model, settings, this);
    m_rangePage = lazyPage(this);
    m_neighboursPage = lazyPage(this);
    m_spacingPage = lazyPage(this);
    m_blockView = new BlockView(settings, this);
    addTab(m_tablePage, QString());
    addTab(m_rangePage, QString());
    addTab(m_neighboursPage, QString());
    addTab(m_spacingPage, QString());
    addTab(m_blockView, QString());
    for (int tab = 0; tab < TabCount; ++tab) {
        auto* a = new QAction(this);
        a->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + tab)));
        addAction(a);
        connect(a, &QAction::triggered, this, [this, tab] { setCurrentIndex(tab); });
        m_tabActions << a;
    }
    connect(this, &QTabWidget::currentChanged, this, &ExplorerTabs::updateCharts);
    connect(m_tablePage, &FormatTablePage::rowsChanged, this, &ExplorerTabs::updateCharts);
}

void ExplorerTabs::retranslateUi() {
    const QString names[] = {tr("All formats"), tr("Range"), tr("Neighbours"), tr("Spacing"), tr("Block")};
    for (int i = 0; i < TabCount; ++i) {
        setTabText(i, names[i]);
        m_tabActions[i]->setText(tr("Show %1").arg(names[i]));
    }
    setTabToolTip(TableTab, tr("The same input stored in every format, with the error of each."));
    setTabToolTip(RangeTab, tr("How far each format reaches, from its smallest subnormal to its largest value."));
    setTabToolTip(NeighboursTab,
                  tr("The representable values around this one and where rounding switches between them."));
    setTabToolTip(SpacingTab, tr("How the gap between neighbours grows with the magnitude."));
    setTabToolTip(BlockTab, tr("A vector quantized with a block-scaled format (MX, NVFP4, FP8): the scales, "
                               "each element's code and error."));
    m_tablePage->retranslateUi();
}

void ExplorerTabs::ensureCharts() {
    if (!m_range) {
        m_range = new RangeChart(m_rangePage);
        m_rangePage->layout()->addWidget(m_range);
    }
    if (!m_neighbours) {
        m_neighbours = new NeighboursChart(m_neighboursPage);
        m_neighboursPage->layout()->addWidget(m_neighbours);
    }
    if (!m_spacing) {
        m_spacing = new SpacingChart(m_spacingPage);
        m_spacingPage->layout()->addWidget(m_spacing);
    }
}

void ExplorerTabs::updateCharts() {
    const int tab = currentIndex();
    if (tab == TableTab || tab == BlockTab) return;
    ensureCharts();
    const Format& f = m_state->format();
    const std::uint64_t bits = m_state->bits();
    if (tab == RangeTab) {
        std::vector<Format> formats;
        int current = -1;
        for (const QString& key : m_model->allKeys()) {
            if (m_model->hiddenKeys().contains(key)) continue;
            const std::optional<Format> rf = resolveFormat(key);
            if (!rf) continue;
            if (key == m_state->formatName()) current = int(formats.size());
            formats.push_back(*rf);
        }
        if (current < 0) {
            current = int(formats.size());
            formats.push_back(f);
        }
        m_range->setFormats(formats, current);
        m_range->setCurrentValue(std::fabs(toDouble(f, bits)));
    } else if (tab == NeighboursTab) {
        std::optional<double> offset;
        if (!m_state->fromBits()) {
            const LiteralOrError read = readLiteral(m_state->sourceText().toStdString(), f, m_state->env());
            if (read.literal) {
                const StoredError err = storedError(f, *read.literal);
                if (err.ulps) offset = -*err.ulps;
            }
        }
        m_neighbours->setValue(f, bits, offset);
    } else if (tab == SpacingTab) {
        m_spacing->setValue(f, bits);
    }
}

} // namespace fplab::gui
