// A one-line label for values that can be longer than the room they get (an exact decimal has
// up to 1,076 characters): it ends in a visible "…" when cut, shows the full text in its tooltip,
// and its context menu copies the full text.
#pragma once

#include <QLabel>

class QAction;

namespace fplab::gui {

class ElidedLabel final : public QLabel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElidedLabel)

public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setFullText(const QString& text);
    QString fullText() const { return m_full; }
    // True when the text shown is cut (ends in "…").
    bool isElided() const { return text() != m_full; }
    QAction* copyAction() const { return m_copy; }

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateShown();

    QString m_full;
    QAction* m_copy = nullptr;
};

} // namespace fplab::gui
