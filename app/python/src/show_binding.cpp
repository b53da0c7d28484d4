// fplab.show: one value in one format, with every field `fplab-cli show` prints (core/text/value_report.h).
#include "core/text/literal.h"
#include "core/text/value_report.h"
#include "app/python/src/bindings.h"


namespace fplab::python {
namespace {

// `text` is read as the CLI reads VALUE; `shownAs` replaces it in the report (a Python float is passed as
// its exact hex-float and shown as its repr).
py::dict show(const std::string& text, const Format& f, const std::string& roundingName, bool saturate,
              const std::string& shownAs) {
    Rounding rounding = roundingNamed(roundingName, std::nullopt, saturate);
    if (rounding.env.rounding == RoundingMode::Stochastic)
        throw py::value_error("show takes a deterministic rounding mode (rne rna rtz rup rdn rto)");
    LiteralOrError lit = readLiteral(text, f, rounding.env);
    if (!lit.literal) throw py::value_error(lit.error);
    if (!shownAs.empty()) lit.literal->text = shownAs;
    const ValueReport r = valueReport(f, *lit.literal, rounding.env);
    py::dict d;
    d["format"] = r.format;
    d["input"] = r.input;
    d["rounding"] = r.rounding;
    d["bits"] = py::int_(r.bits);
    d["flags"] = int(r.flags);
    d["bit_text"] = r.bitText;
    d["fields"] = r.fields;
    d["hex"] = r.hex;
    d["value_class"] = r.valueClass;
    d["value"] = r.value;
    d["exact"] = r.exact;
    d["shortest"] = r.shortest;
    d["hex_float"] = r.hexFloat;
    d["ulp"] = r.ulp;
    d["next_up"] = r.nextUp;
    d["next_down"] = r.nextDown;
    d["error"] = r.error;
    d["flag_text"] = r.flagText;
    d["text"] = valueReportText(r);
    return d;
}

} // namespace

void bindShow(py::module_& m) {
    m.def("show", &show, py::arg("text"), py::arg("fmt"), py::arg("rounding"), py::arg("saturate"),
          py::arg("shown_as"));
}

} // namespace fplab::python
