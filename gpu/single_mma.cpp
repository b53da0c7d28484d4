// Single-MMA tiles: validation, random tiles, the CPU-model side, and the test vectors of docs/tensor-core-model.md
// section 5.
#include "gpu/single_mma.h"

#include "core/tensor_core/block_fma.h"
#include "gpu/backends.h"
#include "gpu/gpu_error.h"
#include "gpu/mma_fragment.h"

#include <cmath>

namespace fplab::gpu {

std::string checkMmaTile(const MmaTile& t) {
    const auto& info = gemmTypeInfo(t.type);
    if (info.shape == MmaShape::None)
        return std::string(info.name) + " has no tensor-core instruction (it runs on the SIMT cores)";
    return checkProblem(tileAsProblem(t));
}

GemmProblem tileAsProblem(const MmaTile& t) {
    GemmProblem p;
    p.type = t.type;
    p.m = mma::kM;
    p.n = mma::kN;
    p.k = gemmTypeInfo(t.type).mmaK;
    p.a = t.a;
    p.b = t.b;
    p.c = t.c;
    return p;
}

MmaTile makeRandomMmaTile(GemmType type, std::uint64_t seed, Distribution distribution) {
    ProblemSpec spec;
    spec.type = type;
    spec.m = mma::kM;
    spec.n = mma::kN;
    spec.k = gemmTypeInfo(type).mmaK;
    spec.seed = seed;
    spec.distribution = distribution;
    GemmProblem p = makeRandomProblem(spec);
    return {type, std::move(p.a), std::move(p.b), std::move(p.c)};
}

std::vector<std::uint64_t> runSingleMmaOnModel(const MmaTile& t, tc::Arch arch, tc::Tf32Input tf32Input,
                                               std::optional<tc::CornerReadings> corners) {
    if (auto why = checkMmaTile(t); !why.empty()) throw GpuError(GpuError::Kind::InvalidArgument, why);
    // The single tile runs mma.sync on the GPU (runSingleMmaOnGpu): its model, whatever the type's default.
    auto config = mmaConfigFor(t.type, arch, tf32Input, tc::Api::MmaSync);
    if (corners) {
        config->zeroProducts = corners->zeroProducts;
        config->zeroSign = corners->zeroSign;
    }
    const auto resolved = tc::resolveModel(*config);
    if (!resolved.model)
        throw GpuError(GpuError::Kind::Unsupported, "the CPU tensor-core model has no " +
                                                        std::string(gemmTypeName(t.type)) + " MMA on " +
                                                        std::string(tc::archName(arch)) + ": " + resolved.message);
    const int k = gemmTypeInfo(t.type).mmaK;
    const int blockK = modelBlockK(*resolved.model, t.type);
    std::vector<std::uint64_t> d(std::size_t(mma::kM) * mma::kN);
    std::vector<std::uint64_t> column(static_cast<std::size_t>(k));
    for (int j = 0; j < mma::kN; ++j) {
        for (int kk = 0; kk < k; ++kk) column[std::size_t(kk)] = t.b[std::size_t(kk) * mma::kN + j];
        for (int i = 0; i < mma::kM; ++i) {
            const std::span<const std::uint64_t> row(t.a.data() + std::size_t(i) * k, std::size_t(k));
            d[std::size_t(i) * mma::kN + j] =
                tc::chainedDot(*resolved.model, row, column, t.c[std::size_t(i) * mma::kN + j], blockK).bits;
        }
    }
    return d;
}

std::vector<MmaVector> tensorCoreModelVectors() {
    const double u24 = std::ldexp(1.0, -24);
    const double u23 = std::ldexp(1.0, -23);
    std::vector<MmaVector> v;
    // docs/tensor-core-model.md section 5; FP16 inputs, FP32 C and D.
    v.push_back({"rz",
                 "the final rounding is toward zero",
                 "[M] Fasi et al. on V100/T4/A100; H100 from the checked parameters",
                 GemmType::Fp16Fp32,
                 {1, 1},
                 {2, 3 * u24},
                 {},
                 {},
                 0,
                 0x40000000,
                 0x40000000,
                 0x40000001});
    v.push_back({"rz-negative",
                 "the same with negated values: toward zero, not down",
                 "as rz",
                 GemmType::Fp16Fp32,
                 {1, 1},
                 {-2, -3 * u24},
                 {},
                 {},
                 0,
                 0xC0000000,
                 0xC0000000,
                 0xC0000001});
    v.push_back({"alignment-bits",
                 "extra alignment bits: F = 24 on sm_80, 25 on sm_90",
                 "[M] HPEC (A30) for sm_80; sm_90 from the [V] parameters",
                 GemmType::Fp16Fp32,
                 {u24, u24, u24},
                 {1, 0.5, 0.5},
                 {},
                 {},
                 1,
                 0x3F800000,
                 0x3F800001,
                 0x3F800000});
    {
        MmaVector b{"block-size",
                    "a block holds 8 products on sm_80, 16 on sm_90",
                    "[M] HPEC, FTTN",
                    GemmType::Fp16Fp32,
                    std::vector<double>(9, 0.0),
                    std::vector<double>(9, 0.0),
                    {},
                    {},
                    1 + u23,
                    0x40000000,
                    0x40000001,
                    0x40000000};
        b.a[0] = b.b[0] = 1;
        b.a[8] = u23;
        b.b[8] = 1;
        v.push_back(b);
    }
    v.push_back({"block-size-k1",
                 "the small term inside the first block: both architectures keep it",
                 "[M] HPEC, FTTN",
                 GemmType::Fp16Fp32,
                 {1, u23},
                 {1, 1},
                 {},
                 {},
                 1 + u23,
                 0x40000001,
                 0x40000001,
                 0x40000000});
    v.push_back({"per-term-cut",
                 "each term is cut, not the exact sum rounded toward zero",
                 "derived from the [V] parameters, not measured",
                 GemmType::Fp16Fp32,
                 {3 * u24},
                 {-0.5},
                 {},
                 {},
                 1,
                 0x3F7FFFFF,
                 0x3F7FFFFE,
                 0x3F7FFFFE});
    v.push_back({"tf32-truncation",
                 "raw FP32 operands: the .tf32 MMA ignores their low 13 bits",
                 "[M] expected by the Fasi A100 tf32 suite",
                 GemmType::Tf32,
                 {},
                 {},
                 {0x3F7FFFFF},
                 {0x3F7FFFFF},
                 0,
                 0x3F7FC004,
                 0x3F7FC004,
                 0x3F7FFFFE});
    return v;
}

MmaTile tileFor(const MmaVector& v) {
    const int k = gemmTypeInfo(v.type).mmaK;
    MmaTile t;
    t.type = v.type;
    t.a.assign(std::size_t(mma::kM) * k, 0);
    t.b.assign(std::size_t(k) * mma::kN, 0);
    t.c.assign(std::size_t(mma::kM) * mma::kN, 0);
    const std::size_t count = v.aRawBits.empty() ? v.a.size() : v.aRawBits.size();
    for (std::size_t i = 0; i < count && i < std::size_t(k); ++i) {
        t.a[i] = v.aRawBits.empty() ? inputFromDouble(v.type, v.a[i]) : v.aRawBits[i];           // A(0, i)
        t.b[i * mma::kN] = v.bRawBits.empty() ? inputFromDouble(v.type, v.b[i]) : v.bRawBits[i]; // B(i, 0)
    }
    t.c[0] = outputFromDouble(v.type, v.c);
    return t;
}

std::uint32_t expectedFor(const MmaVector& v, tc::Arch arch) {
    return arch == tc::Arch::Sm90 ? v.expectedSm90 : v.expectedSm80;
}

} // namespace fplab::gpu
