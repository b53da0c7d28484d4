#include "lessons/side_by_side_text.h"

#include "core/text/print.h"
#include "lessons/result_text.h"
#include "lessons/value_text.h"

#include <algorithm>

namespace fplab::lessons {

namespace {

const char* pick(Language language, const char* en, const char* zh) { return language == Language::Chinese ? zh : en; }

std::string padRight(const std::string& s, std::size_t width) {
    const std::size_t w = displayWidth(s);
    return w >= width ? s : s + std::string(width - w, ' ');
}

std::string cellText(const std::optional<Quantity>& q, Language language) {
    if (!q) return "-";
    std::string s = quantityText(*q, language);
    if (q->kind == QuantityKind::Float) s += " (" + hexBits(q->format, q->bits) + ")";
    if (q->kind == QuantityKind::Integer) s += " (" + intHex(q->intFormat, q->bits) + ")";
    return s;
}

std::string matchText(Match m, Language language) {
    switch (m) {
    case Match::Same: return pick(language, "same", "相同");
    case Match::Differs: return pick(language, "DIFFERS", "不同");
    case Match::CpuOnly: return pick(language, "CPU only", "仅 CPU");
    case Match::GpuOnly: return pick(language, "GPU only", "仅 GPU");
    }
    return {};
}

void writeParams(std::ostream& out, const ExperimentRun& e) {
    out << "  [" << e.call->id << "] " << e.call->name;
    for (const auto& [name, value] : e.params) out << " " << name << "=" << value;
    out << '\n';
}

} // namespace

void writeSideBySideText(std::ostream& out, const SideBySide& sides, Language language, int indent) {
    const std::string pad(std::size_t(indent), ' ');
    const std::string cpuHead = pick(language, "CPU (emulated)", "CPU（模拟）");
    std::size_t wLabel = displayWidth(pick(language, "result", "结果")), wCpu = displayWidth(cpuHead), wGpu = 3;
    for (const QuantityPair& p : sides.rows) {
        wLabel = std::max(wLabel, displayWidth(p.label.in(language)));
        wCpu = std::max(wCpu, displayWidth(cellText(p.cpu, language)));
        wGpu = std::max(wGpu, displayWidth(cellText(p.gpu, language)));
    }
    out << pad << padRight(pick(language, "result", "结果"), wLabel) << " | " << padRight(cpuHead, wCpu) << " | "
        << padRight("GPU", wGpu) << " |\n";
    out << pad << std::string(wLabel, '-') << "-+-" << std::string(wCpu, '-') << "-+-" << std::string(wGpu, '-')
        << "-+-" << std::string(8, '-') << '\n';
    for (const QuantityPair& p : sides.rows) {
        out << pad << padRight(p.label.in(language), wLabel) << " | " << padRight(cellText(p.cpu, language), wCpu)
            << " | " << padRight(cellText(p.gpu, language), wGpu) << " | " << matchText(p.match, language) << '\n';
        const std::string marks = differenceMarks(p);
        if (marks.empty()) continue;
        const std::string inset = pad + "    ";
        out << inset << "CPU " << quantityBits(*p.cpu) << '\n';
        out << inset << "GPU " << quantityBits(*p.gpu) << '\n';
        out << inset << "    " << marks << '\n';
    }
    const std::size_t differing = sides.count(Match::Differs);
    out << pad
        << (differing == 0 ? std::string(pick(language, "Every result computed on both sides agrees bit for bit.",
                                              "两边都算出的结果逐位一致。"))
                           : std::to_string(differing) + pick(language, " result(s) differ.", " 个结果不同。"))
        << '\n';
    ExperimentResult gpuExtras;
    gpuExtras.tables = sides.gpuTables;
    gpuExtras.notes = sides.gpuNotes;
    if (!gpuExtras.tables.empty() || !gpuExtras.notes.empty()) {
        out << pad << "GPU:\n";
        writeResultText(out, gpuExtras, language, indent + 2);
    }
}

void writeLessonRunSideBySide(std::ostream& out, const LessonRun& run,
                              const std::map<std::string, GpuSide, std::less<>>& gpu, const std::string& gpuReason,
                              Language language, std::optional<std::size_t> onlyStep) {
    const Lesson& lesson = *run.lesson;
    out << pick(language, "Lesson ", "第 ") << lesson.order << pick(language, ": ", " 课：") << lesson.title << "  ("
        << lesson.id << ", " << languageCode(lesson.language) << ")\n";
    if (!gpuReason.empty())
        out << pick(language, "GPU side not run: ", "未在 GPU 上运行：") << gpuReason
            << pick(language, ". CPU-emulated results only.", "。仅显示 CPU 模拟结果。") << '\n';
    else if (gpu.empty())
        out << pick(language, "No experiment of this lesson has a GPU counterpart; CPU-emulated results only.",
                    "本课没有带 GPU 对照的实验；仅显示 CPU 模拟结果。")
            << '\n';
    for (std::size_t s = 0; s < run.steps.size(); ++s) {
        if (onlyStep && *onlyStep != s + 1) continue;
        const StepRun& step = run.steps[s];
        if (step.experiments.empty()) continue;
        out << pick(language, "Step ", "步骤 ") << s + 1 << "/" << run.steps.size() << ": " << step.step->title << '\n';
        for (const ExperimentRun& e : step.experiments) {
            writeParams(out, e);
            if (!e.error.empty()) {
                out << "    " << pick(language, "error: ", "错误：") << e.error << '\n';
                continue;
            }
            const auto side = gpu.find(e.call->id);
            if (side != gpu.end() && side->second.result) {
                writeSideBySideText(out, compareResults(*e.result, *side->second.result), language, 4);
                continue;
            }
            if (side != gpu.end() && gpuReason.empty())
                out << "    " << pick(language, "GPU side not run: ", "未在 GPU 上运行：") << side->second.error
                    << '\n';
            writeResultText(out, *e.result, language, 4);
        }
    }
}

} // namespace fplab::lessons
