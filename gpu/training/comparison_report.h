// The CPU-vs-GPU comparison as text: a fixed-width table of the steps and a CSV (for fplab-cli).
#pragma once

#include "core/training/run_comparison.h"

#include <ostream>
#include <string>

namespace fplab::gpu {

std::string comparisonHeader();
std::string comparisonLine(const training::StepComparison& s);
void writeComparisonCsv(std::ostream& csv, const training::RunComparison& r);

} // namespace fplab::gpu
