// The list of sections the main window shows, in sidebar order.
#pragma once

#include "app/gui/shell/section.h"

#include <functional>
#include <vector>

namespace fplab::gui {

class SectionRegistry final {
public:
    using Factory = std::function<Section*(SectionContext context, QWidget* parent)>;

    struct Entry {
        QString id; // must equal Section::id() of what the factory builds
        int order;  // sidebar position: Explorer 10, Arithmetic 20, Lessons 30, GPU Lab 40, Training 50
        Factory create;
    };

    // Adds a section; a second entry with the same id replaces the first.
    void add(const QString& id, int order, Factory create);
    // The entries sorted by order.
    std::vector<Entry> entries() const;

    // The registry with every section built into this binary (see section_list.cpp).
    static SectionRegistry builtin();

private:
    std::vector<Entry> m_entries;
};

// Defined in section_list.cpp: the one place that names every section.
void registerBuiltinSections(SectionRegistry& registry);

} // namespace fplab::gui
