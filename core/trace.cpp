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
        tr.reason = "no nonzero bits were discarded: the result is exact";
        return;
    }
    const u64 kept = discard >= 64 ? 0 : sig >> discard;
    const Rounded r = roundAt(env, tr.sign, sig, discard);
    const u64 half = u64(1) << (discard - 1);
    const char* position = rem > half ? "more than half an ulp" : rem == half ? "exactly half an ulp (a tie)"
                                                                             : "less than half an ulp";
    std::string why = std::string("the discarded bits are ") + position + "; ";
    switch (env.rounding) {
    case RoundingMode::NearestEven:
        why += rem == half ? ((kept & 1) ? "ties go to even and the last kept bit is 1: round up"
                                         : "ties go to even and the last kept bit is 0: round down")
                           : (rem > half ? "round to nearest: up" : "round to nearest: down");
        break;
    case RoundingMode::NearestAway: why += rem >= half ? "round to nearest, ties away: up" : "round to nearest: down"; break;
    case RoundingMode::TowardZero: why += "toward zero: drop them"; break;
    case RoundingMode::TowardPositive: why += tr.sign ? "toward +inf on a negative value: drop them" : "toward +inf: up"; break;
    case RoundingMode::TowardNegative: why += tr.sign ? "toward -inf on a negative value: up" : "toward -inf: drop them"; break;
    case RoundingMode::ToOdd: why += "to odd: drop them and set the last kept bit"; break;
    case RoundingMode::Stochastic:
        why += r.up ? "stochastic: the random draw fell below the discarded fraction: up"
                    : "stochastic: the random draw fell above the discarded fraction: down";
        break;
    }
    tr.reason = why;
    tr.decision = env.rounding == RoundingMode::ToOdd ? RoundingDecision::JammedToOdd
                  : r.up                              ? RoundingDecision::Incremented
                                                      : RoundingDecision::Truncated;
}

} // namespace fplab::detail
