// FP32 promotion of a tensor core's partial sums, as cuBLASLt's FP8 GEMMs do with FAST_ACCUM off and
// DeepSeek-V3's kernels do every N_C = 128 products (docs/tensor-core-model.md, "Promotion to FP32").
// Every N products the tensor core's partial sum, chained from +0, is added to an FP32 accumulator in
// IEEE round-to-nearest-even; C is added last, as a GEMM's epilogue adds it.
#pragma once

#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/mma_config.h"

#include <cstdint>
#include <span>
#include <string>

namespace fplab::tc {

// Empty when `promoteEvery` products can be promoted under this model: the accumulator is FP32 and the
// interval is a positive multiple of one instruction's k (the block size where the structure is not fixed).
std::string promotionProblem(const BlockModel& model, int promoteEvery);

// One dot product with promotion every `promoteEvery` products (0: none, exactly chainedDot):
//   acc = +0;  for each run of promoteEvery products, lowest k first:
//       p = chainedDot(model, that run, c = +0);  acc = acc + p   (FP32, round to nearest even)
//   d = acc + c                                                    (FP32, round to nearest even)
// The last run may be shorter. A caveat of any run is the result's caveat.
// Throws std::invalid_argument when promotionProblem() is not empty.
MmaResult promotedDot(const BlockModel& model, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                      std::uint64_t c, int promoteEvery, int blockK = 0);

// emulateGemm with options.promoteEvery > 0: every cell as promotedDot computes it.
GemmReport emulatePromotedGemm(const BlockModel& model, GemmShape shape, std::span<const std::uint32_t> a,
                               std::span<const std::uint32_t> b, std::span<const std::uint32_t> c,
                               std::span<std::uint32_t> d, const GemmOptions& options, std::span<Caveat> caveats);

} // namespace fplab::tc
