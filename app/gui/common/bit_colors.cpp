// The field colours follow the convention of the online float visualisers: sign blue, exponent green,
// mantissa red/orange.
#include "app/gui/common/bit_colors.h"

namespace fplab::gui {

bool isDarkPalette(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

QColor bitFillColor(BitRole role, const QPalette& palette) {
    const bool dark = isDarkPalette(palette);
    switch (role) {
    case BitRole::Sign: return dark ? QColor(0x2b, 0x5d, 0x9c) : QColor(0xb8, 0xd4, 0xf5);
    case BitRole::Exponent: return dark ? QColor(0x2e, 0x7d, 0x46) : QColor(0xbf, 0xe8, 0xc6);
    case BitRole::Mantissa: return dark ? QColor(0x9c, 0x4a, 0x2b) : QColor(0xf8, 0xcf, 0xb8);
    case BitRole::Implicit: return dark ? QColor(0x4a, 0x4f, 0x55) : QColor(0xe6, 0xe6, 0xe6);
    case BitRole::Guard: return dark ? QColor(0x8a, 0x6d, 0x00) : QColor(0xff, 0xe0, 0x70);
    case BitRole::Round: return dark ? QColor(0x7a, 0x3f, 0x8f) : QColor(0xe2, 0xc4, 0xf0);
    case BitRole::Sticky: return dark ? QColor(0x8f, 0x2f, 0x4f) : QColor(0xf5, 0xb5, 0xc8);
    case BitRole::Discarded: return dark ? QColor(0x3a, 0x3d, 0x40) : QColor(0xf0, 0xf0, 0xf0);
    case BitRole::Integer: return dark ? QColor(0x2b, 0x6f, 0x7a) : QColor(0xb8, 0xe6, 0xec);
    case BitRole::Plain: break;
    }
    return palette.color(QPalette::Base);
}

QColor bitTextColor(BitRole role, const QPalette& palette) {
    // Fainter than the other bits, yet 4.5:1 on their fills (the dark palette's placeholder grey is not).
    if (role == BitRole::Discarded || role == BitRole::Implicit)
        return isDarkPalette(palette) ? QColor(0xc4, 0xc8, 0xcc) : palette.color(QPalette::PlaceholderText);
    return palette.color(QPalette::Text);
}

QColor warningColor(const QPalette& palette) {
    return isDarkPalette(palette) ? QColor(0xff, 0x9e, 0x5e) : QColor(0xb3, 0x40, 0x00);
}

QColor okColor(const QPalette& palette) {
    return isDarkPalette(palette) ? QColor(0x7f, 0xd6, 0x8c) : QColor(0x1a, 0x6e, 0x2e);
}

} // namespace fplab::gui
