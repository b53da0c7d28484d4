// Computing each row of the side-by-side table from the Explorer's input.
#include "app/gui/explorer/format_table_model.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "app/gui/common/zoomed_fonts.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/shell/theme.h"
#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/quantize.h"
#include "core/text/literal.h"
#include "core/text/print.h"

#include <QApplication>
#include <QFont>
#include <QIcon>
#include <QPalette>
#include <QStyle>

#include <bit>
#include <cmath>

namespace fplab::gui {

namespace {
const QString kDash = QStringLiteral("—");

QString ratioText(const std::optional<double>& v) { return v ? approxText(*v, 3) : kDash; }
} // namespace

FormatTableModel::FormatTableModel(const ExplorerState* state, QObject* parent)
    : QAbstractTableModel(parent), m_state(state) {
    rebuildRows();
}

QStringList FormatTableModel::allKeys() const {
    QStringList keys = presetFormatNames();
    keys << QString::fromLatin1(kInt8Key) << QString::fromLatin1(kInt8TensorKey);
    keys << m_custom;
    return keys;
}

void FormatTableModel::setHiddenKeys(const QStringList& keys) {
    if (keys == m_hidden) return;
    beginResetModel();
    m_hidden = keys;
    rebuildRows();
    endResetModel();
}

void FormatTableModel::setCustomFormats(const QStringList& names) {
    if (names == m_custom) return;
    beginResetModel();
    m_custom = names;
    rebuildRows();
    endResetModel();
}

QString FormatTableModel::keyAt(int row) const {
    return row >= 0 && row < int(m_rows.size()) ? m_rows[std::size_t(row)].key : QString();
}

int FormatTableModel::rowOfKey(const QString& key) const {
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].key == key) return int(i);
    return -1;
}

void FormatTableModel::rebuildRows() {
    m_rows.clear();
    for (const QString& key : allKeys()) {
        if (m_hidden.contains(key)) continue;
        Row row;
        row.key = key;
        if (isIntegerKey(key)) {
            row.isInteger = true;
            row.tensorScale = key == QLatin1String(kInt8TensorKey);
            row.label = keyLabel(key);
        } else {
            row.format = resolveFormat(key);
            if (!row.format) continue;
            row.label = formatDisplayName(*row.format);
        }
        m_rows.push_back(std::move(row));
    }
    for (Row& row : m_rows) {
        if (row.isInteger) computeIntegerRow(row);
        else computeFloatRow(row);
    }
}

void FormatTableModel::refresh() {
    for (Row& row : m_rows) {
        if (row.isInteger) computeIntegerRow(row);
        else computeFloatRow(row);
    }
    if (!m_rows.empty()) emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

void FormatTableModel::computeNanRow(Row& row) const {
    const Format& f = *row.format;
    const Format& from = m_state->format();
    const std::uint64_t source = m_state->bits();
    const bool same = f == from;
    const std::uint64_t bits = same ? source : convert(from, source, f, m_state->env()).bits;
    row.bits = qs(hexBits(f, bits));
    row.bitsTip = row.binary = qs(bitString(f, bits));
    row.stored = storedText(f, bits);
    row.storedTip = tr("Not a number: %1").arg(row.stored);
    row.error = row.relative = row.ulps = kDash;
    row.errorTip = tr("No error: the input was not a finite number.");
    row.severity = Severity::Info;
    if (same) {
        row.status = classText(classify(f, bits));
        row.statusTip = tr("The NaN itself: its sign and payload as in the bits.");
        return;
    }
    // What the conversion changed: compare the NaN with the one converting back gives.
    QStringList changes;
    if (classify(from, source) == FloatClass::SignalingNaN) changes << tr("quieted");
    if (from.hasSign && signOf(from, source) && !signOf(f, bits)) changes << tr("sign lost");
    const std::uint64_t quietBit = from.specials == SpecialValues::Ieee ? std::uint64_t{1} << (from.mantissaBits - 1)
                                                                        : 0;
    const std::uint64_t payload = mantissaFieldOf(from, source) & ~quietBit;
    const std::uint64_t back = mantissaFieldOf(from, convert(f, bits, from).bits) & ~quietBit;
    if (payload != back)
        changes << (f.specials == SpecialValues::Ieee ? tr("payload cut") : tr("payload lost (one NaN only)"));
    row.status = changes.isEmpty() ? tr("NaN, sign and payload kept")
                                   : tr("NaN, %1").arg(changes.join(QStringLiteral(", ")));
    row.statusTip = tr("Converting a NaN keeps its sign and the top bits of its payload, and makes it quiet "
                       "(the x86 rules); %1 shows the NaN as converted from %2.")
                        .arg(row.label, formatDisplayName(from));
}

void FormatTableModel::computeFloatRow(Row& row) const {
    const Format& f = *row.format;
    row.summary = formatSummary(f);
    // A NaN converts (keeping what it can of its sign and payload); reading its text again would not.
    if (f.hasNan() && isNan(classify(m_state->format(), m_state->bits())) && m_state->error().isEmpty()) {
        computeNanRow(row);
        return;
    }
    const LiteralOrError read = readLiteral(m_state->sourceText().toStdString(), f, m_state->env());
    if (!read.literal) {
        row.bits = row.binary = row.stored = row.error = row.relative = row.ulps = kDash;
        row.bitsTip = row.storedTip = row.errorTip = QString();
        row.status = tr("cannot be stored: %1").arg(qs(read.error));
        row.statusTip = row.status;
        row.severity = Severity::Warning;
        return;
    }
    const Literal& lit = *read.literal;
    const std::uint64_t bits = lit.stored.bits;
    const Flags flags = lit.stored.flags;
    const FloatClass cls = classify(f, bits);
    row.bits = qs(hexBits(f, bits));
    row.bitsTip = qs(bitString(f, bits));
    if (f.id == FormatId::Tf32)
        row.bitsTip += QLatin1Char('\n') +
                       tr("TF32 is 19 bits; inside an FP32 register it is %1 (the low 13 bits zero).")
                           .arg(qs(hexBits(kFp32, tf32ToFp32Container(bits))));
    row.binary = qs(bitString(f, bits));
    row.stored = storedText(f, bits);
    QString exact = exactDecimalText(f, bits);
    if (exact.size() > 120) exact = exact.left(117) + QStringLiteral("…");
    row.storedTip = tr("Exactly %1").arg(exact);

    const StoredError err = storedError(f, lit);
    if (err.available) {
        row.error = decimalText(err.absolute, 4);
        row.errorTip = tr("stored − input = %1").arg(decimalText(err.absolute, 40, true));
        row.relative = ratioText(err.relative);
        row.ulps = ratioText(err.ulps);
    } else {
        row.error = row.relative = row.ulps = kDash;
        row.errorTip = isFinite(cls) ? tr("No error: the input was not a finite number.")
                                     : tr("No error can be given: the stored value is not finite.");
    }

    row.statusTip = flagsExplanation(flags);
    if (cls == FloatClass::Subnormal)
        row.statusTip += QLatin1Char('\n') +
                         tr("Subnormal: below the smallest normal value, so fewer significant bits are left.");
    if (flags & kOverflow) {
        row.severity = Severity::Warning;
        if (cls == FloatClass::Infinity) row.status = tr("overflow → inf");
        else if (isNan(cls)) row.status = tr("overflow → NaN (no inf)");
        else row.status = tr("overflow → largest");
    } else if (flags & kUnderflow) {
        row.severity = Severity::Warning;
        row.status = cls == FloatClass::Zero ? tr("underflow → 0") : tr("underflow → subnormal");
    } else if (flags & kInvalid) {
        row.severity = Severity::Warning;
        row.status = tr("invalid");
    } else if (cls == FloatClass::Subnormal) {
        row.severity = Severity::Info;
        row.status = flags & kInexact ? tr("rounded, subnormal") : tr("exact, subnormal");
    } else if (flags & kInexact) {
        row.severity = Severity::None;
        row.status = tr("rounded");
    } else {
        row.severity = isFinite(cls) ? Severity::Good : Severity::Info;
        row.status = isFinite(cls) ? tr("exact") : classText(cls);
    }
}

bool FormatTableModel::isIntegerKey(const QString& key) {
    return key == QLatin1String(kInt8Key) || key == QLatin1String(kInt8TensorKey);
}

QString FormatTableModel::keyLabel(const QString& key) {
    if (key == QLatin1String(kInt8Key)) return tr("INT8 (own scale)");
    if (key == QLatin1String(kInt8TensorKey)) return tr("INT8 (tensor scale)");
    const std::optional<Format> f = resolveFormat(key);
    return f ? formatDisplayName(*f) : key;
}

void FormatTableModel::computeIntegerRow(Row& row) const {
    row.label = keyLabel(row.key);
    row.summary = row.tensorScale
                      ? tr("8-bit integers -127..127 times one scale for the whole tensor: 1/127 here, the scale of a "
                           "tensor whose largest |x| is 1. Values between two steps round; values beyond ±1 clip.")
                      : tr("8-bit two's complement integers -127..127 times a scale. This row's scale is |x| / 127 in "
                           "FP32, chosen from this one value, so the value always maps to ±127 and the error is only "
                           "FP32's: compare the tensor-scale row.");
    const LiteralOrError read = readLiteral(m_state->sourceText().toStdString(), kFp32, {});
    const FloatClass cls = read.literal ? classify(kFp32, read.literal->stored.bits) : FloatClass::QuietNaN;
    if (!read.literal || !isFinite(cls)) {
        row.bits = row.binary = row.stored = row.error = row.relative = row.ulps = kDash;
        row.status = tr("INT8 holds only finite values");
        row.statusTip = row.status;
        row.severity = Severity::Warning;
        return;
    }
    const float x = std::bit_cast<float>(std::uint32_t(read.literal->stored.bits));
    const QuantParams params = row.tensorScale
                                   ? QuantParams{QuantScheme::SymmetricAbsmax, 1.0f / 127.0f, 0}
                                   : chooseQuantParams(std::span<const float>(&x, 1), QuantScheme::SymmetricAbsmax);
    const std::vector<std::int8_t> q = quantize(std::span<const float>(&x, 1), params);
    const std::vector<float> back = dequantize(q, params);
    const std::uint64_t storedBits = std::bit_cast<std::uint32_t>(back[0]);
    const int qv = q[0];
    row.bits = QStringLiteral("0x%1").arg(quint8(qv), 2, 16, QLatin1Char('0'));
    row.binary = QStringLiteral("%1").arg(quint8(qv), 8, 2, QLatin1Char('0'));
    row.bitsTip = tr("q = %1").arg(qv);
    const QString scale = shortDecimal(kFp32, std::bit_cast<std::uint32_t>(params.scale));
    row.stored = QStringLiteral("%1 × %2").arg(qv).arg(scale);
    row.storedTip = tr("q × scale = %1 × %2 = %3 (computed in FP32)").arg(qv).arg(scale, storedText(kFp32, storedBits));

    // The error of the dequantised value against the input, exactly; one step of INT8 is one scale.
    const std::optional<DecimalValue>& exact = m_state->exactInput();
    const std::optional<DecimalValue> stored = exactValueOf(kFp32, storedBits);
    if (exact && stored) {
        const DecimalValue diff = *stored - *exact;
        row.error = decimalText(diff, 4);
        row.errorTip = tr("dequantised − input = %1").arg(decimalText(diff, 40, true));
        row.relative = exact->isZero() ? kDash : approxText(ratio(diff, *exact), 3);
        const std::optional<DecimalValue> step = exactValueOf(kFp32, std::bit_cast<std::uint32_t>(params.scale));
        row.ulps = step && !step->isZero() ? approxText(ratio(diff, *step), 3) : kDash;
    } else {
        row.error = row.relative = row.ulps = kDash;
    }
    row.severity = Severity::Info;
    if (!row.tensorScale) {
        row.status = tr("scale from the value");
        row.statusTip = tr("scale = |x| / 127 = %1; the value is stored as the integer %2. A scale chosen from the "
                           "value "
                           "itself always fits it: see the tensor-scale row for a tensor's shared scale.")
                            .arg(scale)
                            .arg(qv);
    } else if (std::fabs(x) > 127.0f * params.scale) {
        row.severity = Severity::Warning;
        row.status = tr("clipped to %1").arg(qv);
        row.statusTip = tr("|x| is beyond 127 steps of 1/127: it clips to the nearest end, %1.").arg(qv);
    } else {
        row.status = tr("scale 1/127, shared");
        row.statusTip = tr("x / scale = %1 rounds to the integer %2: the error is at most half a step (1/254).")
                            .arg(approxText(double(x) * 127.0, 6))
                            .arg(qv);
    }
}

int FormatTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int FormatTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FormatTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const Row& row = m_rows[std::size_t(index.row())];
    const int col = index.column();
    const bool current = !row.isInteger && row.key == m_state->formatName();
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case NameColumn: return row.label;
        case BitsColumn: return row.bits;
        case StoredColumn: return row.stored;
        case ErrorColumn: return row.error;
        case RelativeErrorColumn: return row.relative;
        case UlpErrorColumn: return row.ulps;
        case StatusColumn: return row.status;
        case BinaryColumn: return row.binary;
        default: return {};
        }
    case Qt::ToolTipRole:
        switch (col) {
        case NameColumn: return row.summary;
        case BitsColumn:
        case BinaryColumn: return row.bitsTip;
        case StoredColumn: return row.storedTip;
        case ErrorColumn:
        case RelativeErrorColumn:
        case UlpErrorColumn: return row.errorTip;
        case StatusColumn: return row.statusTip;
        default: return {};
        }
    case Qt::DecorationRole:
        if (col == StatusColumn && row.severity == Severity::Warning)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::ForegroundRole:
        if (col == StatusColumn && row.severity == Severity::Warning) return warningColor(QApplication::palette());
        if (col == StatusColumn && row.severity == Severity::Good) return okColor(QApplication::palette());
        return {};
    case Qt::FontRole:
        if (col == BitsColumn || col == BinaryColumn) return monospaceFont();
        if (current && col == NameColumn) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (col == ErrorColumn || col == RelativeErrorColumn || col == UlpErrorColumn || col == StoredColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case KeyRole: return row.key;
    case WarningRole: return row.severity == Severity::Warning;
    case CurrentRole: return current;
    default: return {};
    }
}

QVariant FormatTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Format");
        case BitsColumn: return tr("Bits");
        case StoredColumn: return tr("Stored value");
        case ErrorColumn: return tr("Error");
        case RelativeErrorColumn: return tr("Relative");
        case UlpErrorColumn: return tr("ulps");
        case StatusColumn: return tr("Status");
        case BinaryColumn: return tr("Binary");
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn: return tr("The format; hover for its layout and range. Double-click a row to explore it.");
        case BitsColumn: return tr("The stored bits in hex.");
        case StoredColumn:
            return tr("The value actually stored: every digit when that is short, else its leading digits and “…” "
                      "(hover for all of them).");
        case ErrorColumn: return tr("stored − input, computed exactly and shown to 4 digits.");
        case RelativeErrorColumn: return tr("(stored − input) / input.");
        case UlpErrorColumn:
            return tr(
                "The error in units in the last place of the stored value: at most 0.5 when rounding to nearest.");
        case StatusColumn: return tr("What storing did: exact, rounded, overflow or underflow.");
        case BinaryColumn: return tr("The bits, sign_exponent_mantissa.");
        default: return {};
        }
    }
    return {};
}

} // namespace fplab::gui
