// The Block view. Vectors are capped at kMaxElements, so quantizing on the GUI thread (under every rule of
// the scheme, for the comparison table) takes a few milliseconds at most and nothing needs a worker thread.
#include "app/gui/explorer/block_view.h"

#include "app/gui/explorer/block_element_model.h"
#include "app/gui/explorer/block_number_text.h"
#include "app/gui/explorer/block_scale_model.h"
#include "app/gui/explorer/tensor_file_panel.h"
#include "app/gui/common/chart_style.h"
#include "app/gui/common/fitted_view_columns.h"
#include "app/gui/common/scale_rule_text.h"
#include "app/gui/shell/app_settings.h"
#include "core/blockscale/hadamard.h"
#include "core/blockscale/measured_quantization.h"
#include "core/blockscale/rule_comparison.h"
#include "core/text/parse.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>

namespace fplab::gui {
namespace {

constexpr int kMaxElements = 65536;

// The height a table needs for its header and `rows` rows.
int tableHeight(const QTableView* table, int rows) {
    return table->horizontalHeader()->height() + rows * table->verticalHeader()->defaultSectionSize() +
           2 * table->frameWidth();
}

// The Vector box's entry for values the user pasted or typed.
constexpr int kOwnValues = -1;

// The Blocks box's entries.
enum BlockShape { Blocks1d, Tiles16x16 };

} // namespace

BlockView::BlockView(AppSettings& settings, QWidget* parent)
    : QWidget(parent), m_settings(settings), m_blockModel(new BlockScaleModel(m_result, this)),
      m_elementModel(new BlockElementModel(m_result, this)) {
    buildUi();
    retranslateUi();
    generate(Source::Outlier, 64, 1);
}

void BlockView::buildUi() {
    m_sourceLabel = new QLabel(this);
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("blockSource"));
    for (int i = 0; i < 3; ++i) m_source->addItem(QString(), i);
    m_source->addItem(QString(), kOwnValues); // what the user pasted or typed: nothing to generate
    m_source->setCurrentIndex(int(Source::Outlier));
    m_source->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_source->setMinimumContentsLength(22); // "Normal with one outlier" whole
    m_countLabel = new QLabel(this);
    m_count = new QSpinBox(this);
    m_count->setRange(1, 4096);
    m_count->setValue(64);
    m_seedLabel = new QLabel(this);
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 1000000);
    m_seed->setValue(1);
    m_generate = new QPushButton(this);
    m_generate->setObjectName(QStringLiteral("blockGenerate"));
    m_schemeLabel = new QLabel(this);
    m_scheme = new QComboBox(this);
    for (const blockscale::SchemeInfo& info : blockscale::allSchemes())
        m_scheme->addItem(QString::fromLatin1(info.name.data(), qsizetype(info.name.size())), int(info.scheme));
    // The settings' scheme (checked by core's parser when read; MXFP4 when absent or unknown).
    const auto stored = blockscale::parseScheme(m_settings.blockScheme.get().toStdString());
    m_scheme->setCurrentIndex(m_scheme->findData(int(stored.value_or(blockscale::Scheme::Mxfp4))));
    m_ruleLabel = new QLabel(this);
    m_rule = new QComboBox(this);
    m_rule->setObjectName(QStringLiteral("blockRule"));
    m_ruleLabel->setBuddy(m_rule);
    m_groupingLabel = new QLabel(this);
    m_grouping = new QComboBox(this);
    m_grouping->setObjectName(QStringLiteral("blockGrouping"));
    m_grouping->addItem(QString(), int(Blocks1d));
    m_grouping->addItem(QString(), int(Tiles16x16));
    m_groupingLabel->setBuddy(m_grouping);
    m_rowLengthLabel = new QLabel(this);
    m_rowLength = new QSpinBox(this);
    m_rowLength->setObjectName(QStringLiteral("blockRowLength"));
    m_rowLength->setRange(0, 4096);
    m_rowLength->setValue(m_settings.blockRowLength.get());
    m_rowLengthLabel->setBuddy(m_rowLength);
    m_hadamard = new QCheckBox(this);
    m_hadamard->setObjectName(QStringLiteral("blockHadamard"));
    m_hadamard->setChecked(m_settings.blockHadamard.get());
    m_hadamardSeed = new QSpinBox(this);
    m_hadamardSeed->setObjectName(QStringLiteral("blockHadamardSeed"));
    m_hadamardSeed->setRange(0, 1000000);
    m_hadamardSeed->setValue(m_settings.blockHadamardSeed.get());
    m_hadamardSeed->setEnabled(m_hadamard->isChecked());
    fillRules();
    if (const auto stored = blockscale::parseScaleRule(m_settings.blockRule.get().toStdString())) {
        const int index = m_rule->findData(int(*stored));
        if (index >= 0) m_rule->setCurrentIndex(index); // else the scheme's own rule, which fillRules chose
    }
    m_sourceLabel->setBuddy(m_source);
    m_countLabel->setBuddy(m_count);
    m_seedLabel->setBuddy(m_seed);
    m_schemeLabel->setBuddy(m_scheme);

    auto* top = new QHBoxLayout;
    top->addWidget(m_sourceLabel);
    top->addWidget(m_source);
    top->addWidget(m_countLabel);
    top->addWidget(m_count);
    top->addWidget(m_seedLabel);
    top->addWidget(m_seed);
    top->addWidget(m_generate);
    top->addStretch(1);
    auto* second = new QHBoxLayout;
    second->addWidget(m_schemeLabel);
    second->addWidget(m_scheme);
    second->addWidget(m_ruleLabel);
    second->addWidget(m_rule);
    second->addStretch(1);

    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("blockValues"));
    m_text->setMaximumHeight(m_text->fontMetrics().height() * 3 + 12); // three values: the tables need the height
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    const auto makeTable = [this](QAbstractItemModel* model) {
        auto* t = new QTableView(this);
        t->setModel(model);
        t->verticalHeader()->hide();
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->horizontalHeader()->setStretchLastSection(true);
        t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
        return t;
    };
    m_blocks = makeTable(m_blockModel);
    m_blocks->setObjectName(QStringLiteral("blockScales"));
    m_elements = makeTable(m_elementModel);
    m_elements->setObjectName(QStringLiteral("blockElements"));
    m_chart = makeChartView(this);
    // The tables above it need the height more at 1280x720; at 190 pixels the plot keeps its axis labels and title
    // (in Chinese too, whose lines are a pixel taller).
    m_chart->setMinimumSize(160, 190);
    m_blocks->setMinimumWidth(120);
    m_elements->setMinimumWidth(120);

    m_comparison = new QTableWidget(this);
    m_comparison->setObjectName(QStringLiteral("blockRuleComparison"));
    m_comparison->verticalHeader()->hide();
    m_comparison->verticalHeader()->setDefaultSectionSize(m_comparison->fontMetrics().height() + 6);
    m_comparison->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_comparison->setMinimumWidth(120);
    // Each table keeps its columns inside its width (no sideways scrolling): long values elided, whole in the
    // tooltip, headers wrapped. The rule comparison has a column per error bucket: it spans the whole width.
    for (QTableView* t : {static_cast<QTableView*>(m_comparison), m_blocks, m_elements}) fitViewColumnsToWidth(t);
    m_tables = new QSplitter(Qt::Vertical, this);
    m_tables->addWidget(m_blocks);
    m_tables->addWidget(m_elements);
    m_filePanel = new TensorFilePanel([this] { return TensorFileChoice{recipe(), hadamardSeed()}; }, this);
    m_rightTabs = new QTabWidget(this);
    m_rightTabs->addTab(m_chart, QString());
    // The file panel scrolls vertically rather than make the Block tab taller than a 1280x720 window allows.
    auto* fileScroller = new QScrollArea(this);
    fileScroller->setObjectName(QStringLiteral("blockFileScroller"));
    fileScroller->setFrameShape(QFrame::NoFrame);
    fileScroller->setWidgetResizable(true);
    fileScroller->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fileScroller->setWidget(m_filePanel);
    m_rightTabs->addTab(fileScroller, QString());
    auto* lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(m_tables);
    lower->addWidget(m_rightTabs);
    lower->setChildrenCollapsible(false);
    lower->setStretchFactor(0, 3);
    lower->setStretchFactor(1, 2);
    m_body = new QSplitter(Qt::Vertical, this);
    m_body->addWidget(m_comparison);
    m_body->addWidget(lower);
    m_body->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(top);
    layout->addLayout(second);
    // How the values are laid out and transformed, beside them (the tables below need the height).
    auto* shaping = new QGridLayout;
    shaping->addWidget(m_rowLengthLabel, 0, 0);
    shaping->addWidget(m_rowLength, 0, 1);
    shaping->addWidget(m_groupingLabel, 0, 2);
    shaping->addWidget(m_grouping, 0, 3);
    shaping->addWidget(m_hadamard, 1, 0, 1, 2);
    shaping->addWidget(m_hadamardSeed, 1, 2, 1, 2);
    shaping->setRowStretch(2, 1);
    auto* values = new QHBoxLayout;
    values->addWidget(m_text, 1);
    values->addLayout(shaping);
    layout->addLayout(values);
    layout->addWidget(m_status);
    layout->addWidget(m_body, 1);

    connect(m_generate, &QPushButton::clicked, this,
            [this] { generate(Source(m_source->currentData().toInt()), m_count->value(), unsigned(m_seed->value())); });
    connect(m_scheme, &QComboBox::activated, this, [this] {
        fillRules();
        storeSchemeAndRule();
        recompute();
    });
    connect(m_rule, &QComboBox::activated, this, [this] {
        storeSchemeAndRule();
        recompute();
    });
    connect(m_grouping, &QComboBox::activated, this, [this](int index) { setTiles16x16(index == Tiles16x16); });
    connect(m_rowLength, &QSpinBox::valueChanged, this, [this] { blockOptionsChanged(); });
    connect(m_hadamard, &QCheckBox::toggled, this, [this](bool on) {
        m_hadamardSeed->setEnabled(on);
        blockOptionsChanged();
    });
    connect(m_hadamardSeed, &QSpinBox::valueChanged, this, [this] { blockOptionsChanged(); });
    connect(m_text, &QPlainTextEdit::textChanged, this, [this] {
        // Values the user pasted or typed are no longer the generated vector the box named.
        if (!m_generating) m_source->setCurrentIndex(m_source->findData(kOwnValues));
        recompute();
    });
    connect(m_source, &QComboBox::currentIndexChanged, this,
            [this] { m_generate->setEnabled(m_source->currentData().toInt() != kOwnValues); });
    connect(m_elements->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid() && m_result.quantized)
                    m_blocks->selectRow(int(m_result.blockOf(std::size_t(current.row()))));
            });
}

void BlockView::retranslateUi() {
    m_sourceLabel->setText(tr("Vec&tor:"));
    m_source->setItemText(int(Source::Normal), tr("Normal"));
    m_source->setItemText(int(Source::HeavyTailed), tr("Heavy-tailed (Student t, 2 degrees of freedom)"));
    m_source->setItemText(int(Source::Outlier), tr("Normal with one outlier"));
    m_source->setItemText(m_source->findData(kOwnValues), tr("Your own values"));
    m_countLabel->setText(tr("Ele&ments:"));
    m_seedLabel->setText(tr("See&d:"));
    m_generate->setText(tr("&Generate"));
    m_generate->setToolTip(tr("Replace the values below with a new seeded vector."));
    m_schemeLabel->setText(tr("Sc&heme:"));
    m_ruleLabel->setText(tr("Scale r&ule:"));
    m_groupingLabel->setText(tr("Bloc&ks:"));
    m_grouping->setItemText(Blocks1d, tr("1D, along a row"));
    m_grouping->setItemText(Tiles16x16, tr("2D, 16×16 tiles"));
    m_grouping->setToolTip(tr("NVFP4 can share one scale among a 16×16 tile (NVIDIA's 2D weight blocks) instead of 16 "
                              "elements along a row; the other schemes keep their own blocks. Lay the values out in "
                              "rows (Row length) to see tiles."));
    m_rowLengthLabel->setText(tr("Ro&w length:"));
    m_rowLength->setSpecialValueText(tr("one row"));
    m_rowLength->setToolTip(tr("The values are laid out row by row in rows of this length (blocks run along a row, "
                               "tiles span rows); the lowest value puts them all in one row."));
    m_hadamard->setText(tr("Random Hadamard, s&eed"));
    m_hadamard->setToolTip(tr("NVIDIA's random Hadamard transform: each 16 values of a row are mixed (H16 times "
                              "random signs from the seed, divided by 4) before quantizing, and the inverse is "
                              "applied after. Codes, scales and the saturated and rounded-to-zero counts are those "
                              "of the transformed values; dequantized values and errors are back in the input's "
                              "domain, in the table and in the comparison."));
    m_hadamardSeed->setToolTip(m_hadamard->toolTip());
    m_rightTabs->setTabText(0, tr("Error chart"));
    m_rightTabs->setTabText(1, tr("Tensor file"));
    m_rule->setToolTip(tr("How each block's scale is chosen from its largest magnitude (amax): the OCP MX rule, "
                          "NVIDIA's MXFP8 recipe (rounded up, nothing saturates), ml_dtypes' nearest, FP32 scales "
                          "(DeepSeek-V3); for NVFP4 the block amax mapped to 6, to 4, or per block the better of the "
                          "two (Four Over Six). The table compares every rule of the scheme on these values."));
    for (int i = 0; i < m_rule->count(); ++i)
        m_rule->setItemText(i, scaleRuleText(blockscale::ScaleRule(m_rule->itemData(i).toInt())));
    m_scheme->setToolTip(tr("OCP MX: 32 elements share an E8M0 (power of two) scale. NVFP4: 16 E2M1 elements share an "
                            "E4M3 scale, with an FP32 tensor scale. FP8: E4M3 elements, FP32 scale amax / 448 per "
                            "tensor, row, 1x128 block or 128x128 tile (rows of the Row length here)."));
    m_text->setPlaceholderText(tr("Paste numbers here, separated by spaces, commas or new lines."));
    emit m_blockModel->headerDataChanged(Qt::Horizontal, 0, BlockScaleModel::ColumnCount - 1);
    emit m_elementModel->headerDataChanged(Qt::Horizontal, 0, BlockElementModel::ColumnCount - 1);
    recompute();
}

void BlockView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    if (event->type() == QEvent::PaletteChange) {
        m_blockModel->refresh();
        m_elementModel->refresh();
        fillChart();
    }
    QWidget::changeEvent(event);
}

void BlockView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (!m_heightsSplit) {
        m_heightsSplit = true;
        QTimer::singleShot(0, this, &BlockView::splitHeights); // once the headers have their wrapped height
    }
}

void BlockView::splitHeights() {
    const int body = m_body->height();
    const int comparison = std::min(tableHeight(m_comparison, m_comparison->rowCount()), body / 2);
    m_body->setSizes({comparison, body - comparison});
    const int tables = m_tables->height();
    const int blocks = std::min(tableHeight(m_blocks, std::max(2, m_blockModel->rowCount())), tables / 2);
    m_tables->setSizes({blocks, tables - blocks});
}

void BlockView::generate(Source source, int count, unsigned seed) {
    m_source->setCurrentIndex(int(source));
    m_count->setValue(count);
    m_seed->setValue(int(seed));
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::student_t_distribution<float> heavy(2.0f);
    QStringList lines;
    for (int i = 0; i < count; ++i) {
        float v = source == Source::HeavyTailed ? heavy(rng) : normal(rng);
        if (source == Source::Outlier && i == count / 3) v = 40.0f;
        lines << QString::number(double(v), 'g', 9);
    }
    m_generating = true;
    m_text->setPlainText(lines.join(QLatin1Char('\n')));
    m_generating = false;
}

void BlockView::setScheme(blockscale::Scheme scheme) {
    m_scheme->setCurrentIndex(m_scheme->findData(int(scheme)));
    fillRules();
    storeSchemeAndRule();
    recompute();
}

void BlockView::storeSchemeAndRule() {
    const std::string_view scheme = blockscale::schemeName(recipe().scheme);
    const std::string_view rule = blockscale::scaleRuleName(this->rule());
    m_settings.blockScheme.set(QString::fromLatin1(scheme.data(), qsizetype(scheme.size())));
    m_settings.blockRule.set(QString::fromLatin1(rule.data(), qsizetype(rule.size())));
}

void BlockView::setTiles16x16(bool tiles) {
    m_settings.blockTiles16x16.set(tiles);
    enableBlockShapes();
    recompute();
}

void BlockView::setRowLength(int length) { m_rowLength->setValue(length); }

void BlockView::setHadamard(bool on, int seed) {
    const QSignalBlocker blockSeed(m_hadamardSeed);
    m_hadamardSeed->setValue(seed);
    const QSignalBlocker blockBox(m_hadamard);
    m_hadamard->setChecked(on);
    m_hadamardSeed->setEnabled(on);
    blockOptionsChanged();
}

void BlockView::blockOptionsChanged() {
    m_settings.blockRowLength.set(m_rowLength->value());
    m_settings.blockHadamard.set(m_hadamard->isChecked());
    m_settings.blockHadamardSeed.set(m_hadamardSeed->value());
    recompute();
}

blockscale::Recipe BlockView::recipe() const {
    const auto scheme = blockscale::Scheme(m_scheme->currentData().toInt());
    const bool tiles = m_grouping->currentIndex() == Tiles16x16 && blockscale::offers2dBlocks(scheme);
    return {scheme, rule(), tiles ? blockscale::Grouping::Tile16x16 : blockscale::schemeInfo(scheme).grouping};
}

std::optional<std::uint64_t> BlockView::hadamardSeed() const {
    if (!m_hadamard->isChecked()) return std::nullopt;
    return std::uint64_t(m_hadamardSeed->value());
}

void BlockView::setText(const QString& text) { m_text->setPlainText(text); }

void BlockView::setRule(blockscale::ScaleRule rule) {
    const int index = m_rule->findData(int(rule));
    if (index < 0) return;
    m_rule->setCurrentIndex(index);
    storeSchemeAndRule();
    recompute();
}

blockscale::ScaleRule BlockView::rule() const { return blockscale::ScaleRule(m_rule->currentData().toInt()); }

// The rules the chosen scheme offers, its own first and chosen.
void BlockView::fillRules() {
    m_rule->clear();
    for (const blockscale::ScaleRule r : blockscale::rulesFor(blockscale::Scheme(m_scheme->currentData().toInt())))
        m_rule->addItem(scaleRuleText(r), int(r));
    m_rule->setCurrentIndex(0);
    enableBlockShapes();
}

// 16x16 tiles are NVFP4's: the other schemes show their 1D blocks, and the choice waits in the settings.
void BlockView::enableBlockShapes() {
    const bool offered = blockscale::offers2dBlocks(blockscale::Scheme(m_scheme->currentData().toInt()));
    m_grouping->setEnabled(offered);
    m_grouping->setCurrentIndex(offered && m_settings.blockTiles16x16.get() ? Tiles16x16 : Blocks1d);
}

QString BlockView::status() const { return m_status->text(); }

// The values laid out in rows of the chosen length (one row for 0); nothing, with `error` set, when they do not fill
// whole rows or the transform cannot take the rows.
std::optional<blockscale::Shape> BlockView::shapeOf(std::size_t count, QString& error) const {
    if (!error.isEmpty() || count == 0) return std::nullopt;
    const std::size_t length = m_rowLength->value() == 0 ? count : std::size_t(m_rowLength->value());
    if (count % length != 0) {
        error =
            tr("%1 values do not fill rows of %2: choose a row length that divides the count.").arg(count).arg(length);
        return std::nullopt;
    }
    if (hadamardSeed() && blockscale::hadamardShapeError({count / length, length})) {
        error = tr("The random Hadamard transform mixes 16 values at a time: a row of %1 values is not a multiple of "
                   "16.")
                    .arg(length);
        return std::nullopt;
    }
    return blockscale::Shape{count / length, length};
}

void BlockView::recompute() {
    BlockResult r;
    QString error;
    static const QRegularExpression separators(QStringLiteral("[\\s,;]+"));
    const QStringList words = m_text->toPlainText().split(separators, Qt::SkipEmptyParts);
    if (words.size() > kMaxElements)
        error = tr("Too many values: %1 (at most %2).").arg(words.size()).arg(kMaxElements);
    for (int i = 0; i < words.size() && error.isEmpty(); ++i) {
        const ParseOutcome p = parseValue(words[i].toStdString(), kFp32);
        if (!p.ok()) {
            error = tr("The value at index %1: %2").arg(i).arg(QString::fromStdString(p.error)); // from 0, as the table
            break;
        }
        r.values.push_back(std::bit_cast<float>(std::uint32_t(p.value->bits)));
    }
    if (error.isEmpty() && r.values.empty()) error = tr("No values: paste some or generate a vector.");
    const std::optional<blockscale::Shape> shape = shapeOf(r.values.size(), error);
    if (error.isEmpty()) {
        blockscale::MeasuredQuantization m = blockscale::quantizeAndMeasure(recipe(), r.values, *shape, hadamardSeed());
        if (m.quantized) {
            r.report = std::move(m.report);
            r.quantized = std::move(m.quantized);
        } else {
            error = QString::fromStdString(m.error);
        }
    }
    if (r.quantized) {
        const std::size_t largest = blockscale::outlierIndexOf(r.values);
        r.highlightElement = int(largest);
        r.highlightBlock = int(r.blockOf(largest));
        m_status->setText(tr("%1 in %2. Largest |error| %3, RMS error %4, %5 clipped to the largest value, %6 rounded "
                             "to zero. The largest element (index %7) sets the scale of block %8, highlighted.")
                              .arg(tr("%n element(s)", nullptr, int(r.values.size())),
                                   tr("%n block(s)", nullptr, int(r.report.blocks.size())))
                              .arg(blockNumberText(r.report.maxAbsError), blockNumberText(r.report.rmsError))
                              .arg(r.report.saturated)
                              .arg(r.report.flushedToZero)
                              .arg(r.highlightElement)
                              .arg(r.highlightBlock));
        if (const std::optional<std::uint64_t> seed = hadamardSeed())
            m_status->setText(m_status->text() + QLatin1Char(' ') +
                              tr("Through the random Hadamard transform (seed %1): codes, scales and the counts are "
                                 "of the transformed values, dequantized values and errors after the inverse.")
                                  .arg(*seed));
        if (r.report.nan != 0)
            m_status->setText(m_status->text() + QLatin1Char(' ') +
                              tr("%1 elements decode to NaN: a NaN or an infinity made their block's E8M0 scale NaN "
                                 "(OCP MX v1.0).")
                                  .arg(r.report.nan));
    } else {
        m_status->setText(error);
    }
    m_result = std::move(r);
    fillComparison();
    m_blockModel->refresh();
    m_elementModel->refresh();
    fillChart();
}

// Every rule of the scheme on the same values: a row each, the chosen rule's in bold.
void BlockView::fillComparison() {
    const QStringList headers = {tr("Rule"),
                                 tr("Saturated"),
                                 tr("Rounded to zero"),
                                 tr("NaN"),
                                 tr("Largest |error|"),
                                 tr("Relative RMS error"),
                                 tr("Outlier's block scale"),
                                 tr("Outlier back"),
                                 tr("Relative error 0"),
                                 tr("≤ 2^-8"),
                                 tr("≤ 2^-6"),
                                 tr("≤ 2^-4"),
                                 tr("≤ 2^-2"),
                                 tr("< 1"),
                                 tr("1 (zeroed)")};
    m_comparison->clear();
    m_comparison->setColumnCount(int(headers.size()));
    m_comparison->setHorizontalHeaderLabels(headers);
    m_comparison->setRowCount(0);
    QString error;
    const std::optional<blockscale::Shape> shape = shapeOf(m_result.values.size(), error);
    if (m_result.values.empty() || !shape) return; // the status says why
    const blockscale::Recipe chosen = recipe();
    const blockscale::RuleComparison c = blockscale::compareRules(chosen.scheme, chosen.grouping, m_result.values,
                                                                  *shape, hadamardSeed());
    m_comparison->setRowCount(int(c.rules.size()));
    for (int row = 0; row < int(c.rules.size()); ++row) {
        const blockscale::RuleSummary& s = c.rules[std::size_t(row)];
        QStringList cells = {scaleRuleText(s.recipe.rule)};
        if (!s.refusal.empty()) {
            cells << tr("refused: %1").arg(QString::fromStdString(s.refusal));
        } else {
            cells << QString::number(s.saturated) << QString::number(s.roundedToZero) << QString::number(s.nan)
                  << blockNumberText(s.maxAbsError) << QString::number(s.relativeRmsError, 'g', 4)
                  << blockNumberText(s.outlierBlockScale) << blockNumberText(s.outlierDequantized);
            for (std::size_t n : s.histogram) cells << QString::number(n);
        }
        for (int col = 0; col < int(cells.size()); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            item->setToolTip(cells[col]);
            if (s.recipe.rule == rule()) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            m_comparison->setItem(row, col, item);
        }
    }
}

void BlockView::fillChart() {
    QChart* chart = m_chart->chart();
    clearChart(chart);
    chart->setTitle(tr("Error (input − dequantized) by position"));
    if (!m_result.quantized) return;
    const QPalette pal = palette();
    auto* others = new QScatterSeries;
    others->setName(tr("error"));
    others->setMarkerSize(6);
    others->setColor(seriesColor(0, pal));
    others->setBorderColor(seriesColor(0, pal));
    auto* highlighted = new QScatterSeries;
    highlighted->setName(tr("block of the largest element"));
    highlighted->setMarkerSize(8);
    highlighted->setColor(highlightColor(pal));
    highlighted->setBorderColor(highlightColor(pal));
    double lo = 0, hi = 0;
    for (std::size_t i = 0; i < m_result.values.size(); ++i) {
        const double e = m_result.report.error[i];
        (int(m_result.blockOf(i)) == m_result.highlightBlock ? highlighted : others)->append(double(i), e);
        lo = std::min(lo, e);
        hi = std::max(hi, e);
    }
    chart->addSeries(others);
    chart->addSeries(highlighted);
    auto* x = new QValueAxis;
    x->setTitleText(tr("element index"));
    applyNiceAxis(x, 0, double(m_result.values.size()) - 1, true);
    auto* y = new QCategoryAxis;
    y->setTitleText(tr("error"));
    applyNiceAxis(y, lo, hi);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    styleChart(chart, pal);
    fitLegend(chart);
}

} // namespace fplab::gui
