#include "core/tensor_core/fingerprint/answers_file.h"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <system_error>
#include <vector>

namespace fplab::tc::fingerprint {

namespace {

std::string hex(std::uint64_t v) {
    char buf[20];
    std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(v));
    return buf;
}

std::vector<std::string_view> splitWords(std::string_view line, char sep = ' ') {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == sep || line[i] == '\t' || line[i] == '\r')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != sep && line[i] != '\t' && line[i] != '\r') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

bool parseHex(std::string_view s, std::uint64_t& v) {
    if (s.starts_with("0x") || s.starts_with("0X")) s.remove_prefix(2);
    if (s.empty() || s.size() > 16) return false;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
    return ec == std::errc() && ptr == s.data() + s.size();
}

bool parseHexList(std::string_view s, std::vector<std::uint64_t>& out) {
    out.clear();
    for (std::string_view w : splitWords(s, ',')) {
        std::uint64_t v = 0;
        if (!parseHex(w, v)) return false;
        out.push_back(v);
    }
    return true;
}

std::string lineError(std::size_t line, const std::string& what) {
    return "line " + std::to_string(line) + ": " + what;
}

std::string joinHex(const std::vector<std::uint64_t>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i) s += ',';
        s += hex(v[i]);
    }
    return s;
}

std::string probeWord(const std::string& probe) {
    std::string s = probe.empty() ? "-" : probe;
    for (char& ch : s)
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') ch = '_';
    return s;
}

std::optional<Api> parseApi(std::string_view s) {
    for (Api a : {Api::MmaSync, Api::Wmma, Api::Wgmma})
        if (apiName(a) == s) return a;
    return std::nullopt;
}

template <class Fn>
void forEachLine(std::string_view text, Fn fn) {
    std::size_t line = 0, pos = 0;
    while (pos <= text.size()) {
        const std::size_t nl = text.find('\n', pos);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        ++line;
        if (!fn(line, text.substr(pos, end - pos))) return;
        if (nl == std::string_view::npos) break;
        pos = nl + 1;
    }
}

// The set read, or the first error: the reader's, else what checkAnswers finds in the set.
AnswersOrError answersOrError(AnswerSet s, std::string error) {
    if (error.empty()) error = checkAnswers(s);
    AnswersOrError r;
    if (error.empty()) r.answers = std::move(s);
    else r.error = std::move(error);
    return r;
}

} // namespace

bool isAnswersFile(std::string_view text) { return text.starts_with(kAnswersFileMagic); }

std::string formatAnswers(const AnswerSet& s) {
    std::ostringstream out;
    out << kAnswersFileMagic << ' ' << kAnswersFileVersion << '\n';
    out << "device " << s.device << '\n';
    out << "compute-capability " << s.computeCapability << '\n';
    out << "driver " << s.driver << '\n';
    out << "date " << s.date << '\n';
    out << "instruction " << apiName(s.api) << '\n';
    out << "shape " << s.shape << '\n';
    out << "input " << inputName(s.input) << '\n';
    out << "accum " << accumName(s.accum) << '\n';
    out << "k " << s.k << '\n';
    for (const Cell& c : s.cells)
        out << "cell " << probeWord(c.probe) << ' ' << joinHex(c.a) << ' ' << joinHex(c.b) << ' ' << hex(c.c) << ' '
            << hex(c.d) << '\n';
    return out.str();
}

AnswersOrError parseAnswers(std::string_view text) {
    AnswerSet s;
    std::string error;
    bool sawMagic = false, sawInput = false, sawAccum = false, sawK = false;
    forEachLine(text, [&](std::size_t line, std::string_view l) {
        if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
        if (l.empty() || l.front() == '#') return true;
        const std::size_t sp = l.find(' ');
        const std::string_view key = l.substr(0, sp);
        const std::string_view value = sp == std::string_view::npos ? std::string_view{} : l.substr(sp + 1);
        if (!sawMagic) {
            if (key != kAnswersFileMagic) {
                error = lineError(line,
                                  "not a fingerprint file (expected \"" + std::string(kAnswersFileMagic) + " 1\")");
                return false;
            }
            if (value != std::to_string(kAnswersFileVersion)) {
                error = lineError(line, "fingerprint file version " + std::string(value) +
                                            " is not supported (this FP Lab reads version " +
                                            std::to_string(kAnswersFileVersion) + ")");
                return false;
            }
            sawMagic = true;
            return true;
        }
        // A named value (instruction, input or accumulator type): stored, or an error that names it.
        const auto setKnown = [&](const auto& parsed, auto& field, std::string_view what, std::string_view known = {}) {
            if (!parsed) {
                error = lineError(line, "unknown " + std::string(what) + " \"" + std::string(value) + "\"" +
                                            std::string(known));
                return false;
            }
            field = *parsed;
            return true;
        };
        if (key == "device") s.device = value;
        else if (key == "driver") s.driver = value;
        else if (key == "date") s.date = value;
        else if (key == "shape") s.shape = value;
        else if (key == "compute-capability" || key == "k") {
            int v = 0;
            const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
            if (ec != std::errc() || ptr != value.data() + value.size() || v < 0) {
                error = lineError(line, std::string(key) + " must be a non-negative integer (got \"" +
                                            std::string(value) + "\")");
                return false;
            }
            (key == "k" ? s.k : s.computeCapability) = v;
            sawK |= key == "k";
        } else if (key == "instruction") {
            if (!setKnown(parseApi(value), s.api, "instruction", " (mma.sync, wmma, wgmma)")) return false;
        } else if (key == "input") {
            if (!setKnown(parseInputType(value), s.input, "input type")) return false;
            sawInput = true;
        } else if (key == "accum") {
            if (!setKnown(parseAccumType(value), s.accum, "accumulator type")) return false;
            sawAccum = true;
        } else if (key == "cell") {
            const auto w = splitWords(value);
            Cell c;
            if (w.size() != 5 || !parseHexList(w[1], c.a) || !parseHexList(w[2], c.b) || !parseHex(w[3], c.c) ||
                !parseHex(w[4], c.d)) {
                error = lineError(line,
                                  "a cell is \"cell PROBE A B C D\" with A and B comma-separated hex and C, D hex");
                return false;
            }
            c.probe = w[0];
            s.cells.push_back(std::move(c));
        } else {
            error = lineError(line, "unknown key \"" + std::string(key) + "\"");
            return false;
        }
        return true;
    });
    if (error.empty() && !sawMagic) error = "the file is empty";
    if (error.empty() && !(sawInput && sawAccum && sawK)) error = "the file lacks its input, accum or k line";
    if (error.empty() && s.cells.empty()) error = "the file holds no cells";
    return answersOrError(std::move(s), std::move(error));
}

AnswersOrError parseBareCells(std::string_view text, const AnswerSet& meta, std::string_view sourceName) {
    AnswerSet s = meta;
    s.cells.clear();
    std::string error;
    const std::size_t k = std::size_t(meta.k);
    forEachLine(text, [&](std::size_t line, std::string_view l) {
        const auto w = splitWords(l);
        if (w.empty() || w.front().front() == '#') return true;
        if (w.size() != 2 * k + 2) {
            error = lineError(line, "expected " + std::to_string(2 * k + 2) + " hex numbers (a_0..a_" +
                                        std::to_string(k - 1) + ", b_0..b_" + std::to_string(k - 1) + ", c, d), got " +
                                        std::to_string(w.size()));
            return false;
        }
        Cell c;
        c.a.resize(k);
        c.b.resize(k);
        bool ok = true;
        for (std::size_t i = 0; i < k; ++i) ok = ok && parseHex(w[i], c.a[i]) && parseHex(w[k + i], c.b[i]);
        ok = ok && parseHex(w[2 * k], c.c) && parseHex(w[2 * k + 1], c.d);
        if (!ok) {
            error = lineError(line, "every field must be a hex number");
            return false;
        }
        c.probe = std::string(sourceName) + ":" + std::to_string(line);
        s.cells.push_back(std::move(c));
        return true;
    });
    if (error.empty() && s.cells.empty()) error = "no cells in " + std::string(sourceName);
    return answersOrError(std::move(s), std::move(error));
}

std::optional<std::string> readWholeFile(const std::string& path, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot open " + path;
        return std::nullopt;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) {
        error = "cannot read " + path;
        return std::nullopt;
    }
    return ss.str();
}

} // namespace fplab::tc::fingerprint
