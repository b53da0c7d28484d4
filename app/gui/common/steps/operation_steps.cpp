// Turning an OperationTrace into steps a learner can follow: the shared steps (steps/step_builder.h)
// around each operation's own (steps/operation_kind_steps.h).
#include "app/gui/common/steps/operation_steps.h"

#include "app/gui/common/steps/operation_kind_steps.h"

namespace fplab::gui {

std::vector<Step> buildSteps(const OperationInput& in, const OperationOutcome& out) {
    if (!out.ok()) return {};
    StepBuilder b(in, out);
    b.operands();
    b.unpack();
    if (out.trace.special != SpecialCase::None) {
        b.special(); // decides the result without arithmetic
    } else {
        switch (in.kind) {
        case Operation::Add:
        case Operation::Sub: addSteps(b); break;
        case Operation::Mul: mulSteps(b); break;
        case Operation::Div: divSteps(b); break;
        case Operation::Sqrt: sqrtSteps(b); break;
        case Operation::Fma: fmaSteps(b); break;
        case Operation::Convert: convertSteps(b); break;
        }
    }
    b.result();
    return b.take();
}

} // namespace fplab::gui
