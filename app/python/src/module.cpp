// The fplab._core extension: the core's formats, rounding and arithmetic over NumPy arrays.
// The public face, with argument checking and docstrings, is python/fplab/__init__.py.
#include "app/python/src/bindings.h"

PYBIND11_MODULE(_core, m) {
    m.doc() = "FP Lab's bit-exact soft-float core (use the fplab package, not this module)";
    fplab::python::bindFormat(m);
    fplab::python::bindRounding(m);
    fplab::python::bindElementwise(m);
    fplab::python::bindShow(m);
    fplab::python::bindReveal(m);
    fplab::python::bindTensorCore(m);
    fplab::python::bindQuantize(m);
}
