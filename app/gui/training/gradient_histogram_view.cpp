// Painting the histogram: bars per binade, the FP16 window shaded behind them, and the fractions
// that underflow, become subnormal or overflow written above.
#include "app/gui/training/gradient_histogram_view.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/shell/theme.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

using training::ExponentHistogram;

GradientHistogramView::GradientHistogramView(QWidget* parent) : QWidget(parent) {
    setMinimumSize(360, 220);
    setAutoFillBackground(false);
}

GradientHistogramView::~GradientHistogramView() = default;

void GradientHistogramView::clear() {
    m_hasData = false;
    m_record = {};
    update();
}

void GradientHistogramView::showRun(const TrainingRunData& run) {
    if (run.steps.empty()) {
        if (m_hasData) clear();
        return;
    }
    if (!m_hasData || run.steps.back().step != m_record.step || m_runId != run.id)
        setStep(run.steps.back(), run.policy.lowType == training::DType::Float16);
    m_runId = run.id;
}

void GradientHistogramView::setStep(const training::StepRecord& record, bool lowIsFp16) {
    m_record = record;
    m_lowIsFp16 = lowIsFp16;
    m_hasData = true;
    int first = -25, last = 16; // FP16's window and one binade below
    for (int e = ExponentHistogram::kMinExponent; e <= ExponentHistogram::kMaxExponent; ++e)
        if (record.histogram.at(e) > 0) {
            first = std::min(first, e);
            last = std::max(last, e);
        }
    m_first = first - 1;
    m_last = last + 1;
    update();
}

void GradientHistogramView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QColor text = pal.color(QPalette::WindowText);
    const QFontMetrics fm(font());
    const int left = 56, right = 12, top = 2 * fm.height() + 10, bottom = 2 * fm.height() + 12;
    const QRectF plot(left, top, std::max(10, width() - left - right), std::max(10, height() - top - bottom));
    const int bins = m_last - m_first + 1;
    const double binWidth = plot.width() / bins;
    const auto xOf = [&](double e) { return plot.left() + (e - m_first) * binWidth; };

    // FP16's window: subnormals [2^-24, 2^-14), normals [2^-14, 2^16).
    const bool dark = isDarkPalette(pal);
    const QColor normal = dark ? QColor(0x2e, 0x4a, 0x35) : QColor(0xdf, 0xf2, 0xe2);
    const QColor subnormal = dark ? QColor(0x4a, 0x44, 0x2a) : QColor(0xfb, 0xf3, 0xd5);
    p.fillRect(QRectF(QPointF(xOf(-24), plot.top()), QPointF(xOf(-14), plot.bottom())), subnormal);
    p.fillRect(QRectF(QPointF(xOf(-14), plot.top()), QPointF(xOf(16), plot.bottom())), normal);
    p.setPen(text);
    p.drawText(QRectF(xOf(-24), plot.top(), xOf(-14) - xOf(-24), fm.height()), Qt::AlignCenter, tr("FP16 subnormal"));
    p.drawText(QRectF(xOf(-14), plot.top(), xOf(16) - xOf(-14), fm.height()), Qt::AlignCenter, tr("FP16 normal"));

    // Axes and exponent labels.
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    p.setPen(text);
    const int labelEvery = std::max(1, int(std::ceil(fm.horizontalAdvance(QStringLiteral("-64")) * 1.6 / binWidth)));
    for (int e = m_first; e <= m_last; ++e) {
        if (((e % labelEvery) + labelEvery) % labelEvery != 0) continue;
        p.drawText(QRectF(xOf(e) - 30, plot.bottom() + 2, 60 + binWidth, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                   QString::number(e));
    }
    p.drawText(QRectF(plot.left(), plot.bottom() + fm.height() + 4, plot.width(), fm.height()), Qt::AlignCenter,
               tr("binary exponent e of |g| (2^e <= |g| < 2^(e+1)), before rounding"));

    if (!m_hasData) {
        p.drawText(plot, Qt::AlignCenter, tr("No step yet."));
        return;
    }
    std::int64_t most = 1;
    for (int e = m_first; e <= m_last; ++e)
        if (e >= ExponentHistogram::kMinExponent && e <= ExponentHistogram::kMaxExponent)
            most = std::max(most, m_record.histogram.at(e));
    p.drawText(QRectF(0, plot.top() - 2, left - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
               QString::number(most));
    p.drawText(QRectF(0, plot.bottom() - fm.height(), left - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
               QStringLiteral("0"));
    const QColor bar = seriesColor(0, pal);
    const QColor lost = highlightColor(pal);
    for (int e = m_first; e <= m_last; ++e) {
        if (e < ExponentHistogram::kMinExponent || e > ExponentHistogram::kMaxExponent) continue;
        const std::int64_t n = m_record.histogram.at(e);
        if (n == 0) continue;
        const double h = plot.height() * double(n) / double(most);
        // Bins at or below 2^-26 round to zero in FP16; 2^-25 holds the tie (zero) and values just above it.
        p.fillRect(QRectF(xOf(e) + 1, plot.bottom() - h, std::max(1.0, binWidth - 2), h), e <= -26 ? lost : bar);
    }

    const training::Fp16WindowCounts& w = m_record.window;
    const QString verb = m_lowIsFp16 ? tr("rounded") : tr("would round");
    const QString line = tr("Step %1: %2 gradient elements, %3 zero. Of the nonzero ones, %4% %5 to zero in FP16, %6% "
                            "to subnormals, "
                            "%7% to infinity.")
                             .arg(m_record.step)
                             .arg(w.elements)
                             .arg(w.zero)
                             .arg(100.0 * w.underflowFraction(), 0, 'f', 1)
                             .arg(verb)
                             .arg(100.0 * w.subnormalFraction(), 0, 'f', 1)
                             .arg(100.0 * w.overflowFraction(), 0, 'f', 1);
    p.drawText(QRectF(4, 2, width() - 8, 2 * fm.height() + 4), Qt::AlignLeft | Qt::TextWordWrap, line);
}

} // namespace fplab::gui
