// JSON rendering of results.
#include "lessons/result_json.h"

#include "core/text/print.h"
#include "lessons/value_text.h"

namespace fplab::lessons {

namespace {

const char* kindName(QuantityKind kind) {
    switch (kind) {
    case QuantityKind::Float: return "float";
    case QuantityKind::Integer: return "integer";
    case QuantityKind::Count: return "count";
    case QuantityKind::Real: return "real";
    case QuantityKind::Text: return "text";
    }
    return "?";
}

void writeErrors(JsonWriter& json, const std::vector<LessonError>& errors) {
    json.beginArray();
    for (const LessonError& e : errors) {
        json.beginObject();
        json.field("file", e.file);
        json.field("line", e.line);
        json.field("message", e.message);
        json.endObject();
    }
    json.endArray();
}

} // namespace

void writeQuantityJson(JsonWriter& json, const Quantity& q, Language language) {
    json.beginObject();
    json.field("key", q.key);
    json.field("label", q.label.in(language));
    json.field("kind", kindName(q.kind));
    json.field("value", quantityText(q, language));
    switch (q.kind) {
    case QuantityKind::Float:
        json.field("format", std::string(q.format.name()));
        json.field("bits", hexBits(q.format, q.bits));
        json.field("binary", bitString(q.format, q.bits));
        json.field("exact", exactDecimal(q.format, q.bits));
        break;
    case QuantityKind::Integer:
        json.field("format", std::string(q.intFormat.name));
        json.field("bits", intHex(q.intFormat, q.bits));
        json.field("binary", intBinary(q.intFormat, q.bits));
        break;
    case QuantityKind::Count: json.field("count", q.count); break;
    case QuantityKind::Real: json.field("real", q.real); break;
    case QuantityKind::Text: break;
    }
    if (q.flags) {
        json.field("flags", flagLetters(*q.flags));
        json.field("flag_names", flagNames(*q.flags));
    }
    if (!q.note.in(language).empty()) json.field("note", q.note.in(language));
    json.endObject();
}

void writeResultJson(JsonWriter& json, const ExperimentResult& result, Language language) {
    json.beginObject();
    json.key("quantities");
    json.beginArray();
    for (const Quantity& q : result.quantities) writeQuantityJson(json, q, language);
    json.endArray();
    json.key("tables");
    json.beginArray();
    for (const ResultTable& t : result.tables) {
        json.beginObject();
        json.field("key", t.key);
        json.field("title", t.title.in(language));
        json.key("columns");
        json.beginArray();
        for (const LocalText& c : t.columns) json.value(c.in(language));
        json.endArray();
        json.key("rows");
        json.beginArray();
        for (const auto& row : t.rows) {
            json.beginArray();
            for (const TableCell& cell : row) json.value(cell.in(language));
            json.endArray();
        }
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.key("charts");
    json.beginArray();
    for (const Chart& c : result.charts) {
        json.beginObject();
        json.field("key", c.key);
        json.field("title", c.title.in(language));
        json.field("x_label", c.xLabel.in(language));
        json.field("y_label", c.yLabel.in(language));
        json.field("y_scale", c.yScale == AxisScale::Log2 ? "log2" : "linear");
        json.key("series");
        json.beginArray();
        for (const Series& s : c.series) {
            json.beginObject();
            json.field("key", s.key);
            json.field("label", s.label.in(language));
            json.key("x");
            json.numbers(s.x);
            json.key("y");
            json.numbers(s.y);
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.key("number_lines");
    json.beginArray();
    for (const NumberLine& l : result.numberLines) {
        json.beginObject();
        json.field("key", l.key);
        json.field("title", l.title.in(language));
        json.key("marks");
        json.beginArray();
        for (const Mark& m : l.marks) {
            json.beginObject();
            json.field("position", m.position);
            json.field("label", m.label.in(language));
            json.field("kind", m.kind == MarkKind::Grid ? "grid" : m.kind == MarkKind::Input ? "input" : "result");
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.key("notes");
    json.beginArray();
    for (const LocalText& n : result.notes) json.value(n.in(language));
    json.endArray();
    json.endObject();
}

void writeLessonRunJson(JsonWriter& json, const LessonRun& run, Language language,
                        std::optional<std::size_t> onlyStep) {
    const Lesson& lesson = *run.lesson;
    json.beginObject();
    json.field("lesson", lesson.id);
    json.field("order", lesson.order);
    json.field("language", std::string(languageCode(lesson.language)));
    json.field("title", lesson.title);
    json.field("file", lesson.file);
    json.key("steps");
    json.beginArray();
    for (std::size_t s = 0; s < run.steps.size(); ++s) {
        if (onlyStep && *onlyStep != s + 1) continue;
        const StepRun& step = run.steps[s];
        json.beginObject();
        json.field("index", std::int64_t(s + 1));
        json.field("title", step.step->title);
        json.key("experiments");
        json.beginArray();
        for (const ExperimentRun& e : step.experiments) {
            json.beginObject();
            json.field("id", e.call->id);
            json.field("experiment", e.call->name);
            json.field("line", e.call->line);
            json.key("params");
            json.beginObject();
            for (const auto& [name, value] : e.params) json.field(name, value);
            json.endObject();
            if (!e.error.empty()) {
                json.field("error", e.error);
            } else {
                json.key("result");
                writeResultJson(json, *e.result, language);
            }
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.key("errors");
    json.beginArray();
    for (const std::string& e : run.errors) json.value(e);
    json.endArray();
    json.endObject();
}

void writeLessonListJson(JsonWriter& json, const LessonLibrary& library, Language language) {
    json.beginObject();
    json.key("lessons");
    json.beginArray();
    for (const LessonEntry& entry : library.lessons()) {
        const Lesson* lesson = entry.in(language);
        json.beginObject();
        json.field("id", entry.id);
        json.field("order", entry.order);
        json.field("title", lesson->title);
        json.field("summary", lesson->summary);
        json.field("language", std::string(languageCode(lesson->language)));
        json.field("steps", std::int64_t(lesson->steps.size()));
        json.field("experiments", std::int64_t(lesson->experiments().size()));
        json.key("languages");
        json.beginArray();
        for (const auto& [lang, version] : entry.versions) json.value(std::string(languageCode(lang)));
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.key("errors");
    writeErrors(json, library.errors());
    json.key("warnings");
    writeErrors(json, library.warnings());
    json.endObject();
}

void writeExperimentCatalogJson(JsonWriter& json, Language language) {
    json.beginObject();
    json.key("experiments");
    json.beginArray();
    for (const ExperimentSpec& spec : experimentCatalog()) {
        json.beginObject();
        json.field("name", spec.name);
        json.field("title", spec.title.in(language));
        json.field("summary", spec.summary.in(language));
        json.key("params");
        json.beginArray();
        for (const ParamSpec& p : spec.params) {
            json.beginObject();
            json.field("name", p.name);
            json.field("kind", std::string(paramKindName(p.kind)));
            json.field("default", p.defaultValue);
            json.field("help", p.help.in(language));
            if (p.kind == ParamKind::Integer) {
                json.field("minimum", p.minimum);
                json.field("maximum", p.maximum);
            }
            if (!p.choices.empty()) {
                json.key("choices");
                json.beginArray();
                for (const std::string& c : p.choices) json.value(c);
                json.endArray();
            }
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.endObject();
}

} // namespace fplab::lessons
