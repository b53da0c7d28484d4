// The Training section's model choice and the transformer's form (keys under "training/model" and
// "training/transformer/"), each declared once with its default and validator; the preset is stored by core's name.
#pragma once

#include "app/gui/shell/enum_setting.h"
#include "app/gui/shell/settings.h"
#include "app/gui/training/transformer/transformer_job.h"
#include "core/training/transformer/transformer_model.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace fplab::gui {

// Which model the Training section trains: the toy MLP of core/training or the transformer.
enum class TrainingModel : std::uint8_t { Mlp, Transformer };
std::string_view trainingModelName(TrainingModel model); // "mlp", "transformer"
std::optional<TrainingModel> parseTrainingModelName(std::string_view name);

class TransformerSettings final {
public:
    explicit TransformerSettings(SettingsStore& store);

    EnumSetting<TrainingModel> model;
    EnumSetting<training::TransformerPreset> preset;
    EnumSetting<TransformerTask> task;
    SettingValue<QString> textPath;
    SettingValue<QString> overrides; // as fplab-cli's --precision; checked when the form shows it
    SettingValue<bool> softmaxSubtractsMax;
    SettingValue<int> digits;
    SettingValue<int> layers;
    SettingValue<int> heads;
    SettingValue<int> dim;
    SettingValue<int> context;
    SettingValue<int> steps;
    SettingValue<int> batch;
    SettingValue<double> learningRate;
    SettingValue<int> seed;
};

} // namespace fplab::gui
