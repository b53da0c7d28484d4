// The CSV of a run's steps, one row per optimizer step: what `fplab-cli train --csv` writes and what
// the Training section exports, from this one writer so that the two files are identical for a run.
#pragma once

#include "core/training/training_run.h"

#include <string>
#include <vector>

namespace fplab::training {

struct StepCsvColumns {
    bool stats = true;                   // the gradient statistics (the emulator's; a GPU run has none)
    std::vector<std::string> parameters; // update_ratio_<name>, in the model's parameter order
    std::vector<std::string> fp8Tensors; // fp8-* modes: <name>_amax, ..., per FP8 GEMM operand
};
StepCsvColumns stepCsvColumns(const TrainingRun& run);

std::string stepCsvHeader(const StepCsvColumns& columns); // ends with "\n"
std::string stepCsvRow(const StepRecord& record, bool stats);
// One run of a comparison, for comparisonCsv.
struct CsvRun {
    std::string name;
    StepCsvColumns columns;
    const std::vector<StepRecord>* steps = nullptr;
};
// Every run's steps in one table: a first column "run" (the name, quoted where it needs it), then the
// columns every run has (the step CSV's leading columns that all the runs' headers share).
std::string comparisonCsv(const std::vector<CsvRun>& runs);
// A CSV field: as it is, or in double quotes (doubled inside) when it holds a comma, quote or newline.
std::string csvField(const std::string& text);

// "%.9g" (a float's every digit) in the C locale, whatever the process's locale.
std::string csvNumber(double v);

} // namespace fplab::training
