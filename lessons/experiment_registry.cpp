// The experiment catalogue, parameter resolution and the guarded call into an experiment.
#include "lessons/experiment_registry.h"

#include <exception>

namespace fplab::lessons {

const ParamSpec* ExperimentSpec::findParam(std::string_view param) const {
    for (const ParamSpec& p : params)
        if (p.name == param) return &p;
    return nullptr;
}

const std::vector<ExperimentSpec>& experimentCatalog() {
    static const std::vector<ExperimentSpec> catalog = [] {
        std::vector<ExperimentSpec> c;
        addAnatomyExperiments(c);
        addRangeExperiments(c);
        addOverflowExperiments(c);
        addSwampingExperiments(c);
        addAccumulationExperiments(c);
        addSummationOrderExperiments(c);
        addRoundingExperiments(c);
        addMemoryExperiments(c);
        addTrainingExperiments(c);
        addTensorCoreExperiments(c);
        addFp8InstructionExperiments(c);
        addCornerReadingExperiments(c);
        addBlockscaleExperiments(c);
        addFp8TrainingExperiments(c);
        addRooflineExperiments(c);
        addBatchOrderExperiments(c);
        addTransformerExperiments(c);
        return c;
    }();
    return catalog;
}

const ExperimentSpec* findExperiment(std::string_view name) {
    for (const ExperimentSpec& spec : experimentCatalog())
        if (spec.name == name) return &spec;
    return nullptr;
}

ResolvedParams resolveParams(const ExperimentSpec& spec, const ParamList& given) {
    std::map<std::string, std::string, std::less<>> values;
    for (const ParamSpec& p : spec.params) values[p.name] = p.defaultValue;
    for (const auto& [name, value] : given) {
        const ParamSpec* p = spec.findParam(name);
        if (!p) {
            std::string known;
            for (const ParamSpec& q : spec.params) known += (known.empty() ? "" : " ") + q.name;
            return {std::nullopt, "experiment '" + spec.name + "' has no parameter '" + name +
                                      "' (it has: " + (known.empty() ? std::string("none") : known) + ")"};
        }
        if (std::string error = checkParamValue(*p, value); !error.empty())
            return {std::nullopt, "experiment '" + spec.name + "': " + error};
        values[name] = value;
    }
    return {ParamValues(std::move(values)), {}};
}

ExperimentOutcome runExperiment(std::string_view name, const ParamList& given) {
    const ExperimentSpec* spec = findExperiment(name);
    if (!spec) {
        std::string known;
        for (const ExperimentSpec& s : experimentCatalog()) known += (known.empty() ? "" : " ") + s.name;
        return {std::nullopt, "unknown experiment '" + std::string(name) + "' (known: " + known + ")"};
    }
    ResolvedParams resolved = resolveParams(*spec, given);
    if (!resolved.values) return {std::nullopt, resolved.error};
    try {
        return {spec->run(*resolved.values), {}};
    } catch (const ExperimentError& e) {
        return {std::nullopt, "experiment '" + spec->name + "': " + e.what()};
    } catch (const std::exception& e) {
        return {std::nullopt, "experiment '" + spec->name + "' failed: " + e.what()};
    }
}

} // namespace fplab::lessons
