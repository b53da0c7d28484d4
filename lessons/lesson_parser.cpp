// The lesson file parser: a line-by-line reader of front matter, "## " step headings,
// and ```experiment / ```checkpoint fenced blocks; everything else is narration.
#include "lessons/lesson_parser.h"

#include "lessons/experiment_registry.h"

#include <cctype>
#include <charconv>
#include <map>

namespace fplab::lessons {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// A front matter value in matching quotes (as YAML writes a title holding ': ') without them.
std::string unquoted(std::string_view v) {
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
        v = v.substr(1, v.size() - 2);
    return std::string(v);
}

bool isBlank(std::string_view s) { return trim(s).empty(); }

std::vector<std::string_view> splitLines(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3); // UTF-8 byte-order mark
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(line);
        if (nl == std::string_view::npos) break;
        text.remove_prefix(nl + 1);
    }
    return lines;
}

bool isIdentifier(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
    return true;
}

// An opening or closing fence: up to three spaces, then three or more ` or ~.
struct Fence {
    char marker = 0;
    std::size_t length = 0;
    std::string_view info;
};

std::optional<Fence> fenceOf(std::string_view line) {
    std::size_t indent = 0;
    while (indent < line.size() && indent < 4 && line[indent] == ' ') ++indent;
    if (indent > 3) return std::nullopt;
    line.remove_prefix(indent);
    if (line.empty() || (line[0] != '`' && line[0] != '~')) return std::nullopt;
    Fence f;
    f.marker = line[0];
    while (f.length < line.size() && line[f.length] == f.marker) ++f.length;
    if (f.length < 3) return std::nullopt;
    f.info = trim(line.substr(f.length));
    return f;
}

bool closesFence(std::string_view line, const Fence& open) {
    const std::optional<Fence> f = fenceOf(line);
    return f && f->marker == open.marker && f->length >= open.length && f->info.empty();
}

// "key: value" or "key = value"; the key is a word.
bool splitKeyValue(std::string_view line, std::string& key, std::string& value) {
    const std::size_t colon = line.find(':');
    const std::size_t equals = line.find('=');
    const std::size_t at = std::min(colon, equals);
    if (at == std::string_view::npos) return false;
    const std::string_view k = trim(line.substr(0, at));
    if (!isIdentifier(k)) return false;
    key = std::string(k);
    value = std::string(trim(line.substr(at + 1)));
    return true;
}

class Parser {
public:
    Parser(std::string_view text, const std::string& file, Language language) : m_lines(splitLines(text)) {
        m_lesson.file = file;
        m_lesson.language = language;
    }

    ParsedLesson run() {
        std::size_t i = readFrontMatter();
        readBody(i);
        if (m_lesson.steps.empty() && m_errors.empty())
            error(int(m_lines.size()), "the lesson has no steps (a step starts with a '## ' heading)");
        ParsedLesson out;
        out.errors = std::move(m_errors);
        if (out.errors.empty()) out.lesson = std::move(m_lesson);
        return out;
    }

private:
    void error(int line, std::string message) { m_errors.push_back({m_lesson.file, line, std::move(message)}); }

    std::size_t readFrontMatter() {
        std::size_t i = 0;
        while (i < m_lines.size() && isBlank(m_lines[i])) ++i;
        if (i == m_lines.size() || trim(m_lines[i]) != "---") {
            error(int(i + 1), "a lesson file starts with front matter: a '---' line, then id:, order:, title:, "
                              "summary:, then '---'");
            return i;
        }
        const int openLine = int(i + 1);
        ++i;
        bool closed = false;
        std::map<std::string, int> seen;
        for (; i < m_lines.size(); ++i) {
            const std::string_view line = m_lines[i];
            const int lineNo = int(i + 1);
            if (trim(line) == "---") {
                closed = true;
                ++i;
                break;
            }
            if (isBlank(line) || trim(line).front() == '#') continue;
            std::string key, value;
            const std::size_t colon = line.find(':');
            if (colon == std::string_view::npos || !isIdentifier(trim(line.substr(0, colon)))) {
                error(lineNo, "front matter lines are 'key: value'");
                continue;
            }
            key = std::string(trim(line.substr(0, colon)));
            value = unquoted(trim(line.substr(colon + 1)));
            if (seen.count(key)) {
                error(lineNo, "'" + key + "' is given twice (first on line " + std::to_string(seen[key]) + ")");
                continue;
            }
            seen[key] = lineNo;
            if (key == "id") {
                if (!isIdentifier(value)) error(lineNo, "id must be letters, digits, '-' or '_' (got '" + value + "')");
                m_lesson.id = value;
            } else if (key == "order") {
                int order = 0;
                auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), order);
                if (ec != std::errc{} || p != value.data() + value.size() || order < 0)
                    error(lineNo, "order must be a whole number (got '" + value + "')");
                m_lesson.order = order;
            } else if (key == "title") {
                m_lesson.title = value;
            } else if (key == "summary") {
                m_lesson.summary = value;
            } else {
                error(lineNo, "unknown front matter key '" + key + "' (known: id order title summary)");
            }
        }
        if (!closed) {
            error(openLine, "the front matter is not closed by a '---' line");
            return m_lines.size();
        }
        for (const char* required : {"id", "order", "title"})
            if (!seen.count(required)) error(openLine, std::string("the front matter has no '") + required + ":'");
        return i;
    }

    void flushNarration() {
        if (!m_step || m_narration.empty()) {
            m_narration.clear();
            return;
        }
        // Drop blank lines at both ends; keep the text as written in between.
        std::size_t first = 0, last = m_narration.size();
        while (first < last && isBlank(m_narration[first])) ++first;
        while (last > first && isBlank(m_narration[last - 1])) --last;
        if (first < last) {
            Narration n;
            n.line = m_narrationLine + int(first);
            for (std::size_t k = first; k < last; ++k) {
                n.markdown += m_narration[k];
                if (k + 1 < last) n.markdown += '\n';
            }
            m_step->blocks.emplace_back(std::move(n));
        }
        m_narration.clear();
    }

    void addNarrationLine(std::string_view line, int lineNo) {
        if (!m_step) {
            if (!isBlank(line)) error(lineNo, "text before the first step; a step starts with a '## ' heading");
            return;
        }
        if (m_narration.empty()) m_narrationLine = lineNo;
        m_narration.push_back(line);
    }

    void readBody(std::size_t i) {
        while (i < m_lines.size()) {
            const std::string_view line = m_lines[i];
            const int lineNo = int(i + 1);
            if (const std::optional<Fence> fence = fenceOf(line)) {
                // Find the closing fence first: a block that never closes is reported where it opens.
                std::size_t close = i + 1;
                while (close < m_lines.size() && !closesFence(m_lines[close], *fence)) ++close;
                if (close == m_lines.size()) {
                    error(lineNo, "this ``` block is never closed");
                    return;
                }
                const std::string_view kind = fence->info.substr(0, fence->info.find_first_of(" \t"));
                const std::vector<std::string_view> body(m_lines.begin() + std::ptrdiff_t(i + 1),
                                                         m_lines.begin() + std::ptrdiff_t(close));
                if (kind == "experiment" || kind == "checkpoint") {
                    flushNarration();
                    if (!m_step)
                        error(lineNo, "a " + std::string(kind) + " block before the first step ('## ' heading)");
                    else if (kind == "experiment") readExperiment(fence->info, body, lineNo);
                    else readCheckpoint(body, lineNo);
                } else {
                    for (std::size_t k = i; k <= close; ++k) addNarrationLine(m_lines[k], int(k + 1));
                }
                i = close + 1;
                continue;
            }
            if (line.substr(0, 3) == "## " || trim(line) == "##") {
                flushNarration();
                const std::string_view title = trim(line.substr(2));
                if (title.empty()) error(lineNo, "a step heading needs a title");
                if (m_step && m_step->blocks.empty()) error(m_step->line, "step '" + m_step->title + "' is empty");
                m_lesson.steps.push_back({std::string(title), {}, lineNo});
                m_step = &m_lesson.steps.back();
            } else {
                addNarrationLine(line, lineNo);
            }
            ++i;
        }
        flushNarration();
        if (m_step && m_step->blocks.empty()) error(m_step->line, "step '" + m_step->title + "' is empty");
    }

    void readExperiment(std::string_view info, const std::vector<std::string_view>& body, int lineNo) {
        ExperimentCall call;
        call.line = lineNo;
        std::vector<std::string_view> words;
        for (std::string_view rest = info; !trim(rest).empty();) {
            rest = trim(rest);
            const std::size_t sp = rest.find_first_of(" \t");
            words.push_back(rest.substr(0, sp));
            if (sp == std::string_view::npos) break;
            rest.remove_prefix(sp);
        }
        if (words.size() < 2) {
            error(lineNo, "an experiment block names its experiment: ```experiment NAME [key=value ...]");
            return;
        }
        call.name = std::string(words[1]);
        std::map<std::string, int> seen;
        const auto addParam = [&](const std::string& key, const std::string& value, int at) {
            if (seen.count(key)) {
                error(at, "parameter '" + key + "' is given twice (first on line " + std::to_string(seen[key]) + ")");
                return;
            }
            seen[key] = at;
            if (key == "id") {
                if (!isIdentifier(value)) error(at, "id must be letters, digits, '-' or '_' (got '" + value + "')");
                call.id = value;
            } else {
                call.params.emplace_back(key, value);
            }
        };
        for (std::size_t w = 2; w < words.size(); ++w) {
            const std::size_t eq = words[w].find('=');
            if (eq == std::string_view::npos || eq == 0) {
                error(lineNo, "'" + std::string(words[w]) + "' is not key=value");
                continue;
            }
            addParam(std::string(words[w].substr(0, eq)), std::string(words[w].substr(eq + 1)), lineNo);
        }
        for (std::size_t k = 0; k < body.size(); ++k) {
            const int at = lineNo + 1 + int(k);
            const std::string_view line = trim(body[k]);
            if (line.empty() || line.front() == '#') continue;
            std::string key, value;
            if (!splitKeyValue(line, key, value)) {
                error(at, "experiment parameters are 'name: value' lines");
                continue;
            }
            addParam(key, value, at);
        }
        if (call.id.empty()) call.id = call.name;
        for (const Step& step : m_lesson.steps)
            for (const Block& b : step.blocks)
                if (const auto* other = std::get_if<ExperimentCall>(&b); other && other->id == call.id)
                    error(lineNo, "experiment id '" + call.id + "' is already used on line " +
                                      std::to_string(other->line) + "; give this block its own id=...");
        m_step->blocks.emplace_back(std::move(call));
    }

    void readCheckpoint(const std::vector<std::string_view>& body, int lineNo) {
        Checkpoint cp;
        cp.line = lineNo;
        std::string* last = nullptr; // the field a continuation line extends
        bool haveQuestion = false;
        int answers = 0;
        for (std::size_t k = 0; k < body.size(); ++k) {
            const int at = lineNo + 1 + int(k);
            const std::string_view raw = body[k];
            if (isBlank(raw)) {
                last = nullptr;
                continue;
            }
            if ((raw.substr(0, 2) == "  " || raw.front() == '\t') && last) {
                *last += " ";
                *last += trim(raw);
                continue;
            }
            const std::size_t colon = raw.find(':');
            const std::string key = colon == std::string_view::npos ? std::string()
                                                                    : std::string(trim(raw.substr(0, colon)));
            const std::string value = colon == std::string_view::npos ? std::string()
                                                                      : std::string(trim(raw.substr(colon + 1)));
            if (key == "question") {
                if (haveQuestion) error(at, "a checkpoint has one question");
                haveQuestion = true;
                cp.question = value;
                last = &cp.question;
            } else if (key == "option" || key == "answer") {
                cp.options.push_back({value, {}, key == "answer"});
                answers += key == "answer";
                last = &cp.options.back().text;
            } else if (key == "feedback") {
                if (cp.options.empty()) {
                    error(at, "'feedback:' belongs to the option or answer line above it");
                    continue;
                }
                cp.options.back().feedback = value;
                last = &cp.options.back().feedback;
            } else if (key == "explanation") {
                cp.explanation = value;
                last = &cp.explanation;
            } else {
                error(at, "checkpoint lines are question:, option:, answer:, feedback: or explanation:");
                last = nullptr;
                continue;
            }
            if (value.empty()) error(at, "'" + key + ":' needs text");
        }
        if (!haveQuestion) error(lineNo, "the checkpoint has no 'question:'");
        if (cp.options.size() < 2) error(lineNo, "a checkpoint needs at least two choices (option:/answer: lines)");
        if (answers != 1)
            error(lineNo,
                  "a checkpoint needs exactly one 'answer:' line (the right choice), found " + std::to_string(answers));
        m_step->blocks.emplace_back(std::move(cp));
    }

    std::vector<std::string_view> m_lines;
    Lesson m_lesson;
    std::vector<LessonError> m_errors;
    Step* m_step = nullptr;
    std::vector<std::string_view> m_narration;
    int m_narrationLine = 0;
};

int lineOfOffset(std::string_view text, std::size_t offset, int firstLine) {
    int line = firstLine;
    for (std::size_t k = 0; k < offset && k < text.size(); ++k) line += text[k] == '\n';
    return line;
}

} // namespace

std::vector<Placeholder> findPlaceholders(std::string_view text) {
    std::vector<Placeholder> out;
    std::size_t pos = 0;
    while ((pos = text.find("{{", pos)) != std::string_view::npos) {
        Placeholder p;
        p.begin = pos;
        const std::size_t close = text.find("}}", pos + 2);
        const std::size_t nl = text.find('\n', pos + 2);
        if (close == std::string_view::npos || (nl != std::string_view::npos && nl < close)) {
            p.end = pos + 2;
            p.error = "'{{' without '}}' on the same line";
            out.push_back(p);
            pos += 2;
            continue;
        }
        p.end = close + 2;
        std::string_view inner = trim(text.substr(pos + 2, close - pos - 2));
        if (const std::size_t colon = inner.find(':'); colon != std::string_view::npos) {
            p.view = std::string(trim(inner.substr(colon + 1)));
            inner = trim(inner.substr(0, colon));
        }
        const std::size_t dot = inner.find('.');
        if (dot == std::string_view::npos || !isIdentifier(inner.substr(0, dot)) ||
            !isIdentifier(inner.substr(dot + 1)))
            p.error = "'{{" + std::string(inner) + "}}' is not {{experiment-id.key}}";
        else {
            p.id = std::string(inner.substr(0, dot));
            p.key = std::string(inner.substr(dot + 1));
        }
        static const char* kViews[] = {"", "value", "exact", "bits", "binary", "hexfloat", "flags", "format"};
        bool knownView = false;
        for (const char* v : kViews) knownView |= p.view == v;
        if (p.error.empty() && !knownView)
            p.error = "unknown view ':" + p.view + "' (known: value exact bits binary hexfloat flags format)";
        out.push_back(p);
        pos = p.end;
    }
    return out;
}

ParsedLesson parseLesson(std::string_view text, const std::string& fileName, Language language) {
    return Parser(text, fileName, language).run();
}

std::vector<LessonError> validateLesson(const Lesson& lesson) {
    std::vector<LessonError> errors;
    const auto checkText = [&](std::string_view text, int firstLine) {
        for (const Placeholder& p : findPlaceholders(text)) {
            const int line = lineOfOffset(text, p.begin, firstLine);
            if (!p.error.empty()) errors.push_back({lesson.file, line, p.error});
            else if (!lesson.findExperiment(p.id))
                errors.push_back({lesson.file, line,
                                  "{{" + p.id + "." + p.key +
                                      "}} names no experiment block: "
                                      "no block has id '" +
                                      p.id + "'"});
        }
    };
    for (const Step& step : lesson.steps) {
        for (const Block& block : step.blocks) {
            if (const auto* n = std::get_if<Narration>(&block)) {
                checkText(n->markdown, n->line);
            } else if (const auto* call = std::get_if<ExperimentCall>(&block)) {
                const ExperimentSpec* spec = findExperiment(call->name);
                if (!spec) {
                    std::string known;
                    for (const ExperimentSpec& s : experimentCatalog()) known += (known.empty() ? "" : " ") + s.name;
                    errors.push_back(
                        {lesson.file, call->line, "unknown experiment '" + call->name + "' (known: " + known + ")"});
                    continue;
                }
                const ResolvedParams resolved = resolveParams(*spec, call->params);
                if (!resolved.values) errors.push_back({lesson.file, call->line, resolved.error});
            } else if (const auto* cp = std::get_if<Checkpoint>(&block)) {
                // Checkpoint text may quote live values too; its lines are not tracked one by one.
                checkText(cp->question, cp->line);
                for (const CheckpointOption& o : cp->options) {
                    checkText(o.text, cp->line);
                    checkText(o.feedback, cp->line);
                }
                checkText(cp->explanation, cp->line);
            }
        }
    }
    return errors;
}

ParsedLesson parseAndValidateLesson(std::string_view text, const std::string& fileName, Language language) {
    ParsedLesson parsed = parseLesson(text, fileName, language);
    if (parsed.lesson) {
        std::vector<LessonError> errors = validateLesson(*parsed.lesson);
        if (!errors.empty()) {
            parsed.errors = std::move(errors);
            parsed.lesson.reset();
        }
    }
    return parsed;
}

} // namespace fplab::lessons
