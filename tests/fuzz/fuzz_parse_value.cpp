// Fuzzes parseValue in every format and rounding mode. Besides crashes and sanitizer reports,
// it checks that accepted input gives bits inside the format, and that the printed forms of
// the result (shortest decimal, exact decimal, hex-float) read back to the same bits.
#include "core/classify.h"
#include "core/format.h"
#include "core/text/parse.h"
#include "core/text/print.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

const fplab::Format& formatFor(std::uint8_t selector) {
    static const fplab::Format customs[] = {
        *fplab::parseCustomFormatName("e5m10-nosub").format, *fplab::parseCustomFormatName("e4m3-fnuz").format,
        *fplab::parseCustomFormatName("e15m48").format,      *fplab::parseCustomFormatName("e2m61").format,
        *fplab::parseCustomFormatName("e3m0-fn").format,
    };
    const std::size_t presets = fplab::kPresetFormats.size();
    const std::size_t i = selector % (presets + std::size(customs));
    return i < presets ? *fplab::kPresetFormats[i] : customs[i - presets];
}

void checkReadsBack(const fplab::Format& f, std::uint64_t bits, const std::string& text, const char* what) {
    const fplab::ParseOutcome back = fplab::parseValue(text, f, {});
    if (!back.ok() || back.value->bits != bits) {
        std::fprintf(stderr, "%s of 0x%llx in %s is '%s', which reads back as %s\n", what,
                     static_cast<unsigned long long>(bits), std::string(f.name()).c_str(), text.c_str(),
                     back.ok() ? "different bits" : back.error.c_str());
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const fplab::Format& f = formatFor(data[0]);
    fplab::Env env;
    env.rounding = fplab::kAllRoundingModes[data[1] % 6]; // stochastic rounding is covered by the core tests
    env.tininess = (data[1] & 0x80) ? fplab::Tininess::BeforeRounding : fplab::Tininess::AfterRounding;
    const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
    const fplab::ParseOutcome outcome = fplab::parseValue(text, f, env);
    if (!outcome.ok()) {
        if (outcome.error.empty()) {
            std::fprintf(stderr, "parseValue refused input without saying why\n");
            std::abort();
        }
        return 0;
    }
    const std::uint64_t bits = outcome.value->bits;
    if ((bits & ~f.bitMask()) != 0) {
        std::fprintf(stderr, "parseValue returned bits outside the format\n");
        std::abort();
    }
    const fplab::FloatClass cls = fplab::classify(f, bits);
    // Raw bits may name a non-canonical encoding (exponent 0 in a format without subnormals is a zero):
    // only values that were rounded into the format must read back from their printed forms.
    const bool rawBits = outcome.kind == fplab::InputKind::RawHex || outcome.kind == fplab::InputKind::RawBinary;
    if (fplab::isFinite(cls) && !rawBits) {
        checkReadsBack(f, bits, fplab::shortestDecimal(f, bits), "the shortest decimal");
        checkReadsBack(f, bits, fplab::exactDecimal(f, bits), "the exact decimal");
        checkReadsBack(f, bits, fplab::hexFloat(f, bits), "the hex-float");
    }
    checkReadsBack(f, bits, fplab::hexBits(f, bits), "the raw hex");
    return 0;
}
