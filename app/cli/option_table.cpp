// Option-table parsing and help: one loop and one help layout for every command.
#include "app/cli/option_table.h"

#include "app/cli/cli_options.h"

#include <algorithm>
#include <ostream>

namespace fplab::cli {
namespace {

constexpr std::size_t kWidth = 100;      // the help wraps its synopsis here
constexpr std::size_t kMaxColumn = 26;   // where descriptions start at the most
constexpr std::size_t kSynopsisAll = 14; // more options than this: the synopsis names only required ones

std::string seeHelp(const OptionTable& t) { return " (see 'fplab-cli " + t.command + " --help')"; }

std::string optionWords(const Option& o) { return o.placeholder.empty() ? o.name : o.name + " " + o.placeholder; }

const Option* findOption(const OptionTable& t, std::string_view name) {
    for (const Option& o : t.options)
        if (o.name == name) return &o;
    return nullptr;
}

// "a", "a and b", "a, b and c".
std::string listed(const std::vector<std::string>& words) {
    std::string s;
    for (std::size_t i = 0; i < words.size(); ++i)
        s += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
    return s;
}

} // namespace

OptionSetter setFlag(bool& target) {
    return [&target](std::string_view, std::string&) {
        target = true;
        return true;
    };
}

OptionSetter setText(std::string& target) {
    return [&target](std::string_view value, std::string&) {
        target = std::string(value);
        return true;
    };
}

OptionSetter setRounding(RoundingMode& target) {
    return [&target](std::string_view value, std::string& error) {
        const std::optional<RoundingMode> r = lookupRounding(value, error);
        if (r) target = *r;
        return r.has_value();
    };
}

OptionSetter setTininess(Tininess& target) {
    return [&target](std::string_view value, std::string& error) {
        const std::optional<Tininess> t = lookupTininess(value, error);
        if (t) target = *t;
        return t.has_value();
    };
}

OptionSetter setFormat(Format& target) {
    return [&target](std::string_view value, std::string& error) {
        const std::optional<Format> f = lookupFormat(value, error);
        if (f) target = *f;
        return f.has_value();
    };
}

Option tininessOption(Tininess& target) {
    return {"--tininess", "T", "when underflow is signalled: after (default) or before rounding", setTininess(target)};
}

Option saturateOption(bool& target) {
    return {"--saturate", "", "overflow in formats without infinity gives the largest finite value, not NaN",
            setFlag(target)};
}

std::optional<int> parseOptions(const OptionTable& t, std::span<const std::string_view> args, CommandIo io) {
    const auto usageError = [&](const std::string& message) {
        io.err << "fplab-cli " << t.command << ": " << message << "\n";
        return kExitUsage;
    };
    std::vector<const Option*> seen;
    ArgScanner scan(args);
    std::string error;
    while (!scan.done()) {
        std::string_view name;
        std::optional<std::string_view> inlineValue;
        if (!scan.nextOption(name, inlineValue)) {
            if (scan.done()) break; // a final "--"
            const std::string_view word = scan.nextPositional();
            if (!t.positional)
                return usageError("unexpected argument " + quoted(word) +
                                  (t.positionalHint.empty() ? seeHelp(t) : " " + t.positionalHint));
            if (!t.positional(word, error)) return usageError(error);
            continue;
        }
        if (name == "--help" || name == "-h") {
            io.out << helpText(t);
            return kExitOk;
        }
        const Option* o = findOption(t, name);
        if (!o) return usageError("unknown option " + quoted(name) + seeHelp(t));
        std::string_view value;
        if (o->placeholder.empty()) {
            if (inlineValue) return usageError(o->name + " takes no value");
        } else {
            const std::optional<std::string_view> v = scan.optionValue(inlineValue);
            if (!v) return usageError(o->name + " needs a value (" + optionWords(*o) + ")");
            value = *v;
        }
        if (!o->set(value, error)) return usageError(error);
        seen.push_back(o);
    }
    std::vector<std::string> missing, required;
    for (const Option& o : t.options) {
        if (!o.required) continue;
        required.push_back(o.name);
        if (std::find(seen.begin(), seen.end(), &o) == seen.end()) missing.push_back(o.name);
    }
    if (!missing.empty())
        return usageError(listed(required) + (required.size() == 1 ? " is" : " are") + " required" + seeHelp(t));
    return std::nullopt;
}

std::vector<std::string> wrapped(const std::string& text, std::size_t width) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        std::string_view rest(text.data() + start, end - start);
        while (rest.size() > width) {
            std::size_t cut = rest.rfind(' ', width);
            if (cut == std::string_view::npos || cut == 0) cut = rest.find(' ');
            if (cut == std::string_view::npos) break;
            lines.emplace_back(rest.substr(0, cut));
            rest.remove_prefix(cut + 1);
        }
        lines.emplace_back(rest);
        start = end + 1;
    }
    return lines;
}

std::string synopsis(const OptionTable& t, std::string_view prefix) {
    std::vector<std::string> words;
    if (!t.operands.empty()) words.push_back(t.operands);
    const bool all = t.options.size() <= kSynopsisAll;
    bool someLeftOut = false;
    for (const Option& o : t.options) {
        if (o.required) words.push_back(optionWords(o));
        else if (all) words.push_back("[" + optionWords(o) + "]");
        else someLeftOut = true;
    }
    if (someLeftOut) words.push_back("[options]");
    if (!t.trailing.empty()) words.push_back(t.trailing);
    const std::string head = std::string(prefix) + "fplab-cli " + t.command;
    std::string out = head, line = head;
    for (const std::string& w : words) {
        if (line.size() + 1 + w.size() > kWidth && line.size() > head.size()) {
            out += "\n";
            line = std::string(head.size(), ' ');
            out += line;
        }
        out += " " + w;
        line += " " + w;
    }
    return out + "\n";
}

std::string helpText(const OptionTable& t) {
    std::string out = synopsis(t);
    if (!t.description.empty()) out += "\n" + t.description;
    if (!t.options.empty()) {
        const std::string help = "--help, -h";
        std::size_t column = 2 + help.size() + 2;
        for (const Option& o : t.options) column = std::max(column, 2 + optionWords(o).size() + 2);
        column = std::min(column, kMaxColumn);
        out += "\noptions:\n";
        const auto item = [&](const std::string& words, const std::string& text) {
            std::string line = "  " + words;
            if (line.size() + 1 > column) {
                out += line + "\n";
                line.clear();
            }
            for (const std::string& part : wrapped(text, kWidth - column)) {
                line.resize(column, ' ');
                out += line + part + "\n";
                line.clear();
            }
        };
        for (const Option& o : t.options) item(optionWords(o), o.help);
        item(help, "this text");
    }
    if (!t.notes.empty()) out += "\n" + t.notes;
    return out;
}

} // namespace fplab::cli
