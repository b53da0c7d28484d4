// The speed table's CSV (issue 26 item 14): the H100 record compiled in reads as the file committed in
// docs/gpu-results/ (its rows checked against values copied by hand from that file), and malformed rows,
// headers and files are refused with the line named.
#include "core/tensor_core/measured_gemm.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace fplab::tc {
namespace {

std::string committedFile() {
    std::ifstream in(std::string(FPLAB_GPU_RESULTS_SOURCE_DIR) + "/h100-2026-11-24/06-bench.csv", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(MeasuredGemm, TheCompiledInRecordIsTheCommittedFile) {
    const MeasuredBench& b = recordedH100Bench();
    EXPECT_EQ(b.device, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(b.datasheetEntry, "H100 SXM5");
    EXPECT_EQ(b.date, "2026-11-24");
    EXPECT_EQ(b.source, "docs/gpu-results/h100-2026-11-24/06-bench.csv");
    ASSERT_EQ(b.rows.size(), 64u); // 73 lines: three tables of 2 comment lines, a header and their rows
    const MeasuredBenchOrError file = parseBenchCsv(committedFile());
    ASSERT_TRUE(file.bench) << file.error;
    ASSERT_EQ(file.bench->rows.size(), b.rows.size());
    for (std::size_t i = 0; i < b.rows.size(); ++i) {
        EXPECT_EQ(file.bench->rows[i].type, b.rows[i].type) << i;
        EXPECT_EQ(file.bench->rows[i].tflops, b.rows[i].tflops) << i;
    }
    // "fp16-fp32,FP16,cublas,8192,1.47088,1.46675,1.48205,747.52,989.4,75.6,ok"
    const MeasuredGemm* c = b.find("fp16-fp32", "cublas", 8192);
    ASSERT_NE(c, nullptr);
    EXPECT_TRUE(c->ran);
    EXPECT_EQ(c->medianMs, 1.47088);
    EXPECT_EQ(c->tflops, 747.52);
    EXPECT_EQ(c->datasheetTflops, 989.4);
    // "fp16-fp32,FP16,kernel,8192,25.2417,25.2297,25.399,43.56,989.4,4.4,ok"
    ASSERT_NE(b.find("fp16-fp32", "kernel", 8192), nullptr);
    EXPECT_EQ(b.find("fp16-fp32", "kernel", 8192)->tflops, 43.56);
    // The FP8 cuBLASLt rows did not run: the reason is kept.
    const MeasuredGemm* fp8 = b.find("e4m3-fp32", "cublas", 8192);
    ASSERT_NE(fp8, nullptr);
    EXPECT_FALSE(fp8->ran);
    EXPECT_EQ(fp8->status.rfind("skipped: cuBLAS call failed", 0), 0u) << fp8->status;
    EXPECT_EQ(fp8->tflops, 0);
}

TEST(MeasuredGemm, MalformedTextIsRefusedWithTheLine) {
    const std::string head = "# device: GPU\ntype,column,impl,size,median ms,min ms,max ms,TFLOPS,datasheet TFLOPS,% "
                             "of datasheet,status\n";
    const auto error = [&](const std::string& rows) { return parseBenchCsv(head + rows).error; };
    EXPECT_EQ(parseBenchCsv(head + "fp32,FP32,cublas,1024,0.07,0.07,0.08,29.6,67,44.2,ok\n").error, "");
    EXPECT_EQ(error("fp32,FP32,cublas,1024,0.07,0.07,0.08,29.6,67,ok\n"), "line 3: 10 fields, the speed table has 11");
    EXPECT_EQ(error("fp32,FP32,cublas,big,0.07,0.07,0.08,29.6,67,44.2,ok\n"),
              "line 3: size must be a positive integer, got \"big\"");
    EXPECT_EQ(error("fp32,FP32,cublas,1024,0.07,0.07,0.08,fast,67,44.2,ok\n"),
              "line 3: TFLOPS must be a number or -, got \"fast\"");
    EXPECT_EQ(error("fp32,FP32,tpu,1024,0.07,0.07,0.08,29.6,67,44.2,ok\n"),
              "line 3: impl must be cublas or kernel, got \"tpu\"");
    EXPECT_EQ(error("fp32,FP32,cublas,1024,-,-,-,-,67,-,fine\n"),
              "line 3: status must be ok or skipped: ..., got \"fine\"");
    EXPECT_EQ(error("fp32,FP32,cublas,1024,-,-,-,-,67,-,ok\n"), "line 3: a row that ran needs its time and TFLOPS");
    EXPECT_EQ(parseBenchCsv("# device: GPU\ntype,size\n").error,
              "line 2: not the speed table's header (type,column,impl,size,...)");
    EXPECT_EQ(parseBenchCsv(head).error, "no measured rows");
    EXPECT_EQ(parseBenchCsv(head + "\n# device: Other\n").error,
              "line 4: the device changes from \"GPU\" to \"Other\"");
}

} // namespace
} // namespace fplab::tc
