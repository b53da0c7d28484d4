// The steps of one operation, built from the core's OperationTrace: operands, unpacking,
// alignment (with guard, round and sticky bits), the exact result, normalisation, the
// rounding decision and the final bits with the flags. Plain data: StepView draws it.
#pragma once

#include "app/gui/common/steps/operation.h"
#include "app/gui/common/bit_cell.h"

#include <QList>
#include <QString>

#include <vector>

namespace fplab::gui {

struct StepRow {
    QString label; // "a", "b shifted", "kept | G R S"
    QList<BitCell> cells;
    QString note; // "× 2^-14", "= 1.0001"
};

enum class StepKind { Operands, Unpack, Exponents, Align, Combine, Normalise, Special, Round, Result };

struct Step {
    StepKind kind = StepKind::Operands;
    QString title;
    QString text; // rich text
    QList<StepRow> rows;
};

std::vector<Step> buildSteps(const OperationInput& input, const OperationOutcome& outcome);

} // namespace fplab::gui
