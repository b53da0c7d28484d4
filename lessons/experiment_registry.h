// The experiments lessons can name: each is C++ over core/, declared with its
// parameters so that lesson files, the CLI and the app's editors can check values.
#pragma once

#include "lessons/experiment_params.h"
#include "lessons/experiment_result.h"
#include "lessons/local_text.h"

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fplab::lessons {

using ExperimentFn = ExperimentResult (*)(const ParamValues& params);

struct ExperimentSpec {
    std::string name;
    LocalText title;
    LocalText summary;
    std::vector<ParamSpec> params;
    ExperimentFn run = nullptr;

    const ParamSpec* findParam(std::string_view param) const;
};

using ParamList = std::vector<std::pair<std::string, std::string>>;

// Every experiment, in a stable order.
const std::vector<ExperimentSpec>& experimentCatalog();
const ExperimentSpec* findExperiment(std::string_view name);

// Checks the given parameters (unknown names, bad values) and fills in the defaults.
struct ResolvedParams {
    std::optional<ParamValues> values;
    std::string error;
};
ResolvedParams resolveParams(const ExperimentSpec& spec, const ParamList& given);

struct ExperimentOutcome {
    std::optional<ExperimentResult> result;
    std::string error; // unknown experiment, bad parameter, or a failure while running
};
// Resolves and runs; never throws.
ExperimentOutcome runExperiment(std::string_view name, const ParamList& given);

// Each experiments/*.cpp file adds its experiments here.
void addAnatomyExperiments(std::vector<ExperimentSpec>& catalog);
void addRangeExperiments(std::vector<ExperimentSpec>& catalog);
void addOverflowExperiments(std::vector<ExperimentSpec>& catalog);
void addSwampingExperiments(std::vector<ExperimentSpec>& catalog);
void addAccumulationExperiments(std::vector<ExperimentSpec>& catalog);
void addSummationOrderExperiments(std::vector<ExperimentSpec>& catalog);
void addRoundingExperiments(std::vector<ExperimentSpec>& catalog);
void addMemoryExperiments(std::vector<ExperimentSpec>& catalog);
void addTrainingExperiments(std::vector<ExperimentSpec>& catalog);
void addTensorCoreExperiments(std::vector<ExperimentSpec>& catalog);
void addFp8InstructionExperiments(std::vector<ExperimentSpec>& catalog);
void addCornerReadingExperiments(std::vector<ExperimentSpec>& catalog);
void addBlockscaleExperiments(std::vector<ExperimentSpec>& catalog);
void addFp8TrainingExperiments(std::vector<ExperimentSpec>& catalog);
void addRooflineExperiments(std::vector<ExperimentSpec>& catalog);
void addBatchOrderExperiments(std::vector<ExperimentSpec>& catalog);
void addTransformerExperiments(std::vector<ExperimentSpec>& catalog);

} // namespace fplab::lessons
