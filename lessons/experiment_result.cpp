// Builders and look-up for experiment results.
#include "lessons/experiment_result.h"

namespace fplab::lessons {

const Quantity* ExperimentResult::find(std::string_view key) const {
    for (const Quantity& q : quantities)
        if (q.key == key) return &q;
    return nullptr;
}

Quantity floatQuantity(std::string key, LocalText label, const Format& f, std::uint64_t bits,
                       std::optional<Flags> flags) {
    Quantity q;
    q.key = std::move(key);
    q.label = std::move(label);
    q.kind = QuantityKind::Float;
    q.format = f;
    q.bits = bits & f.bitMask();
    q.flags = flags;
    return q;
}

Quantity intQuantity(std::string key, LocalText label, const IntFormat& f, std::uint64_t bits,
                     std::optional<Flags> flags) {
    Quantity q;
    q.key = std::move(key);
    q.label = std::move(label);
    q.kind = QuantityKind::Integer;
    q.intFormat = f;
    q.bits = bits & f.mask();
    q.flags = flags;
    return q;
}

Quantity countQuantity(std::string key, LocalText label, std::int64_t count) {
    Quantity q;
    q.key = std::move(key);
    q.label = std::move(label);
    q.kind = QuantityKind::Count;
    q.count = count;
    return q;
}

Quantity realQuantity(std::string key, LocalText label, double value, RealStyle style) {
    Quantity q;
    q.key = std::move(key);
    q.label = std::move(label);
    q.kind = QuantityKind::Real;
    q.real = value;
    q.realStyle = style;
    return q;
}

Quantity textQuantity(std::string key, LocalText label, LocalText text) {
    Quantity q;
    q.key = std::move(key);
    q.label = std::move(label);
    q.kind = QuantityKind::Text;
    q.text = std::move(text);
    return q;
}

} // namespace fplab::lessons
