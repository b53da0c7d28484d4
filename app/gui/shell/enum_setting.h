// A setting typed by an enum: stored under the enum's stable name (the one its parser reads, e.g.
// core's modeName / parseModeName), read back through that parser. An unknown stored name falls back to
// the default and is reported like any corrupt value (SettingsStore::problems()), never hidden.
#pragma once

#include "app/gui/shell/settings.h"

#include <optional>
#include <string_view>

namespace fplab::gui {

template <class E>
class EnumSetting final : public SettingValueBase {
public:
    using Parse = std::optional<E> (*)(std::string_view);
    using Name = std::string_view (*)(E);

    EnumSetting(SettingsStore& store, const QString& key, E defaultValue, Parse parse, Name name)
        : SettingValueBase(store, key), m_default(defaultValue), m_value(defaultValue), m_name(name) {
        const QVariant raw = readRaw();
        if (!raw.isValid()) return;
        const QByteArray text = raw.toString().toUtf8();
        if (const std::optional<E> parsed = parse(std::string_view(text.constData(), std::size_t(text.size()))))
            m_value = *parsed;
        else reportCorrupt(raw.toString().left(40));
    }

    E get() const { return m_value; }
    E defaultValue() const { return m_default; }

    void set(E value) {
        if (value == m_value) return;
        m_value = value;
        const std::string_view n = m_name(value);
        writeRaw(QString::fromUtf8(n.data(), qsizetype(n.size())));
        emit changed();
    }
    void reset() { set(m_default); }

private:
    E m_default;
    E m_value;
    Name m_name;
};

} // namespace fplab::gui
