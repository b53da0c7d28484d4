// fplab.Format: a format by its CLI name, with its fields and limits.
#include "core/arithmetic.h"
#include "core/array_round.h"
#include "core/classify.h"
#include "core/format_names.h"
#include "core/quote.h"
#include "core/values.h"
#include "app/python/src/bindings.h"


namespace fplab::python {

Format formatNamed(const std::string& name) {
    FormatOrError found = lookupFormat(name);
    if (!found.format) throw py::value_error(found.error);
    return *found.format;
}

Rounding roundingNamed(const std::string& name, std::optional<std::uint64_t> seed, bool saturate) {
    const std::optional<RoundingMode> mode = parseRoundingName(name);
    if (!mode)
        throw py::value_error("unknown rounding mode " + quoted(name) + " (known: " +
                              roundingNames(kAllRoundingModes) + ")");
    Rounding r;
    r.env.rounding = *mode;
    r.env.saturate = saturate;
    if (*mode == RoundingMode::Stochastic) {
        if (!seed) throw py::value_error("stochastic rounding 'sr' needs a seed (seed=N) to be reproducible");
        r.stream.emplace(*seed);
    } else if (seed) {
        throw py::value_error("seed is only used by stochastic rounding ('sr'), not by " + quoted(name));
    }
    return r;
}

py::dtype bitsDtype(const Format& f) {
    const int bits = f.totalBits();
    if (bits <= 8) return py::dtype::of<std::uint8_t>();
    if (bits <= 16) return py::dtype::of<std::uint16_t>();
    if (bits <= 32) return py::dtype::of<std::uint32_t>();
    return py::dtype::of<std::uint64_t>();
}

namespace {

std::string_view specialsName(SpecialValues s) {
    switch (s) {
    case SpecialValues::Ieee: return "ieee";
    case SpecialValues::FiniteWithNan: return "finite-with-nan";
    case SpecialValues::FiniteOnly: return "finite-only";
    case SpecialValues::Fnuz: return "fnuz";
    }
    return "ieee";
}

// A limit of the format as a Python float, or None where a double cannot hold it exactly.
py::object limit(const Format& f, std::uint64_t bits) {
    if (!fitsInDouble(f)) return py::none();
    return py::float_(toDouble(f, bits));
}

} // namespace

void bindFormat(py::module_& m) {
    py::class_<Format>(m, "Format")
        .def(py::init(&formatNamed), py::arg("name"))
        .def_property_readonly("name", [](const Format& f) { return canonicalName(f); })
        .def_readonly("exponent_bits", &Format::exponentBits)
        .def_readonly("mantissa_bits", &Format::mantissaBits)
        .def_readonly("bias", &Format::bias)
        .def_readonly("has_sign", &Format::hasSign)
        .def_readonly("subnormals", &Format::subnormals)
        .def_readonly("has_zero", &Format::hasZero)
        .def_property_readonly("specials", [](const Format& f) { return std::string(specialsName(f.specials)); })
        .def_property_readonly("total_bits", &Format::totalBits)
        .def_property_readonly("precision", &Format::precision)
        .def_property_readonly("min_exponent", &Format::minExponent)
        .def_property_readonly("max_exponent", &Format::maxExponent)
        .def_property_readonly("has_infinity", &Format::hasInfinity)
        .def_property_readonly("has_nan", &Format::hasNan)
        .def_property_readonly("bits_dtype", &bitsDtype)
        .def_property_readonly("max", [](const Format& f) { return limit(f, maxFiniteBits(f)); })
        .def_property_readonly("min_normal", [](const Format& f) { return limit(f, minNormalBits(f)); })
        .def_property_readonly("min_subnormal", [](const Format& f) { return limit(f, minPositiveBits(f)); })
        .def_property_readonly("epsilon", [](const Format& f) { return std::ldexp(1.0, epsilonExponent(f)); })
        .def_property_readonly("fits_float32", &fitsInFloat)
        .def_property_readonly("fits_float64", &fitsInDouble)
        .def("__eq__", [](const Format& a, const Format& b) { return a == b; })
        .def("__hash__", [](const Format& f) { return py::hash(py::str(canonicalName(f))); })
        .def("__repr__", [](const Format& f) { return "Format('" + canonicalName(f) + "')"; })
        .def("__str__", [](const Format& f) { return canonicalName(f); });
    m.def("preset_names", [] {
        py::list names;
        for (const Format* f : kPresetFormats) names.append(std::string(f->name()));
        return names;
    });
}

} // namespace fplab::python
