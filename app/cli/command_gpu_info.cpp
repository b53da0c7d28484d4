// `fplab-cli gpu info`: the GPU, driver and runtime, and the datasheet peaks for it; exits 0 without a GPU too.
#include "app/cli/cli_options.h"
#include "app/cli/command_gpu.h"
#include "gpu/datasheet.h"
#include "gpu/device_info.h"

#include <ostream>

namespace fplab::cli {

using namespace fplab::gpu;

OptionTable gpuInfoOptions(GpuArgs& a) {
    OptionTable t;
    t.command = "gpu info";
    t.summary = "the GPU, driver and runtime, and the datasheet peaks for it";
    t.description = "Without a GPU (or a CUDA build) it says why in the field 'gpu' and still exits 0.\n";
    addOutputOptions(t, a);
    return t;
}

int runGpuInfo(const GpuArgs& a, CommandIo io) {
    const auto& q = queryDevices();
    Report r;
    r.fields.push_back({"built with CUDA", yesNo(q.builtWithCuda)});
    r.fields.push_back({"driver CUDA version", txt(cudaVersionText(q.driverVersion))});
    r.fields.push_back({"runtime CUDA version", txt(cudaVersionText(q.runtimeVersion))});
    r.fields.push_back({"gpu", txt(q.available ? "yes" : "no GPU: " + q.reason)});
    Table devices{"devices",
                  {"index", "name", "arch", "SMs", "memory GiB", "SM clock MHz", "memory clock MHz", "bus width",
                   "L2 MiB", "PCI bus"},
                  {}};
    Table peaks{"datasheet (dense peaks, TFLOPS; INT8 TOPS)",
                {"device", "entry", "fp64", "fp64 tensor", "fp32", "tf32", "fp16", "fp16 acc16", "bf16", "fp8", "int8",
                 "uncertain", "source"},
                {}};
    for (const auto& d : q.devices) {
        devices.rows.push_back(
            {num(std::int64_t(d.index)), txt(d.name), txt(d.archName()), num(std::int64_t(d.smCount)),
             num(double(d.totalMemoryBytes) / double(1ull << 30), "%.1f"), num(std::int64_t(d.smClockKhz / 1000)),
             num(std::int64_t(d.memoryClockKhz / 1000)), num(std::int64_t(d.memoryBusWidthBits)),
             num(double(d.l2CacheBytes) / double(1 << 20), "%.1f"), txt(d.pciBusId)});
        if (const auto* e = findDatasheetEntry(d.name))
            peaks.rows.push_back({txt(d.name), txt(std::string(e->name)), num(e->fp64), num(e->fp64Tensor),
                                  num(e->fp32), num(e->tf32), num(e->fp16), num(e->fp16Acc16), num(e->bf16),
                                  num(e->fp8), num(e->int8), yesNo(e->uncertain), txt(std::string(e->source))});
        else
            r.notes.push_back("no datasheet entry for " + quoted(d.name) +
                              "; measured numbers are shown without a peak");
    }
    if (!q.devices.empty()) r.tables.push_back(devices);
    if (!peaks.rows.empty()) r.tables.push_back(peaks);
    printReport(r, a.format, io.out);
    return kExitOk;
}

} // namespace fplab::cli
