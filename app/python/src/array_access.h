// Reading and writing NumPy arrays the bindings were handed: contiguous, of an expected dtype.
#pragma once

#include "app/python/src/bindings.h"

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace fplab::python {

inline std::string dtypeName(const py::dtype& dtype) { return py::str(static_cast<const py::object&>(dtype)); }

// A C-contiguous array of `dtype`, or TypeError naming the argument and what it is instead.
inline py::array checkedArray(const py::handle& object, const py::dtype& dtype, const char* what) {
    py::array a = py::reinterpret_borrow<py::array>(object);
    if (!a.dtype().is(dtype) && !a.dtype().equal(dtype))
        throw py::type_error(std::string(what) + " must be an array of " + dtypeName(dtype) + ", got " +
                             std::string(py::str(a.dtype())));
    if (!(a.flags() & py::array::c_style)) throw py::type_error(std::string(what) + " must be C-contiguous");
    return a;
}

// A new array shaped like `like`.
inline py::array arrayLike(const py::array& like, const py::dtype& dtype) {
    std::vector<py::ssize_t> shape(like.shape(), like.shape() + like.ndim());
    return py::array(dtype, shape);
}

inline py::array_t<std::uint8_t> flagsLike(const py::array& like) {
    std::vector<py::ssize_t> shape(like.shape(), like.shape() + like.ndim());
    return py::array_t<std::uint8_t>(shape);
}

// The raw bits of a float or double, widened to 64 bits.
inline std::uint64_t bitsOf(float v) { return std::bit_cast<std::uint32_t>(v); }
inline std::uint64_t bitsOf(double v) { return std::bit_cast<std::uint64_t>(v); }
template <class V>
V valueOfBits(std::uint64_t bits) {
    if constexpr (sizeof(V) == 4) return std::bit_cast<float>(std::uint32_t(bits));
    else return std::bit_cast<double>(bits);
}

} // namespace fplab::python
