// The Training section's keys, each declared once with its default and validator.
#include "app/gui/training/training_settings.h"

namespace fplab::gui {

TrainingSettings::TrainingSettings(SettingsStore& store)
    : backend(store, QStringLiteral("training/backend"), QStringLiteral("cpu"),
              oneOf({QStringLiteral("cpu"), QStringLiteral("gpu")})),
      mode(store, QStringLiteral("training/mode"), QStringLiteral("fp16-dynamic"),
           oneOf({QStringLiteral("fp32"), QStringLiteral("tf32"), QStringLiteral("fp16"), QStringLiteral("fp16-static"),
                  QStringLiteral("fp16-dynamic"), QStringLiteral("bf16")})),
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
      growthInterval(store, QStringLiteral("training/growthInterval"), 2000, inRange(1, 1000000)) {}

} // namespace fplab::gui
