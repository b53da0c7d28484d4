// The About dialog. FPLAB_VERSION and FPLAB_WITH_CUDA come from CMake.
#include "app/gui/shell/about_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtGlobal>

#ifndef FPLAB_VERSION
#define FPLAB_VERSION "unknown"
#endif
#ifndef FPLAB_WITH_CUDA
#define FPLAB_WITH_CUDA 0
#endif

namespace fplab::gui {

QString AboutDialog::buildText() {
    QString compiler;
#if defined(__clang__)
    compiler = QStringLiteral("Clang %1.%2.%3").arg(__clang_major__).arg(__clang_minor__).arg(__clang_patchlevel__);
#elif defined(__GNUC__)
    compiler = QStringLiteral("GCC %1.%2.%3").arg(__GNUC__).arg(__GNUC_MINOR__).arg(__GNUC_PATCHLEVEL__);
#else
    compiler = tr("unknown compiler");
#endif
    QStringList lines;
    lines << tr("Version %1").arg(QStringLiteral(FPLAB_VERSION));
    lines << tr("Qt %1 (built with %2), %3")
                 .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR), compiler);
    lines << (FPLAB_WITH_CUDA ? tr("CUDA backend: built in (tensor-core runs need an NVIDIA GPU)")
                              : tr("CUDA backend: not built; every result comes from the CPU emulation"));
    return lines.join(QLatin1Char('\n'));
}

QString AboutDialog::referencesText() {
    return tr(
        "<p>Every number FP Lab shows is computed bit for bit by its own soft-float core and checked against "
        "independent references:</p><ul>"
        "<li>IEEE 754-2019, <i>IEEE Standard for Floating-Point Arithmetic</i>: the formats, rounding modes, "
        "exceptions and operations.</li>"
        "<li>OCP 8-bit Floating Point Specification (OFP8), rev. 1.0: E4M3 and E5M2.</li>"
        "<li>OCP Microscaling Formats (MX) Specification v1.0: FP6 (E2M3, E3M2), FP4 (E2M1) and the E8M0 scale.</li>"
        "<li>Berkeley SoftFloat 3 (J. Hauser): the one-rounding-path design and the exception flags.</li>"
        "<li>GNU MPFR: the correctly rounded oracle used in the tests.</li>"
        "<li>M. Fasi, N. J. Higham, M. Mikaitis, S. Pranesh, <i>Numerical behavior of NVIDIA tensor cores</i>, "
        "PeerJ Computer Science 7:e330, 2021.</li>"
        "<li>F. Khattak, M. Mikaitis, <i>Accurate Models of NVIDIA Tensor Cores</i>, arXiv:2512.07004 (ACM TACO).</li>"
        "<li>Xie, Wang, Yang, Yang, <i>MMA-Sim: Bit-Accurate Reference Model of Tensor Cores and Matrix Cores</i>, "
        "arXiv:2511.10909.</li>"
        "<li>NVIDIA A100 Tensor Core GPU Architecture whitepaper: TF32 and the throughput figures.</li>"
        "<li>PyTorch automatic mixed precision (autocast, GradScaler): the loss-scaling rules.</li></ul>");
}

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("About FP Lab"));
    auto* title = new QLabel(tr("<h2>FP Lab</h2><p>Number formats for deep learning, bit for bit.</p>"), this);
    auto* build = new QLabel(buildText(), this);
    build->setTextInteractionFlags(Qt::TextSelectableByMouse);
    build->setObjectName(QStringLiteral("buildText"));
    auto* refs = new QTextBrowser(this);
    refs->setHtml(referencesText());
    refs->setOpenExternalLinks(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(build);
    layout->addWidget(refs, 1);
    layout->addWidget(buttons);
    resize(560, 520);
}

} // namespace fplab::gui
