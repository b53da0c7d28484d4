// The CPU shadow of transformer_kernels.cu: the same launchers and the same per-thread functions
// (transformer_kernel_bodies.h), each "launch" a loop over the thread indices in order.
#include "gpu/training/transformer/cuda/transformer_kernel_bodies.h"
#include "gpu/training/transformer/cuda/transformer_kernels.h"

namespace fplab::gpu::transformer_kernels {

namespace {

template <auto Body, class... Args>
void each(const char* /*name*/, std::size_t n, cudaStream_t /*s*/, Args... args) {
    for (std::size_t at = 0; at < n; ++at) Body(at, args...);
}

} // namespace

#include "gpu/training/transformer/cuda/transformer_kernel_launchers.inc"

} // namespace fplab::gpu::transformer_kernels
