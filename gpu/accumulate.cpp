// The CPU side of the accumulation experiments (core soft-float, same order of operations as
// the GPU kernels) and the reports that put both sides together.
#include "gpu/accumulate.h"

#include "core/arithmetic.h"
#include "core/summation_order.h"
#include "core/values.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"

#include <bit>

namespace fplab::gpu {

namespace {

std::uint64_t add32(std::uint64_t a, std::uint64_t b) { return add(kFp32, a, b).bits; }
std::uint64_t add16(std::uint64_t a, std::uint64_t b) { return add(kFp16, a, b).bits; }
std::uint64_t sub16(std::uint64_t a, std::uint64_t b) { return sub(kFp16, a, b).bits; }

// Kahan: y = x - comp; t = sum + y; comp = (t - sum) - y; sum = t. Every step rounds to FP16.
std::uint64_t kahan16(std::uint64_t addend, int count) {
    std::uint64_t sum = 0, comp = 0;
    for (int i = 0; i < count; ++i) {
        const auto y = sub16(addend, comp);
        const auto t = add16(sum, y);
        comp = sub16(sub16(t, sum), y);
        sum = t;
    }
    return sum;
}

std::string gpuReason() {
    const auto& q = queryDevices();
    if (!q.builtWithCuda) return std::string(kNotBuiltMessage);
    return q.available ? std::string() : "no GPU: " + q.reason;
}

} // namespace

RepeatedAdditionReport repeatedAddition(double addend, int count, bool useGpu) {
    if (count < 0 || count > 100'000'000)
        throw GpuError(GpuError::Kind::InvalidArgument, "the count must be between 0 and 100000000");
    RepeatedAdditionReport r;
    r.addend = addend;
    r.count = count;
    const auto a64 = std::bit_cast<std::uint64_t>(addend);
    r.addendFp32Bits = std::uint32_t(convert(kFp64, a64, kFp32).bits);
    r.addendFp16Bits = std::uint16_t(convert(kFp64, a64, kFp16).bits);
    const std::uint64_t a32 = r.addendFp32Bits, a16 = r.addendFp16Bits;
    const std::uint64_t a16as32 = convert(kFp16, a16, kFp32).bits; // exact

    std::uint64_t s32 = 0, s16 = 0, s16to32 = 0;
    for (int i = 0; i < count; ++i) {
        s32 = add32(s32, a32);
        s16 = add16(s16, a16);
        s16to32 = add32(s16to32, a16as32);
    }
    const std::uint64_t cpu[kRepeatedSumCount] = {s32, s16, s16to32, kahan16(a16, count)};
    const char* names[kRepeatedSumCount] = {"fp32 addends, fp32 accumulator", "fp16 throughout",
                                            "fp16 addends into an fp32 accumulator", "fp16 with Kahan compensation"};
    const bool half[kRepeatedSumCount] = {false, true, false, true};
    for (int i = 0; i < kRepeatedSumCount; ++i) {
        RepeatedAdditionRow row;
        row.kind = RepeatedSum(i);
        row.name = names[i];
        row.resultFormat = half[i] ? "fp16" : "fp32";
        row.cpuBits = cpu[i];
        row.cpuValue = toDouble(half[i] ? kFp16 : kFp32, cpu[i]);
        r.rows.push_back(row);
    }
    if (!useGpu) return r;
    r.gpuUnavailable = gpuReason();
    if (!r.gpuUnavailable.empty()) return r;
    const auto gpu = runRepeatedAdditionOnGpu(r.addendFp32Bits, r.addendFp16Bits, count);
    for (int i = 0; i < kRepeatedSumCount; ++i) {
        r.rows[std::size_t(i)].gpuBits = gpu[std::size_t(i)];
        r.rows[std::size_t(i)].gpuValue = toDouble(half[i] ? kFp16 : kFp32, gpu[std::size_t(i)]);
    }
    return r;
}

std::vector<std::uint32_t> summationValues(int count, std::uint64_t seed) { return uniformFp32Values(count, seed); }

std::uint32_t treeSumOnCpu(const std::vector<std::uint32_t>& values) { return treeSumFp32(values, kTreeBlock); }

SummationOrderReport summationOrder(int count, std::uint64_t seed, int atomicRepeats, bool useGpu) {
    if (count <= 0 || count > (1 << 26))
        throw GpuError(GpuError::Kind::InvalidArgument, "the count must be between 1 and 67108864");
    if (atomicRepeats < 0 || atomicRepeats > 100)
        throw GpuError(GpuError::Kind::InvalidArgument, "the number of atomic repetitions must be between 0 and 100");
    SummationOrderReport r;
    r.count = count;
    r.seed = seed;
    const auto values = summationValues(count, seed);
    double exact = 0;
    for (auto v : values) exact += double(std::bit_cast<float>(v)); // 24-bit values, sum < 2^26: exact in FP64
    r.cpuSequential = sequentialSumFp32(values);
    r.cpuTree = treeSumOnCpu(values);
    r.exact = exact;
    if (!useGpu) return r;
    r.gpuUnavailable = gpuReason();
    if (!r.gpuUnavailable.empty()) return r;
    const auto g = runSummationOnGpu(values, atomicRepeats);
    r.gpuSequential = g.sequential;
    r.gpuTree = g.tree;
    r.gpuAtomic = g.atomic;
    return r;
}

} // namespace fplab::gpu
