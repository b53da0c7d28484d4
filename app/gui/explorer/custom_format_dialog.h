// The editor for a user-defined format: exponent and mantissa widths, subnormals, the
// special-value policy and the bias, checked live by makeCustomFormat.
#pragma once

#include "core/format.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QSpinBox;

namespace fplab::gui {

class CustomFormatDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CustomFormatDialog)

public:
    explicit CustomFormatDialog(QWidget* parent = nullptr);

    CustomFormatSpec spec() const;
    void setSpec(const CustomFormatSpec& spec);
    // The canonical name of the format described, or empty while it is invalid.
    QString formatName() const;
    // The current explanation: the format's summary, or what is wrong.
    QString message() const;

private:
    void updatePreview();

    QSpinBox* m_exponent;
    QSpinBox* m_mantissa;
    QCheckBox* m_subnormals;
    QComboBox* m_specials;
    QCheckBox* m_customBias;
    QSpinBox* m_bias;
    QLabel* m_name;
    QLabel* m_preview;
    QDialogButtonBox* m_buttons;
};

} // namespace fplab::gui
