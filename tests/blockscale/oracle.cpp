#include "oracle.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

namespace fplab::blockscale::oracle {
namespace {

const std::vector<double>& e4m3() {
    static const std::vector<double> v = positiveValues(4, 3, 7, false, true);
    return v;
}
const std::vector<double>& e2m1() {
    static const std::vector<double> v = {0, 0.5, 1, 1.5, 2, 3, 4, 6}; // OCP MX v1.0 table 5
    return v;
}

struct MxElement {
    std::vector<double> set;
    int emax;
};

MxElement mxElement(std::string_view scheme) {
    if (scheme == "mxfp8-e4m3") return {e4m3(), 8};
    if (scheme == "mxfp8-e5m2") return {positiveValues(5, 2, 15, true, false), 15};
    if (scheme == "mxfp6-e3m2") return {positiveValues(3, 2, 3, false, false), 4};
    if (scheme == "mxfp6-e2m3") return {positiveValues(2, 3, 1, false, false), 2};
    if (scheme == "mxfp4") return {e2m1(), 2};
    throw std::invalid_argument(std::string(scheme));
}

double amaxOf(const std::vector<float>& x, std::size_t first, std::size_t count) {
    double m = 0;
    for (std::size_t i = first; i < first + count && i < x.size(); ++i) m = std::max(m, std::fabs(double(x[i])));
    return m;
}

int floorLog2(double a) {
    int e = 0;
    std::frexp(a, &e); // a = f * 2^e, f in [0.5, 1)
    return e - 1;
}

} // namespace

std::vector<double> positiveValues(int exponentBits, int mantissaBits, int bias, bool ieeeSpecials, bool e4m3Nan) {
    std::vector<double> out;
    const int fields = 1 << exponentBits;
    const int mantissas = 1 << mantissaBits;
    for (int e = 0; e < fields; ++e) {
        if (ieeeSpecials && e == fields - 1) break;
        for (int m = 0; m < mantissas; ++m) {
            if (e4m3Nan && e == fields - 1 && m == mantissas - 1) break;
            const double fraction = double(m) / mantissas;
            out.push_back(e == 0 ? std::ldexp(fraction, 1 - bias) : std::ldexp(1 + fraction, e - bias));
        }
    }
    return out;
}

double roundToSet(const std::vector<double>& set, double x, double divisor) {
    const double a = std::fabs(x);
    std::size_t k = 0;
    while (k + 1 < set.size()) {
        const double midpoint = (set[k] + set[k + 1]) / 2 * divisor; // exact: few bits times few bits
        if (a < midpoint || (a == midpoint && k % 2 == 0)) break;
        ++k;
    }
    return std::copysign(set[k], x);
}

std::vector<Element> quantizeVector(std::string_view scheme, const std::vector<float>& x) {
    std::vector<Element> out;
    const std::size_t n = x.size();
    if (scheme.substr(0, 2) == "mx") {
        for (std::size_t first = 0; first < n; first += 32) {
            const double amax = amaxOf(x, first, 32);
            const int emax = scheme == "mxint8" ? 0 : mxElement(scheme).emax;
            const int shared = amax == 0 ? -127 : std::clamp(floorLog2(amax) - emax, -127, 127);
            const double scale = std::ldexp(1.0, shared);
            for (std::size_t i = first; i < std::min(n, first + 32); ++i) {
                double v;
                if (scheme == "mxint8") {
                    const double steps = std::nearbyint(std::ldexp(double(x[i]), 6 - shared)); // ties to even
                    v = std::clamp(steps, -127.0, 127.0) / 64;
                } else {
                    v = roundToSet(mxElement(scheme).set, x[i], scale);
                }
                out.push_back({scale, v * scale});
            }
        }
        return out;
    }
    if (scheme == "nvfp4") {
        const float tensorAmax = static_cast<float>(amaxOf(x, 0, n));
        const float global = tensorAmax == 0 ? 1.0f : tensorAmax / 2688.0f; // one FP32 division
        for (std::size_t first = 0; first < n; first += 16) {
            const double blockScale = roundToSet(e4m3(), amaxOf(x, first, 16), 6.0 * global);
            const double scale = blockScale * global;
            for (std::size_t i = first; i < std::min(n, first + 16); ++i) {
                const double v = scale == 0 ? 0.0 : roundToSet(e2m1(), x[i], scale);
                out.push_back({scale, v * scale});
            }
        }
        return out;
    }
    // fp8-tensor, fp8-block128 on a vector (one row): s = amax / 448 and y = x / s in FP32.
    const std::size_t width = scheme == "fp8-block128" ? 128 : n;
    for (std::size_t first = 0; first < n; first += width) {
        const float amax = static_cast<float>(amaxOf(x, first, width));
        const float s = amax == 0 ? 1.0f : amax / 448.0f;
        for (std::size_t i = first; i < std::min(n, first + width); ++i) {
            const float y = x[i] / s;
            out.push_back({s, roundToSet(e4m3(), y, 1.0) * s});
        }
    }
    return out;
}

std::vector<Element> quantizeFp8Matrix(std::string_view scheme, const std::vector<float>& x, std::size_t rows,
                                       std::size_t cols) {
    // The group of element (r, c) as a pair of numbers; elements with equal pairs share a scale.
    const auto group = [&](std::size_t r, std::size_t c) -> std::pair<std::size_t, std::size_t> {
        if (scheme == "fp8-tensor") return {0, 0};
        if (scheme == "fp8-channel") return {r, 0};
        if (scheme == "fp8-block128") return {r, c / 128};
        return {r / 128, c / 128}; // fp8-block128x128
    };
    std::map<std::pair<std::size_t, std::size_t>, float> amax;
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c)
            amax[group(r, c)] = std::max(amax[group(r, c)], std::fabs(x[r * cols + c]));
    std::vector<Element> out(x.size());
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c) {
            const float a = amax[group(r, c)];
            const float s = a == 0 ? 1.0f : a / 448.0f;
            const float y = x[r * cols + c] / s;
            out[r * cols + c] = {s, roundToSet(e4m3(), y, 1.0) * s};
        }
    return out;
}

} // namespace fplab::blockscale::oracle
