// The built-in targets a reveal can probe without any other program: known orders computed by the
// soft-float core, the host's own float loops (plain, std::reduce, and a loop compiled with
// -O3 -ffast-math, whose reassociation the compiler chooses), and the tensor-core model's dot product.
#pragma once

#include "core/format.h"
#include "core/reveal/sum_tree.h"
#include "core/reveal/summation_target.h"

#include <array>
#include <memory>
#include <optional>
#include <string_view>

namespace fplab::reveal {

enum class ModelTarget : std::uint8_t {
    Sequential,     // (((0 1) 2) 3): a plain loop, one rounding per term
    Reversed,       // the loop run from the last term down
    Pairwise,       // halves, recursively
    Blocked8,       // blocks of 8 in order, then the block sums in order
    Lanes8,         // eight vector lanes, each in order, then added pairwise (a SIMD dot product)
    Fused4,         // fused additions of 4 terms, each taking the previous result (a tensor-core-like chain)
    GpuTree256,     // the GPU Lab's tree reduction (core/summation_order.h, treeSumFp32)
    HostLoop,       // a float loop on this machine's FPU
    StdReduce,      // std::reduce over floats (libstdc++ adds in groups of four)
    FastMathLoop,   // a float loop compiled with -O3 -ffast-math
    TensorCoreA100, // an FP16 dot product on the A100 mma.sync model (FP32 result)
    TensorCoreH100, // the same on the H100 mma.sync model
};

inline constexpr std::array kModelTargets{
    ModelTarget::Sequential, ModelTarget::Reversed,     ModelTarget::Pairwise,       ModelTarget::Blocked8,
    ModelTarget::Lanes8,     ModelTarget::Fused4,       ModelTarget::GpuTree256,     ModelTarget::HostLoop,
    ModelTarget::StdReduce,  ModelTarget::FastMathLoop, ModelTarget::TensorCoreA100, ModelTarget::TensorCoreH100,
};

// Machine names ("sequential", "fast-math-loop", ...), as the CLI and settings write them.
std::string_view modelTargetName(ModelTarget t);
std::optional<ModelTarget> parseModelTarget(std::string_view name);

// The one term format the target sums in, when it has one (host loops: fp32; tensor cores: fp16).
std::optional<Format> fixedTermFormat(ModelTarget t);

// The order the target is built from, where it is known in advance (the tree targets); none for the
// host loops and the tensor-core model, whose order only a reveal shows.
std::optional<SumTree> knownOrder(ModelTarget t, int terms);

// Throws std::invalid_argument for a term format the target does not sum in.
std::unique_ptr<SummationTarget> makeModelTarget(ModelTarget t, int terms, const Format& termFormat);

} // namespace fplab::reveal
