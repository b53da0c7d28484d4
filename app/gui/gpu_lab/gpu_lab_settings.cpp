// The GPU Lab's keys, each declared once with its default and validator.
#include "app/gui/gpu_lab/gpu_lab_settings.h"

#include "gpu/backend_choice.h"
#include "gpu/datasheet.h"
#include "gpu/gemm_types.h"

#include <algorithm>

namespace fplab::gui {

namespace {

bool isGemmTypeName(const QString& s) {
    const std::string name = s.toStdString();
    const auto types = gpu::allGemmTypes();
    return std::any_of(types.begin(), types.end(), [&](const gpu::GemmTypeInfo& t) { return t.name == name; });
}

bool areBackendKeys(const QStringList& keys) {
    return std::all_of(keys.begin(), keys.end(),
                       [](const QString& k) { return gpu::parseBackendKey(k.toStdString()).has_value(); });
}

QStringList defaultBackendKeys() {
    QStringList keys;
    for (gpu::BackendChoice b : gpu::allBackendChoices())
        if (gpu::isDefaultBackend(b)) {
            const std::string_view key = gpu::backendKey(b);
            keys << QString::fromLatin1(key.data(), qsizetype(key.size()));
        }
    return keys;
}

bool isDatasheetName(const QString& s) {
    if (s.isEmpty()) return true;
    const auto table = gpu::datasheetTable();
    return std::any_of(table.begin(), table.end(), [&](const gpu::DatasheetEntry& e) {
        return QString::fromUtf8(e.name.data(), qsizetype(e.name.size())) == s;
    });
}

bool isBenchSize(const int& s) { return s >= 16 && s <= 16384 && s % 16 == 0; }

} // namespace

GpuLabSettings::GpuLabSettings(SettingsStore& store)
    : gemmType(store, QStringLiteral("gpuLab/gemmType"), QStringLiteral("fp16-fp32"), isGemmTypeName),
      arch(store, QStringLiteral("gpuLab/arch"), QStringLiteral("sm_80"),
           oneOf({QStringLiteral("sm_80"), QStringLiteral("sm_90")})),
      m(store, QStringLiteral("gpuLab/m"), 32, inRange(1, kMaxDimension)),
      n(store, QStringLiteral("gpuLab/n"), 32, inRange(1, kMaxDimension)),
      k(store, QStringLiteral("gpuLab/k"), 256, inRange(1, kMaxDimension)),
      seed(store, QStringLiteral("gpuLab/seed"), 1, inRange(0, 1000000000)),
      distribution(store, QStringLiteral("gpuLab/distribution"), QStringLiteral("uniform"),
                   oneOf({QStringLiteral("uniform"), QStringLiteral("int")})),
      backends(store, QStringLiteral("gpuLab/backends"), defaultBackendKeys(), areBackendKeys),
      zeroProducts(store, QStringLiteral("gpuLab/zeroProducts"), QString(),
                   oneOf({QString(), QStringLiteral("dropped"), QStringLiteral("counted")})),
      zeroSign(store, QStringLiteral("gpuLab/zeroSign"), QString(),
               oneOf({QString(), QStringLiteral("sum"), QStringLiteral("positive")})),
      tab(store, QStringLiteral("gpuLab/tab"), 0, inRange(0, 3)),
      datasheet(store, QStringLiteral("gpuLab/datasheet"), QString(), isDatasheetName),
      benchSize(store, QStringLiteral("gpuLab/benchSize"), 4096, isBenchSize),
      tf32Size(store, QStringLiteral("gpuLab/tf32Size"), 128, inRange(16, kMaxDimension)),
      tf32Seed(store, QStringLiteral("gpuLab/tf32Seed"), 1, inRange(0, 1000000000)) {}

} // namespace fplab::gui
