// Filling benchmark matrices on the device: each element is one of 256 valid bit patterns of
// its type (chosen on the host, so no NaN or infinity sneaks in), picked by a hash of its index.
// Large matrices never cross PCIe.
#include "gpu/kernels/fill.h"
#include "gpu/cuda/device_memory.h"
#include "gpu/kernels/mma_gemm.cuh"

namespace fplab::gpu::kernels {

namespace {

__device__ inline std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

template <class T>
__global__ void fillFromTable(T* dst, std::size_t count, const T* table, std::uint64_t seed) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x)
        dst[i] = table[mix(seed + i * 0x9E3779B97F4A7C15ull) & 255];
}

template <class T>
void launchFill(void* dst, std::size_t count, const std::vector<std::uint64_t>& table, std::uint64_t seed) {
    std::vector<T> t(256);
    for (int i = 0; i < 256; ++i) t[std::size_t(i)] = T(table[std::size_t(i) % table.size()]);
    cuda::DeviceBuffer<T> dt(t);
    fillFromTable<T><<<1024, 256>>>(static_cast<T*>(dst), count, dt.get(), seed);
    FPLAB_CUDA_CHECK_LAUNCH("fillFromTable");
    FPLAB_CUDA_CHECK(cudaDeviceSynchronize()); // before the table is freed
}

} // namespace

void fillRandom(void* dst, std::size_t count, int elementBytes, const std::vector<std::uint64_t>& table,
                std::uint64_t seed) {
    if (table.empty()) throw GpuError(GpuError::Kind::InvalidArgument, "fillRandom: empty table");
    switch (elementBytes) {
    case 1: launchFill<std::uint8_t>(dst, count, table, seed); break;
    case 2: launchFill<std::uint16_t>(dst, count, table, seed); break;
    case 4: launchFill<std::uint32_t>(dst, count, table, seed); break;
    case 8: launchFill<std::uint64_t>(dst, count, table, seed); break;
    default: throw GpuError(GpuError::Kind::InvalidArgument, "fillRandom: element size must be 1, 2, 4 or 8 bytes");
    }
}

} // namespace fplab::gpu::kernels
