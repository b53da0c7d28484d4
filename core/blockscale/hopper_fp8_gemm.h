// The sm_90 FP8 wgmma model of fplab::tc (32 products per block, every term cut to 13 fraction bits
// below the block's largest exponent, the sum truncated to e8m13, chained over k) as a GEMM
// specialised to FP8 operands: the same bits as tc::emulateGemm with hopperFp8CarrierModel(), at a
// fraction of the cost. Operands are given in E5M3, a carrier that holds every E4M3 and E5M2 value
// exactly (so mixed E5M2 x E4M3 products need no second model).
#pragma once

#include "core/tensor_core/mma_config.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fplab::blockscale {

// The general model the fast path reproduces: sm_90, wgmma, FP32 accumulator, E5M3 operands.
const tc::BlockModel& hopperFp8CarrierModel();

// An E4M3 or E5M2 value (exact in E5M3) as E5M3 bits; anything else through the core's conversion.
std::uint32_t e5m3CarrierBits(float v);

// E5M3 operands decoded once for the GEMM, `rows` vectors of length k each contiguous over k.
struct Fp8Operands {
    int rows = 0;
    int k = 0;
    std::vector<std::uint32_t> bits;    // E5M3, rows x k; empty when every value is finite and exact in E5M3
    std::vector<float> value;           // the E5M3 value, 0 for NaN, infinity and zero
    std::vector<std::uint8_t> exponent; // the model's exponent (subnormals at emin) + 64; 0 for a zero
    std::vector<std::uint8_t> special;  // per (row, block of 32 along k): a NaN or infinity is in it
};

// From E5M3 bits where element (r, kk) is src[r * rowStride + kk * kStride].
Fp8Operands decodeFp8Operands(std::span<const std::uint32_t> src, int rows, int k, std::size_t rowStride,
                              std::size_t kStride);

// The same from element values (E4M3 or E5M2 codes as floats): E5M3 bits are only formed, through
// e5m3CarrierBits, when a value is not finite or not exact in E5M3 (then `bits` is filled).
Fp8Operands decodeFp8Codes(std::span<const float> codes, int rows, int k, std::size_t rowStride, std::size_t kStride);

// D = A * B + 0 over k in [k0, k1) (k0 a multiple of 32), blocks of 32 from k0: d[i * b.rows + j] gets
// FP32 bits, with a's rows the rows of A and b's rows the columns of B. Throws std::invalid_argument
// when a.k != b.k, the range is outside k, or k0 is not a multiple of 32.
void hopperFp8Gemm(const Fp8Operands& a, const Fp8Operands& b, int k0, int k1, std::span<std::uint32_t> d);

} // namespace fplab::blockscale
