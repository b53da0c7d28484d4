// One set of test bodies run against every GEMM backend (GoogleTest typed tests): the CPU
// reference, the sequential FMA chain, the CPU tensor-core model for sm_80 and sm_90, the project's
// CUDA kernels (tensor-core and naive) and cuBLAS. The CUDA ones skip without a GPU.
#include "gpu/backend_choice.h"
#include "gpu/backends.h"
#include "gpu/compare.h"
#include "gpu_test_support.h"

#include <bit>
#include <cmath>

namespace fplab::gpu {
namespace {

struct ReferenceBackendT {
    static constexpr bool kNeedsGpu = false;
    static std::unique_ptr<GemmBackend> make() { return std::make_unique<CpuReferenceBackend>(); }
};
struct SequentialBackendT {
    static constexpr bool kNeedsGpu = false;
    static std::unique_ptr<GemmBackend> make() { return std::make_unique<CpuSequentialBackend>(); }
};
struct ModelSm80BackendT {
    static constexpr bool kNeedsGpu = false;
    static std::unique_ptr<GemmBackend> make() { return std::make_unique<CpuModelBackend>(tc::Arch::Sm80); }
};
struct ModelSm90BackendT {
    static constexpr bool kNeedsGpu = false;
    static std::unique_ptr<GemmBackend> make() { return std::make_unique<CpuModelBackend>(tc::Arch::Sm90); }
};
struct CudaKernelBackendT {
    static constexpr bool kNeedsGpu = true;
    static std::unique_ptr<GemmBackend> make() {
        return std::make_unique<CudaKernelBackend>(KernelVariant::TensorCore);
    }
};
struct CudaNaiveBackendT {
    static constexpr bool kNeedsGpu = true;
    static std::unique_ptr<GemmBackend> make() { return std::make_unique<CudaKernelBackend>(KernelVariant::Naive); }
};
struct CublasBackendT {
    static constexpr bool kNeedsGpu = true;
    static std::unique_ptr<GemmBackend> make() { return std::make_unique<CublasBackend>(); }
};

template <class T>
class GemmBackendTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (T::kNeedsGpu)
            if (const std::string why = test::noGpuReason(); !why.empty()) GTEST_SKIP() << why;
        m_backend = T::make();
    }

    // Runs the backend, retrying with sizes cuBLAS accepts (multiples of 16) when it refuses odd ones.
    GemmOutput runOrAligned(GemmProblem& p, ProblemSpec spec) {
        try {
            return m_backend->run(p);
        } catch (const GpuError& e) {
            if (e.kind() != GpuError::Kind::Unsupported) throw;
            spec.m = 48;
            spec.n = 32;
            spec.k = 64;
            p = makeRandomProblem(spec);
            return m_backend->run(p);
        }
    }

    std::unique_ptr<GemmBackend> m_backend;
};

struct BackendNames {
    template <class T>
    static std::string GetName(int) {
        if (std::is_same_v<T, ReferenceBackendT>) return "Reference";
        if (std::is_same_v<T, SequentialBackendT>) return "Sequential";
        if (std::is_same_v<T, ModelSm80BackendT>) return "ModelSm80";
        if (std::is_same_v<T, ModelSm90BackendT>) return "ModelSm90";
        if (std::is_same_v<T, CudaKernelBackendT>) return "CudaKernel";
        if (std::is_same_v<T, CudaNaiveBackendT>) return "CudaNaive";
        return "Cublas";
    }
};

using Backends = ::testing::Types<ReferenceBackendT, SequentialBackendT, ModelSm80BackendT, ModelSm90BackendT,
                                  CudaKernelBackendT, CudaNaiveBackendT, CublasBackendT>;
TYPED_TEST_SUITE(GemmBackendTest, Backends, BackendNames);

// Small integers: every partial sum is exact in every format, so every backend must return the
// exact value. Odd sizes exercise the partial tiles of the kernels.
TYPED_TEST(GemmBackendTest, SmallIntegerProductsAreExact) {
    int ran = 0;
    for (const auto& info : allGemmTypes()) {
        if (!this->m_backend->unavailableReason(info.type).empty()) continue;
        ProblemSpec spec;
        spec.type = info.type;
        spec.m = 37;
        spec.n = 29;
        spec.k = 70;
        spec.seed = 5;
        spec.distribution = Distribution::SmallIntegers;
        GemmProblem p = makeRandomProblem(spec);
        const GemmOutput out = this->runOrAligned(p, spec);
        ASSERT_EQ(out.d.size(), p.c.size()) << info.name;
        int wrong = 0;
        for (int i = 0; i < p.m; ++i)
            for (int j = 0; j < p.n; ++j) {
                double exact = outputToDouble(p.type, p.c[std::size_t(i) * p.n + j]);
                for (int k = 0; k < p.k; ++k)
                    exact += inputToDouble(p.type, p.a[std::size_t(i) * p.k + k]) *
                             inputToDouble(p.type, p.b[std::size_t(k) * p.n + j]);
                const auto want = outputFromDouble(p.type, exact);
                if (ulpDistance(p.type, out.d[std::size_t(i) * p.n + j], want) != 0 && ++wrong <= 3)
                    ADD_FAILURE() << info.name << " cell (" << i << ", " << j
                                  << ") = " << outputToDouble(p.type, out.d[std::size_t(i) * p.n + j]) << ", exact "
                                  << exact;
            }
        EXPECT_EQ(wrong, 0) << info.name;
        ++ran;
    }
    EXPECT_GT(ran, 0) << "no type ran on " << this->m_backend->name();
}

// Uniform inputs: within a forward-error bound of the FP64 reference. Catches misplaced elements
// (a wrong fragment layout gives errors of the size of the values themselves).
TYPED_TEST(GemmBackendTest, UniformInputsStayNearTheReference) {
    CpuReferenceBackend reference;
    for (const auto& info : allGemmTypes()) {
        if (!this->m_backend->unavailableReason(info.type).empty()) continue;
        ProblemSpec spec;
        spec.type = info.type;
        spec.m = 33;
        spec.n = 40;
        spec.k = 96;
        spec.seed = 9;
        GemmProblem p = makeRandomProblem(spec);
        const GemmOutput out = this->runOrAligned(p, spec);
        const GemmOutput ref = reference.run(p);
        double uOut = info.output ? std::ldexp(1.0, -info.output->mantissaBits) : 0.0;
        // Hopper's FP8 MMAs keep a 14-bit significand per block (e8m13: docs/tensor-core-model.md section 2).
        if (isFp8Type(info.type)) uOut = std::ldexp(1.0, -13);
        const double uIn = info.type == GemmType::Tf32 ? std::ldexp(1.0, -10) : 0.0; // inputs rounded to TF32
        int wrong = 0;
        for (int i = 0; i < p.m; ++i)
            for (int j = 0; j < p.n; ++j) {
                double scale = std::abs(outputToDouble(p.type, p.c[std::size_t(i) * p.n + j]));
                for (int k = 0; k < p.k; ++k)
                    scale += std::abs(inputToDouble(p.type, p.a[std::size_t(i) * p.k + k]) *
                                      inputToDouble(p.type, p.b[std::size_t(k) * p.n + j]));
                const double bound = ((p.k + 2) * uOut + 2 * uIn) * scale;
                const double got = outputToDouble(p.type, out.d[std::size_t(i) * p.n + j]);
                const double want = outputToDouble(p.type, ref.d[std::size_t(i) * p.n + j]);
                if (!(std::abs(got - want) <= bound) && ++wrong <= 3)
                    ADD_FAILURE() << info.name << " cell (" << i << ", " << j << "): " << got << " vs reference "
                                  << want << ", bound " << bound;
            }
        EXPECT_EQ(wrong, 0) << info.name;
    }
}

TYPED_TEST(GemmBackendTest, SameInputsSameBits) {
    for (const auto& info : allGemmTypes()) {
        if (!this->m_backend->unavailableReason(info.type).empty()) continue;
        ProblemSpec spec;
        spec.type = info.type;
        spec.m = spec.n = spec.k = 48;
        GemmProblem p = makeRandomProblem(spec);
        const auto first = this->m_backend->run(p);
        const auto second = this->m_backend->run(p);
        EXPECT_EQ(first.d, second.d) << info.name;
    }
}

TYPED_TEST(GemmBackendTest, MalformedProblemsAreRejected) {
    ProblemSpec spec;
    spec.m = spec.n = spec.k = 8;
    GemmProblem p = makeRandomProblem(spec);
    p.a.pop_back();
    try {
        this->m_backend->run(p);
        FAIL() << "a short A was accepted";
    } catch (const GpuError& e) {
        EXPECT_EQ(e.kind(), GpuError::Kind::InvalidArgument) << e.what();
        EXPECT_NE(std::string(e.what()).find("A holds 63 elements"), std::string::npos) << e.what();
    }
    GemmProblem empty;
    EXPECT_THROW(this->m_backend->run(empty), GpuError);
    GemmProblem wide = makeRandomProblem(spec);
    wide.type = GemmType::Fp16Fp32;
    wide.a[0] = 0x10000; // 17 bits for an FP16 element
    EXPECT_THROW(this->m_backend->run(wide), GpuError);
}

// A type a backend cannot run gives a reason, and running it anyway throws instead of crashing.
TYPED_TEST(GemmBackendTest, UnavailableTypesExplainAndThrow) {
    for (const auto& info : allGemmTypes()) {
        const std::string why = this->m_backend->unavailableReason(info.type);
        if (why.empty()) continue;
        ProblemSpec spec;
        spec.type = info.type;
        spec.m = spec.n = spec.k = 16;
        EXPECT_THROW(this->m_backend->run(makeRandomProblem(spec)), GpuError) << info.name << ": " << why;
    }
}

TEST(GemmBackends, ReferenceAndSequentialRunEveryType) {
    CpuReferenceBackend reference;
    CpuSequentialBackend sequential;
    for (const auto& info : allGemmTypes()) {
        EXPECT_EQ(reference.unavailableReason(info.type), "") << info.name;
        EXPECT_EQ(sequential.unavailableReason(info.type), "") << info.name;
    }
}

TEST(GemmBackends, ModelRefusesFp8OnAmpere) {
    CpuModelBackend sm80(tc::Arch::Sm80), sm90(tc::Arch::Sm90);
    EXPECT_NE(sm80.unavailableReason(GemmType::E4m3Fp32), "");
    EXPECT_EQ(sm90.unavailableReason(GemmType::E4m3Fp32), "");
    EXPECT_EQ(sm80.unavailableReason(GemmType::Fp16Fp32), "");
}

// One model per instruction: the kernels' mma.sync (no suffix) and, for FP8 on sm_90, cuBLASLt's wgmma. They
// differ on the spec's vector 6 in a whole GEMM; each GPU backend is paired with its own instruction's model.
TEST(GemmBackends, EachInstructionHasItsModel) {
    CpuModelBackend sync(tc::Arch::Sm90), wgmma(tc::Arch::Sm90, tc::Tf32Input::NearestAway, tc::Api::Wgmma);
    EXPECT_EQ(sync.name(), "cpu-model-sm_90");
    EXPECT_EQ(wgmma.name(), "cpu-model-sm_90-wgmma");
    EXPECT_NE(sync.instruction(GemmType::E4m3Fp32).find("mma.sync"), std::string::npos);
    EXPECT_NE(wgmma.instruction(GemmType::E4m3Fp32).find("wgmma"), std::string::npos);
    EXPECT_NE(wgmma.unavailableReason(GemmType::Fp16Fp32).find("FP8 only"), std::string::npos);
    GemmProblem p;
    p.type = GemmType::E4m3Fp32;
    p.m = 1;
    p.n = 1;
    p.k = 2;
    p.a = {0x38, 0x08}; // 1, 2^-6
    p.b = {0x38, 0x02}; // 1, 2^-8
    p.c = {0};
    EXPECT_EQ(sync.run(p).d[0], 0x3F800200u);
    EXPECT_EQ(wgmma.run(p).d[0], 0x3F800000u);
    EXPECT_EQ(instructionModelName("cuda-kernel", GemmType::E4m3Fp32, tc::Arch::Sm90), "cpu-model-sm_90");
    // cuBLASLt FP8: FAST_ACCUM off promotes (the model at the assumed interval), FAST_ACCUM on does not.
    EXPECT_EQ(instructionModelName("cublas", GemmType::E4m3Fp32, tc::Arch::Sm90), "cpu-model-sm_90-wgmma-promoted-128");
    EXPECT_EQ(instructionModelName("cublas-fast-accum", GemmType::E4m3Fp32, tc::Arch::Sm90), "cpu-model-sm_90-wgmma");
    EXPECT_EQ(CublasBackend(true).name(), "cublas-fast-accum");
    EXPECT_NE(CublasBackend(true).unavailableReason(GemmType::Fp16Fp32).find("FP8 GEMMs only"), std::string::npos);
    // 2^8 then 63 products of 2^-7: the promoted model keeps the second run's 0.25 (docs/tensor-core-model.md).
    auto promoted = makeBackend(BackendChoice::ModelWgmmaPromoted, tc::Arch::Sm90);
    EXPECT_EQ(promoted->name(), "cpu-model-sm_90-wgmma-promoted-128");
    GemmProblem longK = p;
    longK.k = 160;
    longK.a.assign(160, 0x04);
    longK.a[0] = 0x78;
    longK.b.assign(160, 0x38);
    EXPECT_EQ(promoted->run(longK).d[0], std::bit_cast<std::uint32_t>(256.25f));
    EXPECT_EQ(wgmma.run(longK).d[0], std::bit_cast<std::uint32_t>(256.0f));
    EXPECT_EQ(instructionModelName("cublas", GemmType::Fp16Fp32, tc::Arch::Sm90), "") << "cuBLAS picks its kernels";
    EXPECT_EQ(instructionModelName("cuda-naive", GemmType::E4m3Fp32, tc::Arch::Sm90), "");
    CpuModelBackend ada(tc::Arch::Sm80, tc::Tf32Input::NearestAway, tc::Api::MmaSync, true);
    EXPECT_NE(ada.unavailableReason(GemmType::E4m3Fp32).find("no measured data"), std::string::npos);
    EXPECT_EQ(ada.unavailableReason(GemmType::Fp16Fp32), "");
    EXPECT_NE(CublasBackend().instruction(GemmType::E4m3Fp32).find("wgmma on sm_90"), std::string::npos);
    EXPECT_NE(CudaKernelBackend().instruction(GemmType::E5m2Fp32).find("mma.sync"), std::string::npos);
}

// The tensor-core model differs from a sequential FMA chain where the hardware does: the final
// rounding toward zero of test vector 1 (docs/tensor-core-model.md section 5) appears in a full GEMM.
TEST(GemmBackends, ModelTruncatesWhereTheSequentialChainRounds) {
    GemmProblem p;
    p.type = GemmType::Fp16Fp32;
    p.m = 1;
    p.n = 1;
    p.k = 2;
    p.a = {inputFromDouble(p.type, 1), inputFromDouble(p.type, 1)};
    p.b = {inputFromDouble(p.type, 2), inputFromDouble(p.type, 3 * std::ldexp(1.0, -24))};
    p.c = {0};
    CpuModelBackend model(tc::Arch::Sm80);
    CpuSequentialBackend sequential;
    EXPECT_EQ(model.run(p).d[0], 0x40000000u);
    EXPECT_EQ(sequential.run(p).d[0], 0x40000001u);
}

} // namespace
} // namespace fplab::gpu
