// The pieces of the fplab._core extension module; module.cpp calls each bind function once.
#pragma once

#include "core/format.h"
#include "core/random.h"
#include "core/rounding.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

namespace fplab::python {

namespace py = pybind11;

void bindFormat(py::module_& m);
void bindRounding(py::module_& m);
void bindElementwise(py::module_& m);
void bindShow(py::module_& m);
void bindReveal(py::module_& m);
void bindTensorCore(py::module_& m);
void bindQuantize(py::module_& m);

// The format with this name, or ValueError with the CLI's message ("unknown format 'fp17' (known: ...)").
Format formatNamed(const std::string& name);

// The environment for a rounding name (every mode, "sr" included); ValueError for an unknown name, and
// for a seed given to a mode that draws no random bits.
struct Rounding {
    Env env;
    std::optional<StochasticStream> stream; // set for stochastic rounding
    Env next() { return stream ? stream->nextEnv(env) : env; }
};
Rounding roundingNamed(const std::string& name, std::optional<std::uint64_t> seed, bool saturate);

// The NumPy unsigned type that holds the format's encodings: uint8, uint16, uint32 or uint64.
py::dtype bitsDtype(const Format& f);

} // namespace fplab::python
