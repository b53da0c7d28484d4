// The palette-following text colour of a label: an event filter owned by the label re-derives it.
#include "app/gui/common/text_colour.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QPalette>

namespace fplab::gui {

namespace {

class TextColourFollower final : public QObject {
public:
    static constexpr const char* kName = "fplabTextColourFollower";

    TextColourFollower(QLabel* label, PaletteColour colour) : QObject(label), m_label(label), m_colour(colour) {
        setObjectName(QLatin1String(kName));
        label->installEventFilter(this);
        apply();
    }
    void setColour(PaletteColour colour) {
        m_colour = colour;
        apply();
    }

    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == m_label && event->type() == QEvent::PaletteChange) apply();
        return false;
    }

private:
    void apply() {
        QPalette p = m_label->palette();
        const QPalette app = QApplication::palette();
        const QColor wanted = m_colour ? m_colour(app) : app.color(QPalette::WindowText);
        if (p.color(QPalette::WindowText) == wanted && p.color(QPalette::Text) == wanted) return;
        p.setColor(QPalette::WindowText, wanted);
        p.setColor(QPalette::Text, wanted);
        m_label->setPalette(p);
    }

    QLabel* m_label;
    PaletteColour m_colour;
};

} // namespace

void setTextColour(QLabel* label, PaletteColour colour) {
    // Found by name: the class has no Q_OBJECT, so findChild<TextColourFollower*> would take any child.
    const QString name = QLatin1String(TextColourFollower::kName);
    if (QObject* follower = label->findChild<QObject*>(name, Qt::FindDirectChildrenOnly))
        static_cast<TextColourFollower*>(follower)->setColour(colour);
    else new TextColourFollower(label, colour);
}

QColor textColourOf(const QLabel* label) { return label->palette().color(label->foregroundRole()); }

} // namespace fplab::gui
