// Plain loops in i-k-j order: the inner loop runs over the output row (the compiler
// vectorises it) while each output element still sums its k products in ascending order.
#include "core/training/matmul.h"

#include <cstddef>

namespace fplab::training {

void matmul(const float* a, const float* b, float* c, int m, int k, int n, const StopRequest* stop) {
    for (int i = 0; i < m; ++i) {
        if (i % kRowsPerStopCheck == 0) stopIfRequested(stop);
        float* __restrict row = c + std::size_t(i) * n;
        for (int j = 0; j < n; ++j) row[j] = 0.0f;
        for (int p = 0; p < k; ++p) {
            const float x = a[std::size_t(i) * k + p];
            const float* __restrict bRow = b + std::size_t(p) * n;
            for (int j = 0; j < n; ++j) row[j] += x * bRow[j];
        }
    }
}

void matmulTransposedA(const float* a, const float* b, float* c, int m, int k, int n, const StopRequest* stop) {
    for (int i = 0; i < m; ++i) {
        if (i % kRowsPerStopCheck == 0) stopIfRequested(stop);
        float* __restrict row = c + std::size_t(i) * n;
        for (int j = 0; j < n; ++j) row[j] = 0.0f;
        for (int p = 0; p < k; ++p) {
            const float x = a[std::size_t(p) * m + i];
            const float* __restrict bRow = b + std::size_t(p) * n;
            for (int j = 0; j < n; ++j) row[j] += x * bRow[j];
        }
    }
}

void transpose(const float* src, float* dst, int rows, int cols) {
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) dst[std::size_t(c) * rows + r] = src[std::size_t(r) * cols + c];
}

} // namespace fplab::training
