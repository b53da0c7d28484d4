// The headless lesson runner.
#include "lessons/lesson_runner.h"

#include "lessons/lesson_parser.h"
#include "lessons/value_text.h"

#include <cctype>

namespace fplab::lessons {

std::optional<ParamOverride> parseOverride(std::string_view text, std::string& error) {
    const std::size_t eq = text.find('=');
    if (eq == std::string_view::npos || eq == 0) {
        error = "'" + std::string(text) + "' is not name=value (or id.name=value)";
        return std::nullopt;
    }
    ParamOverride o;
    std::string_view name = text.substr(0, eq);
    if (const std::size_t dot = name.find('.'); dot != std::string_view::npos) {
        o.target = std::string(name.substr(0, dot));
        name.remove_prefix(dot + 1);
    }
    o.name = std::string(name);
    o.value = std::string(text.substr(eq + 1));
    if (o.name.empty()) {
        error = "'" + std::string(text) + "' has no parameter name";
        return std::nullopt;
    }
    return o;
}

const ExperimentRun* LessonRun::find(std::string_view callId) const {
    for (const StepRun& s : steps)
        for (const ExperimentRun& e : s.experiments)
            if (e.call->id == callId) return &e;
    return nullptr;
}

ParamList effectiveParams(const ExperimentCall& call, std::span<const ParamOverride> overrides) {
    ParamList params = call.params;
    const ExperimentSpec* spec = findExperiment(call.name);
    for (const ParamOverride& o : overrides) {
        if (!o.target.empty() && o.target != call.id) continue;
        if (o.target.empty() && (!spec || !spec->findParam(o.name))) continue;
        bool replaced = false;
        for (auto& [name, value] : params)
            if (name == o.name) {
                value = o.value;
                replaced = true;
            }
        if (!replaced) params.emplace_back(o.name, o.value);
    }
    return params;
}

ExperimentRun runCall(const ExperimentCall& call, const ParamList& params) {
    ExperimentRun run;
    run.call = &call;
    if (const ExperimentSpec* spec = findExperiment(call.name)) {
        const ResolvedParams resolved = resolveParams(*spec, params);
        if (resolved.values)
            for (const ParamSpec& p : spec->params) run.params.emplace_back(p.name, resolved.values->text(p.name));
    }
    ExperimentOutcome outcome = runExperiment(call.name, params);
    run.result = std::move(outcome.result);
    run.error = std::move(outcome.error);
    return run;
}

LessonRun runLesson(const Lesson& lesson, std::span<const ParamOverride> overrides) {
    LessonRun run;
    run.lesson = &lesson;
    for (const ParamOverride& o : overrides) {
        bool used = false;
        for (const ExperimentCall* call : lesson.experiments()) {
            const ExperimentSpec* spec = findExperiment(call->name);
            if ((o.target.empty() || o.target == call->id) && spec && spec->findParam(o.name)) used = true;
        }
        if (!used) {
            if (!o.target.empty() && !lesson.findExperiment(o.target))
                run.errors.push_back("--param " + o.target + "." + o.name + ": lesson '" + lesson.id +
                                     "' has no experiment block with id '" + o.target + "'");
            else
                run.errors.push_back("--param " + (o.target.empty() ? "" : o.target + ".") + o.name +
                                     ": no experiment " +
                                     (o.target.empty() ? "in lesson '" + lesson.id + "'" : "'" + o.target + "'") +
                                     " has a parameter '" + o.name + "'");
        }
    }
    for (const Step& step : lesson.steps) {
        StepRun s;
        s.step = &step;
        for (const Block& block : step.blocks)
            if (const auto* call = std::get_if<ExperimentCall>(&block)) {
                s.experiments.push_back(runCall(*call, effectiveParams(*call, overrides)));
                if (!s.experiments.back().error.empty())
                    run.errors.push_back("[" + call->id + "] " + s.experiments.back().error);
            }
        run.steps.push_back(std::move(s));
    }
    return run;
}

std::string fillPlaceholders(std::string_view text, const LessonRun& run, Language language,
                             std::vector<std::string>* missing) {
    std::string out;
    std::size_t pos = 0;
    for (const Placeholder& p : findPlaceholders(text)) {
        out.append(text.substr(pos, p.begin - pos));
        pos = p.end;
        std::string value;
        if (p.error.empty())
            if (const ExperimentRun* e = run.find(p.id); e && e->result)
                if (const Quantity* q = e->result->find(p.key)) value = quantityView(*q, p.view, language);
        if (value.empty()) {
            const std::string name = p.id + "." + p.key + (p.view.empty() ? "" : ":" + p.view);
            if (missing) missing->push_back(name);
            value = "{{" + name + "?}}";
        }
        out += value;
    }
    out.append(text.substr(pos));
    return out;
}

std::vector<LessonError> checkRun(const LessonRun& run) {
    std::vector<LessonError> problems;
    const Lesson& lesson = *run.lesson;
    const auto check = [&](std::string_view text, int line) {
        std::vector<std::string> missing;
        fillPlaceholders(text, run, lesson.language, &missing);
        for (const std::string& m : missing)
            problems.push_back({lesson.file, line, "{{" + m + "}}: that experiment has no such result (or it failed)"});
    };
    for (const StepRun& step : run.steps) {
        for (const ExperimentRun& e : step.experiments)
            if (!e.error.empty()) problems.push_back({lesson.file, e.call->line, e.error});
        for (const Block& block : step.step->blocks) {
            if (const auto* n = std::get_if<Narration>(&block)) {
                check(n->markdown, n->line);
            } else if (const auto* cp = std::get_if<Checkpoint>(&block)) {
                check(cp->question, cp->line);
                for (const CheckpointOption& o : cp->options) {
                    check(o.text, cp->line);
                    check(o.feedback, cp->line);
                }
                check(cp->explanation, cp->line);
            }
        }
    }
    return problems;
}

} // namespace fplab::lessons
