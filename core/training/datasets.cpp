// Generated training sets: spirals and the tiny-gradient circle set.
#include "core/training/datasets.h"

#include "core/training/rng.h"

#include <cmath>

namespace fplab::training {

std::string_view datasetName(DatasetKind kind) { return kind == DatasetKind::Spirals ? "spirals" : "tiny-grad"; }

std::optional<DatasetKind> parseDatasetName(std::string_view name) {
    if (name == "spirals") return DatasetKind::Spirals;
    if (name == "tiny-grad") return DatasetKind::TinyGrad;
    return std::nullopt;
}

Dataset makeSpirals(std::uint64_t seed, int pointsPerClass, int classes, double noise) {
    Rng rng(seed);
    Dataset d;
    d.name = "spirals";
    d.classes = classes;
    for (int c = 0; c < classes; ++c)
        for (int i = 0; i < pointsPerClass; ++i) {
            const double r = pointsPerClass > 1 ? double(i) / (pointsPerClass - 1) : 0.0;
            const double t = 4.0 * c + 4.0 * r + noise * rng.normal();
            d.features.push_back(float(r * std::sin(t)));
            d.features.push_back(float(r * std::cos(t)));
            d.labels.push_back(c);
        }
    return d;
}

Dataset makeTinyGrad(std::uint64_t seed, int points, float lossWeight) {
    Rng rng(seed);
    Dataset d;
    d.name = "tiny-grad";
    d.classes = 2;
    d.lossWeight = lossWeight;
    for (int i = 0; i < points; ++i) {
        const double x = rng.uniform(-1.0, 1.0), y = rng.uniform(-1.0, 1.0);
        d.features.push_back(float(x));
        d.features.push_back(float(y));
        d.labels.push_back(x * x + y * y < 0.5 ? 1 : 0);
    }
    return d;
}

Dataset makeDataset(DatasetKind kind, std::uint64_t seed) {
    return kind == DatasetKind::Spirals ? makeSpirals(seed) : makeTinyGrad(seed);
}

} // namespace fplab::training
