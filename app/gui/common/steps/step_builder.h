// The steps every operation shares (operands, unpack, special case, exact result, normalise, round,
// result) and the cells they draw; each operation adds its own middle steps (see operation_kind_steps.h).
#pragma once

#include "app/gui/common/steps/operation_steps.h"

#include <cstdint>

namespace fplab::gui {

QString operandName(int i);
// sign | exponent | mantissa cells of an encoding.
QList<BitCell> fieldCells(const Format& f, std::uint64_t bits);
// The significand as 1.xxxx (or 0.xxxx): `count` bits of `sig`, leading bit first, a gap for the point.
QList<BitCell> significandCells(std::uint64_t sig, int count);
// Guard, round and sticky, each with its tooltip.
QList<BitCell> grsCells(bool g, bool r, bool s);
QString bold(const QString& s);
QString signedPower(int e);

// How the leading 1 of the exact result may have moved.
enum class NormaliseKind {
    InPlace, // convert, sqrt: it is already in place
    Product, // mul, div: the result may be below 1
    Sum,     // add, sub, fma: leading bits may cancel
};

// What an operation tells the shared steps after its own.
struct ExactResultStep {
    int expectedExponent = 0; // the exponent before normalisation
    QString combineTitle;     // "Add the significands"
    QString combineNote;      // an extra line under the exact result, or empty
    NormaliseKind normalise = NormaliseKind::Sum;
};

class StepBuilder {
public:
    StepBuilder(const OperationInput& input, const OperationOutcome& outcome);

    const OperationInput& in;
    const OperationOutcome& out;
    const Format& f;
    const Format& rf;
    const OperationTrace& tr;
    const int p;         // the operands' precision
    const QString fname; // the operands' format, for people

    void add(Step step) { m_steps.push_back(std::move(step)); }
    void operands();
    void unpack();
    void special();
    // The exact result (or exact zero), normalisation and rounding.
    void exactResult(const ExactResultStep& exact);
    void result();
    std::vector<Step> take() { return std::move(m_steps); }

private:
    QString roundingDecisionText(std::uint64_t kept) const;
    QString resultFlagsText() const;

    std::vector<Step> m_steps;
};

} // namespace fplab::gui
