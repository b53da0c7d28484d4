// The accumulation lesson on the device.
// Demonstrates: (1) 0.01 added 1000 times with FP32, FP16, FP16 addends into FP32, and FP16 Kahan
// summation, in one thread so the order is the lesson's order; (2) one array summed three ways:
// sequentially in one thread, by a shared-memory tree (the CPU reproduces its exact shape), and with
// atomicAdd, whose order depends on scheduling and may change from run to run.
// The explicit __fadd_rn / __hadd / __hsub intrinsics keep the compiler from reassociating or fusing.
#include "gpu/accumulate.h"
#include "gpu/cuda/device_memory.h"
#include "gpu/device_info.h"
#include "gpu/kernels/mma_gemm.cuh"

#include <cstring>

namespace fplab::gpu {

namespace {

// ---- repeated addition ----------------------------------------------------------------------

__global__ void repeatedAdditionKernel(std::uint32_t addend32, std::uint16_t addend16, int count, std::uint64_t* out) {
    const float a32 = __uint_as_float(addend32);
    const __half a16 = __ushort_as_half(addend16);
    const float a16as32 = __half2float(a16); // exact
    float s32 = 0.0f, s16to32 = 0.0f;
    __half s16 = __ushort_as_half(0), kahanSum = __ushort_as_half(0), kahanComp = __ushort_as_half(0);
    for (int i = 0; i < count; ++i) {
        s32 = __fadd_rn(s32, a32);
        s16 = __hadd(s16, a16);
        s16to32 = __fadd_rn(s16to32, a16as32);
        const __half y = __hsub(a16, kahanComp);
        const __half t = __hadd(kahanSum, y);
        kahanComp = __hsub(__hsub(t, kahanSum), y);
        kahanSum = t;
    }
    out[int(RepeatedSum::Fp32)] = __float_as_uint(s32);
    out[int(RepeatedSum::Fp16)] = __half_as_ushort(s16);
    out[int(RepeatedSum::Fp16IntoFp32)] = __float_as_uint(s16to32);
    out[int(RepeatedSum::Fp16Kahan)] = __half_as_ushort(kahanSum);
}

// ---- summation order --------------------------------------------------------------------------

__global__ void sequentialSumKernel(const float* x, int n, float* out) {
    float s = 0.0f;
    for (int i = 0; i < n; ++i) s = __fadd_rn(s, x[i]);
    *out = s;
}

// Each block sums kTreeBlock values (zero-padded) by halving strides; treeSumOnCpu() mirrors it.
__global__ void treeSumKernel(const float* in, int n, float* blockSums) {
    __shared__ float s[kTreeBlock];
    const int t = threadIdx.x;
    const int i = blockIdx.x * kTreeBlock + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int stride = kTreeBlock / 2; stride > 0; stride /= 2) {
        if (t < stride) s[t] = __fadd_rn(s[t], s[t + stride]);
        __syncthreads();
    }
    if (t == 0) blockSums[blockIdx.x] = s[0];
}

__global__ void atomicSumKernel(const float* x, int n, float* out) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(out, x[i]);
}

} // namespace

// ---- launchers ------------------------------------------------------------------------------

std::vector<std::uint64_t> runRepeatedAdditionOnGpu(std::uint32_t addendFp32, std::uint16_t addendFp16, int count) {
    requireDevice();
    if (count < 0) throw GpuError(GpuError::Kind::InvalidArgument, "the count must not be negative");
    cuda::DeviceBuffer<std::uint64_t> out(kRepeatedSumCount);
    repeatedAdditionKernel<<<1, 1>>>(addendFp32, addendFp16, count, out.get());
    FPLAB_CUDA_CHECK_LAUNCH("repeatedAdditionKernel");
    FPLAB_CUDA_CHECK(cudaDeviceSynchronize());
    return out.download();
}

GpuSummation runSummationOnGpu(const std::vector<std::uint32_t>& values, int atomicRepeats) {
    requireDevice();
    if (values.empty() || values.size() > (1u << 26))
        throw GpuError(GpuError::Kind::InvalidArgument, "between 1 and 67108864 values can be summed");
    const int n = int(values.size());
    std::vector<float> host(values.size());
    std::memcpy(host.data(), values.data(), values.size() * sizeof(float));
    cuda::DeviceBuffer<float> x(host), result(1);
    GpuSummation g;

    sequentialSumKernel<<<1, 1>>>(x.get(), n, result.get());
    FPLAB_CUDA_CHECK_LAUNCH("sequentialSumKernel");
    float r = result.download()[0];
    std::memcpy(&g.sequential, &r, sizeof r);

    // Tree: reduce level by level until one value is left (at least one pass, as on the CPU).
    cuda::DeviceBuffer<float> bufA(std::size_t(kernels::ceilDiv(n, kTreeBlock))), bufB(bufA.size());
    const float* in = x.get();
    float* outBuf = bufA.get();
    int count = n;
    do {
        const int blocks = kernels::ceilDiv(count, kTreeBlock);
        treeSumKernel<<<blocks, kTreeBlock>>>(in, count, outBuf);
        FPLAB_CUDA_CHECK_LAUNCH("treeSumKernel");
        in = outBuf;
        outBuf = outBuf == bufA.get() ? bufB.get() : bufA.get();
        count = blocks;
    } while (count > 1);
    FPLAB_CUDA_CHECK(cudaMemcpy(&r, in, sizeof r, cudaMemcpyDeviceToHost));
    std::memcpy(&g.tree, &r, sizeof r);

    for (int rep = 0; rep < atomicRepeats; ++rep) {
        FPLAB_CUDA_CHECK(cudaMemset(result.get(), 0, sizeof(float)));
        atomicSumKernel<<<1024, 256>>>(x.get(), n, result.get());
        FPLAB_CUDA_CHECK_LAUNCH("atomicSumKernel");
        r = result.download()[0];
        std::uint32_t bits;
        std::memcpy(&bits, &r, sizeof r);
        g.atomic.push_back(bits);
    }
    return g;
}

} // namespace fplab::gpu
