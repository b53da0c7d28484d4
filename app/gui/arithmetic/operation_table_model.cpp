// Running the operation in each format and saying what happened to it.
#include "app/gui/arithmetic/operation_table_model.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "app/gui/common/zoomed_fonts.h"
#include "app/gui/shell/theme.h"
#include "core/classify.h"
#include "core/text/print.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

#include <algorithm>

namespace fplab::gui {

OperationTableModel::OperationTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void OperationTableModel::setFormats(const QStringList& names) {
    beginResetModel();
    m_rows.clear();
    for (const QString& name : names) {
        const std::optional<Format> f = resolveFormat(name);
        if (!f) continue;
        Row row;
        row.key = name;
        row.format = *f;
        compute(row);
        m_rows.push_back(row);
    }
    endResetModel();
}

void OperationTableModel::setInput(const OperationInput& input) {
    m_input = input;
    refresh();
}

void OperationTableModel::refresh() {
    for (Row& row : m_rows) compute(row);
    if (!m_rows.empty()) emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

int OperationTableModel::rowOfKey(const QString& key) const {
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].key == key) return int(i);
    return -1;
}

void OperationTableModel::compute(Row& row) const {
    OperationInput in = m_input;
    const bool convert = in.kind == Operation::Convert;
    // A conversion compares destinations: the source format stays, the target changes per row.
    if (convert) in.target = row.format;
    const Format source = convert ? in.format : row.format;
    const OperationOutcome out = runInFormat(in, source);
    row.name = formatDisplayName(row.format);
    row.warning = row.vanished = false;
    row.noteTip.clear();
    if (!out.ok()) {
        row.operands = row.result = row.bits = row.flags = QStringLiteral("—");
        row.note = out.error;
        row.warning = true;
        return;
    }
    QStringList ops;
    QStringList rounded, flushed, overflowed;
    for (std::size_t i = 0; i < out.operands.size(); ++i) {
        const OperandValue& op = out.operands[i];
        ops << storedText(source, op.bits);
        const QString name(QChar(QLatin1Char('a' + int(i))));
        if (op.kind == InputKind::NaN) continue; // a NaN is converted, not rounded
        if (op.entryFlags & kOverflow) overflowed << name;
        else if ((op.entryFlags & kUnderflow) && classify(source, op.bits) == FloatClass::Zero) flushed << name;
        else if (op.entryFlags & kInexact) rounded << name;
    }
    row.operands = ops.join(QStringLiteral(", "));
    const Format& rf = out.resultFormat;
    row.result = storedText(rf, out.result.bits);
    row.bits = qs(hexBits(rf, out.result.bits));
    row.flags = qs(flagLetters(out.result.flags));
    row.noteTip = flagsExplanation(out.result.flags);

    const Flags fl = out.result.flags;
    const FloatClass cls = classify(rf, out.result.bits);
    const bool twoOperands = in.kind == Operation::Add || in.kind == Operation::Sub;
    const bool nanOperand = std::any_of(out.operands.begin(), out.operands.end(),
                                        [&](const OperandValue& op) { return isNan(classify(source, op.bits)); });
    const auto finiteNonzero = [&](std::uint64_t b) {
        const FloatClass c = classify(source, b);
        return c == FloatClass::Normal || c == FloatClass::Subnormal;
    };
    if (fl & kOverflow) {
        row.note = cls == FloatClass::Infinity ? tr("overflow → infinity")
                   : isNan(cls)                ? tr("overflow → NaN")
                                               : tr("overflow → saturated");
        row.warning = true;
    } else if (fl & kInvalid) {
        row.note = tr("invalid → NaN");
        row.warning = true;
    } else if (nanOperand) {
        // Not swamping: the NaN operand comes out whatever the other operands are.
        row.note = tr("a NaN operand → NaN");
        row.noteTip = tr(
            "An operation with a NaN operand returns a quiet NaN, the first NaN operand's sign and payload "
            "where the format has them (IEEE 754 NaN propagation): nothing about the other operands "
            "survives.");
        row.warning = true;
    } else if (fl & kUnderflow) {
        row.note = cls == FloatClass::Zero ? tr("underflow → zero") : tr("underflow → subnormal");
        row.warning = true;
    } else if (twoOperands && finiteNonzero(out.operands[1].bits) && out.result.bits == out.operands[0].bits) {
        row.note = tr("b vanished: the result equals a");
        row.noteTip = tr("b is smaller than half an ulp of a, so adding it changes nothing (swamping).");
        row.warning = row.vanished = true;
    } else if (twoOperands && finiteNonzero(out.operands[0].bits) &&
               out.result.bits ==
                   (in.kind == Operation::Sub ? (out.operands[1].bits ^ source.signMask()) : out.operands[1].bits)) {
        row.note =
            tr("a vanished: the result equals %1b").arg(in.kind == Operation::Sub ? QStringLiteral("−") : QString());
        row.warning = row.vanished = true;
    } else if (fl & kInexact) {
        row.note = tr("rounded");
    } else {
        row.note = isFinite(cls) ? tr("exact") : classText(cls);
    }
    if (!overflowed.isEmpty()) row.note += tr("; %1 overflowed on entry").arg(overflowed.join(QStringLiteral(", ")));
    if (!flushed.isEmpty()) row.note += tr("; %1 became 0 on entry").arg(flushed.join(QStringLiteral(", ")));
    if (!rounded.isEmpty()) row.note += tr("; %1 rounded on entry").arg(rounded.join(QStringLiteral(", ")));
}

int OperationTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int OperationTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant OperationTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const Row& row = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return row.name;
        case OperandsColumn: return row.operands;
        case ResultColumn: return row.result;
        case BitsColumn: return row.bits;
        case FlagsColumn: return row.flags;
        case NoteColumn: return row.note;
        default: return {};
        }
    case Qt::ToolTipRole:
        // A cell too long for its column is elided: its tooltip has the whole text.
        switch (index.column()) {
        case NameColumn: return formatSummary(row.format);
        case FlagsColumn: return row.noteTip;
        case NoteColumn: return row.noteTip.isEmpty() ? row.note : row.note + QStringLiteral("\n\n") + row.noteTip;
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::DecorationRole:
        if (index.column() == NoteColumn && row.warning)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == NoteColumn && row.warning) return warningColor(QApplication::palette());
        return {};
    case Qt::FontRole:
        if (index.column() == BitsColumn || index.column() == FlagsColumn) return monospaceFont();
        return {};
    case KeyRole: return row.key;
    case WarningRole: return row.warning;
    case VanishedRole: return row.vanished;
    default: return {};
    }
}

QVariant OperationTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Format");
        case OperandsColumn: return tr("Operands as stored");
        case ResultColumn: return tr("Result");
        case BitsColumn: return tr("Bits");
        case FlagsColumn: return tr("Flags");
        case NoteColumn: return tr("What happened");
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case OperandsColumn: return tr("The typed operands after rounding into this format.");
        case FlagsColumn: return tr("v invalid, z divide-by-zero, o overflow, u underflow, x inexact.");
        case NoteColumn: return tr("Overflow, underflow, an operand that vanished, or rounding.");
        default: return {};
        }
    }
    return {};
}

} // namespace fplab::gui
