// StepKernels on the GPU: the parameters, gradients and optimizer state in device memory (float32
// masters; 16-bit values where the policy stores them so), the linear layers through the project's
// tensor-core GEMMs (FP16/BF16/TF32 in, FP32 accumulate; SIMT FP32 in fp32 mode), the rest through
// gpu/training/cuda/training_kernels.cu. Every CUDA call is checked and throws GpuError.
#include "gpu/cuda/device_memory.h"
#include "gpu/device_info.h"
#include "gpu/kernels/launchers.h"
#include "gpu/training/cuda/training_kernels.h"
#include "gpu/training/gpu_step_kernels.h"

#include "core/training/run_comparison.h"

#include <algorithm>
#include <cmath>

namespace fplab::gpu {

namespace {

using namespace fplab::training;
namespace tk = train_kernels;

GemmType gemmTypeFor(const PrecisionPolicy& p) {
    if (p.lowType == DType::Float16) return GemmType::Fp16Fp32;
    if (p.lowType == DType::BFloat16) return GemmType::Bf16Fp32;
    return p.tf32Matmul ? GemmType::Tf32 : GemmType::Fp32;
}

tk::Round roundFor(DType t) {
    return t == DType::Float16 ? tk::Round::Fp16 : t == DType::BFloat16 ? tk::Round::Bf16 : tk::Round::None;
}

struct LinearLayout {
    int weight = 0; // offsets into the flat parameter array
    int bias = -1;
    int in = 0, out = 0;
};
struct NormLayout {
    int gamma = 0, beta = 0;
};

class CudaStepKernels final : public StepKernels {
public:
    CudaStepKernels(const ToyModel& initial, const PrecisionPolicy& policy, const OptimizerSettings& optimizer, int maxRows)
        : m_policy(policy), m_optimizer(optimizer), m_shape(initial.shape()), m_maxRows(maxRows),
          m_gemm(gemmTypeFor(policy)), m_low(policy.autocast() ? roundFor(policy.lowType) : tk::Round::None),
          m_store(roundFor(policy.parameterType())),
          m_pack(m_low == tk::Round::Fp16 ? tk::Pack::Fp16 : m_low == tk::Round::Bf16 ? tk::Pack::Bf16 : tk::Pack::Fp32) {
        if (const std::string why = gpuTrainingUnavailableReason(); !why.empty())
            throw GpuError(GpuError::Kind::NoDevice, why);
        if (const std::string why = kernelGemmUnavailableReason(m_gemm, KernelVariant::TensorCore); !why.empty())
            throw GpuError(GpuError::Kind::Unsupported, why);
        layOut(initial.parameters());
        allocate(initial.parameters());
    }

    bool collectsStats() const override { return false; }

    void zeroGrad() override { FPLAB_CUDA_CHECK(cudaMemset(m_g.get(), 0, m_g.size() * sizeof(float))); }

    ForwardResult forwardBackward(const BatchView& batch, float gradScale, BackwardStats*) override {
        const ForwardResult result = forward(batch);
        backward(batch.size, gradScale);
        return result;
    }

    bool unscaleAndCheck(float scale, bool unscale) override {
        FPLAB_CUDA_CHECK(cudaMemset(m_flag.get(), 0, sizeof(int)));
        tk::unscaleAndCheck(m_g.get(), int(m_g.size()), float(1.0 / double(scale)), unscale, m_store, m_flag.get(), nullptr);
        return readFlag();
    }

    std::vector<float> gradientSquares() override {
        tk::sumSquares(m_g.get(), m_offsets.get(), m_tensors, m_squares.get(), nullptr);
        return m_squares.download();
    }

    void scaleGradients(float coef) override { tk::scaleValues(m_g.get(), int(m_g.size()), coef, m_store, nullptr); }

    OptimizerOutcome optimizerStep() override {
        ++m_steps;
        const OptimizerSettings& o = m_optimizer;
        tk::OptimizerArgs a;
        a.adam = o.kind == OptimizerKind::Adam ? 1 : 0;
        a.firstStep = m_steps == 1 ? 1 : 0;
        a.momentumBuffer = o.momentum != 0 ? 1 : 0;
        a.lr = o.learningRate;
        a.momentum = o.momentum;
        a.weightDecay = o.weightDecay;
        a.beta1 = o.beta1;
        a.beta2 = o.beta2;
        a.eps = o.eps;
        // Adam's scalars in double, as the CPU Optimizer (and PyTorch's Python side) computes them.
        const double bc1 = 1.0 - std::pow(double(o.beta1), double(m_steps));
        const double bc2 = 1.0 - std::pow(double(o.beta2), double(m_steps));
        a.stepSize = float(double(o.learningRate) / bc1);
        a.bc2Sqrt = float(std::sqrt(bc2));
        FPLAB_CUDA_CHECK(cudaMemset(m_flag.get(), 0, sizeof(int)));
        tk::optimizerStep(m_w.get(), m_g.get(), m_m.get(), m_v.get(), int(m_w.size()), a, m_store, m_flag.get(), nullptr);
        OptimizerOutcome out;
        out.weightsFinite = !readFlag();
        return out;
    }

    std::vector<float> weights() override { return m_w.download(); }

    ForwardResult evaluate(const BatchView& batch) override { return forward(batch); }

    std::string describeFailure(const std::exception& e) const override { return describeGpuFailure(e); }

private:
    // Offsets of every tensor in ToyModel's parameter order: per block fc.weight, fc.bias, ln.weight,
    // ln.bias; then the head's weight and bias.
    void layOut(const std::vector<Parameter>& params) {
        std::vector<int> offsets{0};
        for (const Parameter& p : params) offsets.push_back(offsets.back() + int(p.size()));
        std::size_t t = 0;
        const auto take = [&](int rows, int cols) {
            if (t >= params.size() || params[t].rows != rows || params[t].cols != cols)
                throw GpuError(GpuError::Kind::InvalidArgument, "GPU training: the model's parameters are not laid out as expected");
            return offsets[t++];
        };
        int in = m_shape.inputs;
        for (int i = 0; i <= m_shape.depth; ++i) {
            const int out = i < m_shape.depth ? m_shape.width : m_shape.classes;
            LinearLayout l;
            l.in = in;
            l.out = out;
            l.weight = take(out, in);
            if (m_shape.bias) l.bias = take(1, out);
            m_linears.push_back(l);
            if (i < m_shape.depth) m_norms.push_back({take(1, out), take(1, out)});
            in = out;
        }
        if (t != params.size()) throw GpuError(GpuError::Kind::InvalidArgument, "GPU training: unexpected parameters");
        m_tensors = int(params.size());
        m_offsets = cuda::DeviceBuffer<int>(offsets);
    }

    void allocate(const std::vector<Parameter>& params) {
        const std::vector<float> w = flattenWeights(params);
        m_w = cuda::DeviceBuffer<float>(w);
        const std::vector<float> zeros(w.size(), 0.0f);
        m_g = cuda::DeviceBuffer<float>(zeros);
        m_m = cuda::DeviceBuffer<float>(zeros);
        m_v = cuda::DeviceBuffer<float>(zeros);
        const std::size_t rows = std::size_t(m_maxRows);
        const std::size_t widest = std::size_t(std::max({m_shape.inputs, m_shape.width, m_shape.classes}));
        std::size_t gemmOut = rows * widest;
        for (const LinearLayout& l : m_linears) gemmOut = std::max(gemmOut, std::size_t(l.in) * std::size_t(l.out));
        m_x = cuda::DeviceBuffer<float>(rows * std::size_t(m_shape.inputs));
        m_labels = cuda::DeviceBuffer<int>(rows);
        for (const LinearLayout& l : m_linears) m_out.emplace_back(rows * std::size_t(l.out));
        for (std::size_t i = 0; i < m_norms.size(); ++i) {
            m_xhat.emplace_back(rows * std::size_t(m_shape.width));
            m_rstd.emplace_back(rows);
            m_normOut.emplace_back(rows * std::size_t(m_shape.width));
        }
        m_probs = cuda::DeviceBuffer<float>(rows * std::size_t(m_shape.classes));
        m_rowLoss = cuda::DeviceBuffer<float>(rows);
        m_rowFlags = cuda::DeviceBuffer<int>(rows);
        m_result = cuda::DeviceBuffer<tk::LossResult>(1);
        m_gradA = cuda::DeviceBuffer<float>(rows * widest);
        m_gradB = cuda::DeviceBuffer<float>(rows * widest);
        m_gemmOut = cuda::DeviceBuffer<float>(gemmOut);
        m_zero = cuda::DeviceBuffer<float>(std::vector<float>(gemmOut, 0.0f)); // the GEMMs' C operand
        m_packA = cuda::DeviceBuffer<float>(gemmOut); // float-sized: holds 16-bit packs too
        m_packB = cuda::DeviceBuffer<float>(gemmOut);
        m_squares = cuda::DeviceBuffer<float>(std::size_t(m_tensors));
        m_flag = cuda::DeviceBuffer<int>(1);
    }

    bool readFlag() {
        int flag = 0;
        FPLAB_CUDA_CHECK(cudaMemcpy(&flag, m_flag.get(), sizeof flag, cudaMemcpyDeviceToHost));
        return flag != 0;
    }

    // D (m x n) = A (m x k) * Bt (n x k)^T from float32 sources, each given row-major or transposed,
    // cast to the GEMM's input type on the way.
    void gemm(const float* a, int aRows, int aCols, bool aTransposed, const float* b, int bRows, int bCols,
              bool bTransposed, float* d) {
        const int m = aTransposed ? aCols : aRows, k = aTransposed ? aRows : aCols;
        const int n = bTransposed ? bCols : bRows;
        tk::pack(a, aRows, aCols, aTransposed, m_pack, m_packA.get(), nullptr);
        tk::pack(b, bRows, bCols, bTransposed, m_pack, m_packB.get(), nullptr);
        kernels::kernelsFor(m_gemm).gemm(KernelVariant::TensorCore, m_packA.get(), m_packB.get(), m_zero.get(), d, m, n,
                                         k, nullptr);
    }

    ForwardResult forward(const BatchView& batch) {
        const int rows = batch.size;
        if (rows < 1 || rows > m_maxRows) throw GpuError(GpuError::Kind::InvalidArgument, "GPU training: batch size out of range");
        FPLAB_CUDA_CHECK(cudaMemcpy(m_x.get(), batch.features, std::size_t(rows) * m_shape.inputs * sizeof(float),
                                    cudaMemcpyHostToDevice));
        FPLAB_CUDA_CHECK(cudaMemcpy(m_labels.get(), batch.labels, std::size_t(rows) * sizeof(int), cudaMemcpyHostToDevice));
        m_inputs.assign(m_linears.size(), nullptr);
        const float* input = m_x.get();
        for (std::size_t i = 0; i < m_linears.size(); ++i) {
            const LinearLayout& l = m_linears[i];
            const bool hidden = i < m_norms.size();
            m_inputs[i] = input;
            gemm(input, rows, l.in, false, m_w.get() + l.weight, l.out, l.in, false, m_gemmOut.get());
            tk::linearEpilogue(m_gemmOut.get(), l.bias >= 0 ? m_w.get() + l.bias : nullptr, rows, l.out, m_low, hidden,
                               m_out[i].get(), nullptr);
            if (!hidden) break;
            const NormLayout& n = m_norms[i];
            tk::layerNormForward(m_out[i].get(), m_w.get() + n.gamma, m_w.get() + n.beta, rows, l.out, m_xhat[i].get(),
                                 m_rstd[i].get(), m_normOut[i].get(), nullptr);
            input = m_normOut[i].get();
        }
        tk::crossEntropy(m_out.back().get(), m_labels.get(), rows, m_shape.classes, m_probs.get(), m_rowLoss.get(),
                         m_rowFlags.get(), m_result.get(), nullptr);
        const tk::LossResult r = m_result.download().front(); // synchronises: kernel errors surface here
        return {r.loss, r.correct, r.logitsFinite != 0};
    }

    void backward(int rows, float gradScale) {
        const float g = gradScale / float(rows);
        float* grad = m_gradA.get();
        tk::logitGradient(m_probs.get(), m_labels.get(), rows, m_shape.classes, g, m_low, grad, nullptr);
        for (int i = int(m_linears.size()) - 1; i >= 0; --i) {
            const LinearLayout& l = m_linears[std::size_t(i)];
            // dW (out x in) = dY^T X
            gemm(grad, rows, l.out, true, m_inputs[std::size_t(i)], rows, l.in, true, m_gemmOut.get());
            tk::accumulateGradient(m_gemmOut.get(), l.out * l.in, m_low, m_store, m_g.get() + l.weight, nullptr);
            if (l.bias >= 0) tk::accumulateColumnSums(grad, rows, l.out, m_low, m_store, m_g.get() + l.bias, nullptr);
            if (i == 0) break;
            // dX (rows x in) = dY W, into the LayerNorm of the block below.
            float* dx = m_gradB.get();
            gemm(grad, rows, l.out, false, m_w.get() + l.weight, l.out, l.in, true, dx);
            tk::roundAndMask(dx, nullptr, rows * l.in, m_low, nullptr);
            const NormLayout& n = m_norms[std::size_t(i - 1)];
            tk::layerNormParamGrads(dx, m_xhat[std::size_t(i - 1)].get(), rows, l.in, m_store, m_g.get() + n.gamma,
                                    m_g.get() + n.beta, nullptr);
            tk::layerNormBackward(dx, m_xhat[std::size_t(i - 1)].get(), m_rstd[std::size_t(i - 1)].get(),
                                  m_w.get() + n.gamma, rows, l.in, grad, nullptr);
            // The LayerNorm's input was the low-type ReLU output: cast the gradient down, then mask.
            tk::roundAndMask(grad, m_out[std::size_t(i - 1)].get(), rows * l.in, m_low, nullptr);
        }
    }

    PrecisionPolicy m_policy;
    OptimizerSettings m_optimizer;
    ModelShape m_shape;
    int m_maxRows;
    GemmType m_gemm;
    tk::Round m_low;   // autocast's type for the linear layers' outputs and gradients
    tk::Round m_store; // the parameters' type
    tk::Pack m_pack;
    std::int64_t m_steps = 0;
    int m_tensors = 0;
    std::vector<LinearLayout> m_linears;
    std::vector<NormLayout> m_norms;
    std::vector<const float*> m_inputs; // what each linear layer read in the last forward
    cuda::DeviceBuffer<int> m_offsets;
    cuda::DeviceBuffer<float> m_w, m_g, m_m, m_v;
    cuda::DeviceBuffer<float> m_x;
    cuda::DeviceBuffer<int> m_labels;
    std::vector<cuda::DeviceBuffer<float>> m_out, m_xhat, m_rstd, m_normOut;
    cuda::DeviceBuffer<float> m_probs, m_rowLoss;
    cuda::DeviceBuffer<int> m_rowFlags;
    cuda::DeviceBuffer<tk::LossResult> m_result;
    cuda::DeviceBuffer<float> m_gradA, m_gradB, m_gemmOut, m_zero, m_packA, m_packB, m_squares;
    cuda::DeviceBuffer<int> m_flag;
};

} // namespace

std::string gpuTrainingUnavailableReason() {
    // The GEMM kernels' own check covers no device, no driver and a GPU older than sm_80.
    const std::string why = kernelGemmUnavailableReason(GemmType::Fp32, KernelVariant::TensorCore);
    return why.empty() || why.rfind("no GPU: ", 0) == 0 ? why : "no GPU: " + why;
}

std::unique_ptr<training::StepKernels> makeCudaStepKernels(const training::ToyModel& initial,
                                                 const training::PrecisionPolicy& policy,
                                                 const training::OptimizerSettings& optimizer, int maxRows) {
    return std::make_unique<CudaStepKernels>(initial, policy, optimizer, maxRows);
}

} // namespace fplab::gpu
