// The seed notes' ToyModel, Linear -> ReLU -> LayerNorm repeated `depth` times, then a
// Linear head and softmax cross-entropy, with forward and backward written out and every
// operation computed in the type the precision policy gives it.
#pragma once

#include "core/blockscale/block_scales.h"
#include "core/training/fp8_scaling.h"
#include "core/training/low_precision.h"
#include "core/training/precision_policy.h"
#include "core/training/step_interrupt.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fplab::training {

struct ModelShape {
    int inputs = 2;
    int classes = 3;
    int width = 64; // every hidden layer
    int depth = 1;  // hidden blocks (Linear -> ReLU -> LayerNorm); 1 is the seed notes' ToyModel
    bool bias = true;
};
// Empty when the shape is usable, otherwise what is wrong with it.
std::string checkShape(const ModelShape& shape);

struct Parameter {
    std::string name; // "fc1.weight", "ln1.bias"...
    int rows = 0;
    int cols = 0;
    std::vector<float> value;
    std::vector<float> grad; // .grad: summed over the micro-batches of a step
    std::size_t size() const { return value.size(); }
};
// A rows x cols parameter of zeros, with a zero grad.
Parameter zeroParameter(std::string name, int rows, int cols);

enum class TensorRole : std::uint8_t {
    Input,             // the data
    Parameter,         // a parameter as stored
    WeightCopy,        // autocast's low-precision copy of a parameter
    Activation,        // an intermediate result of the forward pass
    Output,            // the model's output (logits)
    Loss,              // the loss (and the scaled loss)
    Gradient,          // a gradient of an activation in the backward pass
    ParameterGradient, // a gradient as the backward computes it, or a parameter's .grad
};
std::string_view roleName(TensorRole role);

// One tensor of a step, in the order the step makes it.
struct TraceEntry {
    std::string name;
    DType dtype = DType::Float32;
    int rows = 0;
    int cols = 0;
    TensorRole role = TensorRole::Activation;
    bool savedForBackward = false;
    std::int64_t bytes() const { return std::int64_t(rows) * cols * dtypeBytes(dtype); }
};

// What the backward pass's casts to the low type did (in FP32/TF32 runs: would do) to the gradients.
struct BackwardStats {
    Fp16WindowCounts window;
    ExponentHistogram histogram; // the values before rounding
    // FP8 modes: each FP8 GEMM operand's cast, per linear layer: input, weight, gradient of the output.
    std::vector<Fp8TensorStats> fp8;
};

struct BatchView {
    const float* features = nullptr; // size x inputs
    const int* labels = nullptr;
    int size = 0;
};

struct ForwardResult {
    float loss = 0;  // mean cross-entropy (float32)
    int correct = 0; // argmax of the logits equals the label
    bool logitsFinite = true;
};

class ToyModel {
public:
    // PyTorch's default initialisation (uniform in +-1/sqrt(fan_in); LayerNorm weight 1, bias 0).
    ToyModel(const ModelShape& shape, std::uint64_t seed);

    const ModelShape& shape() const { return m_shape; }
    std::vector<Parameter>& parameters() { return m_params; }
    const std::vector<Parameter>& parameters() const { return m_params; }
    std::int64_t parameterCount() const;
    // FP8 modes: the GEMM operands in the order of BackwardStats::fp8 ("fc1.input", "fc1.weight",
    // "fc1.grad_output", "fc2.input", ...).
    std::vector<std::string> fp8TensorNames() const;
    void zeroGrad();

    // One micro-batch: forward, then backward of gradScale * (mean cross-entropy), whose gradients are
    // added to each parameter's grad (rounded to the parameter's type). Returns the forward result.
    ForwardResult forwardBackward(const BatchView& batch, const PrecisionPolicy& policy, float gradScale,
                                  BackwardStats* stats = nullptr, std::vector<TraceEntry>* trace = nullptr);
    // Forward only; predictions (argmax) and class probabilities are written when asked for.
    ForwardResult forward(const BatchView& batch, const PrecisionPolicy& policy,
                          std::vector<int>* predictions = nullptr, std::vector<float>* probabilities = nullptr,
                          std::vector<TraceEntry>* trace = nullptr);

    // The passes ask `stop` per block of matmul rows and throw StepInterrupted when it says stop (nullptr:
    // never); the caller keeps it alive while it is set. An interrupted forwardBackward leaves the weights
    // as they were, the gradients partly summed, and the FP8 scalings perhaps advanced (see fp8Scalings).
    void setStopRequest(const StopRequest* stop) { m_stop = stop; }
    // The FP8 modes' scalings (amax histories) that forwardBackward advances, to be put back after an
    // interrupted step.
    const std::vector<Fp8TensorScaling>& fp8Scalings() const { return m_fp8; }
    void restoreFp8Scalings(std::vector<Fp8TensorScaling> scalings) { m_fp8 = std::move(scalings); }

private:
    struct Linear {
        int weight = -1; // index into m_params
        int bias = -1;
        int in = 0;
        int out = 0;
        std::string name;
    };
    struct Norm {
        int weight = -1;
        int bias = -1;
        std::string name;
    };
    // What a hidden block or the head keeps for the backward pass.
    struct Cache {
        std::vector<float> input;           // the linear's input as the matmul read it (batch x in)
        std::vector<float> weight;          // the weight as the matmul read it (out x in)
        std::vector<float> weightT;         // its transpose (in x out)
        std::vector<float> output;          // linear output; in hidden blocks after ReLU (batch x out)
        std::vector<float> xhat;            // LayerNorm's normalised input (batch x width)
        std::vector<float> rstd;            // 1 / sqrt(var + eps) per row
        std::vector<float> normOut;         // LayerNorm's output (batch x width)
        blockscale::ScaledMatrix fp8Input;  // FP8 modes: the input as the forward GEMM read it
        blockscale::ScaledMatrix fp8Weight; // ... and the weight (out x in)
    };

    void linearForward(const Linear& layer, const float* input, int batch, const PrecisionPolicy& policy, Cache& cache,
                       std::vector<TraceEntry>* trace);
    void normForward(const Norm& norm, int batch, Cache& cache);
    void linearBackward(const Linear& layer, Cache& cache, std::vector<float>& gradOut, int batch,
                        const PrecisionPolicy& policy, std::vector<float>* gradIn, BackwardStats* stats,
                        std::vector<TraceEntry>* trace);
    void normBackward(const Norm& norm, const Cache& cache, const std::vector<float>& gradOut, int batch,
                      const PrecisionPolicy& policy, std::vector<float>& gradIn, std::vector<TraceEntry>* trace);
    void addToGrad(Parameter& p, const std::vector<float>& g, const PrecisionPolicy& policy);
    ForwardResult runForward(const BatchView& batch, const PrecisionPolicy& policy, std::vector<TraceEntry>* trace);
    // The FP8 modes' GEMMs (toy_model_fp8.cpp): forward into cache.output; backward into dW and, when
    // asked for, gradIn.
    void fp8Forward(std::size_t index, const Linear& layer, int batch, const PrecisionPolicy& policy, Cache& cache);
    void fp8Backward(std::size_t index, const Linear& layer, Cache& cache, const std::vector<float>& gradOut, int batch,
                     const PrecisionPolicy& policy, std::vector<float>& dW, std::vector<float>* gradIn);
    Fp8TensorScaling& fp8Scaling(std::size_t index, int operand, const PrecisionPolicy& policy);
    void fp8Record(std::size_t index, int operand, const Fp8TensorStats& stats);

    ModelShape m_shape;
    std::vector<Parameter> m_params;
    std::vector<Linear> m_linears; // depth hidden layers, then the head
    std::vector<Norm> m_norms;     // one per hidden layer
    std::vector<Cache> m_caches;   // one per linear
    std::vector<float> m_probs;    // softmax of the logits (batch x classes), float32
    std::vector<float> m_scratchA, m_scratchB, m_scratchC;
    // FP8 modes: one scaling per linear layer and operand (input, weight, gradient), made on first use.
    std::vector<Fp8TensorScaling> m_fp8;
    Fp8Recipe m_fp8Recipe = Fp8Recipe::None;
    bool m_fp8Recording = false;                       // inside forwardBackward: histories advance
    std::vector<Fp8TensorStats>* m_fp8Stats = nullptr; // where forwardBackward's casts are reported
    const StopRequest* m_stop = nullptr;
};

} // namespace fplab::training
