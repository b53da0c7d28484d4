// The Getting started guide and the first-run pointer to lesson 1.
#include "app/gui/shell/getting_started.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace fplab::gui {

QString firstLessonLink() { return QStringLiteral("section:lessons?lesson=anatomy&step=1"); }

QString GettingStartedDialog::guideText() {
    return tr("<h3>Where to start</h3>"
              "<p>Start with <b>lesson 1</b> (Lessons, Ctrl+3): each lesson explains one thing formats do to numbers "
              "and lets you change the experiment behind it. Go through them in order; a checkpoint at the end of a "
              "step asks one question.</p>"
              "<h3>The sections</h3><ul>"
              "<li><b>Explorer</b> (Ctrl+1): type a value and see how every format stores it, bit by bit, with its "
              "exact decimal value and error.</li>"
              "<li><b>Arithmetic</b> (Ctrl+2): one operation, step by step: aligning, adding, rounding, the flags.</li>"
              "<li><b>Lessons</b> (Ctrl+3): guided lessons with live experiments.</li>"
              "<li><b>GPU Lab</b> (Ctrl+4): tensor-core GEMMs on a GPU, or their CPU model without one.</li>"
              "<li><b>Training</b> (Ctrl+5): a small network trained in FP32, FP16, BF16 or FP8, with and without loss "
              "scaling.</li></ul>"
              "<h3>Good to know</h3><ul>"
              "<li>Help ▸ Keyboard shortcuts (F1) lists every key.</li>"
              "<li>File ▸ Save session keeps what you set up, lesson progress included.</li>"
              "<li>View ▸ Zoom in (Ctrl++) makes all text larger.</li></ul>");
}

GettingStartedDialog::GettingStartedDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Getting started"));
    auto* text = new QTextBrowser(this);
    text->setObjectName(QStringLiteral("guide"));
    text->setHtml(guideText());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* open = buttons->addButton(tr("Open lesson 1"), QDialogButtonBox::AcceptRole);
    open->setObjectName(QStringLiteral("openFirstLesson"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(open, &QPushButton::clicked, this, [this] {
        emit openFirstLesson();
        accept();
    });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    resize(560, 480);
}

FirstRunPointer::FirstRunPointer(QWidget* parent)
    : QFrame(parent), m_text(new QLabel(this)), m_open(new QPushButton(this)), m_dismiss(new QPushButton(this)) {
    setObjectName(QStringLiteral("firstRunPointer"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_text->setWordWrap(true);
    m_open->setObjectName(QStringLiteral("openFirstLesson"));
    m_dismiss->setObjectName(QStringLiteral("dismissPointer"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_text);
    layout->addWidget(m_open);
    layout->addWidget(m_dismiss);
    connect(m_open, &QPushButton::clicked, this, &FirstRunPointer::openFirstLesson);
    connect(m_dismiss, &QPushButton::clicked, this, &FirstRunPointer::dismissed);
    retranslateUi();
}

void FirstRunPointer::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QFrame::changeEvent(event);
}

void FirstRunPointer::retranslateUi() {
    m_text->setText(tr("New here? Start with lesson 1: it takes a number apart bit by bit. "
                       "Help ▸ Getting started says what each section is for."));
    m_open->setText(tr("Open lesson 1"));
    m_dismiss->setText(tr("Dismiss"));
    m_dismiss->setToolTip(tr("Hide this hint for good (Help ▸ Getting started stays)."));
}

} // namespace fplab::gui
