// The Training section's keys, each declared once with its default and validator.
#include "app/gui/training/training_settings.h"

#include "core/training/precision_policy.h"

namespace fplab::gui {

TrainingSettings::TrainingSettings(SettingsStore& store)
    : backend(store, QStringLiteral("training/backend"), QStringLiteral("cpu"),
              oneOf({QStringLiteral("cpu"), QStringLiteral("gpu")})),
      mode(store, QStringLiteral("training/mode"), QStringLiteral("fp16-dynamic"),
           oneOf({QStringLiteral("fp32"), QStringLiteral("tf32"), QStringLiteral("fp16"), QStringLiteral("fp16-static"),
                  QStringLiteral("fp16-dynamic"), QStringLiteral("bf16"), QStringLiteral("fp8-delayed"),
                  QStringLiteral("fp8-current"), QStringLiteral("fp8-block")})),
      dataset(store, QStringLiteral("training/dataset"), QStringLiteral("spirals"),
              oneOf({QStringLiteral("spirals"), QStringLiteral("tiny-grad")})),
      optimizer(store, QStringLiteral("training/optimizer"), QStringLiteral("adam"),
                oneOf({QStringLiteral("adam"), QStringLiteral("sgd")})),
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
      fp8AmaxHistory(store, QStringLiteral("training/fp8AmaxHistory"), fplab::training::Fp8Settings{}.amaxHistory,
                     inRange(1, 65536)),
      fp8AmaxAlgo(store, QStringLiteral("training/fp8AmaxAlgo"), QStringLiteral("max"),
                  oneOf({QStringLiteral("max"), QStringLiteral("most-recent")})),
      fp8Margin(store, QStringLiteral("training/fp8Margin"), fplab::training::Fp8Settings{}.margin, inRange(0, 32)),
      outlierStep(store, QStringLiteral("training/outlierStep"), 0, inRange(0, 100000)) {}

} // namespace fplab::gui
