// The training data, generated in the program from a seed (no downloads): 2-D spirals whose
// decision boundary can be drawn, and a set whose gradients are too small for FP16.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::training {

enum class DatasetKind : std::uint8_t {
    Spirals,  // interleaved 2-D spirals, one arm per class
    TinyGrad, // 2-D points inside/outside a circle, with the loss multiplied by a tiny weight
};
std::string_view datasetName(DatasetKind kind); // "spirals", "tiny-grad"
std::optional<DatasetKind> parseDatasetName(std::string_view name);

struct Dataset {
    std::string name;
    int inputs = 2;
    int classes = 2;
    std::vector<float> features; // size() x inputs
    std::vector<int> labels;
    // The training objective is lossWeight * mean cross-entropy: a weight of 2^-20 stands for a loss
    // averaged over a million tokens, or an auxiliary loss with a small coefficient.
    float lossWeight = 1.0f;
    // The square the points lie in (for drawing the decision boundary).
    float low = -1.0f;
    float high = 1.0f;

    int size() const { return int(labels.size()); }
};

inline constexpr float kTinyGradLossWeight = 0x1p-20f;

// CS231n's spirals: for class c, radius r from 0 to 1 and angle 4c + 4r plus noise * N(0, 1).
Dataset makeSpirals(std::uint64_t seed, int pointsPerClass = 200, int classes = 3, double noise = 0.2);
// Points uniform in [-1, 1]^2; class 1 inside the circle of radius sqrt(1/2).
Dataset makeTinyGrad(std::uint64_t seed, int points = 512, float lossWeight = kTinyGradLossWeight);
Dataset makeDataset(DatasetKind kind, std::uint64_t seed);

} // namespace fplab::training
