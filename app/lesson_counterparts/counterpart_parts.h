// The counterparts by lesson area, and what they share; internal to app/lesson_counterparts.
#pragma once

#include "lessons/experiment_params.h"
#include "lessons/experiment_result.h"

namespace fplab::gpu::counterparts {

// "NVIDIA H100 80GB HBM3 (sm_90)": the first quantity of every GPU result (key "device").
lessons::Quantity deviceQuantity();

lessons::ExperimentResult accumulate(const lessons::ParamValues& params);
lessons::ExperimentResult accumulateFixes(const lessons::ParamValues& params);
lessons::ExperimentResult summationOrder(const lessons::ParamValues& params);
lessons::ExperimentResult mmaBlockSteps(const lessons::ParamValues& params);
lessons::ExperimentResult tf32GemmError(const lessons::ParamValues& params);
lessons::ExperimentResult lossScalingRuns(const lessons::ParamValues& params);

} // namespace fplab::gpu::counterparts
