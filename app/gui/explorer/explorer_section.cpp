// Wiring the Explorer: the entry, the bit editor, the details, the table and the charts all
// follow one ExplorerState; settings remember the input, the format and the rows.
#include "app/gui/explorer/explorer_section.h"

#include "app/gui/common/copy_formats.h"
#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "app/gui/explorer/bit_editor.h"
#include "app/gui/explorer/block_view.h"
#include "app/gui/explorer/custom_format_dialog.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/explorer/format_table_model.h"
#include "app/gui/explorer/neighbours_chart.h"
#include "app/gui/explorer/range_chart.h"
#include "app/gui/explorer/spacing_chart.h"
#include "app/gui/explorer/value_details_view.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/glyph_icon.h"
#include "app/gui/shell/section_links.h"
#include "app/gui/shell/theme.h"
#include "core/classify.h"
#include "core/text/literal.h"
#include "core/values.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace fplab::gui {

namespace {

enum Tab { TableTab, RangeTab, NeighboursTab, SpacingTab, BlockTab };

QWidget* lazyPage(QWidget* parent) {
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    return page;
}

} // namespace

ExplorerSection::ExplorerSection(SectionContext context, QWidget* parent)
    : Section(context, parent), m_state(new ExplorerState(this)), m_model(new FormatTableModel(m_state, this)) {
    AppSettings& s = settings();
    m_model->setCustomFormats(s.customFormats.get());
    m_model->setHiddenKeys(s.explorerHiddenRows.get());
    buildUi();
    buildActions();

    // Restore the last value (the settings already replaced unreadable values by defaults).
    if (!m_state->setFormat(s.explorerFormat.get())) m_state->setFormat(QStringLiteral("fp16"));
    if (const auto mode = parseRoundingName(s.explorerRounding.get().toStdString())) m_state->setRounding(*mode);
    if (!m_state->setText(s.explorerInput.get())) m_state->setText(s.explorerInput.defaultValue());

    connect(m_state, &ExplorerState::valueChanged, this, &ExplorerSection::onValueChanged);
    connect(m_state, &ExplorerState::errorChanged, this, &ExplorerSection::updateReport);
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

QWidget* ExplorerSection::primaryInput() const { return m_entry; }

void ExplorerSection::buildUi() {
    m_entryLabel = new QLabel(this);
    m_entry = new QLineEdit(this);
    m_entry->setClearButtonEnabled(true);
    m_entry->setMinimumWidth(220);
    m_entryLabel->setBuddy(m_entry);
    m_formatLabel = new QLabel(this);
    m_format = new QComboBox(this);
    m_formatLabel->setBuddy(m_format);
    refreshFormatCombo();
    m_roundingLabel = new QLabel(this);
    m_rounding = new QComboBox(this);
    for (RoundingMode mode : kAllRoundingModes) m_rounding->addItem(QString(), QString::fromLatin1(roundingName(mode).data()));
    m_roundingLabel->setBuddy(m_rounding);
    m_picksButton = new QToolButton(this);
    m_picksButton->setPopupMode(QToolButton::InstantPopup);
    m_copyButton = new QToolButton(this);
    m_copyButton->setPopupMode(QToolButton::InstantPopup);
    m_downButton = new QToolButton(this);
    m_upButton = new QToolButton(this);

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

    m_bits = new BitEditor(this);
    auto* bitsRow = new QHBoxLayout;
    bitsRow->addWidget(m_downButton);
    bitsRow->addWidget(m_bits, 1);
    bitsRow->addWidget(m_upButton);

    // Left: the decoded value. Right: the table and the charts.
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_detailsTitle = new QLabel(left);
    QFont bold = m_detailsTitle->font();
    bold.setBold(true);
    m_detailsTitle->setFont(bold);
    m_details = new ValueDetailsView(left);
    auto* scroll = new QScrollArea(left);
    scroll->setWidget(m_details);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    leftLayout->addWidget(m_detailsTitle);
    leftLayout->addWidget(scroll, 1);

    m_tabs = new QTabWidget(this);
    auto* tablePage = new QWidget(m_tabs);
    auto* tableLayout = new QVBoxLayout(tablePage);
    tableLayout->setContentsMargins(0, 4, 0, 0);
    m_table = new QTableView(tablePage);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(FormatTableModel::BinaryColumn, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_rowsButton = new QToolButton(tablePage);
    m_addFormatButton = new QToolButton(tablePage);
    auto* tableButtons = new QHBoxLayout;
    tableButtons->addWidget(m_rowsButton);
    tableButtons->addWidget(m_addFormatButton);
    tableButtons->addStretch(1);
    tableLayout->addWidget(m_table, 1);
    tableLayout->addLayout(tableButtons);
    m_rangePage = lazyPage(m_tabs);
    m_neighboursPage = lazyPage(m_tabs);
    m_spacingPage = lazyPage(m_tabs);
    m_tabs->addTab(tablePage, QString());
    m_tabs->addTab(m_rangePage, QString());
    m_tabs->addTab(m_neighboursPage, QString());
    m_tabs->addTab(m_spacingPage, QString());
    m_blockView = new BlockView(m_tabs);
    m_tabs->addTab(m_blockView, QString());

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);
    left->setMinimumWidth(280);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_report);
    layout->addLayout(bitsRow);
    layout->addWidget(m_splitter, 1);

    connect(m_entry, &QLineEdit::textEdited, this, [this](const QString& text) {
        m_updatingEntry = true;
        m_state->setText(text);
        m_updatingEntry = false;
    });
    connect(m_entry, &QLineEdit::returnPressed, this, [this] {
        // Enter shows the canonical text of a value that came from bits.
        if (m_state->error().isEmpty()) m_entry->setText(m_state->text());
    });
    connect(m_format, &QComboBox::activated, this, [this] { selectFormat(m_format->currentData().toString()); });
    connect(m_rounding, &QComboBox::activated, this, [this] {
        if (const auto mode = parseRoundingName(m_rounding->currentData().toString().toStdString())) {
            m_state->setRounding(*mode);
            settings().explorerRounding.set(m_rounding->currentData().toString());
        }
    });
    connect(m_bits, &BitEditor::bitsEdited, m_state, &ExplorerState::setBits);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const QString key = m_model->keyAt(index.row());
        if (key != QLatin1String(FormatTableModel::kInt8Key)) selectFormat(key);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        settings().explorerChartTab.set(tab);
        updateCharts();
    });
    connect(m_rowsButton, &QToolButton::clicked, this, &ExplorerSection::showRowMenu);
    connect(m_addFormatButton, &QToolButton::clicked, this, &ExplorerSection::openCustomFormatDialog);
    // The warning colours in the table and the entry report follow the palette.
    connect(&theme(), &ThemeManager::themeChanged, m_model, &FormatTableModel::refresh);
    connect(&theme(), &ThemeManager::themeChanged, this, &ExplorerSection::updateReport);
}

void ExplorerSection::buildActions() {
    const auto make = [this](const QKeySequence& shortcut, auto slot) {
        auto* a = new QAction(this);
        a->setShortcut(shortcut);
        addAction(a);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    m_nextUp = make(QKeySequence(Qt::ALT | Qt::Key_Up), [this] { m_state->setBits(nextUp(m_state->format(), m_state->bits())); });
    m_nextDown = make(QKeySequence(Qt::ALT | Qt::Key_Down), [this] { m_state->setBits(nextDown(m_state->format(), m_state->bits())); });
    m_negate = make(QKeySequence(Qt::ALT | Qt::Key_Minus), [this] {
        if (m_state->format().hasSign) m_state->setBits(m_state->bits() ^ m_state->format().signMask());
    });
    m_copyHex = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H), [this] { copy(CopyKind::Hex); });
    m_copyBinary = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B), [this] { copy(CopyKind::Binary); });
    m_copyC = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), [this] { copy(CopyKind::CLiteral); });
    m_copyPython = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), [this] { copy(CopyKind::PythonLiteral); });
    m_copyCli = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K), [this] { copy(CopyKind::CliCommand); });
    m_addFormat = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), [this] { openCustomFormatDialog(); });
    m_chooseRows = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), [this] { showRowMenu(); });
    for (int tab = 0; tab < 5; ++tab)
        m_tabActions << make(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + tab)), [this, tab] { m_tabs->setCurrentIndex(tab); });

    m_copyMenu = new QMenu(this);
    m_copyMenu->addActions({m_copyHex, m_copyBinary, m_copyC, m_copyPython, m_copyCli});
    m_copyButton->setMenu(m_copyMenu);
    m_picksMenu = new QMenu(this);
    m_picksButton->setMenu(m_picksMenu);
    m_picksAction = new QAction(this);
    m_picksAction->setMenu(m_picksMenu);
    m_upButton->setDefaultAction(m_nextUp);
    m_downButton->setDefaultAction(m_nextDown);
    m_upButton->setArrowType(Qt::RightArrow);
    m_downButton->setArrowType(Qt::LeftArrow);
}

void ExplorerSection::buildQuickPicks() {
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
        connect(a, &QAction::triggered, this, [this, text = p.text] {
            m_state->setText(text);
            settings().explorerInput.set(text);
        });
    }
    m_picksMenu->addSeparator();
    QMenu* extremes = m_picksMenu->addMenu(tr("Largest and smallest of each format"));
    for (const Format* f : kPresetFormats) {
        QMenu* sub = extremes->addMenu(formatDisplayName(*f));
        const QString name = QString::fromLatin1(f->name().data(), qsizetype(f->name().size()));
        const auto add = [&](const QString& label, std::uint64_t bits) {
            QAction* a = sub->addAction(label.arg(storedText(*f, bits)));
            connect(a, &QAction::triggered, this, [this, name, bits] {
                selectFormat(name);
                m_state->setBits(bits);
            });
        };
        add(tr("Largest finite: %1"), maxFiniteBits(*f));
        add(tr("Smallest normal: %1"), minNormalBits(*f));
        if (f->subnormals && f->hasZero && f->mantissaBits > 0) add(tr("Smallest subnormal: %1"), minPositiveBits(*f));
        if (f->hasInfinity()) add(tr("Infinity: %1"), infinityBits(*f));
    }
}

QList<QAction*> ExplorerSection::menuActions() const {
    QList<QAction*> list{m_nextUp, m_nextDown, m_negate, nullptr, m_picksAction, nullptr, m_copyHex, m_copyBinary,
                         m_copyC, m_copyPython, m_copyCli, nullptr};
    list << m_tabActions;
    list << nullptr << m_chooseRows << m_addFormat;
    return list;
}

void ExplorerSection::retranslateUi() {
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
    m_picksButton->setToolTip(tr("Values worth looking at: 0.1 is not exact in binary, 65504 is FP16's largest, 2^-24 its smallest."));
    m_copyButton->setText(tr("Copy"));
    m_copyButton->setToolTip(tr("Copy the value as hex bits, binary, a C or Python literal, or a fplab-cli command."));
    m_nextUp->setText(tr("Next value &up"));
    m_nextUp->setToolTip(tr("Step to the next representable value toward +infinity (Alt+Up): one ulp."));
    m_nextDown->setText(tr("Next value &down"));
    m_nextDown->setToolTip(tr("Step to the next representable value toward −infinity (Alt+Down)."));
    m_negate->setText(tr("&Negate (flip the sign bit)"));
    m_copyHex->setText(tr("Copy as &hex bits"));
    m_copyBinary->setText(tr("Copy as &binary"));
    m_copyC->setText(tr("Copy as &C literal"));
    m_copyPython->setText(tr("Copy as &Python literal"));
    m_copyCli->setText(tr("Copy as fplab-cli &command"));
    m_addFormat->setText(tr("&Add a format…"));
    m_addFormat->setToolTip(tr("Define your own format: exponent and mantissa widths, subnormals, special values."));
    m_chooseRows->setText(tr("Choose &rows…"));
    m_chooseRows->setToolTip(tr("Choose which formats the side-by-side table shows."));
    m_picksAction->setText(tr("&Quick picks"));
    m_rowsButton->setDefaultAction(m_chooseRows);
    m_addFormatButton->setDefaultAction(m_addFormat);
    m_detailsTitle->setText(tr("Decoded value"));
    m_tabs->setTabText(TableTab, tr("All formats"));
    m_tabs->setTabText(RangeTab, tr("Range"));
    m_tabs->setTabText(NeighboursTab, tr("Neighbours"));
    m_tabs->setTabText(SpacingTab, tr("Spacing"));
    m_tabs->setTabText(BlockTab, tr("Block"));
    m_tabs->setTabToolTip(TableTab, tr("The same input stored in every format, with the error of each."));
    m_tabs->setTabToolTip(RangeTab, tr("How far each format reaches, from its smallest subnormal to its largest value."));
    m_tabs->setTabToolTip(NeighboursTab, tr("The representable values around this one and where rounding switches between them."));
    m_tabs->setTabToolTip(SpacingTab, tr("How the gap between neighbours grows with the magnitude."));
    m_tabs->setTabToolTip(BlockTab, tr("A vector quantized with a block-scaled format (MX, NVFP4, FP8): the scales, "
                                       "each element's code and error."));
    const QStringList tabNames = {tr("All formats"), tr("Range"), tr("Neighbours"), tr("Spacing"), tr("Block")};
    for (int i = 0; i < m_tabActions.size(); ++i) m_tabActions[i]->setText(tr("Show %1").arg(tabNames[i]));
    m_bits->setToolTip(QString());
    buildQuickPicks();
    m_model->refresh();
    emit m_model->headerDataChanged(Qt::Horizontal, 0, FormatTableModel::ColumnCount - 1);
    updateReport();
    emit actionsChanged();
}

void ExplorerSection::refreshFormatCombo() { fillFormatCombo(m_format, settings().customFormats.get()); }

void ExplorerSection::selectFormat(const QString& name) {
    if (!m_state->setFormat(name)) return;
    settings().explorerFormat.set(name);
}

void ExplorerSection::onValueChanged() {
    const Format& f = m_state->format();
    selectFormatInCombo(m_format, m_state->formatName());
    const int r = m_rounding->findData(QString::fromLatin1(roundingName(m_state->rounding()).data()));
    if (r >= 0) m_rounding->setCurrentIndex(r);
    if (!m_updatingEntry && m_entry->text() != m_state->text()) m_entry->setText(m_state->text());
    m_bits->setValue(f, m_state->bits());
    m_details->setValue(f, m_state->bits());
    m_model->refresh();
    updateReport();
    updateCharts();
    // Whoever changed the value (typing, a click, another section), the next start shows it again.
    if (m_state->error().isEmpty()) settings().explorerInput.set(m_state->text());
    settings().explorerFormat.set(m_state->formatName());
    settings().explorerRounding.set(QString::fromLatin1(roundingName(m_state->rounding()).data()));
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

void ExplorerSection::updateReport() {
    const QPalette pal = QApplication::palette();
    if (!m_state->error().isEmpty()) {
        m_report->setText(QStringLiteral("<span style='color:%1'>%2</span>")
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
                              : flags ? pal.color(QPalette::WindowText) : okColor(pal);
        QString flagText = flagsText(flags);
        if (flags & kOverflow) flagText += tr(" — too large for %1").arg(formatDisplayName(f));
        else if ((flags & kUnderflow) && classify(f, bits) == FloatClass::Zero) flagText += tr(" — flushed to zero");
        else if (flags & kUnderflow) flagText += tr(" — stored as a subnormal with fewer significant bits");
        text += QStringLiteral(" — ") + tr("flags: <span style='color:%1'>%2</span>").arg(colour.name(), flagText.toHtmlEscaped());
    }
    m_report->setText(text);
    m_report->setToolTip(flagsExplanation(m_state->flags()));
}

void ExplorerSection::ensureCharts() {
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

void ExplorerSection::updateCharts() {
    // Only the visible chart is brought up to date; the others catch up when shown.
    const int tab = m_tabs->currentIndex();
    if (tab == TableTab) return;
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

QString ExplorerSection::copyTextFor(CopyKind kind) const {
    CopySource source{m_state->format(), m_state->formatName(), m_state->bits(),
                      m_state->fromBits() ? QString() : m_state->text(), m_state->rounding()};
    return copyText(kind, source);
}

void ExplorerSection::copy(CopyKind kind) {
    const QString text = copyTextFor(kind);
    QApplication::clipboard()->setText(text);
    emit statusMessage(tr("Copied: %1").arg(text));
}

void ExplorerSection::setRowHidden(const QString& key, bool hidden) {
    QStringList keys = m_model->hiddenKeys();
    keys.removeAll(key);
    if (hidden) keys << key;
    m_model->setHiddenKeys(keys);
    settings().explorerHiddenRows.set(keys);
    updateCharts();
}

void ExplorerSection::showRowMenu() {
    QMenu menu(this);
    for (const QString& key : m_model->allKeys()) {
        const std::optional<Format> f = resolveFormat(key);
        QAction* a = menu.addAction(f ? formatDisplayName(*f) : QStringLiteral("INT8"));
        a->setCheckable(true);
        a->setChecked(!m_model->hiddenKeys().contains(key));
        connect(a, &QAction::toggled, this, [this, key](bool shown) { setRowHidden(key, !shown); });
    }
    if (!settings().customFormats.get().isEmpty()) {
        menu.addSeparator();
        QMenu* remove = menu.addMenu(tr("Remove a format"));
        for (const QString& name : settings().customFormats.get()) {
            connect(remove->addAction(name), &QAction::triggered, this, [this, name] {
                QStringList names = settings().customFormats.get();
                names.removeAll(name);
                settings().customFormats.set(names);
                m_model->setCustomFormats(names);
                refreshFormatCombo();
                if (m_state->formatName() == name) selectFormat(QStringLiteral("fp16"));
            });
        }
    }
    menu.exec(m_rowsButton->mapToGlobal(QPoint(0, m_rowsButton->height())));
}

bool ExplorerSection::addCustomFormat(const QString& name) {
    if (!resolveFormat(name)) return false;
    QStringList names = settings().customFormats.get();
    if (!names.contains(name) && !presetFormatNames().contains(name)) names << name;
    settings().customFormats.set(names);
    m_model->setCustomFormats(names);
    refreshFormatCombo();
    updateCharts();
    return true;
}

void ExplorerSection::openCustomFormatDialog() {
    CustomFormatDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted) return;
    const QString name = dialog.formatName();
    if (addCustomFormat(name)) {
        selectFormat(name);
        emit statusMessage(tr("Added the format %1").arg(name));
    }
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
    selectFormat(QStringLiteral("fp16"));
    m_state->setRounding(RoundingMode::NearestEven);
    m_state->setText(QStringLiteral("0.1"));
    const int tab = name.endsWith(QLatin1String("range"))        ? RangeTab
                    : name.endsWith(QLatin1String("neighbours")) ? NeighboursTab
                    : name.endsWith(QLatin1String("spacing"))    ? SpacingTab
                    : name.endsWith(QLatin1String("block"))      ? BlockTab
                                                                 : TableTab;
    m_tabs->setCurrentIndex(tab);
    updateCharts();
}

} // namespace fplab::gui
