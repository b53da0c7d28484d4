// Shared by the layout tests: texts a chart draws cut. Qt Charts lays out a chart's title, axis titles, axis labels
// and legend labels itself, inside the chart's scene, and where one has no room it cuts it and appends "..."
// (ChartPresenter::truncatedText), or leaves it outside what the view or the legend shows. So a chart is checked
// from its scene: the text items Qt Charts drew against the texts the chart was given.
#pragma once

#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHash>
#include <QLegend>
#include <QLegendMarker>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <QTextDocument>

namespace fplab::gui::testing {

namespace detail {

// A text as Qt Charts draws it (it sets each one as HTML: "<br>" breaks an axis title), compared without its spaces
// and line breaks, which the layout may change.
inline QString drawnForm(const QString& text, bool html) {
    QString plain = text;
    if (html) {
        QTextDocument document;
        document.setHtml(text);
        plain = document.toPlainText();
    }
    plain.removeIf([](QChar c) { return c.isSpace(); });
    return plain;
}

inline bool endsWithEllipsis(const QString& text) {
    return text.endsWith(QStringLiteral("...")) || text.endsWith(QStringLiteral("…"));
}

inline QString withoutEllipsis(const QString& text) {
    return text.chopped(text.endsWith(QStringLiteral("...")) ? 3 : 1);
}

struct DrawnText {
    QString text; // as drawn, plain
    QRectF rect;  // in scene coordinates
    bool inLegend = false;
};

inline void collectDrawnTexts(const QGraphicsItem* item, const QGraphicsItem* legend, bool inLegend,
                              QList<DrawnText>& out) {
    if (!item->isVisible()) return;
    inLegend = inLegend || item == legend;
    QString text;
    if (const auto* rich = dynamic_cast<const QGraphicsTextItem*>(item)) text = rich->toPlainText();
    else if (const auto* simple = dynamic_cast<const QGraphicsSimpleTextItem*>(item)) text = simple->text();
    if (!text.trimmed().isEmpty()) out.push_back({text, item->sceneBoundingRect(), inLegend});
    for (const QGraphicsItem* child : item->childItems()) collectDrawnTexts(child, legend, inLegend, out);
}

struct GivenText {
    QString kind;
    QString text;
    bool inLegend = false;
};

// The texts `chart` was given that it must draw whole: its title, its visible axes' titles, the labels of its
// category axes that lie in the axis's range and of its bar category axes, and its visible legend markers' labels.
inline QList<GivenText> givenTexts(QChart* chart) {
    QList<GivenText> given;
    if (!chart->title().isEmpty()) given.push_back({QStringLiteral("chart title"), chart->title()});
    for (QAbstractAxis* axis : chart->axes()) {
        if (!axis->isVisible()) continue;
        if (axis->isTitleVisible() && !axis->titleText().isEmpty())
            given.push_back({QStringLiteral("axis title"), axis->titleText()});
        if (auto* bars = qobject_cast<QBarCategoryAxis*>(axis); bars && bars->labelsVisible())
            for (const QString& label : bars->categories()) given.push_back({QStringLiteral("axis label"), label});
        auto* categories = qobject_cast<QCategoryAxis*>(axis);
        if (!categories || !categories->labelsVisible()) continue;
        for (const QString& label : categories->categoriesLabels()) {
            const double at = categories->endValue(label);
            // Qt Charts hides a label that would overlap the one before it; it never cuts one.
            if (at >= categories->min() && at <= categories->max())
                given.push_back({QStringLiteral("axis label"), label});
        }
    }
    if (chart->legend()->isVisible())
        for (QLegendMarker* marker : chart->legend()->markers())
            if (marker->isVisible() && !marker->label().isEmpty())
                given.push_back({QStringLiteral("legend label"), marker->label(), true});
    return given;
}

} // namespace detail

// One line per text of `view`'s chart that is cut: a title, axis title or legend label not drawn whole (elided to
// "...", or not drawn at all), any drawn text elided (an axis label too), a text reaching outside what the view
// shows of the chart, and a legend label outside the legend. Axis labels that Qt Charts hides because they would
// overlap are not counted: the chart thins its ticks instead (chart_style's fitLegend).
inline QStringList cutChartTexts(QChartView* view, const QString& where) {
    QChart* chart = view->chart();
    if (!chart || !view->isVisible()) return {};
    const QString name = view->objectName().isEmpty() ? QStringLiteral("QChartView") : view->objectName();
    QList<detail::DrawnText> drawn;
    detail::collectDrawnTexts(chart, chart->legend(), false, drawn);
    QStringList problems;
    // Each drawn text stands for one given text, a legend's for a legend label: a legend label may repeat the axis
    // title that is cut.
    const auto key = [](bool inLegend, const QString& whole) {
        return (inLegend ? QStringLiteral("legend ") : QStringLiteral("chart ")) + whole;
    };
    QHash<QString, int> wholeTexts;
    for (const detail::DrawnText& d : drawn) ++wholeTexts[key(d.inLegend, detail::drawnForm(d.text, false))];
    QSet<int> explained; // the drawn texts named as the cut form of a given one
    for (const detail::GivenText& g : detail::givenTexts(chart)) {
        const QString whole = detail::drawnForm(g.text, true);
        if (whole.isEmpty()) continue;
        if (wholeTexts.value(key(g.inLegend, whole)) > 0) {
            --wholeTexts[key(g.inLegend, whole)];
            continue;
        }
        QString as = QStringLiteral("not drawn");
        for (int i = 0; i < drawn.size(); ++i) {
            const QString shown = detail::drawnForm(drawn[i].text, false);
            if (drawn[i].inLegend != g.inLegend || explained.contains(i) || !detail::endsWithEllipsis(shown) ||
                !whole.startsWith(detail::withoutEllipsis(shown)))
                continue;
            as = QStringLiteral("drawn as \"%1\"").arg(drawn[i].text);
            explained.insert(i);
            break;
        }
        problems << QStringLiteral("%1: chart %2: the %3 \"%4\" is %5").arg(where, name, g.kind, g.text, as);
    }
    // What the view shows of the chart (a chart may be larger than its view), and the legend.
    const QRectF shown = chart->sceneBoundingRect() & view->mapToScene(view->viewport()->rect()).boundingRect();
    const QRectF legend = chart->legend()->sceneBoundingRect();
    for (int i = 0; i < drawn.size(); ++i) {
        const detail::DrawnText& d = drawn[i];
        if (detail::endsWithEllipsis(d.text) && !explained.contains(i))
            problems << QStringLiteral("%1: chart %2 draws the text \"%3\" elided").arg(where, name, d.text);
        // A pixel of slack: text items are placed on whole pixels.
        const QRectF inner = d.rect.adjusted(1, 1, -1, -1);
        if (!shown.contains(inner))
            problems << QStringLiteral("%1: chart %2 draws \"%3\" outside the %4x%5 px it shows")
                            .arg(where, name, d.text)
                            .arg(shown.width())
                            .arg(shown.height());
        else if (d.inLegend && !legend.contains(inner))
            problems << QStringLiteral("%1: chart %2 draws the legend label \"%3\" outside its legend")
                            .arg(where, name, d.text);
    }
    // To look at them: FPLAB_CHART_SHOTS=DIR saves each chart with a cut text as DIR/WHERE-NAME.png.
    if (const QString dir = qEnvironmentVariable("FPLAB_CHART_SHOTS"); !problems.isEmpty() && !dir.isEmpty()) {
        QString file = QStringLiteral("%1-%2").arg(where, name);
        file.replace(QRegularExpression(QStringLiteral("[^\\w-]+"), QRegularExpression::UseUnicodePropertiesOption),
                     QStringLiteral("_"));
        view->grab().save(QStringLiteral("%1/%2.png").arg(dir, file));
    }
    return problems;
}

// cutChartTexts for every visible chart view under `root` (and `root` itself).
inline QStringList cutChartTextsUnder(QWidget* root, const QString& where) {
    QList<QChartView*> views = root->findChildren<QChartView*>();
    if (auto* self = qobject_cast<QChartView*>(root)) views.prepend(self);
    QStringList problems;
    for (QChartView* view : views) problems += cutChartTexts(view, where);
    return problems;
}

} // namespace fplab::gui::testing
