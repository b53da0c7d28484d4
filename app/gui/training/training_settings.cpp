// The Training section's keys, each declared once with its default and validator.
#include "app/gui/training/training_settings.h"

namespace fplab::gui {

using namespace fplab::training;

TrainingSettings::TrainingSettings(SettingsStore& store)
    : backend(store, QStringLiteral("training/backend"), gpu::TrainingBackend::Cpu, gpu::parseTrainingBackend,
              gpu::trainingBackendName),
      mode(store, QStringLiteral("training/mode"), TrainingMode::Fp16Dynamic, parseModeName, modeName),
      dataset(store, QStringLiteral("training/dataset"), DatasetKind::Spirals, parseDatasetName, datasetName),
      optimizer(store, QStringLiteral("training/optimizer"), OptimizerKind::Adam, parseOptimizerName, optimizerName),
      learningRate(store, QStringLiteral("training/learningRate"), 0.01,
                   [](const double& v) { return v >= 1e-6 && v <= 10; }),
      steps(store, QStringLiteral("training/steps"), 500, inRange(1, 100000)),
      width(store, QStringLiteral("training/width"), 64, inRange(2, 512)),
      depth(store, QStringLiteral("training/depth"), 1, inRange(1, 8)),
      batch(store, QStringLiteral("training/batch"), 64, inRange(1, 1024)),
      seed(store, QStringLiteral("training/seed"), 1, inRange(0, 1000000)),
      masterWeights(store, QStringLiteral("training/masterWeights"), true),
      staticScaleExponent(store, QStringLiteral("training/staticScaleExponent"), 10, inRange(-24, 40)),
      initScaleExponent(store, QStringLiteral("training/initScaleExponent"), 16, inRange(-24, 40)),
      growthInterval(store, QStringLiteral("training/growthInterval"), 2000, inRange(1, 1000000)),
      // The ranges are checkFp8Settings' (core/training/precision_policy.cpp).
      fp8AmaxHistory(store, QStringLiteral("training/fp8AmaxHistory"), Fp8Settings{}.amaxHistory, inRange(1, 65536)),
      fp8AmaxAlgo(store, QStringLiteral("training/fp8AmaxAlgo"), AmaxAlgo::Max, parseAmaxAlgoName, amaxAlgoName),
      fp8Margin(store, QStringLiteral("training/fp8Margin"), Fp8Settings{}.margin, inRange(0, 32)),
      fp8BlockRule(store, QStringLiteral("training/fp8BlockRule"), Fp8Settings{}.blockRule, parseFp8BlockRule,
                   blockscale::scaleRuleName),
      outlierStep(store, QStringLiteral("training/outlierStep"), 0, inRange(0, 100000)) {}

} // namespace fplab::gui
