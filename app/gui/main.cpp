// fplab: the FP Lab desktop application.
//   fplab [--settings FILE] [--lang en|zh_CN] [--theme system|light|dark]
//   fplab --screenshot DIR [--screenshot-size WxH]   render each section to DIR/*.png (1280x800) and exit
//   fplab --measure-startup  print the time to the first exposed window and exit
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/language.h"
#include "app/gui/shell/main_window.h"
#include "app/gui/shell/screenshot.h"
#include "app/gui/shell/theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>
#include <QWindow>

#include <cstdio>

namespace {

// Stops the clock when the window is first exposed, then once more after the first frame.
class StartupProbe final : public QObject {
public:
    explicit StartupProbe(const QElapsedTimer& clock) : m_clock(clock) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Expose && !m_exposedMs) {
            auto* window = qobject_cast<QWindow*>(watched);
            if (window && window->isExposed()) {
                m_exposedMs = m_clock.nsecsElapsed() / 1e6;
                QTimer::singleShot(0, this, [this] {
                    const double painted = m_clock.nsecsElapsed() / 1e6;
                    std::printf("startup: window exposed %.1f ms after main(), first frame done %.1f ms after main()\n",
                                m_exposedMs, painted);
                    std::fflush(stdout);
                    QApplication::quit();
                });
            }
        }
        return QObject::eventFilter(watched, event);
    }

private:
    const QElapsedTimer& m_clock;
    double m_exposedMs = 0;
};

} // namespace

int main(int argc, char** argv) {
    QElapsedTimer clock;
    clock.start();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("fplab"));
    QApplication::setApplicationDisplayName(QStringLiteral("FP Lab"));
    QApplication::setApplicationVersion(QStringLiteral(FPLAB_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("fplab"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("FP Lab: number formats for deep learning, bit for bit."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption settingsOption(QStringLiteral("settings"),
                                            QStringLiteral("Read and write settings in FILE."), QStringLiteral("FILE"));
    const QCommandLineOption langOption(QStringLiteral("lang"), QStringLiteral("Interface language: en or zh_CN."),
                                        QStringLiteral("CODE"));
    const QCommandLineOption themeOption(QStringLiteral("theme"), QStringLiteral("Theme: system, light or dark."),
                                         QStringLiteral("THEME"));
    const QCommandLineOption screenshotOption(QStringLiteral("screenshot"),
                                              QStringLiteral("Render every section to DIR/*.png and exit."),
                                              QStringLiteral("DIR"));
    const QCommandLineOption screenshotSizeOption(QStringLiteral("screenshot-size"),
                                                  QStringLiteral("The window size of --screenshot (default 1280x800)."),
                                                  QStringLiteral("WxH"), QStringLiteral("1280x800"));
    const QCommandLineOption measureOption(QStringLiteral("measure-startup"),
                                           QStringLiteral("Print the time to the first exposed window and exit."));
    parser.addOptions({settingsOption, langOption, themeOption, screenshotOption, screenshotSizeOption, measureOption});
    parser.process(app);

    // Screenshots and measurements start from the defaults, not from the user's settings.
    QTemporaryDir scratch;
    const bool scratchSettings = parser.isSet(screenshotOption) || parser.isSet(measureOption);
    const QString settingsFile = parser.isSet(settingsOption) ? parser.value(settingsOption)
                                 : scratchSettings            ? scratch.filePath(QStringLiteral("fplab.ini"))
                                                              : fplab::gui::AppSettings::defaultFilePath();
    fplab::gui::AppSettings settings(settingsFile);
    if (parser.isSet(langOption)) settings.language.set(parser.value(langOption));
    if (parser.isSet(themeOption)) settings.theme.set(parser.value(themeOption));

    fplab::gui::ThemeManager theme;
    theme.apply(fplab::gui::themeModeFromName(settings.theme.get()));
    fplab::gui::LanguageManager language;
    language.setLanguage(settings.language.get());

    fplab::gui::MainWindow window(settings, theme, language);

    if (parser.isSet(screenshotOption)) {
        const QStringList size = parser.value(screenshotSizeOption).split(QLatin1Char('x'));
        const int width = size.size() == 2 ? size[0].toInt() : 0, height = size.size() == 2 ? size[1].toInt() : 0;
        if (width < 320 || height < 240) {
            std::fprintf(stderr, "fplab: --screenshot-size: '%s' is not WxH (at least 320x240)\n",
                         qPrintable(parser.value(screenshotSizeOption)));
            return 2;
        }
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(width, height);
        window.show();
        QApplication::processEvents();
        QString error;
        const QString suffix = language.current() == QLatin1String("en") ? QString()
                                                                         : QLatin1Char('-') + language.current();
        const QString themeSuffix = settings.theme.get() == QLatin1String("dark") ? QStringLiteral("-dark") : QString();
        const QStringList files = fplab::gui::takeScreenshots(window, parser.value(screenshotOption),
                                                              suffix + themeSuffix, &error);
        for (const QString& f : files) std::printf("%s\n", qPrintable(f));
        if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
            std::fprintf(stderr, "fplab: cannot write to standard output\n");
            return 1;
        }
        if (!error.isEmpty()) {
            std::fprintf(stderr, "fplab: %s\n", qPrintable(error));
            return 1;
        }
        return 0;
    }

    StartupProbe probe(clock);
    if (parser.isSet(measureOption)) {
        window.winId(); // creates the QWindow so the probe can watch it
        window.windowHandle()->installEventFilter(&probe);
    }
    QObject::connect(&app, &QApplication::aboutToQuit, &window, &fplab::gui::MainWindow::saveState);
    window.show();
    const int rc = QApplication::exec();
    return rc;
}
