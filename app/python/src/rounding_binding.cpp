// round, encode and decode over arrays: values into a format and back, exactly, with the flags.
#include "core/arithmetic.h"
#include "core/array_round.h"
#include "core/format_names.h"
#include "app/python/src/array_access.h"

namespace fplab::python {
namespace {

template <class V>
constexpr const Format& floatFormat() {
    if constexpr (sizeof(V) == 4) return kFp32;
    else return kFp64;
}

// Each element of `x` (float or double) rounded into `to`, as its value in W (float or double).
template <class V, class W>
Flags roundValues(const Format& to, Rounding& rounding, const V* x, W* out, Flags* flags, std::size_t n) {
    if constexpr (std::is_same_v<V, float> && std::is_same_v<W, float>) {
        py::gil_scoped_release release;
        return roundFloatArray(to, rounding.env, x, out, flags, n, rounding.stream ? &*rounding.stream : nullptr);
    } else {
        py::gil_scoped_release release;
        Flags all = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const Result r = convert(floatFormat<V>(), bitsOf(x[i]), to, rounding.next());
            out[i] = valueOfBits<W>(convert(to, r.bits, floatFormat<W>()).bits);
            if (flags) flags[i] = r.flags;
            all |= r.flags;
        }
        return all;
    }
}

// The result array: `out` when given (of W, as many elements as x, C-contiguous), else a new one.
template <class W>
py::array resultArray(const py::array& x, const std::optional<py::array>& out) {
    if (!out) return arrayLike(x, py::dtype::of<W>());
    py::array o = checkedArray(*out, py::dtype::of<W>(), "out");
    if (o.size() != x.size()) throw py::value_error("out must have as many elements as x");
    return o;
}

template <class V, class W>
py::tuple roundTyped(const py::array& x, const Format& to, Rounding& rounding, bool wantFlags,
                     const std::optional<py::array>& into) {
    py::array out = resultArray<W>(x, into);
    std::optional<py::array_t<std::uint8_t>> flags;
    if (wantFlags) flags = flagsLike(x);
    const Flags all = roundValues<V, W>(to, rounding, static_cast<const V*>(x.data()), static_cast<W*>(out.mutable_data()),
                                        flags ? flags->mutable_data() : nullptr, std::size_t(x.size()));
    return py::make_tuple(out, flags ? py::object(*flags) : py::none(), int(all));
}

py::tuple roundArray(const py::array& x, const Format& to, const std::string& roundingName, std::optional<std::uint64_t> seed,
                     bool saturate, bool wantFlags, const std::optional<py::array>& out) {
    Rounding rounding = roundingNamed(roundingName, seed, saturate);
    const bool single = x.dtype().equal(py::dtype::of<float>());
    if (!single) checkedArray(x, py::dtype::of<double>(), "x");
    else checkedArray(x, py::dtype::of<float>(), "x");
    if (single && fitsInFloat(to)) return roundTyped<float, float>(x, to, rounding, wantFlags, out);
    if (!fitsInDouble(to))
        throw py::value_error("the values of " + canonicalName(to) +
                              " are not all float64 values; use fplab.encode for its bits");
    if (single) return roundTyped<float, double>(x, to, rounding, wantFlags, out);
    return roundTyped<double, double>(x, to, rounding, wantFlags, out);
}

template <class V, class T>
Flags encodeValues(const Format& to, Rounding& rounding, const V* x, T* out, Flags* flags, std::size_t n) {
    py::gil_scoped_release release;
    Flags all = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const Result r = convert(floatFormat<V>(), bitsOf(x[i]), to, rounding.next());
        out[i] = T(r.bits);
        flags[i] = r.flags;
        all |= r.flags;
    }
    return all;
}

template <class V>
py::tuple encodeTyped(const py::array& x, const Format& to, Rounding& rounding) {
    const py::dtype dtype = bitsDtype(to);
    py::array out = arrayLike(x, dtype);
    py::array_t<std::uint8_t> flags = flagsLike(x);
    const V* in = static_cast<const V*>(x.data());
    const std::size_t n = std::size_t(x.size());
    Flags all = 0;
    switch (dtype.itemsize()) {
    case 1: all = encodeValues(to, rounding, in, static_cast<std::uint8_t*>(out.mutable_data()), flags.mutable_data(), n); break;
    case 2: all = encodeValues(to, rounding, in, static_cast<std::uint16_t*>(out.mutable_data()), flags.mutable_data(), n); break;
    case 4: all = encodeValues(to, rounding, in, static_cast<std::uint32_t*>(out.mutable_data()), flags.mutable_data(), n); break;
    default: all = encodeValues(to, rounding, in, static_cast<std::uint64_t*>(out.mutable_data()), flags.mutable_data(), n);
    }
    return py::make_tuple(out, flags, int(all));
}

py::tuple encodeArray(const py::array& x, const Format& to, const std::string& roundingName,
                      std::optional<std::uint64_t> seed, bool saturate) {
    Rounding rounding = roundingNamed(roundingName, seed, saturate);
    if (x.dtype().equal(py::dtype::of<float>())) return encodeTyped<float>(checkedArray(x, x.dtype(), "x"), to, rounding);
    return encodeTyped<double>(checkedArray(x, py::dtype::of<double>(), "x"), to, rounding);
}

template <class T, class W>
void decodeBits(const Format& f, const T* bits, W* out, std::size_t n) {
    py::gil_scoped_release release;
    for (std::size_t i = 0; i < n; ++i) out[i] = valueOfBits<W>(convert(f, bits[i], floatFormat<W>()).bits);
}

template <class W>
py::array decodeTyped(const py::array& bits, const Format& f) {
    py::array out = arrayLike(bits, py::dtype::of<W>());
    W* o = static_cast<W*>(out.mutable_data());
    const std::size_t n = std::size_t(bits.size());
    switch (bits.dtype().itemsize()) {
    case 1: decodeBits(f, static_cast<const std::uint8_t*>(bits.data()), o, n); break;
    case 2: decodeBits(f, static_cast<const std::uint16_t*>(bits.data()), o, n); break;
    case 4: decodeBits(f, static_cast<const std::uint32_t*>(bits.data()), o, n); break;
    default: decodeBits(f, static_cast<const std::uint64_t*>(bits.data()), o, n);
    }
    return out;
}

// `bits` must already hold encodings of `f` in f's bits dtype (fplab.decode checks the range).
py::array decodeArray(const py::array& bits, const Format& f, bool single) {
    checkedArray(bits, bitsDtype(f), "bits");
    if (single) {
        if (!fitsInFloat(f)) throw py::value_error("the values of " + canonicalName(f) + " are not all float32 values");
        return decodeTyped<float>(bits, f);
    }
    if (!fitsInDouble(f)) throw py::value_error("the values of " + canonicalName(f) + " are not all float64 values");
    return decodeTyped<double>(bits, f);
}

} // namespace

void bindRounding(py::module_& m) {
    m.def("round", &roundArray, py::arg("x"), py::arg("fmt"), py::arg("rounding"), py::arg("seed"), py::arg("saturate"),
          py::arg("want_flags"), py::arg("out"));
    m.def("encode", &encodeArray, py::arg("x"), py::arg("fmt"), py::arg("rounding"), py::arg("seed"),
          py::arg("saturate"));
    m.def("decode", &decodeArray, py::arg("bits"), py::arg("fmt"), py::arg("single"));
}

} // namespace fplab::python
