#include "core/summation_order.h"

#include "core/arithmetic.h"
#include "core/random.h"

#include <bit>

namespace fplab {

std::vector<std::uint32_t> uniformFp32Values(int count, std::uint64_t seed) {
    StochasticStream rng(seed);
    std::vector<std::uint32_t> v(std::size_t(count > 0 ? count : 0));
    for (auto& x : v) x = std::bit_cast<std::uint32_t>(float(rng.next() >> 40) * 0x1.0p-24f);
    return v;
}

std::uint32_t sequentialSumFp32(const std::vector<std::uint32_t>& values) {
    std::uint64_t s = 0;
    for (const std::uint32_t v : values) s = add(kFp32, s, v).bits;
    return std::uint32_t(s);
}

std::uint32_t treeSumFp32(const std::vector<std::uint32_t>& values, int block) {
    if (values.empty()) return 0;
    const std::size_t width = std::size_t(block);
    std::vector<std::uint64_t> level(values.begin(), values.end());
    std::vector<std::uint64_t> shared(width);
    while (true) {
        const std::size_t blocks = (level.size() + width - 1) / width;
        std::vector<std::uint64_t> next(blocks);
        for (std::size_t blk = 0; blk < blocks; ++blk) {
            for (std::size_t t = 0; t < width; ++t) {
                const std::size_t i = blk * width + t;
                shared[t] = i < level.size() ? level[i] : 0;
            }
            for (std::size_t stride = width / 2; stride > 0; stride /= 2)
                for (std::size_t t = 0; t < stride; ++t) shared[t] = add(kFp32, shared[t], shared[t + stride]).bits;
            next[blk] = shared[0];
        }
        if (blocks == 1) return std::uint32_t(next[0]);
        level = std::move(next);
    }
}

} // namespace fplab
