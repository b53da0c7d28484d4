// Device-side random fill for benchmark matrices. Private to the CUDA build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fplab::gpu::kernels {

// dst[i] = table[hash(seed, i) % 256] (table entries are element bit patterns, cycled if fewer than 256).
void fillRandom(void* dst, std::size_t count, int elementBytes, const std::vector<std::uint64_t>& table,
                std::uint64_t seed);

} // namespace fplab::gpu::kernels
