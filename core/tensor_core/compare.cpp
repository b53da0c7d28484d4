#include "core/tensor_core/compare.h"

#include "core/classify.h"

#include <stdexcept>
#include <string>

namespace fplab::tc {

namespace {

// Sign-magnitude bits to a line of integers on which neighbours differ by 1 (+0 and -0 both 0).
std::int64_t orderedValue(const Format& f, std::uint64_t bits) {
    const std::int64_t mag = std::int64_t(bits & f.magnitudeMask());
    return signOf(f, bits) ? -mag : mag;
}

void checkSizes(std::size_t x, std::size_t y) {
    if (x != y)
        throw std::invalid_argument("compared arrays differ in size: " + std::to_string(x) + " and " +
                                    std::to_string(y));
}

} // namespace

std::optional<std::uint64_t> ulpDistance(const Format& f, std::uint64_t x, std::uint64_t y) {
    if (isNan(classify(f, x)) || isNan(classify(f, y))) return std::nullopt;
    const std::int64_t a = orderedValue(f, x), b = orderedValue(f, y);
    return std::uint64_t(a > b ? a - b : b - a);
}

CellComparison compareCells(const Format& f, std::span<const std::uint32_t> x, std::span<const std::uint32_t> y) {
    checkSizes(x.size(), y.size());
    CellComparison r;
    r.cells = x.size();
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i] == y[i]) ++r.identical;
        else if (r.firstDifference == SIZE_MAX) r.firstDifference = i;
        const bool nx = isNan(classify(f, x[i])), ny = isNan(classify(f, y[i]));
        if (nx || ny) {
            if (nx && ny) ++r.sameValue;
            else ++r.nanMismatch;
            continue;
        }
        const std::uint64_t d = *ulpDistance(f, x[i], y[i]);
        if (d == 0) ++r.sameValue;
        if (d <= 1) ++r.withinOneUlp;
        if (d > r.maxUlps) r.maxUlps = d;
    }
    return r;
}

CellComparison compareIntCells(std::span<const std::uint32_t> x, std::span<const std::uint32_t> y) {
    checkSizes(x.size(), y.size());
    CellComparison r;
    r.cells = x.size();
    for (std::size_t i = 0; i < x.size(); ++i) {
        const std::int64_t a = std::int32_t(x[i]), b = std::int32_t(y[i]);
        const std::uint64_t d = std::uint64_t(a > b ? a - b : b - a);
        if (d == 0) {
            ++r.identical;
            ++r.sameValue;
        } else if (r.firstDifference == SIZE_MAX) {
            r.firstDifference = i;
        }
        if (d <= 1) ++r.withinOneUlp;
        if (d > r.maxUlps) r.maxUlps = d;
    }
    return r;
}

} // namespace fplab::tc
