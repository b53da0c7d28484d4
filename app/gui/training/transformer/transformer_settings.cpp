#include "app/gui/training/transformer/transformer_settings.h"

namespace fplab::gui {

using namespace fplab::training;

std::string_view trainingModelName(TrainingModel model) {
    return model == TrainingModel::Transformer ? "transformer" : "mlp";
}

std::optional<TrainingModel> parseTrainingModelName(std::string_view name) {
    if (name == "mlp") return TrainingModel::Mlp;
    if (name == "transformer") return TrainingModel::Transformer;
    return std::nullopt;
}

// The ranges are those of `fplab-cli gpt` (app/cli/command_gpt.cpp) where the CPU emulator stays usable;
// checkTransformerRunSettings refuses what does not fit together (heads not dividing dim, a short context).
TransformerSettings::TransformerSettings(SettingsStore& store)
    : model(store, QStringLiteral("training/model"), TrainingModel::Mlp, parseTrainingModelName, trainingModelName),
      preset(store, QStringLiteral("training/transformer/preset"), TransformerPreset::Fp32, parseTransformerPresetName,
             transformerPresetName),
      task(store, QStringLiteral("training/transformer/task"), TransformerTask::Addition, parseTransformerTaskName,
           transformerTaskName),
      textPath(store, QStringLiteral("training/transformer/textPath"), QString()),
      overrides(store, QStringLiteral("training/transformer/overrides"), QString()),
      softmaxSubtractsMax(store, QStringLiteral("training/transformer/softmaxSubtractsMax"), true),
      digits(store, QStringLiteral("training/transformer/digits"), 2, inRange(1, 4)),
      layers(store, QStringLiteral("training/transformer/layers"), 2, inRange(1, 8)),
      heads(store, QStringLiteral("training/transformer/heads"), 4, inRange(1, 16)),
      dim(store, QStringLiteral("training/transformer/dim"), 32, inRange(1, 256)),
      context(store, QStringLiteral("training/transformer/context"), 16, inRange(1, 128)),
      steps(store, QStringLiteral("training/transformer/steps"), 400, inRange(1, 100000)),
      batch(store, QStringLiteral("training/transformer/batch"), 32, inRange(1, 1024)),
      learningRate(store, QStringLiteral("training/transformer/learningRate"), 0.003,
                   [](const double& v) { return v >= 1e-6 && v <= 0.5; }),
      seed(store, QStringLiteral("training/transformer/seed"), 1, inRange(0, 1000000)) {}

} // namespace fplab::gui
