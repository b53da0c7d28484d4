#include "app/gui/explorer/tensor_file_panel.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/common/file_dialogs.h"
#include "app/gui/common/job_runner.h"
#include "core/blockscale/measured_quantization.h"
#include "core/blockscale/rule_comparison.h"
#include "app/tensor_files/mapped_file.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fplab::gui {
namespace {

using namespace fplab::blockscale;

constexpr int kMapSide = 240; // the block-amax map is scaled to fit this many pixels

// Runs on the worker thread: read (first half of the progress), quantize, count.
TensorFileResult quantizeOnWorker(const tensorfiles::MappedFile& file, const tensorfiles::TensorEntry& entry,
                                  const TensorFileChoice& choice, const JobControl& control) {
    const Recipe& recipe = choice.recipe;
    const std::optional<std::vector<float>> values = tensorfiles::readAsFloat32(
        file.bytes(), entry, [&](std::uint64_t done, std::uint64_t total) {
            control.report(total == 0 ? 0.5 : 0.5 * double(done) / double(total));
            return !control.isCancelled();
        });
    control.checkCancelled();
    if (!values) throw std::runtime_error("the dtype " + entry.dtypeText + " is not read");
    TensorFileResult out;
    out.name = entry.name;
    out.cols = entry.shape.empty() ? 1 : std::size_t(entry.shape.back());
    out.rows = out.cols == 0 ? 0 : values->size() / out.cols;
    const MeasuredQuantization measured = quantizeAndMeasure(recipe, *values, {out.rows, out.cols},
                                                             choice.hadamardSeed);
    if (!measured.quantized) throw std::runtime_error(measured.error);
    control.report(0.9);
    control.checkCancelled();
    const Quantized& q = *measured.quantized;
    const Report& r = measured.report;
    const SchemeInfo& info = schemeInfo(recipe.scheme);
    const std::uint8_t signMask = info.element ? std::uint8_t(info.element->signMask()) : 0x80;
    const std::size_t magnitudes = info.element ? std::size_t(info.element->maxFiniteMagnitude()) + 1 : 128;
    out.gridCounts.assign(magnitudes, 0);
    for (std::size_t m = 0; m < magnitudes; ++m) out.gridValues.push_back(elementValue(recipe.scheme, std::uint8_t(m)));
    for (std::size_t i = 0; i < q.codes.size(); ++i) {
        if (std::isnan(r.dequantized[i])) continue;
        const std::uint8_t c = q.codes[i];
        const std::size_t m = info.element ? std::size_t(c & ~signMask) : std::size_t(std::abs(int(std::int8_t(c))));
        if (m < magnitudes) ++out.gridCounts[m];
    }
    const BlockLayout layout(recipe.grouping, {out.rows, out.cols});
    out.blocksAcross = layout.blockOf(0, out.cols - 1) + 1;
    out.outlierBlock = layout.blockOf(outlierIndexOf(*values));
    out.tiles16x16 = recipe.grouping == Grouping::Tile16x16;
    for (const BlockReport& b : r.blocks) out.blockAmax.push_back(float(b.amax));
    out.saturated = r.saturated;
    out.roundedToZero = r.flushedToZero;
    out.nan = r.nan;
    out.rmsError = r.rmsError;
    return out;
}

// The map drawn with the tensor's proportions, so that each cell has its block's shape (a 16x16 tile square, a
// block along a row wide and flat), and the outlier's block outlined.
QPixmap amaxMapPixmap(const QImage& blocks, const TensorFileResult& r, const QColor& outline) {
    constexpr int kMinSide = 16;
    const double aspect = double(std::max<std::size_t>(1, r.rows)) / double(std::max<std::size_t>(1, r.cols));
    const int width = aspect <= 1 ? kMapSide : std::max(kMinSide, int(kMapSide / aspect));
    const int height = aspect <= 1 ? std::max(kMinSide, int(kMapSide * aspect)) : kMapSide;
    QPixmap map = QPixmap::fromImage(blocks.scaled(width, height, Qt::IgnoreAspectRatio, Qt::FastTransformation));
    const int across = blocks.width(), down = blocks.height();
    const int column = int(r.outlierBlock % std::size_t(across)), row = int(r.outlierBlock / std::size_t(across));
    QRect cell(QPoint(column * width / across, row * height / down),
               QPoint((column + 1) * width / across - 1, (row + 1) * height / down - 1));
    cell = cell.marginsAdded(QMargins(1, 1, 1, 1)).intersected(map.rect()); // visible around a one-pixel cell
    QPainter painter(&map);
    painter.setPen(QPen(outline, 2));
    painter.drawRect(cell);
    return map;
}

} // namespace

TensorFilePanel::TensorFilePanel(std::function<TensorFileChoice()> choice, QWidget* parent)
    : QWidget(parent), m_choice(std::move(choice)), m_runner(new JobRunner(this)) {
    m_open = new QPushButton(this);
    m_tensor = new QComboBox(this);
    m_tensor->setObjectName(QStringLiteral("blockFileTensor"));
    m_tensor->setEnabled(false);
    m_cancel = new QPushButton(this);
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_histogram = makeChartView(this);
    m_histogram->setMinimumHeight(100);
    m_amaxMap = new QLabel(this);
    m_amaxMap->setAlignment(Qt::AlignCenter);
    m_amaxMap->setMinimumHeight(40);

    auto* row = new QHBoxLayout;
    row->addWidget(m_open);
    row->addWidget(m_tensor, 1);
    row->addWidget(m_cancel);
    // A tab page of the Block tab: its margins are the tab's.
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_histogram, 2);
    layout->addWidget(m_amaxMap, 1);

    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString path = askOpenFileName(this, tr("Open a tensor file"), QString(),
                                             tr("safetensors files (*.safetensors)"));
        if (!path.isEmpty()) openFile(path);
    });
    connect(m_tensor, &QComboBox::activated, this, [this] { quantizeTensor(m_tensor->currentText()); });
    connect(m_cancel, &QPushButton::clicked, this, [this] { cancel(); });
    connect(m_runner, &JobRunner::progressChanged, m_progress, &QProgressBar::setValue);
    connect(m_runner, &JobRunner::busyChanged, this, [this](bool busy) {
        m_cancel->setEnabled(busy);
        m_open->setEnabled(!busy);
        m_tensor->setEnabled(!busy && m_header.has_value());
    });
    retranslateUi();
}

TensorFilePanel::~TensorFilePanel() = default;

void TensorFilePanel::retranslateUi() {
    m_open->setText(tr("&Open .safetensors…"));
    m_open->setToolTip(tr("Open a safetensors file (memory-mapped; the header is checked against the file) and pick "
                          "a tensor to quantize with the scheme, scale rule, blocks and transform above."));
    m_cancel->setText(tr("Cancel"));
    if (m_path.isEmpty()) m_status->setText(tr("No file open."));
    showResult();
}

void TensorFilePanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    if (event->type() == QEvent::PaletteChange) showResult();
    QWidget::changeEvent(event);
}

QString TensorFilePanel::status() const { return m_status->text(); }

bool TensorFilePanel::openFile(const QString& path) {
    if (m_runner->isBusy()) return false;
    auto file = std::make_shared<tensorfiles::MappedFile>(tensorfiles::MappedFile::open(path.toStdString()));
    m_header.reset();
    m_result.reset();
    m_tensor->clear();
    m_path = path;
    if (!file->ok()) {
        m_status->setText(QString::fromStdString(file->error()));
        showResult();
        return false;
    }
    const tensorfiles::SafetensorsOutcome parsed = tensorfiles::parseSafetensors(file->bytes());
    if (!parsed.header) {
        m_status->setText(tr("%1: %2").arg(path, QString::fromStdString(parsed.error)));
        showResult();
        return false;
    }
    m_file = std::move(file);
    m_header = parsed.header;
    for (const tensorfiles::TensorEntry& t : m_header->tensors)
        if (t.dtype != tensorfiles::Dtype::Unsupported && t.elements > 0)
            m_tensor->addItem(QString::fromStdString(t.name));
    m_tensor->setEnabled(m_tensor->count() > 0);
    m_status->setText(tr("%1: %2 tensors; pick one to quantize.").arg(path).arg(m_header->tensors.size()));
    showResult();
    return true;
}

bool TensorFilePanel::quantizeTensor(const QString& name) {
    if (!m_header || m_runner->isBusy()) return false;
    const tensorfiles::TensorEntry* entry = m_header->find(name.toStdString());
    if (entry == nullptr) return false;
    const TensorFileChoice choice = m_choice();
    auto out = std::make_shared<TensorFileResult>();
    std::shared_ptr<const tensorfiles::MappedFile> file = m_file;
    const tensorfiles::TensorEntry copy = *entry;
    m_result.reset();
    m_status->setText(tr("Reading and quantizing %1…").arg(name));
    return m_runner->start(
        tr("Quantize %1").arg(name),
        [file, copy, choice, out](const JobControl& control) { *out = quantizeOnWorker(*file, copy, choice, control); },
        [this, out, name](const JobOutcome& outcome) {
            if (outcome.cancelled) m_status->setText(tr("Cancelled: %1 was not quantized.").arg(name));
            else if (!outcome.error.isEmpty()) m_status->setText(tr("%1: %2").arg(name, outcome.error));
            else m_result = std::move(*out);
            showResult();
        });
}

void TensorFilePanel::cancel() { m_runner->cancel(); }

void TensorFilePanel::showResult() {
    QChart* chart = m_histogram->chart();
    clearChart(chart);
    m_amaxMap->clear();
    if (!m_result) return;
    const TensorFileResult& r = *m_result;
    m_status->setText(tr("%1: %2 x %3, %4 blocks. RMS error %5, %6 clipped, %7 rounded to zero, %8 NaN.")
                          .arg(QString::fromStdString(r.name))
                          .arg(r.rows)
                          .arg(r.cols)
                          .arg(r.blockAmax.size())
                          .arg(r.rmsError, 0, 'g', 6)
                          .arg(r.saturated)
                          .arg(r.roundedToZero)
                          .arg(r.nan));
    chart->setTitle(tr("Elements on the format's grid (by magnitude)"));
    auto* set = new QBarSet(tr("elements"));
    QStringList categories;
    for (std::size_t m = 0; m < r.gridCounts.size(); ++m) {
        *set << double(r.gridCounts[m]);
        categories << QString::number(r.gridValues[m], 'g', 6);
    }
    const QPalette pal = palette();
    set->setColor(seriesColor(0, pal));
    auto* series = new QBarSeries;
    series->append(set);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    auto* y = new QValueAxis;
    y->setTitleText(tr("elements"));
    y->setRange(0, double(*std::max_element(r.gridCounts.begin(), r.gridCounts.end())) * 1.05 + 1);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    styleChart(chart, pal);
    chart->legend()->hide();
    // The block-amax map: log2 of each block's amax, from the smallest non-zero (dark) to the largest (bright).
    const std::size_t across = std::max<std::size_t>(1, r.blocksAcross);
    const std::size_t down = (r.blockAmax.size() + across - 1) / across;
    float lo = INFINITY, hi = 0;
    for (float a : r.blockAmax)
        if (a > 0 && std::isfinite(a)) lo = std::min(lo, a), hi = std::max(hi, a);
    QImage image(int(across), int(down), QImage::Format_RGB32);
    for (std::size_t b = 0; b < r.blockAmax.size(); ++b) {
        const float a = r.blockAmax[b];
        int level = 0;
        if (!std::isfinite(a)) level = 255;
        else if (a > 0 && hi > lo) level = int(255 * std::log2(a / lo) / std::log2(hi / lo));
        else if (a > 0) level = 255;
        image.setPixel(int(b % across), int(b / across), qRgb(level, level, level / 2));
    }
    m_amaxMap->setToolTip(tr("Block amax map: a cell per block (%1 across, %2 down), shaped as the block is in the "
                             "%3 x %4 tensor (%5), brighter for a larger amax on a log scale from %6 to %7. The "
                             "outlined cell is block %8, the block of the largest element.")
                              .arg(across)
                              .arg(down)
                              .arg(r.rows)
                              .arg(r.cols)
                              .arg(r.tiles16x16 ? tr("16×16 tiles") : tr("blocks along a row"))
                              .arg(double(lo), 0, 'g', 6)
                              .arg(double(hi), 0, 'g', 6)
                              .arg(r.outlierBlock));
    m_amaxMap->setPixmap(amaxMapPixmap(image, r, highlightColor(pal)));
}

} // namespace fplab::gui
