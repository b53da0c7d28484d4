// Plain-text rendering of results.
#include "lessons/result_text.h"

#include "core/text/print.h"
#include "lessons/value_text.h"

#include <algorithm>

namespace fplab::lessons {

namespace {

const char* labelOf(Language language, const char* en, const char* zh) {
    return language == Language::Chinese ? zh : en;
}

std::string padRight(const std::string& s, std::size_t width) {
    const std::size_t w = displayWidth(s);
    return w >= width ? s : s + std::string(width - w, ' ');
}

void writeQuantity(std::ostream& out, const Quantity& q, Language language, const std::string& pad,
                   std::size_t labelWidth) {
    out << pad << padRight(q.label.in(language), labelWidth) << " = " << quantityText(q, language);
    std::string details;
    if (q.kind == QuantityKind::Float) {
        details = std::string(q.format.name()) + " " + hexBits(q.format, q.bits) + " " + bitString(q.format, q.bits);
        // The value is shown exactly unless it is marked as shortened; then every digit follows.
        if (floatTextShortened(q.format, q.bits)) details += ", exact " + exactDecimal(q.format, q.bits);
    } else if (q.kind == QuantityKind::Integer) {
        details = std::string(q.intFormat.name) + " " + intHex(q.intFormat, q.bits) + " " +
                  intBinary(q.intFormat, q.bits);
    }
    if (q.flags)
        details += std::string(details.empty() ? "" : "; ") + labelOf(language, "flags: ", "标志：") +
                   flagWords(*q.flags, language);
    if (!details.empty()) out << "  (" << details << ")";
    if (!q.note.in(language).empty()) out << "  " << q.note.in(language);
    out << '\n';
}

void writeTable(std::ostream& out, const ResultTable& t, Language language, const std::string& pad) {
    out << pad << t.title.in(language) << '\n';
    std::vector<std::size_t> widths(t.columns.size(), 0);
    for (std::size_t c = 0; c < t.columns.size(); ++c) widths[c] = displayWidth(t.columns[c].in(language));
    for (const auto& row : t.rows)
        for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c)
            widths[c] = std::max(widths[c], displayWidth(row[c].in(language)));
    const auto line = [&](const auto& cells) {
        out << pad << "  ";
        for (std::size_t c = 0; c < widths.size(); ++c) {
            const std::string cell = c < cells.size() ? cells[c].in(language) : std::string();
            out << (c ? " | " : "") << (c + 1 < widths.size() ? padRight(cell, widths[c]) : cell);
        }
        out << '\n';
    };
    line(t.columns);
    out << pad << "  ";
    for (std::size_t c = 0; c < widths.size(); ++c) out << (c ? "-+-" : "") << std::string(widths[c], '-');
    out << '\n';
    for (const auto& row : t.rows) line(row);
    // A value shown shortened (marked) gets every digit below the table.
    for (const auto& row : t.rows)
        for (const TableCell& cell : row)
            if (cell.value && floatTextShortened(cell.value->format, cell.value->bits))
                out << pad << "  " << cell.in(language) << labelOf(language, " is exactly ", " 的精确值为 ")
                    << exactDecimal(cell.value->format, cell.value->bits) << '\n';
}

void writeChart(std::ostream& out, const Chart& chart, Language language, const std::string& pad) {
    out << pad << labelOf(language, "Chart: ", "图表：") << chart.title.in(language)
        << "  (x: " << chart.xLabel.in(language) << ", y: " << chart.yLabel.in(language)
        << (chart.yScale == AxisScale::Log2 ? ", log2" : "") << ")\n";
    for (const Series& s : chart.series) {
        out << pad << "  " << s.label.in(language) << ": " << s.x.size() << labelOf(language, " points", " 个点");
        if (!s.x.empty())
            out << labelOf(language, ", first ", "，首点 ") << "(" << measuredText(s.x.front(), 6) << ", "
                << measuredText(s.y.front(), 6) << ")" << labelOf(language, ", last ", "，末点 ") << "("
                << measuredText(s.x.back(), 6) << ", " << measuredText(s.y.back(), 6) << ")";
        out << '\n';
    }
}

void writeNumberLine(std::ostream& out, const NumberLine& line, Language language, const std::string& pad) {
    out << pad << labelOf(language, "Number line: ", "数轴：") << line.title.in(language) << '\n';
    std::vector<Mark> marks = line.marks;
    std::stable_sort(marks.begin(), marks.end(), [](const Mark& a, const Mark& b) { return a.position < b.position; });
    for (const Mark& m : marks) {
        const char* kind = m.kind == MarkKind::Grid ? "|" : m.kind == MarkKind::Input ? "x" : "*";
        out << pad << "  " << kind << " " << pythonRepr(m.position) << "  " << m.label.in(language) << '\n';
    }
}

std::string paramsText(const ExperimentRun& e) {
    std::string s;
    for (const auto& [name, value] : e.params) s += " " + name + "=" + value;
    return s;
}

void writeExperimentRun(std::ostream& out, const ExperimentRun& e, Language language) {
    out << "  [" << e.call->id << "] " << e.call->name << paramsText(e) << '\n';
    if (!e.error.empty()) out << "    " << labelOf(language, "error: ", "错误：") << e.error << '\n';
    else writeResultText(out, *e.result, language, 4);
}

} // namespace

std::size_t displayWidth(std::string_view utf8) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < utf8.size();) {
        const unsigned char c = static_cast<unsigned char>(utf8[i]);
        std::uint32_t cp = c;
        int len = 1;
        if (c >= 0xF0) {
            cp = c & 0x07;
            len = 4;
        } else if (c >= 0xE0) {
            cp = c & 0x0F;
            len = 3;
        } else if (c >= 0xC0) {
            cp = c & 0x1F;
            len = 2;
        }
        for (int k = 1; k < len && i + std::size_t(k) < utf8.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + std::size_t(k)]) & 0x3F);
        i += std::size_t(len);
        const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                          (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                          (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                          (cp >= 0xFFE0 && cp <= 0xFFE6);
        width += wide ? 2 : 1;
    }
    return width;
}

void writeResultText(std::ostream& out, const ExperimentResult& result, Language language, int indent) {
    const std::string pad(std::size_t(indent), ' ');
    std::size_t labelWidth = 0;
    for (const Quantity& q : result.quantities) labelWidth = std::max(labelWidth, displayWidth(q.label.in(language)));
    for (const Quantity& q : result.quantities) writeQuantity(out, q, language, pad, labelWidth);
    for (const ResultTable& t : result.tables) writeTable(out, t, language, pad);
    for (const NumberLine& l : result.numberLines) writeNumberLine(out, l, language, pad);
    for (const Chart& c : result.charts) writeChart(out, c, language, pad);
    for (const LocalText& n : result.notes) out << pad << labelOf(language, "Note: ", "注：") << n.in(language) << '\n';
}

void writeLessonRunText(std::ostream& out, const LessonRun& run, Language language,
                        std::optional<std::size_t> onlyStep) {
    const Lesson& lesson = *run.lesson;
    out << labelOf(language, "Lesson ", "第 ") << lesson.order << labelOf(language, ": ", " 课：") << lesson.title
        << "  (" << lesson.id << ", " << languageCode(lesson.language) << ")\n";
    for (std::size_t s = 0; s < run.steps.size(); ++s) {
        if (onlyStep && *onlyStep != s + 1) continue;
        const StepRun& step = run.steps[s];
        out << labelOf(language, "Step ", "步骤 ") << s + 1 << "/" << run.steps.size() << ": " << step.step->title
            << '\n';
        if (step.experiments.empty())
            out << labelOf(language, "  (no experiment in this step)\n", "  （本步骤没有实验）\n");
        for (const ExperimentRun& e : step.experiments) writeExperimentRun(out, e, language);
    }
}

void writeLessonText(std::ostream& out, const LessonRun& run, Language language, std::optional<std::size_t> onlyStep) {
    const Lesson& lesson = *run.lesson;
    out << "# " << lesson.title << "\n";
    if (!lesson.summary.empty()) out << lesson.summary << "\n";
    for (std::size_t s = 0; s < run.steps.size(); ++s) {
        if (onlyStep && *onlyStep != s + 1) continue;
        const Step& step = *run.steps[s].step;
        out << "\n## " << s + 1 << "/" << run.steps.size() << " " << step.title << "\n";
        std::size_t experiment = 0;
        for (const Block& block : step.blocks) {
            if (const auto* n = std::get_if<Narration>(&block)) {
                out << '\n' << fillPlaceholders(n->markdown, run, language) << '\n';
            } else if (std::holds_alternative<ExperimentCall>(block)) {
                out << '\n';
                writeExperimentRun(out, run.steps[s].experiments[experiment++], language);
            } else if (const auto* cp = std::get_if<Checkpoint>(&block)) {
                out << '\n'
                    << labelOf(language, "Question: ", "问题：") << fillPlaceholders(cp->question, run, language)
                    << '\n';
                char letter = 'a';
                for (const CheckpointOption& o : cp->options)
                    out << "  " << letter++ << ") " << fillPlaceholders(o.text, run, language) << '\n';
                letter = 'a';
                for (const CheckpointOption& o : cp->options) {
                    if (o.correct)
                        out << labelOf(language, "Answer: ", "答案：") << letter << ") "
                            << fillPlaceholders(o.feedback, run, language) << '\n';
                    ++letter;
                }
                if (!cp->explanation.empty()) out << fillPlaceholders(cp->explanation, run, language) << '\n';
            }
        }
    }
}

} // namespace fplab::lessons
