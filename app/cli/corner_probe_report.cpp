#include "app/cli/corner_probe_report.h"

#include "app/cli/corner_text.h"
#include "app/cli/exit_codes.h"
#include "gpu/backend_choice.h"
#include "gpu/fingerprint.h"
#include "gpu/gpu_error.h"

#include <cstdio>
#include <ostream>
#include <string>

namespace fplab::cli {
namespace {

namespace fp = tc::fingerprint;

std::string hex(std::uint64_t v, int bits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%0*llx", (bits + 3) / 4, static_cast<unsigned long long>(v));
    return buf;
}

std::string_view cornerLabel(fp::Corner c) { return c == fp::Corner::ZeroProducts ? "zero in E" : "zero sign"; }

// The reading a verdict names, with its source: "counted (MMA-Sim's reading)".
std::string verdictText(const fp::CornerAnswer& a) {
    if (a.verdict == fp::CornerVerdict::Neither) return "neither reading: a third behaviour, worth reporting";
    return std::string(fp::verdictReadingName(a.corner, a.verdict)) +
           (a.verdict == fp::CornerVerdict::FpLabReading ? " (FP Lab's reading)" : " (MMA-Sim's reading)");
}

void printRun(const gpu::CornerRun& run, std::ostream& out) {
    const fp::AnswerSet& w = run.where;
    const int inBits = w.input == tc::InputType::Tf32 ? 32 : tc::operandBits(w.input);
    const int accBits = tc::accumBits(w.accum);
    out << gpu::gemmTypeName(run.type) << ": " << tc::apiName(w.api) << " " << w.shape << " on " << w.device;
    if (w.computeCapability)
        out << " (compute capability " << w.computeCapability / 10 << "." << w.computeCapability % 10 << ")";
    if (!w.driver.empty()) out << ", driver " << w.driver;
    if (!w.date.empty()) out << ", " << w.date;
    out << "\n";
    for (fp::Corner corner : fp::kAllCorners) {
        std::size_t i = 0;
        while (i < run.probes.size() && run.probes[i].corner != corner) ++i;
        out << "  " << cornerLabel(corner) << "  ";
        if (i == run.probes.size()) {
            out << "no probe: the two readings give the same bits on this instruction\n";
            continue;
        }
        const fp::CornerProbe& p = run.probes[i];
        const fp::CornerAnswer& a = run.answers[i];
        out << "a[" << p.kk << "] " << hex(p.tile.a[std::size_t(p.kk)], inBits) << "  b[" << p.kk << "] "
            << hex(p.tile.b[std::size_t(p.kk) * fp::kTileN], inBits) << "  c " << hex(p.tile.c[0], accBits) << "  d "
            << hex(a.d, accBits) << "\n             FP Lab's reading gives " << hex(p.fpLab, accBits) << ", MMA-Sim's "
            << hex(p.mmaSim, accBits) << ": " << verdictText(a) << "\n";
        out << "  answer " << tc::archName(run.arch) << " " << tc::apiName(w.api) << " " << gpu::gemmTypeName(run.type)
            << " " << fp::cornerKey(corner) << " "
            << (a.verdict == fp::CornerVerdict::Neither ? std::string("neither ") + hex(a.d, accBits)
                                                        : std::string(fp::verdictReadingName(corner, a.verdict)))
            << "\n";
    }
}

} // namespace

int runCornerProbes(const CornerProbeOptions& o, CommandIo io) {
    const std::string command = "fplab-cli gpu fingerprint --probe-corners";
    if (!o.onModel)
        if (auto why = gpu::noGpuReason(); !why.empty()) {
            io.err << command << ": " << why << "\n";
            return kExitNoGpu;
        }
    const std::vector<gpu::GemmType> types = o.types.empty() ? gpu::fingerprintTypes() : o.types;
    const tc::Arch arch = o.onModel ? o.arch : gpu::defaultModelArch();
    const tc::CornerDefaults def = tc::defaultCornerReadings(arch, tc::Api::MmaSync);
    io.out << "The two corners where the tensor-core models disagree (docs/tensor-core-model.md)\n"
           << "built-in for " << tc::archName(arch) << " mma.sync:\n  zero in E  "
           << tc::zeroProductsName(def.readings.zeroProducts) << ", " << readingStatusText(def.zeroProducts)
           << "\n  zero sign  " << tc::zeroSignName(def.readings.zeroSign) << ", " << readingStatusText(def.zeroSign)
           << "\n";
    if (o.onModel)
        io.out << "answered by the CPU model, not a GPU: zero in E " << tc::zeroProductsName(o.readings.zeroProducts)
               << ", zero sign " << tc::zeroSignName(o.readings.zeroSign) << "\n";
    int ran = 0;
    for (gpu::GemmType t : types) {
        try {
            const gpu::CornerRun run = o.onModel ? gpu::runCornerProbesOnModel(t, o.arch, o.readings)
                                                 : gpu::runCornerProbesOnGpu(t);
            io.out << "\n";
            printRun(run, io.out);
            ++ran;
        } catch (const gpu::GpuError& e) {
            io.err << command << ": " << gpu::gemmTypeName(t) << ": skipped: " << e.what() << "\n";
        }
    }
    return ran ? kExitOk : kExitNoGpu;
}

} // namespace fplab::cli
