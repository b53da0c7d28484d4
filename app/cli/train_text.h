// How `fplab-cli train` writes numbers, and what it prints about a run before training: the header
// (mode, data, model, optimizer, backend) and the dtype trace of one step.
#pragma once

#include "app/cli/command.h"
#include "core/training/training_run.h"

#include <cstddef>
#include <ostream>
#include <string>

namespace fplab::cli::train {

std::string fixed(double v, int digits); // "%.*f"
std::string general(double v);           // "%.9g": a float's every digit
std::string setting(double v);           // "%.6g": a setting as the user typed it
std::string measured(double v);          // "%.4g": a fraction or mean, a measurement (never 17 digits)
std::string padLeft(std::string s, std::size_t width);
std::string padRight(std::string s, std::size_t width);
// "N steps in T s = S steps/s".
std::string speedText(std::size_t steps, double seconds);

void printHeader(const training::TrainingRun& info, const std::string& backend, CommandIo io);
void printTrace(const training::TrainingRun& run, std::ostream& out);

} // namespace fplab::cli::train
