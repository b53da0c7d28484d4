#include "core/trace.h"

#include "core/detail/round_pack.h"

#include <cmath>

namespace fplab {

double StochasticTrace::probabilityUp() const { return std::ldexp(double(discarded), -discardedBits); }
double StochasticTrace::drawFraction() const { return std::ldexp(double(draw), -discardedBits); }

} // namespace fplab

namespace fplab::detail {

void noteStochastic(RoundingTrace& tr, const Env& env, int discard, u64 sig) {
    if (env.rounding != RoundingMode::Stochastic) return;
    const u64 mask = discard >= 64 ? ~u64(0) : (u64(1) << discard) - 1;
    if (!tr.stochastic) tr.stochastic.emplace();
    StochasticTrace& st = *tr.stochastic;
    st.discardedBits = discard;
    st.discarded = sig & mask;
    st.draw = env.randomBits & mask;
}

void describeRounding(RoundingTrace& tr, const Env& env, int discard, u64 sig) {
    const u64 rem = discard >= 64 ? sig : sig & ((u64(1) << discard) - 1);
    tr.guard = discard >= 1 && ((sig >> (discard - 1)) & 1);
    tr.round = discard >= 2 && ((sig >> (discard - 2)) & 1);
    tr.sticky = discard >= 3 && (sig & ((u64(1) << (discard - 2)) - 1)) != 0;
    noteStochastic(tr, env, discard, sig);
    if (rem == 0) {
        tr.decision = RoundingDecision::Exact;
        return;
    }
    const bool up = roundAt(env, tr.sign, sig, discard).up;
    tr.decision = env.rounding == RoundingMode::ToOdd ? RoundingDecision::JammedToOdd
                  : up                                ? RoundingDecision::Incremented
                                                      : RoundingDecision::Truncated;
}

} // namespace fplab::detail
