// Building the custom-format editor and validating it as the user types.
#include "app/gui/explorer/custom_format_dialog.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace fplab::gui {

CustomFormatDialog::CustomFormatDialog(QWidget* parent)
    : QDialog(parent), m_exponent(new QSpinBox(this)), m_mantissa(new QSpinBox(this)),
      m_subnormals(new QCheckBox(tr("Subnormal numbers (gradual underflow)"), this)), m_specials(new QComboBox(this)),
      m_customBias(new QCheckBox(tr("Custom bias"), this)), m_bias(new QSpinBox(this)), m_name(new QLabel(this)),
      m_preview(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Add a format"));
    m_exponent->setRange(1, Format::kMaxExponentBits);
    m_exponent->setToolTip(tr("Exponent bits set the range: each extra bit squares the largest value."));
    m_mantissa->setRange(0, Format::kMaxMantissaBits);
    m_mantissa->setToolTip(tr("Mantissa bits set the precision: each extra bit halves the spacing between values."));
    m_subnormals->setToolTip(tr("Without subnormals, results below the smallest normal flush to zero (FTZ)."));
    m_specials->addItem(tr("IEEE: infinities and NaNs (like FP16)"), int(SpecialValues::Ieee));
    m_specials->addItem(tr("No infinity, one NaN pattern (like E4M3)"), int(SpecialValues::FiniteWithNan));
    m_specials->addItem(tr("Finite only: no infinity, no NaN (like FP6/FP4)"), int(SpecialValues::FiniteOnly));
    m_specials->addItem(tr("FNUZ: no infinity, no −0, NaN is the sign bit alone"), int(SpecialValues::Fnuz));
    m_specials->setToolTip(
        tr("What the largest exponent encodes. Giving up infinity frees encodings for larger finite values."));
    m_bias->setRange(0, (1 << Format::kMaxExponentBits) - 1);
    m_bias->setEnabled(false);
    m_customBias->setToolTip(
        tr("The default bias is 2^(E-1) - 1 (2^(E-1) for FNUZ); a larger bias shifts the range toward zero."));
    m_preview->setWordWrap(true);
    m_preview->setMinimumWidth(360);
    m_name->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* form = new QFormLayout;
    form->addRow(tr("Exponent bits"), m_exponent);
    form->addRow(tr("Mantissa bits"), m_mantissa);
    form->addRow(QString(), m_subnormals);
    form->addRow(tr("Special values"), m_specials);
    auto* biasRow = new QHBoxLayout;
    biasRow->addWidget(m_customBias);
    biasRow->addWidget(m_bias, 1);
    form->addRow(tr("Bias"), biasRow);
    form->addRow(tr("Name"), m_name);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_preview);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QSpinBox* box : {m_exponent, m_mantissa, m_bias})
        connect(box, &QSpinBox::valueChanged, this, &CustomFormatDialog::updatePreview);
    connect(m_subnormals, &QCheckBox::toggled, this, &CustomFormatDialog::updatePreview);
    connect(m_specials, &QComboBox::currentIndexChanged, this, &CustomFormatDialog::updatePreview);
    connect(m_customBias, &QCheckBox::toggled, this, [this](bool on) {
        m_bias->setEnabled(on);
        updatePreview();
    });
    CustomFormatSpec initial;
    initial.exponentBits = 5;
    initial.mantissaBits = 10;
    setSpec(initial);
}

CustomFormatSpec CustomFormatDialog::spec() const {
    CustomFormatSpec s;
    s.exponentBits = m_exponent->value();
    s.mantissaBits = m_mantissa->value();
    s.subnormals = m_subnormals->isChecked();
    s.specials = SpecialValues(m_specials->currentData().toInt());
    if (m_customBias->isChecked()) s.bias = m_bias->value();
    s.name = customFormatName(s).toStdString();
    return s;
}

void CustomFormatDialog::setSpec(const CustomFormatSpec& s) {
    m_exponent->setValue(s.exponentBits);
    m_mantissa->setValue(s.mantissaBits);
    m_subnormals->setChecked(s.subnormals);
    m_specials->setCurrentIndex(m_specials->findData(int(s.specials)));
    m_customBias->setChecked(s.bias.has_value());
    m_bias->setValue(s.bias.value_or((1 << (s.exponentBits - 1)) - 1));
    updatePreview();
}

QString CustomFormatDialog::formatName() const {
    const FormatOrError made = makeCustomFormat(spec());
    return made.format ? customFormatName(spec()) : QString();
}

QString CustomFormatDialog::message() const { return m_preview->text(); }

void CustomFormatDialog::updatePreview() {
    const CustomFormatSpec s = spec();
    const FormatOrError made = makeCustomFormat(s);
    // The name must also read back to the same format, or the saved setting would differ.
    const std::optional<Format> reread = made.format ? resolveFormat(customFormatName(s)) : std::nullopt;
    const bool ok = made.format && reread && *reread == *made.format;
    m_name->setText(ok ? customFormatName(s) : QStringLiteral("—"));
    m_preview->setText(ok ? formatSummary(*made.format) : tr("Not a valid format: %1").arg(qs(made.error)));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

} // namespace fplab::gui
