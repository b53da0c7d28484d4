// WCAG 2.1 relative luminance (sRGB, threshold 0.04045) and contrast ratio (1 to 21), for the colour tests.
#pragma once

#include <QColor>

#include <algorithm>
#include <cmath>

namespace fplab::gui::testing {

inline double luminance(const QColor& c) {
    const auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

inline double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace fplab::gui::testing
