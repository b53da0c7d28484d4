// fplab.mma and fplab.gemm: the tensor-core model of core/tensor_core on encodings (chainedDot and
// promotedDot per dot product, as fplab-cli mma; emulateGemm and emulatePromotedGemm for a GEMM).
#include "app/python/src/array_access.h"
#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/mma_config.h"
#include "core/tensor_core/promotion.h"

#include <optional>
#include <string>

namespace fplab::python {
namespace {

using namespace fplab::tc;

template <typename Value>
Value named(const std::optional<Value>& parsed, const std::string& text, const char* what, const char* known) {
    if (!parsed) throw py::value_error(std::string("unknown ") + what + " '" + text + "' (" + known + ")");
    return *parsed;
}

// The model for these names, with the CLI's checks and messages; `block` 0 is the model's own schedule.
BlockModel modelFor(const std::string& arch, const std::optional<std::string>& instruction, const std::string& input,
                    const std::string& acc, int promote, int block, bool satfinite) {
    MmaConfig cfg;
    cfg.arch = named(parseArch(arch), arch, "architecture", "sm_80 or sm_90");
    cfg.input = named(parseInputType(input), input, "input type", "fp16 bf16 tf32 e4m3 e5m2 int8 uint8");
    cfg.accum = named(parseAccumType(acc), acc, "accumulator type", "fp32 fp16 int32");
    if (instruction)
        cfg.instruction = named(parseApi(*instruction), *instruction, "instruction", "mma.sync wmma wgmma");
    if (satfinite) {
        if (cfg.accum != AccumType::Int32) throw py::value_error("satfinite applies to int8/uint8 with acc int32 only");
        cfg.intOverflow = IntOverflow::SatFinite;
    }
    const ModelOrError resolved = resolveModel(cfg);
    if (!resolved.model) throw py::value_error(resolved.message);
    const BlockModel& model = *resolved.model;
    const int maxBlock = model.isInteger() ? 64 : model.blockSize;
    if (block < 0) throw py::value_error("block must be positive (got " + std::to_string(block) + ")");
    if (block > 0 && model.structure.fixed())
        throw py::value_error("block does not apply to " + std::string(apiName(model.instruction)) + " " +
                              std::string(inputName(cfg.input)) + " on " + std::string(archName(cfg.arch)) +
                              ": its structure is fixed");
    if (block > maxBlock)
        throw py::value_error("block " + std::to_string(block) + " is larger than the " +
                              std::string(archName(cfg.arch)) + " block of " + std::to_string(maxBlock) + " products");
    if (promote < 0) throw py::value_error("promote must be positive (got " + std::to_string(promote) + ")");
    if (const std::string why = promotionProblem(model, promote); !why.empty())
        throw py::value_error("promote: " + why);
    return model;
}

void checkWidth(const std::uint64_t* bits, std::size_t count, int width, const char* what, const std::string& type) {
    if (width >= 64) return;
    for (std::size_t i = 0; i < count; ++i)
        if (bits[i] >> width)
            throw py::value_error(std::string(what) + " element " + std::to_string(i) + " (0x" +
                                  py::str(py::int_(bits[i]).attr("__format__")("x")).cast<std::string>() +
                                  ") is wider than " + std::to_string(width) + " bits (" + type + ")");
}

// a and b: (dots, k) uint64 encodings; c: (dots,). Returns (d bits, caveat codes), one per dot product.
py::tuple mma(const std::string& arch, const std::optional<std::string>& instruction, const std::string& input,
              const std::string& acc, py::object aObject, py::object bObject, py::object cObject, int promote,
              int block, bool satfinite) {
    const BlockModel model = modelFor(arch, instruction, input, acc, promote, block, satfinite);
    const py::dtype u64 = py::dtype::of<std::uint64_t>();
    const py::array a = checkedArray(aObject, u64, "a"), b = checkedArray(bObject, u64, "b");
    const py::array c = checkedArray(cObject, u64, "c");
    if (a.ndim() != 2 || b.ndim() != 2 || c.ndim() != 1 || a.shape(0) != b.shape(0) || a.shape(1) != b.shape(1) ||
        c.shape(0) != a.shape(0))
        throw py::value_error("a and b must be (dots, k) and c (dots,)");
    const auto dots = std::size_t(a.shape(0)), k = std::size_t(a.shape(1));
    if (k == 0) throw py::value_error("a dot product needs at least one product (k = 0)");
    const auto* ap = static_cast<const std::uint64_t*>(a.data());
    const auto* bp = static_cast<const std::uint64_t*>(b.data());
    const auto* cp = static_cast<const std::uint64_t*>(c.data());
    const int inBits = operandBits(model.config.input), accBits = accumBits(model.config.accum);
    checkWidth(ap, dots * k, inBits, "a", input);
    checkWidth(bp, dots * k, inBits, "b", input);
    checkWidth(cp, dots, accBits, "c", acc);
    py::array_t<std::uint64_t> d{py::ssize_t(dots)};
    py::array_t<std::uint8_t> caveats{py::ssize_t(dots)};
    auto* dp = d.mutable_data();
    auto* cv = caveats.mutable_data();
    try {
        for (std::size_t i = 0; i < dots; ++i) {
            const std::span<const std::uint64_t> ai(ap + i * k, k), bi(bp + i * k, k);
            const MmaResult r = promote > 0 ? promotedDot(model, ai, bi, cp[i], promote, block)
                                            : chainedDot(model, ai, bi, cp[i], block);
            dp[i] = r.bits;
            cv[i] = std::uint8_t(r.caveat);
        }
    } catch (const std::invalid_argument& e) {
        throw py::value_error(e.what());
    }
    return py::make_tuple(d, caveats);
}

// a (m, k), b (k, n), c (m, n): uint32 encodings. Returns (d bits, caveat codes), both (m, n).
py::tuple gemm(const std::string& arch, const std::optional<std::string>& instruction, const std::string& input,
               const std::string& acc, py::object aObject, py::object bObject, py::object cObject, int promote,
               int block, bool satfinite) {
    const BlockModel model = modelFor(arch, instruction, input, acc, promote, block, satfinite);
    const py::dtype u32 = py::dtype::of<std::uint32_t>();
    const py::array a = checkedArray(aObject, u32, "a"), b = checkedArray(bObject, u32, "b");
    const py::array c = checkedArray(cObject, u32, "c");
    if (a.ndim() != 2 || b.ndim() != 2 || c.ndim() != 2 || a.shape(1) != b.shape(0) || c.shape(0) != a.shape(0) ||
        c.shape(1) != b.shape(1))
        throw py::value_error("a must be (m, k), b (k, n) and c (m, n)");
    const GemmShape shape{int(a.shape(0)), int(b.shape(1)), int(a.shape(1))};
    if (shape.k == 0) throw py::value_error("a GEMM needs k of at least 1");
    const auto span32 = [](const py::array& x) {
        return std::span<const std::uint32_t>(static_cast<const std::uint32_t*>(x.data()), std::size_t(x.size()));
    };
    std::vector<std::uint64_t> wide(span32(a).begin(), span32(a).end());
    checkWidth(wide.data(), wide.size(), operandBits(model.config.input), "a", input);
    wide.assign(span32(b).begin(), span32(b).end());
    checkWidth(wide.data(), wide.size(), operandBits(model.config.input), "b", input);
    wide.assign(span32(c).begin(), span32(c).end());
    checkWidth(wide.data(), wide.size(), accumBits(model.config.accum), "c", acc);
    py::array_t<std::uint32_t> d({py::ssize_t(shape.m), py::ssize_t(shape.n)});
    py::array_t<std::uint8_t> caveats({py::ssize_t(shape.m), py::ssize_t(shape.n)});
    std::vector<Caveat> cellCaveats(std::size_t(shape.m) * std::size_t(shape.n));
    GemmOptions options;
    options.blockK = block;
    options.promoteEvery = promote;
    const std::span<std::uint32_t> out(d.mutable_data(), cellCaveats.size());
    try {
        if (promote > 0) emulatePromotedGemm(model, shape, span32(a), span32(b), span32(c), out, options, cellCaveats);
        else emulateGemm(model, shape, span32(a), span32(b), span32(c), out, options, cellCaveats);
    } catch (const std::invalid_argument& e) {
        throw py::value_error(e.what());
    }
    for (std::size_t i = 0; i < cellCaveats.size(); ++i) caveats.mutable_data()[i] = std::uint8_t(cellCaveats[i]);
    return py::make_tuple(d, caveats);
}

} // namespace

void bindTensorCore(py::module_& m) {
    m.def("mma", &mma, py::arg("arch"), py::arg("instruction"), py::arg("input"), py::arg("acc"), py::arg("a"),
          py::arg("b"), py::arg("c"), py::arg("promote"), py::arg("block"), py::arg("satfinite"));
    m.def("gemm", &gemm, py::arg("arch"), py::arg("instruction"), py::arg("input"), py::arg("acc"), py::arg("a"),
          py::arg("b"), py::arg("c"), py::arg("promote"), py::arg("block"), py::arg("satfinite"));
    m.def(
        "check_model",
        [](const std::string& arch, const std::optional<std::string>& instruction, const std::string& input,
           const std::string& acc, int promote, int block,
           bool satfinite) { modelFor(arch, instruction, input, acc, promote, block, satfinite); },
        py::arg("arch"), py::arg("instruction"), py::arg("input"), py::arg("acc"), py::arg("promote"), py::arg("block"),
        py::arg("satfinite"));
    m.def(
        "caveat_text", [](int code) { return std::string(caveatText(Caveat(code))); }, py::arg("code"));
}

} // namespace fplab::python
