// Reading the Explorer's input and keeping it consistent across formats.
#include "app/gui/explorer/explorer_state.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/random.h"
#include "core/text/literal.h"
#include "core/text/print.h"

namespace fplab::gui {

namespace {
// One fixed draw, so that an entry in stochastic mode gives the same bits every time.
constexpr std::uint64_t kEntrySeed = 0x5eed;
} // namespace

ExplorerState::ExplorerState(QObject* parent) : QObject(parent), m_format(kFp16), m_formatName(QStringLiteral("fp16")) {
    m_env.randomBits = StochasticStream(kEntrySeed).next();
    setText(QStringLiteral("0.1"));
}

void ExplorerState::setError(const QString& error) {
    if (error == m_error) return;
    m_error = error;
    emit errorChanged(m_error);
}

bool ExplorerState::store(const QString& source) {
    const LiteralOrError read = readLiteral(source.toStdString(), m_format, m_env);
    if (!read.literal) {
        setError(qs(read.error));
        return false;
    }
    const Literal& lit = *read.literal;
    m_kind = lit.kind;
    m_bits = lit.stored.bits;
    m_flags = lit.stored.flags;
    m_fromBits = lit.kind == InputKind::RawHex || lit.kind == InputKind::RawBinary;
    if (m_fromBits) {
        m_source = valueSourceText(m_format, m_bits);
        m_exact = exactValueOf(m_format, m_bits);
    } else {
        m_source = source;
        m_exact = lit.exact;
    }
    setError({});
    return true;
}

bool ExplorerState::setText(const QString& text) {
    if (!store(text.trimmed())) return false;
    m_text = text;
    emit valueChanged();
    return true;
}

void ExplorerState::setBits(std::uint64_t bits) {
    bits &= m_format.bitMask();
    m_bits = bits;
    m_flags = 0;
    m_fromBits = true;
    m_kind = InputKind::RawHex;
    m_source = valueSourceText(m_format, bits);
    m_exact = exactValueOf(m_format, bits);
    m_text = valueEntryText(m_format, bits);
    setError({});
    emit valueChanged();
}

bool ExplorerState::setFormat(const QString& name) {
    const std::optional<Format> f = resolveFormat(name);
    if (!f) return false;
    if (isNan(classify(m_format, m_bits)) && f->hasNan()) {
        // A NaN's payload means bits of its own format only: it moves as a conversion moves it
        // (into the same format nothing moves, and a signalling NaN stays signalling).
        const std::uint64_t bits = *f == m_format ? m_bits : convert(m_format, m_bits, *f, m_env).bits;
        m_format = *f;
        m_formatName = name;
        setBits(bits);
        return true;
    }
    // A value that came from bits keeps its exact value: the entry shows it as a number from now on.
    const QString text = m_fromBits ? valueEntryText(m_format, m_bits) : m_text;
    m_format = *f;
    m_formatName = name;
    if (!store(m_source)) {
        // The value has no encoding here (NaN in a format without NaN): show zero, error() says why.
        m_bits = 0;
        m_flags = 0;
    }
    m_text = text;
    emit valueChanged();
    return true;
}

void ExplorerState::setRounding(RoundingMode mode) {
    if (mode == m_env.rounding) return;
    m_env.rounding = mode;
    if (!m_fromBits) store(m_source);
    emit valueChanged();
}

} // namespace fplab::gui
