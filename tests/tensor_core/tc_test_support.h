// Helpers shared by the tensor-core tests: building a model by name and running one dot product.
#pragma once

#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/mma_config.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace fplab::tc::test {

inline BlockModel makeModel(Arch arch, InputType in, AccumType acc, Tf32Input tf32 = Tf32Input::Truncate,
                            TinyModel tiny = TinyModel::MmaSim, IntOverflow ov = IntOverflow::Wrap) {
    MmaConfig cfg;
    cfg.arch = arch;
    cfg.input = in;
    cfg.accum = acc;
    cfg.tf32Input = tf32;
    cfg.tinyModel = tiny;
    cfg.intOverflow = ov;
    const ModelOrError r = resolveModel(cfg);
    if (!r.model) throw std::runtime_error("no model: " + r.message);
    return *r.model;
}

// A model of an instruction with the two open corners read as given (corner_readings.h).
inline BlockModel makeModelWith(Arch arch, InputType in, AccumType acc, Api api, CornerReadings corners) {
    MmaConfig cfg;
    cfg.arch = arch;
    cfg.input = in;
    cfg.accum = acc;
    cfg.instruction = api;
    cfg.zeroProducts = corners.zeroProducts;
    cfg.zeroSign = corners.zeroSign;
    const ModelOrError r = resolveModel(cfg);
    if (!r.model) throw std::runtime_error("no model: " + r.message);
    return *r.model;
}

// Pads a and b with zeros to k values.
inline MmaResult dot(const BlockModel& m, std::vector<std::uint64_t> a, std::vector<std::uint64_t> b, std::uint64_t c,
                     std::size_t k = 0, int blockK = 0) {
    if (k < a.size()) k = a.size();
    a.resize(k, 0);
    b.resize(k, 0);
    return chainedDot(m, a, b, c, blockK);
}

} // namespace fplab::tc::test
