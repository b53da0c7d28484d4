// Every setting of the desktop app, each key declared once with its default and its check.
// Sections added later declare their keys here too, under their own group.
#pragma once

#include "app/gui/common/format_choice.h"
#include "app/gui/shell/settings.h"

#include <QByteArray>

#include <algorithm>

namespace fplab::gui {

class AppSettings final {
    Q_DISABLE_COPY_MOVE(AppSettings)

public:
    // The settings in `filePath`; defaultFilePath() is the user's file.
    explicit AppSettings(const QString& filePath);
    static QString defaultFilePath();

    static bool isFormatName(const QString& name) { return resolveFormat(name).has_value(); }
    // Core's names of a block-scaled scheme ("mxfp4") and of a scale rule ("ocp"; empty: the scheme's own).
    static bool isBlockSchemeName(const QString& name);
    static bool isScaleRuleNameOrEmpty(const QString& name);

    SettingsStore store;

    // The shell.
    SettingValue<QByteArray> windowGeometry{store, QStringLiteral("window/geometry"), {}};
    SettingValue<QByteArray> windowState{store, QStringLiteral("window/state"), {}};
    SettingValue<QString> currentSection{store, QStringLiteral("window/section"), QStringLiteral("explorer")};
    // "system", "light" or "dark".
    SettingValue<QString> theme{store, QStringLiteral("appearance/theme"), QStringLiteral("system"),
                                oneOf({QStringLiteral("system"), QStringLiteral("light"), QStringLiteral("dark")})};
    // "" follows the system; otherwise "en" or "zh_CN".
    SettingValue<QString> language{store, QStringLiteral("appearance/language"), QString(),
                                   oneOf({QString(), QStringLiteral("en"), QStringLiteral("zh_CN")})};

    // Present mode (View menu): the application font's size in percent, and strong chart colours.
    SettingValue<int> zoomPercent{store, QStringLiteral("appearance/zoom"), 100, inRange(50, 300)};
    SettingValue<bool> highContrastCharts{store, QStringLiteral("appearance/highContrastCharts"), false};
    // The first-run pointer to lesson 1, once dismissed, does not come back.
    SettingValue<bool> firstRunPointerDismissed{store, QStringLiteral("window/firstRunPointerDismissed"), false};
    // Session files, most recent first (File > Open recent).
    SettingValue<QStringList> recentSessions{store, QStringLiteral("session/recent"), {}};

    // Explorer.
    SettingValue<QString> explorerInput{store, QStringLiteral("explorer/input"), QStringLiteral("0.1")};
    SettingValue<QString> explorerFormat{store, QStringLiteral("explorer/format"), QStringLiteral("fp16"),
                                         isFormatName};
    SettingValue<RoundingMode> explorerRounding{store, QStringLiteral("explorer/rounding"), RoundingMode::NearestEven};
    // Row keys (format names, "int8", "int8-tensor") the user has hidden from the side-by-side table.
    SettingValue<QStringList> explorerHiddenRows{
        store,
        QStringLiteral("explorer/hiddenRows"),
        {QStringLiteral("e8m0"), QStringLiteral("e4m3fnuz"), QStringLiteral("e5m2fnuz")}};
    // User-defined formats by their canonical names ("e5m10-nosub", "e4m3-fn-bias=8").
    SettingValue<QStringList> customFormats{
        store, QStringLiteral("explorer/customFormats"), {}, [](const QStringList& names) {
            return std::all_of(names.begin(), names.end(), isFormatName);
        }};
    SettingValue<int> explorerChartTab{store, QStringLiteral("explorer/tab"), 0, inRange(0, 4)};
    SettingValue<QByteArray> explorerSplitter{store, QStringLiteral("explorer/splitter"), {}};
    // The Explorer's Block view: the scheme and its scale rule (a rule the scheme does not offer gives its own),
    // NVFP4's 16x16 tiles instead of 1D blocks, the row length the values are laid out in (0: one row), and the
    // random Hadamard transform with its seed.
    SettingValue<QString> blockScheme{store, QStringLiteral("explorer/blockScheme"), QStringLiteral("mxfp4"),
                                      isBlockSchemeName};
    SettingValue<QString> blockRule{store, QStringLiteral("explorer/blockRule"), QString(), isScaleRuleNameOrEmpty};
    SettingValue<bool> blockTiles16x16{store, QStringLiteral("explorer/blockTiles16x16"), false};
    SettingValue<int> blockRowLength{store, QStringLiteral("explorer/blockRowLength"), 0, inRange(0, 4096)};
    SettingValue<bool> blockHadamard{store, QStringLiteral("explorer/blockHadamard"), false};
    SettingValue<int> blockHadamardSeed{store, QStringLiteral("explorer/blockHadamardSeed"), 1, inRange(0, 1000000)};

    // Summation order: targets by their machine names (core's and app/summation_targets').
    SettingValue<QString> summationTarget{store, QStringLiteral("summation/target"),
                                          QStringLiteral("openblas-sgemm-m1")};
    SettingValue<QString> summationCompare{store, QStringLiteral("summation/compare"),
                                           QStringLiteral("openblas-sgemm-m64")};
    SettingValue<int> summationTerms{store, QStringLiteral("summation/terms"), 32, inRange(2, 4096)};
    SettingValue<QString> summationType{store, QStringLiteral("summation/type"), QStringLiteral("fp32"), isFormatName};

    // Arithmetic.
    SettingValue<Operation> arithmeticOperation{store, QStringLiteral("arithmetic/operation"), Operation::Add};
    SettingValue<QString> arithmeticA{store, QStringLiteral("arithmetic/a"), QStringLiteral("1")};
    SettingValue<QString> arithmeticB{store, QStringLiteral("arithmetic/b"), QStringLiteral("0.0001")};
    SettingValue<QString> arithmeticC{store, QStringLiteral("arithmetic/c"), QStringLiteral("0")};
    SettingValue<QString> arithmeticFormat{store, QStringLiteral("arithmetic/format"), QStringLiteral("fp16"),
                                           isFormatName};
    SettingValue<QString> arithmeticTarget{store, QStringLiteral("arithmetic/target"), QStringLiteral("e4m3"),
                                           isFormatName};
    SettingValue<RoundingMode> arithmeticRounding{store, QStringLiteral("arithmetic/rounding"),
                                                  RoundingMode::NearestEven};
    SettingValue<bool> arithmeticSaturate{store, QStringLiteral("arithmetic/saturate"), false};
    SettingValue<bool> arithmeticTininessBefore{store, QStringLiteral("arithmetic/tininessBefore"), false};
    SettingValue<int> arithmeticSeed{store, QStringLiteral("arithmetic/seed"), 1, inRange(0, 1 << 30)};
    SettingValue<QByteArray> arithmeticSplitter{store, QStringLiteral("arithmetic/splitter"), {}};
};

} // namespace fplab::gui
