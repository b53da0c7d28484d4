// Keeping the sections in order.
#include "app/gui/shell/section_registry.h"

#include <algorithm>

namespace fplab::gui {

void SectionRegistry::add(const QString& id, int order, Factory create) {
    m_entries.erase(std::remove_if(m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.id == id; }),
                    m_entries.end());
    m_entries.push_back({id, order, std::move(create)});
}

std::vector<SectionRegistry::Entry> SectionRegistry::entries() const {
    std::vector<Entry> sorted = m_entries;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Entry& a, const Entry& b) { return a.order < b.order; });
    return sorted;
}

SectionRegistry SectionRegistry::builtin() {
    SectionRegistry registry;
    registerBuiltinSections(registry);
    return registry;
}

} // namespace fplab::gui
