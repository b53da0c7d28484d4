// The GPU Lab's settings (group "gpuLab"): the GEMM, speed and TF32 choices the user last made.
#pragma once

#include "app/gui/shell/settings.h"

namespace fplab::gui {

class GpuLabSettings final {
public:
    explicit GpuLabSettings(SettingsStore& store);

    static constexpr int kMaxDimension = 1024; // M, N, K in the app (the CPU model is slow beyond)

    SettingValue<QString> gemmType; // CLI name: "fp16-fp32"
    SettingValue<QString> arch;     // "sm_80" / "sm_90"
    SettingValue<int> m;
    SettingValue<int> n;
    SettingValue<int> k;
    SettingValue<int> seed;
    SettingValue<QString> distribution; // "uniform" / "int"
    SettingValue<QStringList> backends; // short names (gpu/backend_choice.h)
    SettingValue<QString> zeroProducts; // the model's open corners (core/tensor_core/corner_readings.h):
    SettingValue<QString> zeroSign;     // "dropped"/"counted", "sum"/"positive"; "" = the built-in reading
    SettingValue<int> tab;
    SettingValue<QString> datasheet; // a datasheet entry's name; "" = the detected GPU's
    SettingValue<int> benchSize;
    SettingValue<int> tf32Size;
    SettingValue<int> tf32Seed;
};

} // namespace fplab::gui
