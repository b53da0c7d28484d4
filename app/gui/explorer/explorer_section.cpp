// Assembling the Explorer: the entry, the bit row, the details and the tabs all follow one
// ExplorerState; settings remember the input, the format, the rows, the tab and the splitter.
#include "app/gui/explorer/explorer_section.h"

#include "app/gui/explorer/bit_editor_panel.h"
#include "app/gui/explorer/details_panel.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/explorer/explorer_tabs.h"
#include "app/gui/explorer/format_table_model.h"
#include "app/gui/explorer/format_table_page.h"
#include "app/gui/explorer/value_entry_panel.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/glyph_icon.h"
#include "app/gui/shell/section_links.h"
#include "app/gui/shell/theme.h"

#include <QLineEdit>
#include <QSplitter>
#include <QVBoxLayout>

namespace fplab::gui {

ExplorerSection::ExplorerSection(SectionContext context, QWidget* parent)
    : Section(context, parent), m_state(new ExplorerState(this)), m_model(new FormatTableModel(m_state, this)) {
    AppSettings& s = settings();
    m_model->setCustomFormats(s.customFormats.get());
    m_model->setHiddenKeys(s.explorerHiddenRows.get());

    m_entry = new ValueEntryPanel(m_state, s.customFormats.get(), this);
    m_bits = new BitEditorPanel(m_state, this);
    // Left: the decoded value. Right: the table and the charts.
    m_details = new DetailsPanel(m_state, this);
    m_details->setMinimumWidth(280);
    m_tabs = new ExplorerTabs(m_state, m_model, s, this);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(m_details);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_entry);
    layout->addWidget(m_bits);
    layout->addWidget(m_splitter, 1);

    // Restore the last value (the settings already replaced unreadable values by defaults).
    if (!m_state->setFormat(s.explorerFormat.get())) m_state->setFormat(QStringLiteral("fp16"));
    m_state->setRounding(s.explorerRounding.get());
    if (!m_state->setText(s.explorerInput.get())) m_state->setText(s.explorerInput.defaultValue());

    connect(m_state, &ExplorerState::valueChanged, this, &ExplorerSection::onValueChanged);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) { settings().explorerChartTab.set(tab); });
    FormatTablePage* table = m_tabs->tablePage();
    connect(table, &FormatTablePage::customFormatsChanged, m_entry, &ValueEntryPanel::setCustomFormats);
    connect(table, &FormatTablePage::statusMessage, this, [this](const QString& text) { emit statusMessage(text); });
    connect(m_entry, &ValueEntryPanel::statusMessage, this, [this](const QString& text) { emit statusMessage(text); });
    // The warning colours in the table and the entry report follow the palette.
    connect(&theme(), &ThemeManager::themeChanged, m_model, &FormatTableModel::refresh);
    connect(&theme(), &ThemeManager::themeChanged, m_entry, &ValueEntryPanel::updateReport);
    retranslateUi();
    m_tabs->setCurrentIndex(s.explorerChartTab.get());
    if (!s.explorerSplitter.get().isEmpty()) m_splitter->restoreState(s.explorerSplitter.get());
    onValueChanged();
}

ExplorerSection::~ExplorerSection() = default;

QString ExplorerSection::title() const { return tr("Explorer"); }

QString ExplorerSection::toolTipText() const {
    return tr("Look inside one value: its bits, its exact decimal, its neighbours, and the same input in every "
              "format side by side (Ctrl+1).");
}

QIcon ExplorerSection::icon() const { return glyphIcon(QStringLiteral("01"), QColor(0x2e, 0x7d, 0x46)); }

QWidget* ExplorerSection::primaryInput() const { return m_entry->entry(); }
BitEditor* ExplorerSection::bitEditor() const { return m_bits->editor(); }
ValueDetailsView* ExplorerSection::details() const { return m_details->details(); }
QLineEdit* ExplorerSection::entry() const { return m_entry->entry(); }
QLabel* ExplorerSection::entryReport() const { return m_entry->report(); }
QTabWidget* ExplorerSection::tabs() const { return m_tabs; }
BlockView* ExplorerSection::blockView() const { return m_tabs->blockView(); }
void ExplorerSection::ensureCharts() { m_tabs->ensureCharts(); }
QString ExplorerSection::copyTextFor(CopyKind kind) const { return m_entry->copyTextFor(kind); }
bool ExplorerSection::addCustomFormat(const QString& name) { return m_tabs->tablePage()->addCustomFormat(name); }
void ExplorerSection::setRowHidden(const QString& key, bool hidden) { m_tabs->tablePage()->setRowHidden(key, hidden); }

QList<QAction*> ExplorerSection::menuActions() const {
    QList<QAction*> list = m_bits->actions();
    list << nullptr << m_entry->picksAction() << nullptr << m_entry->copyActions() << nullptr << m_tabs->tabActions();
    list << nullptr << m_tabs->tablePage()->chooseRowsAction() << m_tabs->tablePage()->addFormatAction();
    return list;
}

void ExplorerSection::retranslateUi() {
    m_entry->retranslateUi();
    m_bits->retranslateUi();
    m_details->retranslateUi();
    m_tabs->retranslateUi();
    emit actionsChanged();
}

void ExplorerSection::onValueChanged() {
    m_entry->sync();
    m_bits->sync();
    m_details->sync();
    m_model->refresh();
    m_tabs->updateCharts();
    // Whoever changed the value (typing, a click, another section), the next start shows it again.
    if (m_state->error().isEmpty()) settings().explorerInput.set(m_state->text());
    settings().explorerFormat.set(m_state->formatName());
    settings().explorerRounding.set(m_state->rounding());
}

void ExplorerSection::showValue(const QString& formatName, std::uint64_t bits) {
    if (!m_state->setFormat(formatName)) return;
    m_state->setBits(bits);
}

bool ExplorerSection::openLink(const QUrlQuery& query) {
    if (query.isEmpty()) return true;
    const std::optional<LinkedValue> value = linkedValue(query);
    if (!value) return false;
    if (value->format.id == FormatId::Custom) addCustomFormat(value->formatName);
    showValue(value->formatName, value->bits);
    return true;
}

void ExplorerSection::saveState() {
    settings().explorerSplitter.set(m_splitter->saveState());
    settings().explorerInput.set(m_state->error().isEmpty() ? m_state->text() : settings().explorerInput.get());
}

QStringList ExplorerSection::screenshotNames() const {
    return {QStringLiteral("explorer"), QStringLiteral("explorer-range"), QStringLiteral("explorer-neighbours"),
            QStringLiteral("explorer-spacing"), QStringLiteral("explorer-block")};
}

void ExplorerSection::prepareScreenshot(const QString& name) {
    // 0.1 in FP16: not representable, rounded, and visibly different in every format.
    m_state->setFormat(QStringLiteral("fp16"));
    m_state->setRounding(RoundingMode::NearestEven);
    m_state->setText(QStringLiteral("0.1"));
    const int tab = name.endsWith(QLatin1String("range"))        ? ExplorerTabs::RangeTab
                    : name.endsWith(QLatin1String("neighbours")) ? ExplorerTabs::NeighboursTab
                    : name.endsWith(QLatin1String("spacing"))    ? ExplorerTabs::SpacingTab
                    : name.endsWith(QLatin1String("block"))      ? ExplorerTabs::BlockTab
                                                                 : ExplorerTabs::TableTab;
    m_tabs->setCurrentIndex(tab);
    m_tabs->updateCharts();
}

} // namespace fplab::gui
