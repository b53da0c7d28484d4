// The tensor-core part runs through hopperFp8Gemm, the sm_90 FP8 model specialised to FP8 operands
// (bit for bit tc::emulateGemm's). Its operands are given in E5M3, a carrier that holds every E4M3 and
// every E5M2 value exactly, so one model also serves the mixed E5M2 x E4M3 products of the backward
// pass (wgmma accepts mixed FP8 inputs; the products and their cut depend only on the values and on
// the 3-bit significands, which E5M3 keeps).
#include "core/blockscale/block_dot.h"

#include "core/arithmetic.h"
#include "core/blockscale/hopper_fp8_gemm.h"
#include "core/tensor_core/exact_accumulator.h"

#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

namespace fplab::blockscale {

namespace {

// An exact binary value as an odd (or zero) integer significand and an exponent.
void splitDouble(double v, bool& negative, std::uint64_t& sig, int& exp) {
    negative = std::signbit(v);
    int e = 0;
    const double m = std::frexp(std::fabs(v), &e);
    sig = std::uint64_t(std::ldexp(m, 53));
    exp = e - 53;
    if (sig == 0) return;
    const int tz = std::countr_zero(sig);
    sig >>= tz;
    exp += tz;
}

double exactCell(const ScaledMatrix& a, const ScaledMatrix& b, int i, int j) {
    tc::ExactAccumulator acc;
    for (int k = 0; k < a.cols; ++k) {
        const double p = double(a.codes[std::size_t(i) * a.cols + k]) * double(b.codes[std::size_t(k) * b.cols + j]);
        const double s = double(a.scaleAt(i, k)) * double(b.scaleAt(k, j)); // 48 bits: exact
        if (!std::isfinite(p) || !std::isfinite(s)) return std::nan("");
        bool pn = false, sn = false;
        std::uint64_t ps = 0, ss = 0;
        int pe = 0, se = 0;
        splitDouble(p, pn, ps, pe); // at most 8 significant bits
        splitDouble(s, sn, ss, se);
        if (ps == 0 || ss == 0) continue;
        acc.add(pn != sn, ps * ss, pe + se);
    }
    return std::bit_cast<double>(acc.round(kFp64).bits);
}

float fp32Cell(const ScaledMatrix& a, const ScaledMatrix& b, int i, int j) {
    float sum = 0;
    for (int k = 0; k < a.cols; ++k) {
        const float p = a.codes[std::size_t(i) * a.cols + k] * b.codes[std::size_t(k) * b.cols + j];
        sum += p * (a.scaleAt(i, k) * b.scaleAt(k, j));
    }
    return sum;
}

// Whether every scale of a (along its columns) and of b (along its rows) is constant on [k0, k1).
bool oneScaleAlongK(const ScaledMatrix& a, const ScaledMatrix& b, int k0, int k1) {
    return k0 / a.blockCols == (k1 - 1) / a.blockCols && k0 / b.blockRows == (k1 - 1) / b.blockRows;
}

std::vector<double> hopper(const ScaledMatrix& a, const ScaledMatrix& b, int promoteEvery) {
    const int m = a.rows, k = a.cols, n = b.cols;
    const int chunk = promoteEvery > 0 ? promoteEvery : k;
    for (int k0 = 0; k0 < k; k0 += chunk)
        if (!oneScaleAlongK(a, b, k0, std::min(k, k0 + chunk)))
            throw std::invalid_argument(
                promoteEvery > 0
                    ? "a scale block along k straddles a promotion interval of " + std::to_string(promoteEvery) +
                          " products: the scale blocks along k must be multiples of the interval"
                    : "without promotion the tensor core sums all of k, so a and b need one scale along k "
                      "(per-tensor scaling); promote every N products to use block scales");
    // A's rows and B's columns, each decoded once for every chunk and cell.
    const Fp8Operands da = decodeFp8Codes(a.codes, m, k, std::size_t(k), 1);
    const Fp8Operands db = decodeFp8Codes(b.codes, n, k, 1, std::size_t(n));
    std::vector<float> acc(std::size_t(m) * n, 0.0f);
    std::vector<std::uint32_t> d(acc.size());
    std::vector<float> sa(static_cast<std::size_t>(m)), sb(static_cast<std::size_t>(n));
    for (int k0 = 0; k0 < k; k0 += chunk) {
        hopperFp8Gemm(da, db, k0, std::min(k, k0 + chunk), d);
        for (int i = 0; i < m; ++i) sa[std::size_t(i)] = a.scaleAt(i, k0);
        for (int j = 0; j < n; ++j) sb[std::size_t(j)] = b.scaleAt(k0, j);
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                const std::size_t at = std::size_t(i) * n + j;
                acc[at] += std::bit_cast<float>(d[at]) * (sa[std::size_t(i)] * sb[std::size_t(j)]);
            }
    }
    return {acc.begin(), acc.end()};
}

} // namespace

std::string_view accumulationName(Accumulation a) {
    switch (a) {
    case Accumulation::Exact: return "exact";
    case Accumulation::Fp32: return "fp32";
    case Accumulation::HopperFp8: return "hopper-fp8";
    }
    return "?";
}

std::optional<Accumulation> parseAccumulation(std::string_view s) {
    for (Accumulation a : {Accumulation::Exact, Accumulation::Fp32, Accumulation::HopperFp8})
        if (accumulationName(a) == s) return a;
    return std::nullopt;
}

std::vector<double> blockScaledGemm(const ScaledMatrix& a, const ScaledMatrix& b, const BlockGemmOptions& options) {
    if (a.cols != b.rows)
        throw std::invalid_argument("a is " + std::to_string(a.rows) + " x " + std::to_string(a.cols) + " but b has " +
                                    std::to_string(b.rows) + " rows");
    if (options.promoteEvery < 0 || options.promoteEvery % 32 != 0)
        throw std::invalid_argument("the promotion interval must be 0 (never) or a multiple of 32 products "
                                    "(one wgmma k32 instruction each)");
    const int m = a.rows, n = b.cols;
    std::vector<double> d(std::size_t(m) * n);
    switch (options.accumulation) {
    case Accumulation::Exact:
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) d[std::size_t(i) * n + j] = exactCell(a, b, i, j);
        return d;
    case Accumulation::Fp32:
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) d[std::size_t(i) * n + j] = fp32Cell(a, b, i, j);
        return d;
    case Accumulation::HopperFp8: break;
    }
    return hopper(a, b, options.promoteEvery);
}

} // namespace fplab::blockscale
