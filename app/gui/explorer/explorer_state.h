// The value the Explorer shows: the input (typed text or clicked bits), the format it is
// stored in, and the result of storing it. Every Explorer view listens to valueChanged().
#pragma once

#include "core/format.h"
#include "core/rounding.h"
#include "core/text/decimal_value.h"
#include "core/text/parse.h"

#include <QObject>
#include <QString>

#include <optional>

namespace fplab::gui {

class ExplorerState final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExplorerState)

public:
    explicit ExplorerState(QObject* parent = nullptr);

    const Format& format() const { return m_format; }
    // The name the format is known by: a preset's core name or a custom canonical name.
    QString formatName() const { return m_formatName; }
    RoundingMode rounding() const { return m_env.rounding; }
    // The entry environment (stochastic rounding uses a fixed draw, so an entry is reproducible).
    Env env() const { return m_env; }

    // The entry text as the user sees it.
    QString text() const { return m_text; }
    // The same value as text every format can read: the typed decimal or hex-float, or an
    // exact hex-float of clicked bits. The side-by-side table reads this.
    QString sourceText() const { return m_source; }
    // True when the value came from bits (typed raw bits or a click), not from a number.
    bool fromBits() const { return m_fromBits; }
    InputKind kind() const { return m_kind; }
    // The exact input value when it is a finite number we could expand.
    const std::optional<DecimalValue>& exactInput() const { return m_exact; }

    std::uint64_t bits() const { return m_bits; }
    // The flags raised by storing the input in format(); none for clicked bits.
    Flags flags() const { return m_flags; }
    // Why the last text could not be read, or empty.
    QString error() const { return m_error; }

    // Reads the text in the current format. On failure the value stays and error() says why.
    bool setText(const QString& text);
    // Takes these bits of the current format as the new value.
    void setBits(std::uint64_t bits);
    // Stores the same input in another format; false when the name is unknown. A NaN set from bits
    // is converted (sign and the payload's top bits kept, made quiet), as the table's rows show it.
    bool setFormat(const QString& name);
    void setRounding(RoundingMode mode);

signals:
    void valueChanged();
    void errorChanged(const QString& error);

private:
    bool store(const QString& source);
    void setError(const QString& error);

    Format m_format;
    QString m_formatName;
    Env m_env;
    QString m_text;
    QString m_source;
    bool m_fromBits = false;
    InputKind m_kind = InputKind::Decimal;
    std::optional<DecimalValue> m_exact;
    std::uint64_t m_bits = 0;
    Flags m_flags = 0;
    QString m_error;
};

} // namespace fplab::gui
