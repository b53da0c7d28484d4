// fplab.reveal: the order revealer of core/reveal on a Python callable. The callable is a SummationTarget
// called back with the GIL held (it is only ever called from the thread that called reveal).
#include "core/arithmetic.h"
#include "core/reveal/revealer.h"
#include "core/reveal/validation.h"
#include "app/python/src/bindings.h"

#include <bit>
#include <cstring>
#include <optional>

namespace fplab::python {
namespace {

// The callable sees the terms as a NumPy array: fp32 and fp64 as themselves, fp16 as float16, bf16 as
// the float32 values it holds exactly. It returns one number, rounded once to the terms' format as
// `fplab-cli reveal --exec` reads a printed sum. The revealer names the probe or trial in its errors.
class CallableSummationTarget : public reveal::SummationTarget {
public:
    CallableSummationTarget(py::object fn, const Format& type) : m_fn(std::move(fn)), m_type(type) {}

    const Format& termFormat() const override { return m_type; }

    // The Python exception the callable raised, kept to chain it to the error reveal raises.
    std::optional<py::error_already_set>& raised() { return m_raised; }

    std::uint64_t sum(std::span<const std::uint64_t> terms) override {
        py::object answer;
        try {
            answer = m_fn(termsArray(terms));
        } catch (py::error_already_set& e) {
            const std::string what = e.type().attr("__name__").cast<std::string>() + ": " +
                                     py::str(e.value()).cast<std::string>();
            m_raised = std::move(e);
            throw reveal::TargetError("the callable raised " + what);
        }
        double value = 0;
        try {
            value = py::float_(answer).cast<double>();
        } catch (py::error_already_set&) {
            throw reveal::TargetError("the callable returned " + shortRepr(answer) + ", which is not one number");
        }
        return convert(kFp64, std::bit_cast<std::uint64_t>(value), m_type).bits;
    }

private:
    py::array termsArray(std::span<const std::uint64_t> terms) const {
        const auto n = py::ssize_t(terms.size());
        if (m_type.id == FormatId::Fp64) return fill<double, std::uint64_t>(py::array_t<double>(n), terms, 0);
        if (m_type.id == FormatId::Fp16)
            return fill<std::uint16_t, std::uint16_t>(py::array(py::dtype("float16"), n), terms, 0);
        if (m_type.id == FormatId::Bf16) return fill<float, std::uint32_t>(py::array_t<float>(n), terms, 16);
        return fill<float, std::uint32_t>(py::array_t<float>(n), terms, 0);
    }

    template <typename Element, typename Bits>
    static py::array fill(py::array array, std::span<const std::uint64_t> terms, int shift) {
        auto* out = static_cast<Element*>(array.mutable_data());
        for (std::size_t i = 0; i < terms.size(); ++i) {
            const Bits bits = Bits(terms[i] << shift);
            std::memcpy(out + i, &bits, sizeof(Bits));
        }
        return array;
    }

    static std::string shortRepr(const py::object& o) {
        std::string text = py::repr(o).cast<std::string>();
        return text.size() > 80 ? text.substr(0, 77) + "..." : text;
    }

    py::object m_fn;
    Format m_type;
    std::optional<py::error_already_set> m_raised;
};

py::dict revealCallable(py::object fn, long long terms, const std::string& typeName, long long trials,
                        std::uint64_t seed) {
    const Format type = formatNamed(typeName);
    const FormatId id = type.id;
    if (id != FormatId::Fp32 && id != FormatId::Fp64 && id != FormatId::Fp16 && id != FormatId::Bf16)
        throw py::value_error("reveal takes dtype fp32, fp64, fp16 or bf16 (got '" + typeName + "')");
    if (terms < 1 || terms > (1LL << 30))
        throw py::value_error("n must be from 1 to 2^30 (got " + std::to_string(terms) + ")");
    if (trials < 0) throw py::value_error("trials must be 0 or more (got " + std::to_string(trials) + ")");
    CallableSummationTarget target(std::move(fn), type);
    try {
        reveal::RevealOptions options;
        options.terms = int(terms);
        options.seed = seed;
        const reveal::RevealResult r = reveal::revealOrder(target, options);
        std::optional<reveal::ValidationReport> check;
        std::optional<Format> widened;
        if (trials > 0) {
            // As fplab-cli reveal: a callable that keeps a wider sum than it returns (a Python loop over
            // floats adds in double) is checked again with the same order replayed in FP64.
            reveal::ReplayRules rules = reveal::replayRulesFor(target);
            check = reveal::validateOrder(target, r.tree, rules, int(trials), seed);
            if (!check->allAgreed() && rules.accumulator.precision() < kFp64.precision()) {
                rules.accumulator = kFp64;
                auto wide = reveal::validateOrder(target, r.tree, rules, int(trials), seed);
                if (wide.allAgreed()) {
                    check = std::move(wide);
                    widened = kFp64;
                }
            }
        }
        py::dict d;
        d["n"] = terms;
        d["type"] = std::string(type.name());
        d["tree"] = reveal::bracketText(r.tree);
        d["probes"] = r.probes;
        d["validated"] = check && check->allAgreed();
        d["trials"] = check ? check->trials : 0;
        d["accumulator"] = widened ? py::object(py::str(std::string(widened->name()))) : py::object(py::none());
        return d;
    } catch (const std::invalid_argument& e) {
        throw py::value_error(e.what());
    } catch (const reveal::TargetError& e) {
        if (auto& raised = target.raised()) {
            // KeyboardInterrupt and SystemExit pass through as they are; an error of the callable is chained.
            if (!raised->matches(PyExc_Exception)) throw std::move(*raised);
            py::raise_from(*raised, PyExc_RuntimeError, e.what());
            throw py::error_already_set();
        }
        throw std::runtime_error(e.what());
    } catch (const reveal::RevealError& e) {
        throw std::runtime_error(e.what());
    }
}

} // namespace

void bindReveal(py::module_& m) {
    m.def("reveal", &revealCallable, py::arg("fn"), py::arg("n"), py::arg("type"), py::arg("trials"), py::arg("seed"));
}

} // namespace fplab::python
