// The Training section's settings (group "training"): the run configuration the user last chose.
// The choices are typed by their enums (stored under core's and gpu/'s names for them).
#pragma once

#include "app/gui/shell/enum_setting.h"
#include "app/gui/shell/settings.h"
#include "core/training/datasets.h"
#include "core/training/optimizer.h"
#include "core/training/precision_policy.h"
#include "gpu/training/training_backend.h"

namespace fplab::gui {

class TrainingSettings final {
public:
    explicit TrainingSettings(SettingsStore& store);

    EnumSetting<gpu::TrainingBackend> backend; // the GPU run next to the CPU emulator, compared
    EnumSetting<training::TrainingMode> mode;
    EnumSetting<training::DatasetKind> dataset;
    EnumSetting<training::OptimizerKind> optimizer;
    SettingValue<double> learningRate;
    SettingValue<int> steps;
    SettingValue<int> width;
    SettingValue<int> depth;
    SettingValue<int> batch;
    SettingValue<int> seed;
    SettingValue<bool> masterWeights;
    SettingValue<int> staticScaleExponent; // fp16-static: the scale is 2^this
    SettingValue<int> initScaleExponent;   // fp16-dynamic: the initial scale is 2^this
    SettingValue<int> growthInterval;
    // The FP8 modes (core/training/precision_policy.h's Fp8Settings) and the scripted outlier.
    SettingValue<int> fp8AmaxHistory;
    EnumSetting<training::AmaxAlgo> fp8AmaxAlgo;
    SettingValue<int> fp8Margin;                     // the scale leaves 2^margin of headroom
    EnumSetting<blockscale::ScaleRule> fp8BlockRule; // the block recipe's scale rule
    SettingValue<int> outlierStep;                   // 0: none
};

} // namespace fplab::gui
