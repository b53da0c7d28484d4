// StepKernels on the GPU: the parameters, gradients and optimizer state in device memory (float32
// masters; 16-bit values where the policy stores them so), the linear layers through the project's
// tensor-core GEMMs (FP16/BF16/TF32 in, FP32 accumulate; SIMT FP32 in fp32 mode), the rest through
// gpu/training/cuda/training_kernels.cu. The fp8-* modes' linear layers cast to FP8 on the device and
// multiply through cuBLASLt (fp8_gemm_plan.h); their scales come from core's Fp8TensorScaling on the
// host, fed with the amax the device reduced. Every CUDA call is checked and throws GpuError.
#include "gpu/cuda/cublas_runner.h"
#include "gpu/cuda/device_memory.h"
#include "gpu/device_info.h"
#include "gpu/kernels/launchers.h"
#include "gpu/training/cuda/fp8_kernels.h"
#include "gpu/training/cuda/optimizer_args.h"
#include "gpu/training/cuda/training_kernels.h"
#include "gpu/training/fp8_gemm_plan.h"
#include "gpu/training/gpu_step_kernels.h"

#include "core/training/run_comparison.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace fplab::gpu {

namespace {

using namespace fplab::training;
namespace tk = train_kernels;
namespace fk = fp8_kernels;

int padded16(int v) { return (v + 15) / 16 * 16; }

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
    CudaStepKernels(const ToyModel& initial, const PrecisionPolicy& policy, const OptimizerSettings& optimizer,
                    int maxRows)
        : m_policy(policy), m_optimizer(optimizer), m_shape(initial.shape()), m_maxRows(maxRows),
          m_gemm(gemmTypeFor(policy)), m_low(policy.autocast() ? roundFor(policy.lowType) : tk::Round::None),
          m_store(roundFor(policy.parameterType())), m_pack(m_low == tk::Round::Fp16   ? tk::Pack::Fp16
                                                            : m_low == tk::Round::Bf16 ? tk::Pack::Bf16
                                                                                       : tk::Pack::Fp32) {
        if (const std::string why = gpuTrainingUnavailableReason(); !why.empty())
            throw GpuError(GpuError::Kind::NoDevice, why);
        if (const std::string why = kernelGemmUnavailableReason(m_gemm, KernelVariant::TensorCore); !why.empty())
            throw GpuError(GpuError::Kind::Unsupported, why);
        if (policy.fp8Gemms()) {
            const int cc = queryDevices().devices.front().computeCapability();
            if (const std::string why = fp8TrainingUnsupportedReason(cc); !why.empty())
                throw GpuError(GpuError::Kind::Unsupported,
                               "the " + std::string(modeName(policy.mode)) + " mode cannot run on this GPU: " + why);
        }
        layOut(initial.parameters());
        allocate(initial.parameters());
        if (policy.fp8Gemms()) setUpFp8(initial);
    }

    bool collectsStats() const override { return false; }
    bool reportsFp8Casts() const override { return m_policy.fp8Gemms(); }

    void zeroGrad() override { FPLAB_CUDA_CHECK(cudaMemset(m_g.get(), 0, m_g.size() * sizeof(float))); }

    ForwardResult forwardBackward(const BatchView& batch, float gradScale, BackwardStats* stats) override {
        m_fp8Recording = true;
        m_fp8Stats = stats ? &stats->fp8 : nullptr;
        try {
            const ForwardResult result = forward(batch);
            backward(batch.size, gradScale);
            m_fp8Recording = false;
            m_fp8Stats = nullptr;
            return result;
        } catch (...) {
            m_fp8Recording = false;
            m_fp8Stats = nullptr;
            throw;
        }
    }

    bool unscaleAndCheck(float scale, bool unscale) override {
        FPLAB_CUDA_CHECK(cudaMemset(m_flag.get(), 0, sizeof(int)));
        tk::unscaleAndCheck(m_g.get(), int(m_g.size()), float(1.0 / double(scale)), unscale, m_store, m_flag.get(),
                            nullptr);
        return readFlag();
    }

    std::vector<float> gradientSquares() override {
        tk::sumSquares(m_g.get(), m_offsets.get(), m_tensors, m_squares.get(), nullptr);
        return m_squares.download();
    }

    void scaleGradients(float coef) override { tk::scaleValues(m_g.get(), int(m_g.size()), coef, m_store, nullptr); }

    OptimizerOutcome optimizerStep() override {
        ++m_steps;
        const tk::OptimizerArgs a = tk::optimizerArgs(m_optimizer, m_steps);
        FPLAB_CUDA_CHECK(cudaMemset(m_flag.get(), 0, sizeof(int)));
        tk::optimizerStep(m_w.get(), m_g.get(), m_m.get(), m_v.get(), int(m_w.size()), a, m_store, m_flag.get(),
                          nullptr);
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
                throw GpuError(GpuError::Kind::InvalidArgument,
                               "GPU training: the model's parameters are not laid out as expected");
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
        m_packA = cuda::DeviceBuffer<float>(gemmOut);                          // float-sized: holds 16-bit packs too
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
        if (rows < 1 || rows > m_maxRows)
            throw GpuError(GpuError::Kind::InvalidArgument, "GPU training: batch size out of range");
        FPLAB_CUDA_CHECK(cudaMemcpy(m_x.get(), batch.features, std::size_t(rows) * m_shape.inputs * sizeof(float),
                                    cudaMemcpyHostToDevice));
        FPLAB_CUDA_CHECK(
            cudaMemcpy(m_labels.get(), batch.labels, std::size_t(rows) * sizeof(int), cudaMemcpyHostToDevice));
        m_inputs.assign(m_linears.size(), nullptr);
        const float* input = m_x.get();
        for (std::size_t i = 0; i < m_linears.size(); ++i) {
            const LinearLayout& l = m_linears[i];
            const bool hidden = i < m_norms.size();
            m_inputs[i] = input;
            if (m_policy.fp8Gemms()) fp8Gemm(i, Fp8GemmRole::Forward, rows, input, nullptr, m_gemmOut.get());
            else gemm(input, rows, l.in, false, m_w.get() + l.weight, l.out, l.in, false, m_gemmOut.get());
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
            // dW (out x in) = dY^T X; the FP8 modes cast dY first (the emulator's order: dX's GEMM, then dW's).
            float* dx = m_gradB.get();
            if (m_policy.fp8Gemms()) {
                fp8Gemm(std::size_t(i), Fp8GemmRole::GradInput, rows, m_inputs[std::size_t(i)], grad,
                        i > 0 ? dx : nullptr);
                fp8Gemm(std::size_t(i), Fp8GemmRole::GradWeight, rows, m_inputs[std::size_t(i)], grad, m_gemmOut.get());
            } else {
                gemm(grad, rows, l.out, true, m_inputs[std::size_t(i)], rows, l.in, true, m_gemmOut.get());
            }
            tk::accumulateGradient(m_gemmOut.get(), l.out * l.in, m_low, m_store, m_g.get() + l.weight, nullptr);
            if (l.bias >= 0) tk::accumulateColumnSums(grad, rows, l.out, m_low, m_store, m_g.get() + l.bias, nullptr);
            if (i == 0) break;
            // dX (rows x in) = dY W, into the LayerNorm of the block below.
            if (!m_policy.fp8Gemms()) gemm(grad, rows, l.out, false, m_w.get() + l.weight, l.out, l.in, true, dx);
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

    // ---- The fp8-* modes ----

    void setUpFp8(const ToyModel& initial) {
        const bool block = m_policy.fp8 == Fp8Recipe::Block;
        const blockscale::Fp8Element grad = block ? blockscale::Fp8Element::E4m3 : blockscale::Fp8Element::E5m2;
        const std::vector<std::string> names = initial.fp8TensorNames();
        for (std::size_t i = 0; i < names.size(); ++i)
            m_fp8Scaling.emplace_back(names[i], i % 3 == 2 ? grad : blockscale::Fp8Element::E4m3, m_policy.fp8,
                                      m_policy.fp8Settings);
        m_fp8TensorScale.assign(names.size(), 1.0f);
        const std::size_t p = std::size_t(
            padded16(std::max({m_maxRows, m_shape.inputs, m_shape.width, m_shape.classes})));
        const std::size_t scales = p * (p / 128 + 1);
        m_codesA = cuda::DeviceBuffer<std::uint8_t>(p * p);
        m_codesB = cuda::DeviceBuffer<std::uint8_t>(p * p);
        m_scalesA = cuda::DeviceBuffer<float>(scales);
        m_scalesB = cuda::DeviceBuffer<float>(scales);
        m_partial = cuda::DeviceBuffer<float>(p * p);
        m_counts = cuda::DeviceBuffer<fk::CastCounts>(1);
        m_oneScale = cuda::DeviceBuffer<float>(1);
        m_cublas = std::make_unique<cuda::CublasRunner>();
    }

    fk::CastCounts runCast(fk::CastArgs args, bool fresh) {
        FPLAB_CUDA_CHECK(cudaMemset(m_counts.get(), 0, sizeof(fk::CastCounts)));
        if (fresh) fk::amax(args.x, args.sourceRows * args.sourceCols, m_counts.get(), nullptr);
        fk::cast(args, m_counts.get(), nullptr);
        return m_counts.download().front(); // synchronises
    }

    // Casts one operand of `g` (plan `op`) from the float32 tensor `src` into codes/scales. `tensor` is
    // the operand's Fp8TensorScaling (index * 3 + 0 input, 1 weight, 2 output gradient); a fresh cast
    // of it reduces its amax first, takes the scale core's scaling gives for it (per-tensor recipes),
    // and records it as the emulator's quantize() does.
    void castOperand(const Fp8OperandPlan& op, std::size_t tensor, const float* src, std::uint8_t* codes, float* scales,
                     int paddedRows, int ld) {
        fk::CastArgs a;
        a.x = src;
        a.sourceRows = op.transposedSource ? op.k : op.rows;
        a.sourceCols = op.transposedSource ? op.rows : op.k;
        a.transpose = op.transposedSource;
        a.e5m2 = op.element == Fp8Operand::E5m2 ? 1 : 0;
        a.blockRows = op.blockRows;
        a.blockCols = op.blockCols;
        a.scales = scales;
        a.codes = codes;
        a.paddedRows = paddedRows;
        a.ld = ld;
        const bool perTensor = m_policy.fp8 != Fp8Recipe::Block;
        Fp8TensorScaling& scaling = m_fp8Scaling[tensor];
        if (!op.recorded) {
            if (perTensor) {
                FPLAB_CUDA_CHECK(
                    cudaMemcpy(m_oneScale.get(), &m_fp8TensorScale[tensor], sizeof(float), cudaMemcpyHostToDevice));
                a.scale = m_oneScale.get();
            }
            runCast(a, false);
            return;
        }
        float amax = 0, scale = 1;
        if (perTensor) {
            FPLAB_CUDA_CHECK(cudaMemset(m_counts.get(), 0, sizeof(fk::CastCounts)));
            fk::amax(src, a.sourceRows * a.sourceCols, m_counts.get(), nullptr);
            amax = amaxOf(m_counts.download().front());
            scale = scaling.scaleForAmax(amax);
            m_fp8TensorScale[tensor] = scale;
            FPLAB_CUDA_CHECK(cudaMemcpy(m_oneScale.get(), &scale, sizeof scale, cudaMemcpyHostToDevice));
            a.scale = m_oneScale.get();
        }
        const fk::CastCounts c = runCast(a, !perTensor);
        if (!perTensor) amax = amaxOf(c);
        const float historyAmax = scaling.sourceAmax(amax);
        if (m_fp8Recording) scaling.record(amax);
        if (!m_fp8Stats) return;
        Fp8TensorStats st;
        st.name = scaling.name();
        st.element = scaling.element();
        st.amax = amax;
        st.historyAmax = historyAmax;
        st.scale = std::bit_cast<float>(c.maxScaleBits);
        st.elements = std::int64_t(a.sourceRows) * a.sourceCols;
        st.nonzero = std::int64_t(c.nonzero);
        st.saturated = std::int64_t(c.saturated);
        st.flushed = std::int64_t(c.flushed);
        if (m_fp8Stats->size() < m_fp8Scaling.size()) m_fp8Stats->resize(m_fp8Scaling.size());
        Fp8TensorStats& slot = (*m_fp8Stats)[tensor];
        if (slot.name.empty()) slot = st;
        else slot.merge(st);
    }

    static float amaxOf(const fk::CastCounts& c) {
        return c.nan ? std::numeric_limits<float>::quiet_NaN() : std::bit_cast<float>(c.amaxBits);
    }

    // FAST_ACCUM on, as the plan's descriptor says (fp8_gemm_plan.h): no promotion inside the chunk.
    cuda::CublasRunner::Plan& ltPlan(Fp8Operand a, Fp8Operand b, int m, int n, int k, int ld) {
        auto& plan = m_ltPlans[std::make_tuple(int(a), int(b), m, n, k, ld)];
        if (!plan) plan = m_cublas->planFp8Chunk(a, b, m, n, k, ld, true);
        return *plan;
    }

    // One FP8 GEMM of linear layer `index` (fp8_gemm_plan.h) into d (m x n, float32), or only the
    // cast of A when d is null (layer 0's dX is not needed, but dY's cast is recorded).
    void fp8Gemm(std::size_t index, Fp8GemmRole role, int rows, const float* input, const float* gradOut, float* d) {
        const LinearLayout& l = m_linears[index];
        const Fp8GemmPlan g = fp8GemmPlans(m_policy.fp8, rows, l.in, l.out)[std::size_t(role)];
        const float* weight = m_w.get() + l.weight;
        const std::size_t t = index * 3;
        switch (role) {
        case Fp8GemmRole::Forward:
            castOperand(g.a, t + 0, input, m_codesA.get(), m_scalesA.get(), g.paddedM, g.paddedK);
            castOperand(g.bt, t + 1, weight, m_codesB.get(), m_scalesB.get(), g.paddedN, g.paddedK);
            break;
        case Fp8GemmRole::GradInput:
            castOperand(g.a, t + 2, gradOut, m_codesA.get(), m_scalesA.get(), g.paddedM, g.paddedK);
            if (!d) return;
            castOperand(g.bt, t + 1, weight, m_codesB.get(), m_scalesB.get(), g.paddedN, g.paddedK);
            break;
        case Fp8GemmRole::GradWeight:
            castOperand(g.a, t + 2, gradOut, m_codesA.get(), m_scalesA.get(), g.paddedM, g.paddedK);
            castOperand(g.bt, t + 0, input, m_codesB.get(), m_scalesB.get(), g.paddedN, g.paddedK);
            break;
        }
        for (int k0 = 0; k0 < g.paddedK; k0 += g.kChunk) {
            const int len = std::min(g.kChunk, g.paddedK - k0);
            ltPlan(g.a.element, g.bt.element, g.paddedM, g.paddedN, len, g.paddedK)
                .run(m_codesA.get() + k0, m_codesB.get() + k0, m_partial.get(), false);
            fk::PromoteArgs p;
            p.partial = m_partial.get();
            p.m = g.m;
            p.n = g.n;
            p.ldPartial = g.paddedN;
            p.k0 = k0;
            p.scalesA = m_scalesA.get();
            p.aBlockRows = g.a.blockRows;
            p.aBlockCols = g.a.blockCols;
            p.aAcross = (g.a.k + g.a.blockCols - 1) / g.a.blockCols;
            p.scalesB = m_scalesB.get();
            p.bBlockRows = g.bt.blockRows;
            p.bBlockCols = g.bt.blockCols;
            p.bAcross = (g.bt.k + g.bt.blockCols - 1) / g.bt.blockCols;
            p.first = k0 == 0;
            p.acc = d;
            fk::promote(p, nullptr);
        }
    }

    std::vector<Fp8TensorScaling> m_fp8Scaling; // per linear layer: input, weight, output gradient
    std::vector<float> m_fp8TensorScale;        // per-tensor recipes: each tensor's scale this step
    bool m_fp8Recording = false;                // inside forwardBackward: histories advance
    std::vector<Fp8TensorStats>* m_fp8Stats = nullptr;
    std::unique_ptr<cuda::CublasRunner> m_cublas;
    std::map<std::tuple<int, int, int, int, int, int>, std::unique_ptr<cuda::CublasRunner::Plan>> m_ltPlans;
    cuda::DeviceBuffer<std::uint8_t> m_codesA, m_codesB;
    cuda::DeviceBuffer<float> m_scalesA, m_scalesB, m_partial, m_oneScale;
    cuda::DeviceBuffer<fk::CastCounts> m_counts;

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
