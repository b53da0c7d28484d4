// Lesson 13 (why cuBLAS is fast): arithmetic intensity and the roofline. A GEMM's FLOPs against the bytes
// it must move, the GPU's ridge point (peak FLOP/s over memory bandwidth), and the intensity each block
// tile of the GEMM ladder reaches when its shared-memory fills are counted as memory traffic. And what an
// H100 measured (the committed record, core/tensor_core/measured_gemm.h): cuBLAS against FP Lab's kernel.
#include "core/tensor_core/measured_gemm.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace fplab::lessons {

using namespace experiments;

namespace {

const Format& kF64 = kFp64;

double numberOf(const ParamValues& params, const char* name) {
    const double v = valueOf(kF64, params.number(name, kF64).bits);
    if (!(v > 0) || v > 1e9) throw ExperimentError(std::string(name) + " must be a positive number below 1e9");
    return v;
}

std::string fixed(double v, int digits) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
    return buffer;
}

// Shown values keep a few decimals (the nearest double to the rounded decimal): placeholders print a
// double in full.
double rounded(double v, int digits) { return std::strtod(fixed(v, digits).c_str(), nullptr); }

ExperimentResult gemmRoofline(const ParamValues& params) {
    const double peak = numberOf(params, "peak_tflops") * 1e12;        // FLOP/s
    const double bandwidth = numberOf(params, "bandwidth_tbs") * 1e12; // bytes/s
    const double n = double(params.integer("size"));
    const double inBytes = double(params.integer("input_bytes"));
    const auto tileM = numberListBits(params, "tile_m", kF64), tileN = numberListBits(params, "tile_n", kF64);
    if (tileM.size() != tileN.size()) throw ExperimentError("tile_m and tile_n must list as many tiles");

    // D = A*B + C: A and B once in the input type, C read and D written in FP32.
    const double flops = 2 * n * n * n;
    const double bytes = n * n * (2 * inBytes + 2 * 4);
    const double intensity = flops / bytes;
    const double ridge = peak / bandwidth;
    const double attainable = std::min(peak, intensity * bandwidth);
    ExperimentResult out;
    out.quantities.push_back(realQuantity("flops", {"FLOPs (2n³)", "浮点运算次数（2n³）"}, flops));
    out.quantities.push_back(
        realQuantity("bytes", {"Bytes moved at least once (A, B, C, D)", "至少要搬运一次的字节（A、B、C、D）"}, bytes));
    out.quantities.push_back(realQuantity("intensity", {"Arithmetic intensity (FLOP/byte)", "算术强度（FLOP/字节）"},
                                          rounded(intensity, 1)));
    out.quantities.push_back(realQuantity(
        "ridge", {"Ridge point: peak / bandwidth (FLOP/byte)", "屋脊点：峰值 / 带宽（FLOP/字节）"}, rounded(ridge, 1)));
    out.quantities.push_back(realQuantity("attainable_tflops", {"Roofline bound (TFLOPS)", "屋顶线上限（TFLOPS）"},
                                          rounded(attainable / 1e12, 1)));
    out.quantities.push_back(realQuantity("compute_ms", {"Time at the peak (ms)", "按峰值计算的时间（ms）"},
                                          rounded(flops / peak * 1e3, 3)));
    out.quantities.push_back(realQuantity("memory_ms",
                                          {"Time to move the bytes once (ms)", "把这些字节搬运一次的时间（ms）"},
                                          rounded(bytes / bandwidth * 1e3, 3)));

    ResultTable t;
    t.key = "tiles";
    t.title = {"Block tiles: FLOPs per byte of shared-memory fill", "线程块分块：每字节共享内存填充对应的 FLOP"};
    t.columns = {{"rung", "级"},
                 {"block tile", "线程块分块"},
                 {"FLOP/byte", "FLOP/字节"},
                 {"bound if every fill came from memory (TFLOPS)", "若每次填充都来自显存的上限（TFLOPS）"}};
    for (std::size_t i = 0; i < tileM.size(); ++i) {
        const double tm = valueOf(kF64, tileM[i]), tn = valueOf(kF64, tileN[i]);
        if (!(tm >= 1 && tn >= 1)) throw ExperimentError("tile sizes must be at least 1");
        // Per k: (tm + tn) input elements loaded, 2 tm tn FLOPs.
        const double tileIntensity = 2 * tm * tn / ((tm + tn) * inBytes);
        const std::string shape = fixed(tm, 0) + " x " + fixed(tn, 0);
        out.quantities.push_back(realQuantity("tile" + std::to_string(i + 1) + "_intensity",
                                              {"Rung " + std::to_string(i + 1) + " tile " + shape + ": FLOP/byte",
                                               "第 " + std::to_string(i + 1) + " 级分块 " + shape + "：FLOP/字节"},
                                              rounded(tileIntensity, 1)));
        t.rows.push_back({std::to_string(i + 1), shape, fixed(tileIntensity, 1),
                          fixed(std::min(peak, tileIntensity * bandwidth) / 1e12, 1)});
    }
    out.tables.push_back(std::move(t));

    Chart chart;
    chart.key = "roofline";
    chart.title = {"Roofline: attainable TFLOPS against arithmetic intensity", "屋顶线：可达 TFLOPS 与算术强度"};
    chart.xLabel = {"FLOP/byte", "FLOP/字节"};
    chart.yLabel = {"TFLOPS", "TFLOPS"};
    Series roof{"roof", {"min(peak, intensity x bandwidth)", "min(峰值, 强度 x 带宽)"}, {}, {}};
    for (double x = 0.25; x <= 4096; x *= 1.25) addPoint(roof, x, std::min(peak, x * bandwidth) / 1e12);
    chart.series.push_back(std::move(roof));
    out.charts.push_back(std::move(chart));
    return out;
}

std::vector<std::string> recordedTypes() {
    std::vector<std::string> types;
    for (const tc::MeasuredGemm& r : tc::recordedH100Bench().rows)
        if (std::find(types.begin(), types.end(), r.type) == types.end()) types.push_back(r.type);
    return types;
}

ExperimentResult recordedGemmSpeed(const ParamValues& params) {
    const tc::MeasuredBench& bench = tc::recordedH100Bench();
    const std::string& type = params.text("type");
    const int size = int(params.integer("size"));
    const tc::MeasuredGemm* cublas = bench.find(type, "cublas", size);
    const tc::MeasuredGemm* kernel = bench.find(type, "kernel", size);
    if (!cublas && !kernel)
        throw ExperimentError("the record has no " + type + " GEMM of size " + std::to_string(size));
    ExperimentResult out;
    out.quantities.push_back(textQuantity("device", {"GPU", "GPU"}, {bench.device, bench.device}));
    out.quantities.push_back(textQuantity("date", {"Measured on", "测量日期"}, {bench.date, bench.date}));
    const auto tflops = [&](const char* key, LocalText label, const tc::MeasuredGemm* r) {
        if (r && r->ran) out.quantities.push_back(realQuantity(key, std::move(label), r->tflops));
        else
            out.quantities.push_back(
                textQuantity(key, std::move(label), {r ? r->status : "not measured", r ? r->status : "未测量"}));
    };
    tflops("cublas_tflops", {"cuBLAS (TFLOPS)", "cuBLAS（TFLOPS）"}, cublas);
    tflops("kernel_tflops", {"FP Lab's tensor-core kernel (TFLOPS)", "FP Lab 自己的张量核心内核（TFLOPS）"}, kernel);
    if (cublas && kernel && cublas->ran && kernel->ran)
        out.quantities.push_back(realQuantity("kernel_percent", {"Kernel as % of cuBLAS", "内核占 cuBLAS 的百分比"},
                                              rounded(100 * kernel->tflops / cublas->tflops, 1)));
    const double datasheet = cublas ? cublas->datasheetTflops : kernel->datasheetTflops;
    if (datasheet > 0)
        out.quantities.push_back(realQuantity(
            "datasheet_tflops", {"Datasheet dense peak (TFLOPS)", "数据手册稠密峰值（TFLOPS）"}, datasheet));

    ResultTable t;
    t.key = "measured";
    t.title = {"Measured on " + bench.device + ", " + bench.date + ": square GEMMs of size " + std::to_string(size),
               bench.device + "，" + bench.date + " 实测：规模 " + std::to_string(size) + " 的方阵 GEMM"};
    t.columns = {{"type", "类型"},
                 {"cuBLAS TFLOPS", "cuBLAS TFLOPS"},
                 {"FP Lab kernel TFLOPS", "FP Lab 内核 TFLOPS"},
                 {"datasheet TFLOPS", "数据手册 TFLOPS"}};
    for (const std::string& each : recordedTypes()) {
        const tc::MeasuredGemm* c = bench.find(each, "cublas", size);
        const tc::MeasuredGemm* k = bench.find(each, "kernel", size);
        const auto cell = [](const tc::MeasuredGemm* r) {
            return r && r->ran ? fixed(r->tflops, 2) : std::string("-");
        };
        const double peak = c ? c->datasheetTflops : k ? k->datasheetTflops : 0;
        t.rows.push_back({each, cell(c), cell(k), peak > 0 ? fixed(peak, 1) : std::string("-")});
    }
    out.tables.push_back(std::move(t));
    return out;
}

} // namespace

void addRooflineExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"gemm_roofline",
         {"GEMM roofline", "GEMM 的屋顶线"},
         {"Arithmetic intensity of an n x n x n GEMM and of block tiles against a GPU's peak and memory "
          "bandwidth.",
          "n x n x n GEMM 与各线程块分块的算术强度，对照 GPU 的峰值与显存带宽。"},
         {numberParam("peak_tflops", "989.4", {"dense tensor-core peak (TFLOPS)", "张量核心稠密峰值（TFLOPS）"}),
          numberParam("bandwidth_tbs", "3.35", {"memory bandwidth (TB/s)", "显存带宽（TB/s）"}),
          integerParam("size", "8192", 1, 1 << 20, {"n: the GEMM is n x n x n", "n：GEMM 为 n x n x n"}),
          integerParam("input_bytes", "2", 1, 8,
                       {"bytes per input element (FP16: 2)", "每个输入元素的字节数（FP16：2）"}),
          numberListParam("tile_m", "1, 32, 128, 128, 128", {"block tile rows, one per rung", "各级线程块分块的行数"}),
          numberListParam("tile_n", "1, 32, 128, 256, 128",
                          {"block tile columns, one per rung", "各级线程块分块的列数"})},
         gemmRoofline});
    catalog.push_back({"recorded_gemm_speed",
                       {"GEMM speed measured on an H100", "H100 上实测的 GEMM 速度"},
                       {"What cuBLAS and FP Lab's own tensor-core kernel reached on the GPU of the committed record "
                        "(docs/gpu-results/), per type, at one size.",
                        "已提交记录（docs/gpu-results/）中的 GPU 上，cuBLAS 与 FP Lab "
                        "自己的张量核心内核在某一规模下各类型达到的速度。"},
                       {choiceParam("type", "fp16-fp32", recordedTypes(), {"the GEMM type", "GEMM 类型"}),
                        integerParam("size", "8192", 1, 1 << 20, {"n: the GEMM is n x n x n", "n：GEMM 为 n x n x n"})},
                       recordedGemmSpeed});
}

} // namespace fplab::lessons
