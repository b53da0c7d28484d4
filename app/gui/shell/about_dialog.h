// Help > About: the version, how this binary was built, and where the numerics come from.
#pragma once

#include <QDialog>

namespace fplab::gui {

class AboutDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AboutDialog)

public:
    explicit AboutDialog(QWidget* parent = nullptr);

    // The build description shown in the dialog: version, Qt, compiler, CUDA built or not.
    static QString buildText();
    static QString referencesText();
};

} // namespace fplab::gui
