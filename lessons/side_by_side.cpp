#include "lessons/side_by_side.h"

#include "core/text/print.h"
#include "lessons/value_text.h"

#include <algorithm>
#include <bit>

namespace fplab::lessons {

namespace {

bool sameEncodingKind(const Quantity& a, const Quantity& b) {
    if (a.kind != b.kind) return false;
    if (a.kind == QuantityKind::Float) return a.format.name() == b.format.name();
    if (a.kind == QuantityKind::Integer) return a.intFormat.name == b.intFormat.name;
    return false;
}

} // namespace

std::size_t SideBySide::count(Match match) const {
    return std::size_t(
        std::count_if(rows.begin(), rows.end(), [match](const QuantityPair& p) { return p.match == match; }));
}

bool sameQuantity(const Quantity& a, const Quantity& b) {
    if (a.kind != b.kind) return false;
    switch (a.kind) {
    case QuantityKind::Float:
    case QuantityKind::Integer: return sameEncodingKind(a, b) && a.bits == b.bits;
    case QuantityKind::Count: return a.count == b.count;
    case QuantityKind::Real: return std::bit_cast<std::uint64_t>(a.real) == std::bit_cast<std::uint64_t>(b.real);
    case QuantityKind::Text: return a.text.en == b.text.en;
    }
    return false;
}

SideBySide compareResults(const ExperimentResult& cpu, const ExperimentResult& gpu) {
    SideBySide out;
    for (const Quantity& c : cpu.quantities) {
        QuantityPair p;
        p.key = c.key;
        p.label = c.label;
        p.cpu = c;
        if (const Quantity* g = gpu.find(c.key)) {
            p.gpu = *g;
            p.match = sameQuantity(c, *g) ? Match::Same : Match::Differs;
            if (p.match == Match::Differs && sameEncodingKind(c, *g)) p.differingBits = c.bits ^ g->bits;
        } else {
            p.match = Match::CpuOnly;
        }
        out.rows.push_back(std::move(p));
    }
    for (const Quantity& g : gpu.quantities) {
        if (cpu.find(g.key)) continue;
        QuantityPair p;
        p.key = g.key;
        p.label = g.label;
        p.gpu = g;
        p.match = Match::GpuOnly;
        out.rows.push_back(std::move(p));
    }
    out.gpuTables = gpu.tables;
    out.gpuNotes = gpu.notes;
    return out;
}

std::string quantityBits(const Quantity& q) {
    if (q.kind == QuantityKind::Float) return bitString(q.format, q.bits);
    if (q.kind == QuantityKind::Integer) return intBinary(q.intFormat, q.bits);
    return {};
}

std::string differenceMarks(const QuantityPair& pair) {
    if (!pair.cpu || !pair.gpu || !sameEncodingKind(*pair.cpu, *pair.gpu)) return {};
    const std::string bits = quantityBits(*pair.gpu);
    std::string marks(bits.size(), ' ');
    // Bits are written most significant first; separators ('_') hold no bit.
    int bit = 0;
    for (std::size_t i = bits.size(); i-- > 0;) {
        if (bits[i] != '0' && bits[i] != '1') continue;
        if ((pair.differingBits >> bit) & 1) marks[i] = '^';
        ++bit;
    }
    while (!marks.empty() && marks.back() == ' ') marks.pop_back();
    return marks;
}

} // namespace fplab::lessons
