// The Training section's settings (group "training"): the run configuration the user last chose.
#pragma once

#include "app/gui/shell/settings.h"

namespace fplab::gui {

class TrainingSettings final {
public:
    explicit TrainingSettings(SettingsStore& store);

    SettingValue<QString> backend; // cpu, or gpu (the GPU run next to the CPU emulator, compared)
    SettingValue<QString> mode;
    SettingValue<QString> dataset;
    SettingValue<QString> optimizer;
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
    SettingValue<QString> fp8AmaxAlgo; // max, most-recent
    SettingValue<int> fp8Margin;       // the scale leaves 2^margin of headroom
    SettingValue<int> outlierStep;     // 0: none
};

} // namespace fplab::gui
