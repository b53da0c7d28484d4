// Filling the decoded-value panel.
#include "app/gui/explorer/value_details_view.h"

#include "app/gui/common/elided_label.h"
#include "app/gui/common/number_text.h"
#include "app/gui/common/zoomed_fonts.h"
#include "core/classify.h"
#include "core/text/literal.h"
#include "core/text/print.h"
#include "core/values.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>

#include <cmath>

namespace fplab::gui {

namespace {
const char* const kFieldKeys[] = {"class",    "sign",     "exponent", "significand", "fraction",  "exact",
                                  "shortest", "hexfloat", "ulp",      "next-up",     "next-down", "headroom"};

QString binaryDigits(std::uint64_t v, int width) {
    QString s;
    for (int i = width - 1; i >= 0; --i) s += (v >> i) & 1 ? QLatin1Char('1') : QLatin1Char('0');
    return s;
}
} // namespace

ValueDetailsView::ValueDetailsView(QWidget* parent) : QWidget(parent), m_format(kFp16) {
    m_form = new QFormLayout(this);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    m_form->setLabelAlignment(Qt::AlignRight | Qt::AlignTop);
    m_form->setContentsMargins(4, 4, 4, 4);
    m_form->setVerticalSpacing(3);
    const QFont mono = monospaceFont();
    for (int i = 0; i < FieldCount; ++i) {
        m_labels[i] = new QLabel(this);
        // Numbers have no spaces to wrap at: they end in a visible "…" when cut, with the full
        // value in the tooltip and a Copy action. Sentences wrap.
        if (isNumberField(Field(i))) {
            m_values[i] = new ElidedLabel(this);
        } else {
            m_values[i] = new QLabel(this);
            m_values[i]->setTextInteractionFlags(Qt::TextSelectableByMouse);
            m_values[i]->setWordWrap(true);
            m_values[i]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        }
        m_values[i]->setObjectName(QString::fromLatin1(kFieldKeys[i]));
        if (i == Exact || i == Significand || i == HexFloat) m_values[i]->setFont(mono);
        m_form->addRow(m_labels[i], m_values[i]);
    }
    retranslateUi();
}

bool ValueDetailsView::isNumberField(Field field) {
    return field == Significand || field == Exact || field == Shortest || field == HexFloat || field == NextUp ||
           field == NextDown;
}

QString ValueDetailsView::fieldText(const QString& field) const {
    for (int i = 0; i < FieldCount; ++i)
        if (field == QLatin1String(kFieldKeys[i])) {
            if (auto* elided = qobject_cast<ElidedLabel*>(m_values[i])) return elided->fullText();
            return m_values[i]->text();
        }
    return {};
}

QLabel* ValueDetailsView::fieldLabel(const QString& field) const {
    for (int i = 0; i < FieldCount; ++i)
        if (field == QLatin1String(kFieldKeys[i])) return m_values[i];
    return nullptr;
}

void ValueDetailsView::setField(Field field, const QString& text) {
    if (auto* elided = qobject_cast<ElidedLabel*>(m_values[field])) elided->setFullText(text);
    else m_values[field]->setText(text);
}

void ValueDetailsView::setValue(const Format& f, std::uint64_t bits) {
    m_format = f;
    m_bits = bits;
    refresh();
}

void ValueDetailsView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void ValueDetailsView::retranslateUi() {
    m_labels[Class]->setText(tr("Class"));
    m_labels[Sign]->setText(tr("Sign"));
    m_labels[Exponent]->setText(tr("Exponent"));
    m_labels[Significand]->setText(tr("Significand"));
    m_labels[Fraction]->setText(tr("As a fraction"));
    m_labels[Exact]->setText(tr("Exact decimal"));
    m_labels[Shortest]->setText(tr("Shortest decimal"));
    m_labels[HexFloat]->setText(tr("Hex-float"));
    m_labels[Ulp]->setText(tr("ulp"));
    m_labels[NextUp]->setText(tr("Next up"));
    m_labels[NextDown]->setText(tr("Next down"));
    m_labels[Headroom]->setText(tr("To the largest"));
    m_labels[Significand]->setToolTip(tr("The implicit bit, the binary point, then the stored mantissa bits."));
    m_labels[Exact]->setToolTip(tr("Every digit of the stored binary value: binary fractions always end in decimal."));
    m_labels[Shortest]->setToolTip(
        tr("The shortest decimal that reads back to exactly these bits: what print() shows."));
    m_labels[Ulp]->setToolTip(
        tr("Unit in the last place: the gap between this value and the next one away from zero."));
    m_labels[Headroom]->setToolTip(tr("How far the largest finite value is: the room left before overflow."));
    refresh();
}

void ValueDetailsView::refresh() {
    const Format& f = m_format;
    const std::uint64_t bits = m_bits;
    const FloatClass cls = classify(f, bits);
    const bool finite = isFinite(cls);
    m_values[Class]->setText(classText(cls));
    m_values[Sign]->setText(f.hasSign ? (signOf(f, bits) ? tr("1 (negative)") : tr("0 (positive)"))
                                      : tr("none (unsigned format)"));

    const int field = exponentFieldOf(f, bits);
    const QString fieldBits = binaryDigits(std::uint64_t(field), f.exponentBits);
    if (cls == FloatClass::Normal)
        m_values[Exponent]->setText(tr("field %1 = %2 (biased); %2 − %3 = %4 (unbiased)")
                                        .arg(fieldBits)
                                        .arg(field)
                                        .arg(f.bias)
                                        .arg(field - f.bias));
    else if (cls == FloatClass::Subnormal || cls == FloatClass::Zero)
        m_values[Exponent]->setText(
            tr("field %1: subnormal range, exponent fixed at the minimum %2").arg(fieldBits).arg(f.minExponent()));
    else m_values[Exponent]->setText(tr("field %1: reserved for %2").arg(fieldBits, classText(cls)));

    const std::uint64_t mant = mantissaFieldOf(f, bits);
    const int lead = cls == FloatClass::Normal ? 1 : 0;
    if (finite) {
        setField(Significand, QStringLiteral("%1.%2").arg(lead).arg(binaryDigits(mant, f.mantissaBits)));
        const std::uint64_t sig = (std::uint64_t(lead) << f.mantissaBits) | mant;
        const int exponent = cls == FloatClass::Normal ? field - f.bias : f.minExponent();
        QString fraction = f.mantissaBits <= 20
                               ? QStringLiteral("%1/%2").arg(sig).arg(std::uint64_t{1} << f.mantissaBits)
                               : QStringLiteral("%1 / 2^%2").arg(sig).arg(f.mantissaBits);
        m_values[Fraction]->setText(
            tr("%1%2 × 2^%3").arg(signOf(f, bits) ? QStringLiteral("−") : QString(), fraction).arg(exponent));
    } else {
        setField(Significand, QStringLiteral("—"));
        m_values[Fraction]->setText(QStringLiteral("—"));
    }

    setField(Exact, exactDecimalText(f, bits));
    setField(Shortest, shortDecimal(f, bits));
    setField(HexFloat, isNan(cls) ? shortDecimal(f, bits) : qs(hexFloat(f, bits)));

    if (const std::optional<int> k = ulpExponent(f, bits)) m_values[Ulp]->setText(powerOfTwoText(*k));
    else m_values[Ulp]->setText(QStringLiteral("—"));

    const std::uint64_t up = nextUp(f, bits), down = nextDown(f, bits);
    setField(NextUp, QStringLiteral("%1  (%2)").arg(storedText(f, up), qs(hexBits(f, up))));
    setField(NextDown, QStringLiteral("%1  (%2)").arg(storedText(f, down), qs(hexBits(f, down))));

    if (finite) {
        // A ratio and a count of doublings, not a difference: "65504 − 0.1 = ≈65503.9" says nothing.
        const QString largest = storedText(f, maxFiniteBits(f));
        QString text = tr("the largest finite value is %1").arg(largest);
        if (cls == FloatClass::Normal || cls == FloatClass::Subnormal) {
            const Unpacked u = unpack(f, bits), top = unpack(f, maxFiniteBits(f));
            const int doublings = top.exponent - u.exponent - (u.significand > top.significand ? 1 : 0);
            const double ratio = toDouble(f, maxFiniteBits(f)) / std::fabs(toDouble(f, bits));
            if ((bits & ~f.signMask()) == maxFiniteBits(f))
                text = tr("this is the largest finite value: doubling it overflows");
            else if (!std::isfinite(ratio))
                text = tr("%1: this value can double %2 more times").arg(largest).arg(doublings);
            else if (doublings == 0)
                text = tr("%1, %2 times this value: doubling it overflows").arg(largest, approxText(ratio, 3));
            else
                text = tr("%1, %2 times this value: it can double %3 more times")
                           .arg(largest, approxText(ratio, 3))
                           .arg(doublings);
        }
        m_values[Headroom]->setText(text);
    } else {
        m_values[Headroom]->setText(QStringLiteral("—"));
    }
}

} // namespace fplab::gui
