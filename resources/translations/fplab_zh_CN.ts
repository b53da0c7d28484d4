<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>fplab::gui::AboutDialog</name>
    <message>
        <source>unknown compiler</source>
        <translation>未知编译器</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>版本 %1</translation>
    </message>
    <message>
        <source>Qt %1 (built with %2), %3</source>
        <translation>Qt %1（构建时为 %2），%3</translation>
    </message>
    <message>
        <source>CUDA backend: built in (tensor-core runs need an NVIDIA GPU)</source>
        <translation>CUDA 后端：已编译（张量核心运行需要 NVIDIA GPU）</translation>
    </message>
    <message>
        <source>CUDA backend: not built; every result comes from the CPU emulation</source>
        <translation>CUDA 后端：未编译；所有结果都来自 CPU 模拟</translation>
    </message>
    <message>
        <source>&lt;p&gt;Every number FP Lab shows is computed bit for bit by its own soft-float core and checked against independent references:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;IEEE 754-2019, &lt;i&gt;IEEE Standard for Floating-Point Arithmetic&lt;/i&gt;: the formats, rounding modes, exceptions and operations.&lt;/li&gt;&lt;li&gt;OCP 8-bit Floating Point Specification (OFP8), rev. 1.0: E4M3 and E5M2.&lt;/li&gt;&lt;li&gt;OCP Microscaling Formats (MX) Specification v1.0: FP6 (E2M3, E3M2), FP4 (E2M1) and the E8M0 scale.&lt;/li&gt;&lt;li&gt;Berkeley SoftFloat 3 (J. Hauser): the one-rounding-path design and the exception flags.&lt;/li&gt;&lt;li&gt;GNU MPFR: the correctly rounded oracle used in the tests.&lt;/li&gt;&lt;li&gt;M. Fasi, N. J. Higham, M. Mikaitis, S. Pranesh, &lt;i&gt;Numerical behavior of NVIDIA tensor cores&lt;/i&gt;, PeerJ Computer Science 7:e330, 2021.&lt;/li&gt;&lt;li&gt;F. Khattak, M. Mikaitis, &lt;i&gt;Accurate Models of NVIDIA Tensor Cores&lt;/i&gt;, arXiv:2512.07004 (ACM TACO).&lt;/li&gt;&lt;li&gt;Xie, Wang, Yang, Yang, &lt;i&gt;MMA-Sim: Bit-Accurate Reference Model of Tensor Cores and Matrix Cores&lt;/i&gt;, arXiv:2511.10909.&lt;/li&gt;&lt;li&gt;NVIDIA A100 Tensor Core GPU Architecture whitepaper: TF32 and the throughput figures.&lt;/li&gt;&lt;li&gt;PyTorch automatic mixed precision (autocast, GradScaler): the loss-scaling rules.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;p&gt;FP Lab 显示的每一个数都由它自己的软件浮点核心逐位计算，并与独立的参考实现进行核对：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;IEEE 754-2019《IEEE 浮点运算标准》（&lt;i&gt;IEEE Standard for Floating-Point Arithmetic&lt;/i&gt;）：格式、舍入模式、异常和运算。&lt;/li&gt;&lt;li&gt;OCP 8 位浮点规范（OFP8）1.0 版：E4M3 和 E5M2。&lt;/li&gt;&lt;li&gt;OCP 微缩放格式（MX）规范 1.0 版：FP6（E2M3、E3M2）、FP4（E2M1）和 E8M0 缩放因子。&lt;/li&gt;&lt;li&gt;Berkeley SoftFloat 3（J. Hauser）：单一舍入路径的设计和异常标志。&lt;/li&gt;&lt;li&gt;GNU MPFR：测试中使用的正确舍入参考实现。&lt;/li&gt;&lt;li&gt;M. Fasi、N. J. Higham、M. Mikaitis、S. Pranesh，&lt;i&gt;Numerical behavior of NVIDIA tensor cores&lt;/i&gt;，PeerJ Computer Science 7:e330，2021。&lt;/li&gt;&lt;li&gt;F. Khattak、M. Mikaitis，&lt;i&gt;Accurate Models of NVIDIA Tensor Cores&lt;/i&gt;，arXiv:2512.07004（ACM TACO）。&lt;/li&gt;&lt;li&gt;Xie、Wang、Yang、Yang，&lt;i&gt;MMA-Sim: Bit-Accurate Reference Model of Tensor Cores and Matrix Cores&lt;/i&gt;，arXiv:2511.10909。&lt;/li&gt;&lt;li&gt;NVIDIA A100 张量核心 GPU 架构白皮书：TF32 和吞吐量数据。&lt;/li&gt;&lt;li&gt;PyTorch 自动混合精度（autocast、GradScaler）：损失缩放的规则。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>About FP Lab</source>
        <translation>关于 FP Lab</translation>
    </message>
    <message>
        <source>&lt;h2&gt;FP Lab&lt;/h2&gt;&lt;p&gt;Number formats for deep learning, bit for bit.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;FP Lab&lt;/h2&gt;&lt;p&gt;逐位理解深度学习中的数值格式。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ArithmeticSection</name>
    <message>
        <source>Arithmetic</source>
        <translation>运算</translation>
    </message>
    <message>
        <source>Watch one operation happen: unpack, align, add or multiply, normalise, round, with the guard, round and sticky bits and the flags; and the same operation in every format (Ctrl+2).</source>
        <translation>逐步观看一次运算：拆解、对阶、相加或相乘、规格化、舍入，包括保护位、舍入位、粘滞位和异常标志；并在所有格式中对比同一运算（Ctrl+2）。</translation>
    </message>
    <message>
        <source>&amp;Operation</source>
        <translation>运算(&amp;O)</translation>
    </message>
    <message>
        <source>The operation to run: each is computed exactly and rounded once, as IEEE 754 requires.</source>
        <translation>要执行的运算：按 IEEE 754 的要求，先精确计算，再只舍入一次。</translation>
    </message>
    <message>
        <source>&amp;in</source>
        <translation>格式(&amp;I)</translation>
    </message>
    <message>
        <source>The format of the operands and the result.</source>
        <translation>操作数和结果所用的格式。</translation>
    </message>
    <message>
        <source>&amp;to</source>
        <translation>目标(&amp;T)</translation>
    </message>
    <message>
        <source>The destination format of the conversion.</source>
        <translation>转换的目标格式。</translation>
    </message>
    <message>
        <source>&amp;rounding</source>
        <translation>舍入(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;saturate</source>
        <translation>饱和(&amp;S)</translation>
    </message>
    <message>
        <source>For formats without infinity (E4M3 and the MX formats): overflow gives the largest finite value instead of NaN, as PyTorch&apos;s saturating casts do.</source>
        <translation>适用于没有无穷大的格式（E4M3 和 MX 格式）：上溢时得到最大有限值而不是 NaN，与 PyTorch 的饱和转换一致。</translation>
    </message>
    <message>
        <source>tininess &amp;before rounding</source>
        <translation>舍入前判断微小(&amp;B)</translation>
    </message>
    <message>
        <source>When underflow is signalled: x86 and ARM detect tininess after rounding (the default); some other processors before it.</source>
        <translation>何时报告下溢：x86 和 ARM 在舍入后判断结果是否微小（默认），另一些处理器在舍入前判断。</translation>
    </message>
    <message>
        <source>a number: 1, 0.0001, 2^-24, 0x1.8p-3, 0x3c00, inf, nan</source>
        <translation>一个数：1、0.0001、2^-24、0x1.8p-3、0x3c00、inf、nan</translation>
    </message>
    <message>
        <source>Operands are read into the format with round to nearest even; the chosen mode applies to the operation itself.</source>
        <translation>操作数以“就近舍入，平局取偶”读入格式；所选的舍入模式只作用于运算本身。</translation>
    </message>
    <message>
        <source>&amp;Next step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>Show the next step (Alt+Right).</source>
        <translation>显示下一步（Alt+→）。</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>上一步(&amp;B)</translation>
    </message>
    <message>
        <source>Show the previous step (Alt+Left).</source>
        <translation>显示上一步（Alt+←）。</translation>
    </message>
    <message>
        <source>&amp;First step</source>
        <translation>第一步(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Last step</source>
        <translation>最后一步(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>自动播放(&amp;P)</translation>
    </message>
    <message>
        <source>Step through automatically, one step every %1 seconds (F5).</source>
        <translation>自动逐步演示，每 %1 秒一步（F5）。</translation>
    </message>
    <message>
        <source>&amp;Draw again</source>
        <translation>重新抽样(&amp;D)</translation>
    </message>
    <message>
        <source>Stochastic rounding: use a new random draw (Ctrl+D).</source>
        <translation>随机舍入：使用新的随机数（Ctrl+D）。</translation>
    </message>
    <message>
        <source>&amp;Swap a and b</source>
        <translation>交换 a 和 b(&amp;S)</translation>
    </message>
    <message>
        <source>The same operation in every format</source>
        <translation>同一运算在各格式中的结果</translation>
    </message>
    <message>
        <source>Each row reads the operands into its format and computes there: watch small addends vanish in FP16 and BF16 while FP32 keeps them.</source>
        <translation>每一行把操作数读入该行的格式并在其中计算：可以看到较小的加数在 FP16 和 BF16 中消失，而 FP32 保留了它。</translation>
    </message>
    <message>
        <source>%1 = &lt;b&gt;%2&lt;/b&gt; in %3 (%4) — flags: &lt;span style=&apos;color:%5&apos;&gt;%6&lt;/span&gt;</source>
        <translation>%1 = &lt;b&gt;%2&lt;/b&gt;（%3，%4）— 标志：&lt;span style=&apos;color:%5&apos;&gt;%6&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Draw again</source>
        <translation>重新抽样</translation>
    </message>
    <message>
        <source>Stochastic rounding: the result is exact (or a special case), so there is nothing to round.</source>
        <translation>随机舍入：结果是精确的（或属于特殊情况），无需舍入。</translation>
    </message>
    <message>
        <source>Stochastic rounding picks &lt;b&gt;%1&lt;/b&gt; (toward zero) with probability %2 or &lt;b&gt;%3&lt;/b&gt; (away from zero) with probability %4 = the dropped fraction of an ulp. This draw: %5 → &lt;b&gt;%6&lt;/b&gt;. Over %7 draws, %8% went up.</source>
        <translation>随机舍入以概率 %2 取 &lt;b&gt;%1&lt;/b&gt;（向零），以概率 %4 取 &lt;b&gt;%3&lt;/b&gt;（远离零），后者等于被舍弃部分占一个 ulp 的比例。本次抽样：%5 → &lt;b&gt;%6&lt;/b&gt;。在 %7 次抽样中，%8% 向上舍入。</translation>
    </message>
    <message>
        <source>up</source>
        <translation>向上</translation>
    </message>
    <message>
        <source>down</source>
        <translation>向下</translation>
    </message>
    <message>
        <source>Fix the operands to see the steps.</source>
        <translation>请修正操作数以查看步骤。</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>an operation</source>
        <translation>一种运算</translation>
    </message>
    <message>
        <source>a format FP Lab knows</source>
        <translation>FP Lab 认识的格式</translation>
    </message>
    <message>
        <source>a rounding mode</source>
        <translation>一种舍入模式</translation>
    </message>
</context>
<context>
    <name>fplab::gui::AttentionHeatmapView</name>
    <message>
        <source>&amp;Layer</source>
        <translation>层(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Head</source>
        <translation>头(&amp;H)</translation>
    </message>
    <message>
        <source>The attention of the held-out example “%1” after the run: row = query, column = key it reads; the stronger the colour, the more probability.</source>
        <translation>训练后留出样例“%1”的注意力：行为查询，列为它读取的键；颜色越深，概率越大。</translation>
    </message>
    <message>
        <source>After a run, the attention of one held-out example appears here.</source>
        <translation>训练结束后，这里显示一个留出样例的注意力。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::BitEditor</name>
    <message>
        <source>Bit %1 of %2</source>
        <translation>第 %1 位（共 %2 位）</translation>
    </message>
    <message>
        <source>Sign bit: 0 is positive, 1 is negative. Flipping it negates the value.</source>
        <translation>符号位：0 为正，1 为负。翻转它会使数值取反。</translation>
    </message>
    <message>
        <source>Click to flip; drag to paint several bits.</source>
        <translation>单击翻转；拖动可连续设置多位。</translation>
    </message>
    <message>
        <source>Exponent bit: adds 2^%1 = %2 to the biased exponent, so it scales the value by 2^%2.</source>
        <translation>指数位：给带偏置的指数加上 2^%1 = %2，即把数值乘以 2^%2。</translation>
    </message>
    <message>
        <source>Mantissa bit: worth 2^%1 of the significand; at this exponent (2^%2) it adds 2^%3 = %4.</source>
        <translation>尾数位：占有效数的 2^%1；在当前指数（2^%2）下，它贡献 2^%3 = %4。</translation>
    </message>
    <message>
        <source>sign</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>min: %1</source>
        <translation>最小：%1</translation>
    </message>
    <message>
        <source>exponent</source>
        <translation>指数</translation>
    </message>
    <message>
        <source>The implicit leading bit: not stored. It is 1 for normal numbers and 0 for subnormals and zero, which is why the significand reads %1.</source>
        <translation>隐含的前导位：不存储。正规数为 1，次正规数和零为 0，所以有效数读作 %1。</translation>
    </message>
    <message>
        <source>significand %1 + %2</source>
        <translation>有效数 %1 + %2</translation>
    </message>
    <message>
        <source>mantissa</source>
        <translation>尾数</translation>
    </message>
    <message>
        <source>Bits of the value</source>
        <translation>数值的各个位</translation>
    </message>
</context>
<context>
    <name>fplab::gui::BitEditorPanel</name>
    <message>
        <source>Next value &amp;up</source>
        <translation>下一个更大的值(&amp;U)</translation>
    </message>
    <message>
        <source>Step to the next representable value toward +infinity (Alt+Up): one ulp.</source>
        <translation>移到朝 +∞ 方向的下一个可表示值（Alt+↑）：相差一个 ulp。</translation>
    </message>
    <message>
        <source>Next value &amp;down</source>
        <translation>下一个更小的值(&amp;D)</translation>
    </message>
    <message>
        <source>Step to the next representable value toward −infinity (Alt+Down).</source>
        <translation>移到朝 −∞ 方向的下一个可表示值（Alt+↓）。</translation>
    </message>
    <message>
        <source>&amp;Negate (flip the sign bit)</source>
        <translation>取反（翻转符号位）(&amp;N)</translation>
    </message>
</context>
<context>
    <name>fplab::gui::BitLines</name>
    <message>
        <source>%1 (continued)</source>
        <translation>%1（续）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::BlockElementModel</name>
    <message>
        <source>Index</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>块</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Dequantized</source>
        <translation>反量化值</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
</context>
<context>
    <name>fplab::gui::BlockScaleModel</name>
    <message>
        <source>Block</source>
        <translation>块</translation>
    </message>
    <message>
        <source>Scale bits</source>
        <translation>缩放因子的位</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>缩放因子</translation>
    </message>
    <message>
        <source>Largest |input|</source>
        <translation>最大 |输入|</translation>
    </message>
    <message>
        <source>Largest |error|</source>
        <translation>最大 |误差|</translation>
    </message>
</context>
<context>
    <name>fplab::gui::BlockView</name>
    <message>
        <source>Vec&amp;tor:</source>
        <translation>向量(&amp;T)：</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>正态</translation>
    </message>
    <message>
        <source>Heavy-tailed (Student t, 2 degrees of freedom)</source>
        <translation>重尾（学生 t 分布，自由度 2）</translation>
    </message>
    <message>
        <source>Normal with one outlier</source>
        <translation>正态加一个离群值</translation>
    </message>
    <message>
        <source>Ele&amp;ments:</source>
        <translation>元素个数(&amp;M)：</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>种子(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>生成(&amp;G)</translation>
    </message>
    <message>
        <source>Replace the values below with a new seeded vector.</source>
        <translation>用新的固定种子向量替换下面的数值。</translation>
    </message>
    <message>
        <source>Sc&amp;heme:</source>
        <translation>方案(&amp;H)：</translation>
    </message>
    <message>
        <source>Paste numbers here, separated by spaces, commas or new lines.</source>
        <translation>在此粘贴数值，用空格、逗号或换行分隔。</translation>
    </message>
    <message>
        <source>Too many values: %1 (at most %2).</source>
        <translation>数值太多：%1 个（最多 %2 个）。</translation>
    </message>
    <message>
        <source>No values: paste some or generate a vector.</source>
        <translation>没有数值：请粘贴数值或生成一个向量。</translation>
    </message>
    <message>
        <source>Error (input − dequantized) by position</source>
        <translation>各位置的误差（输入 − 反量化值）</translation>
    </message>
    <message>
        <source>error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>block of the largest element</source>
        <translation>最大元素所在的块</translation>
    </message>
    <message>
        <source>element index</source>
        <translation>元素序号</translation>
    </message>
    <message>
        <source>Scale r&amp;ule:</source>
        <translation>缩放规则(&amp;U)：</translation>
    </message>
    <message>
        <source>Error chart</source>
        <translation>误差图</translation>
    </message>
    <message>
        <source>Tensor file</source>
        <translation>张量文件</translation>
    </message>
    <message>
        <source>How each block&apos;s scale is chosen from its largest magnitude (amax): the OCP MX rule, NVIDIA&apos;s MXFP8 recipe (rounded up, nothing saturates), ml_dtypes&apos; nearest, FP32 scales (DeepSeek-V3); for NVFP4 the block amax mapped to 6, to 4, or per block the better of the two (Four Over Six). The table compares every rule of the scheme on these values.</source>
        <translation>每块的缩放因子如何由块内最大绝对值（amax）决定：OCP MX 规则、NVIDIA 的 MXFP8 配方（向上取整，不会饱和）、ml_dtypes 的就近舍入、FP32 缩放因子（DeepSeek-V3）；对 NVFP4，块 amax 映射到 6、映射到 4，或每块取两者中更好的一个（Four Over Six）。表格在这些值上比较该方案的所有规则。</translation>
    </message>
    <message>
        <source>%1 elements decode to NaN: a NaN or an infinity made their block&apos;s E8M0 scale NaN (OCP MX v1.0).</source>
        <translation>%1 个元素解码为 NaN：NaN 或无穷大使所在块的 E8M0 缩放因子成为 NaN（OCP MX v1.0）。</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Saturated</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>Rounded to zero</source>
        <translation>舍入为零</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>Largest |error|</source>
        <translation>最大 |误差|</translation>
    </message>
    <message>
        <source>Relative RMS error</source>
        <translation>相对均方根误差</translation>
    </message>
    <message>
        <source>Outlier&apos;s block scale</source>
        <translation>离群值所在块的缩放因子</translation>
    </message>
    <message>
        <source>Outlier back</source>
        <translation>离群值反量化后</translation>
    </message>
    <message>
        <source>Relative error 0</source>
        <translation>相对误差 0</translation>
    </message>
    <message>
        <source>≤ 2^-8</source>
        <translation>≤ 2^-8</translation>
    </message>
    <message>
        <source>≤ 2^-6</source>
        <translation>≤ 2^-6</translation>
    </message>
    <message>
        <source>≤ 2^-4</source>
        <translation>≤ 2^-4</translation>
    </message>
    <message>
        <source>≤ 2^-2</source>
        <translation>≤ 2^-2</translation>
    </message>
    <message>
        <source>&lt; 1</source>
        <translation>&lt; 1</translation>
    </message>
    <message>
        <source>1 (zeroed)</source>
        <translation>1（变成 0）</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>拒绝：%1</translation>
    </message>
    <message>
        <source>Your own values</source>
        <translation>你自己的数值</translation>
    </message>
    <message>
        <source>The value at index %1: %2</source>
        <translation>索引 %1 处的数值：%2</translation>
    </message>
    <message>
        <source>%1 in %2. Largest |error| %3, RMS error %4, %5 clipped to the largest value, %6 rounded to zero. The largest element (index %7) sets the scale of block %8, highlighted.</source>
        <translation>%1，分为 %2。最大 |误差| %3，均方根误差 %4，%5 个被截断到最大值，%6 个被舍入为零。最大的元素（索引 %7）决定了第 %8 块的缩放因子，已高亮显示。</translation>
    </message>
    <message numerus="yes">
        <source>%n element(s)</source>
        <translation>
            <numerusform>%n 个元素</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n block(s)</source>
        <translation>
            <numerusform>%n 个块</numerusform>
        </translation>
    </message>
    <message>
        <source>Bloc&amp;ks:</source>
        <translation>块形(&amp;K)：</translation>
    </message>
    <message>
        <source>1D, along a row</source>
        <translation>一维，沿行</translation>
    </message>
    <message>
        <source>2D, 16×16 tiles</source>
        <translation>二维，16×16 分块</translation>
    </message>
    <message>
        <source>NVFP4 can share one scale among a 16×16 tile (NVIDIA&apos;s 2D weight blocks) instead of 16 elements along a row; the other schemes keep their own blocks. Lay the values out in rows (Row length) to see tiles.</source>
        <translation>NVFP4 可以让一个 16×16 分块共享一个缩放因子（NVIDIA 的二维权重块），而不是沿行的 16 个元素；其他方案保持各自的块。把数值按行排布（行长）才能看到分块。</translation>
    </message>
    <message>
        <source>Ro&amp;w length:</source>
        <translation>行长(&amp;W)：</translation>
    </message>
    <message>
        <source>one row</source>
        <translation>一行</translation>
    </message>
    <message>
        <source>The values are laid out row by row in rows of this length (blocks run along a row, tiles span rows); the lowest value puts them all in one row.</source>
        <translation>数值按这个长度逐行排布（块沿行延伸，分块跨越多行）；最小值把它们全部放在一行。</translation>
    </message>
    <message>
        <source>Random Hadamard, s&amp;eed</source>
        <translation>随机 Hadamard 变换，种子(&amp;E)</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s random Hadamard transform: each 16 values of a row are mixed (H16 times random signs from the seed, divided by 4) before quantizing, and the inverse is applied after. Codes, scales and the saturated and rounded-to-zero counts are those of the transformed values; dequantized values and errors are back in the input&apos;s domain, in the table and in the comparison.</source>
        <translation>NVIDIA 的随机 Hadamard 变换：量化前把一行中每 16 个数值混合（H16 乘以由种子生成的随机符号，再除以 4），量化后再做逆变换。编码、缩放因子以及饱和与舍入为零的计数都针对变换后的数值；反量化值和误差则回到输入的值域，表格和对比中均如此。</translation>
    </message>
    <message>
        <source>OCP MX: 32 elements share an E8M0 (power of two) scale. NVFP4: 16 E2M1 elements share an E4M3 scale, with an FP32 tensor scale. FP8: E4M3 elements, FP32 scale amax / 448 per tensor, row, 1x128 block or 128x128 tile (rows of the Row length here).</source>
        <translation>OCP MX：32 个元素共享一个 E8M0（2 的幂）缩放因子。NVFP4：16 个 E2M1 元素共享一个 E4M3 缩放因子，另有一个 FP32 张量缩放因子。FP8：E4M3 元素，FP32 缩放因子 amax / 448，按张量、行、1x128 块或 128x128 分块（此处的行由“行长”决定）。</translation>
    </message>
    <message>
        <source>%1 values do not fill rows of %2: choose a row length that divides the count.</source>
        <translation>%1 个数值排不满长度为 %2 的行：请选一个能整除数值个数的行长。</translation>
    </message>
    <message>
        <source>The random Hadamard transform mixes 16 values at a time: a row of %1 values is not a multiple of 16.</source>
        <translation>随机 Hadamard 变换每次混合 16 个数值：一行 %1 个数值不是 16 的倍数。</translation>
    </message>
    <message>
        <source>Through the random Hadamard transform (seed %1): codes, scales and the counts are of the transformed values, dequantized values and errors after the inverse.</source>
        <translation>经过随机 Hadamard 变换（种子 %1）：编码、缩放因子和计数针对变换后的数值，反量化值和误差取自逆变换之后。</translation>
    </message>
    <message>
        <source>a block-scaled scheme FP Lab knows</source>
        <translation>FP Lab 认识的块缩放方案</translation>
    </message>
    <message>
        <source>a scale rule of %1</source>
        <translation>%1 的一种缩放规则</translation>
    </message>
</context>
<context>
    <name>fplab::gui::CheckpointWidget</name>
    <message>
        <source>Check:</source>
        <translation>检查：</translation>
    </message>
    <message>
        <source>Right.</source>
        <translation>正确。</translation>
    </message>
    <message>
        <source>Not quite.</source>
        <translation>不完全对。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::CompareChartsView</name>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation>损失缩放因子</translation>
    </message>
    <message>
        <source>FP16 underflow</source>
        <translation>FP16 下溢</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>nonzero gradients → 0</source>
        <translation>非零梯度 → 0</translation>
    </message>
    <message>
        <source>of the step&apos;s examples</source>
        <translation>占该步样本的比例</translation>
    </message>
</context>
<context>
    <name>fplab::gui::CompareRunsTab</name>
    <message>
        <source>Runs overlaid</source>
        <translation>多次训练叠加</translation>
    </message>
    <message>
        <source>Update-to-weight ratio</source>
        <translation>更新与权重之比</translation>
    </message>
    <message>
        <source>Memory by mode</source>
        <translation>各模式的内存</translation>
    </message>
    <message>
        <source>%1 (CPU)</source>
        <translation>%1（CPU）</translation>
    </message>
    <message>
        <source>%1 (GPU)</source>
        <translation>%1（GPU）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ComparisonTableModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>within (not judged)</source>
        <translation>在容差内（不评判）</translation>
    </message>
    <message>
        <source>drifted (not judged)</source>
        <translation>已漂移（不评判）</translation>
    </message>
    <message>
        <source>within tolerance</source>
        <translation>在容差内</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>CPU loss</source>
        <translation>CPU 损失</translation>
    </message>
    <message>
        <source>GPU loss</source>
        <translation>GPU 损失</translation>
    </message>
    <message>
        <source>Loss difference</source>
        <translation>损失差异</translation>
    </message>
    <message>
        <source>CPU scale</source>
        <translation>CPU 缩放因子</translation>
    </message>
    <message>
        <source>GPU scale</source>
        <translation>GPU 缩放因子</translation>
    </message>
    <message>
        <source>Skipped (CPU / GPU)</source>
        <translation>跳过（CPU / GPU）</translation>
    </message>
    <message>
        <source>Weight difference</source>
        <translation>权重差异</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ComparisonView</name>
    <message>
        <source>Choose the GPU backend and start a run: it then also runs on the GPU, and every step is compared with the CPU emulator here.</source>
        <translation>选择 GPU 后端并开始训练：训练会同时在 GPU 上运行，每一步都在这里与 CPU 模拟器对比。</translation>
    </message>
    <message>
        <source>No comparison: the GPU backend is not available (%1).</source>
        <translation>没有对比：GPU 后端不可用（%1）。</translation>
    </message>
    <message>
        <source>Tolerance (relative): loss %1, weights %2, judged over the first %3 steps; the scale and the skipped steps must match.</source>
        <translation>容差（相对）：损失 %1，权重 %2，只评判前 %3 步；缩放因子和跳过的步必须完全一致。</translation>
    </message>
    <message>
        <source>FP8 casts: each operand&apos;s amax and scale within %1 (relative).</source>
        <translation>FP8 转换：每个操作数的 amax 和缩放因子相对差在 %1 以内。</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>结论：%1</translation>
    </message>
    <message>
        <source>%1 steps compared, %2 outside the tolerance so far.</source>
        <translation>已对比 %1 步，目前有 %2 步超出容差。</translation>
    </message>
    <message>
        <source>GPU run: %1</source>
        <translation>GPU 训练：%1</translation>
    </message>
</context>
<context>
    <name>fplab::gui::CustomFormatDialog</name>
    <message>
        <source>Subnormal numbers (gradual underflow)</source>
        <translation>次正规数（渐进下溢）</translation>
    </message>
    <message>
        <source>Custom bias</source>
        <translation>自定义偏置</translation>
    </message>
    <message>
        <source>Add a format</source>
        <translation>添加格式</translation>
    </message>
    <message>
        <source>Exponent bits set the range: each extra bit squares the largest value.</source>
        <translation>指数位数决定范围：每多一位，最大值大约平方。</translation>
    </message>
    <message>
        <source>Mantissa bits set the precision: each extra bit halves the spacing between values.</source>
        <translation>尾数位数决定精度：每多一位，相邻数值的间距减半。</translation>
    </message>
    <message>
        <source>Without subnormals, results below the smallest normal flush to zero (FTZ).</source>
        <translation>没有次正规数时，小于最小正规数的结果会被清零（FTZ）。</translation>
    </message>
    <message>
        <source>IEEE: infinities and NaNs (like FP16)</source>
        <translation>IEEE：有无穷大和 NaN（同 FP16）</translation>
    </message>
    <message>
        <source>No infinity, one NaN pattern (like E4M3)</source>
        <translation>无无穷大，只有一种 NaN 编码（同 E4M3）</translation>
    </message>
    <message>
        <source>Finite only: no infinity, no NaN (like FP6/FP4)</source>
        <translation>只有有限数：无无穷大、无 NaN（同 FP6/FP4）</translation>
    </message>
    <message>
        <source>FNUZ: no infinity, no −0, NaN is the sign bit alone</source>
        <translation>FNUZ：无无穷大、无 −0，NaN 为仅符号位置 1 的编码</translation>
    </message>
    <message>
        <source>What the largest exponent encodes. Giving up infinity frees encodings for larger finite values.</source>
        <translation>最大指数的编码含义。放弃无穷大可以腾出编码表示更大的有限值。</translation>
    </message>
    <message>
        <source>The default bias is 2^(E-1) - 1 (2^(E-1) for FNUZ); a larger bias shifts the range toward zero.</source>
        <translation>默认偏置为 2^(E-1) − 1（FNUZ 为 2^(E-1)）；偏置越大，范围越向零移动。</translation>
    </message>
    <message>
        <source>Exponent bits</source>
        <translation>指数位数</translation>
    </message>
    <message>
        <source>Mantissa bits</source>
        <translation>尾数位数</translation>
    </message>
    <message>
        <source>Special values</source>
        <translation>特殊值</translation>
    </message>
    <message>
        <source>Bias</source>
        <translation>偏置</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Not a valid format: %1</source>
        <translation>不是有效的格式：%1</translation>
    </message>
</context>
<context>
    <name>fplab::gui::DetailsPanel</name>
    <message>
        <source>Decoded value</source>
        <translation>解码结果</translation>
    </message>
</context>
<context>
    <name>fplab::gui::DevicePanel</name>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Looking for a GPU…</source>
        <translation>正在查找 GPU…</translation>
    </message>
    <message>
        <source>CUDA driver %1, runtime %2.</source>
        <translation>CUDA 驱动 %1，运行时 %2。</translation>
    </message>
    <message>
        <source>No usable GPU: %1.</source>
        <translation>没有可用的 GPU：%1。</translation>
    </message>
    <message>
        <source>No GPU: this copy of FP Lab was built without CUDA.</source>
        <translation>没有 GPU：这份 FP Lab 编译时未包含 CUDA。</translation>
    </message>
    <message>
        <source>The GEMM and TF32 panels run on the CPU model of the tensor cores; the speed table shows datasheet figures.</source>
        <translation>GEMM 和 TF32 面板在张量核心的 CPU 模型上运行；速度表显示数据手册中的数值。</translation>
    </message>
    <message>
        <source>%1: compute capability %2 (%3), %4 SMs, %5 GiB, SM clock %6 MHz, memory clock %7 MHz.</source>
        <translation>%1：计算能力 %2（%3），%4 个 SM，%5 GiB，SM 时钟 %6 MHz，显存时钟 %7 MHz。</translation>
    </message>
    <message>
        <source>The lab runs on device 0.</source>
        <translation>实验在 0 号设备上运行。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::DtypeTraceView</name>
    <message>
        <source>query projection</source>
        <translation>查询投影</translation>
    </message>
    <message>
        <source>key projection</source>
        <translation>键投影</translation>
    </message>
    <message>
        <source>value projection</source>
        <translation>值投影</translation>
    </message>
    <message>
        <source>attention output projection</source>
        <translation>注意力输出投影</translation>
    </message>
    <message>
        <source>MLP up projection</source>
        <translation>MLP 上投影</translation>
    </message>
    <message>
        <source>MLP down projection</source>
        <translation>MLP 下投影</translation>
    </message>
    <message>
        <source>attention scores (QKᵀ, PV)</source>
        <translation>注意力分数（QKᵀ、PV）</translation>
    </message>
    <message>
        <source>softmax</source>
        <translation>softmax</translation>
    </message>
    <message>
        <source>LayerNorm</source>
        <translation>LayerNorm</translation>
    </message>
    <message>
        <source>GELU</source>
        <translation>GELU</translation>
    </message>
    <message>
        <source>residual stream</source>
        <translation>残差流</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>logits (LM head)</source>
        <translation>logits（语言模型头）</translation>
    </message>
    <message>
        <source>cross-entropy</source>
        <translation>交叉熵</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>What each operation class of each block ran in during the run&apos;s first step, as recorded while it ran (fplab-cli&apos;s --trace-dtypes).</source>
        <translation>训练第一步中每个块的每类运算实际使用的格式，运行时记录（即 fplab-cli 的 --trace-dtypes）。</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>块</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>运算</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Operands</source>
        <translation>操作数</translation>
    </message>
    <message>
        <source>Accumulation</source>
        <translation>累加</translation>
    </message>
    <message>
        <source>Stored</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Hardware model</source>
        <translation>硬件模型</translation>
    </message>
    <message>
        <source>FP8, delayed scaling</source>
        <translation>FP8，延迟缩放</translation>
    </message>
    <message>
        <source>FP8, current scaling</source>
        <translation>FP8，当前缩放</translation>
    </message>
    <message>
        <source>FP8, block scaling</source>
        <translation>FP8，分块缩放</translation>
    </message>
    <message>
        <source>tensor cores, %1</source>
        <translation>张量核心，%1</translation>
    </message>
    <message>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>outside the blocks</source>
        <translation>块之外</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ElidedLabel</name>
    <message>
        <source>Copy the full value</source>
        <translation>复制完整的值</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ExperimentPanel</name>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Back to the lesson&apos;s values</source>
        <translation>恢复课程中的数值</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Your values (the narration follows them).</source>
        <translation>你的数值（讲解会随之变化）。</translation>
    </message>
    <message>
        <source>Run on:</source>
        <translation>运行于：</translation>
    </message>
    <message>
        <source>CPU (emulated)</source>
        <translation>CPU（模拟）</translation>
    </message>
    <message>
        <source>GPU (side by side)</source>
        <translation>GPU（并排对照）</translation>
    </message>
    <message>
        <source>Runs the experiment on this machine&apos;s GPU as well and shows both results, the differing ones highlighted</source>
        <translation>同时在本机 GPU 上运行实验并显示两边的结果，不同的结果会高亮</translation>
    </message>
    <message>
        <source>Why the GPU cannot be used</source>
        <translation>无法使用 GPU 的原因</translation>
    </message>
    <message>
        <source>CPU-emulated and GPU results side by side: every result computed on both agrees bit for bit.</source>
        <translation>CPU 模拟与 GPU 结果并排：两边都算出的结果逐位一致。</translation>
    </message>
    <message>
        <source>CPU-emulated and GPU results side by side: %1 differ (highlighted).</source>
        <translation>CPU 模拟与 GPU 结果并排：%1 个结果不同（已高亮）。</translation>
    </message>
    <message>
        <source>GPU side not run: %1</source>
        <translation>未在 GPU 上运行：%1</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>GPU (side by side; %1)</source>
        <translation>GPU（并排对照；%1）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ExplorerSection</name>
    <message>
        <source>Explorer</source>
        <translation>数值探索</translation>
    </message>
    <message>
        <source>Look inside one value: its bits, its exact decimal, its neighbours, and the same input in every format side by side (Ctrl+1).</source>
        <translation>深入查看一个数值：它的各个位、精确的十进制值、相邻的可表示值，以及同一输入在各格式中的并排对比（Ctrl+1）。</translation>
    </message>
    <message>
        <source>a format definition</source>
        <translation>一个格式定义</translation>
    </message>
    <message>
        <source>a format FP Lab knows</source>
        <translation>FP Lab 认识的格式</translation>
    </message>
    <message>
        <source>a rounding mode</source>
        <translation>一种舍入模式</translation>
    </message>
    <message>
        <source>bits of %1</source>
        <translation>%1 的位</translation>
    </message>
    <message>
        <source>a value %1 can read</source>
        <translation>%1 能读取的数值</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ExplorerTabs</name>
    <message>
        <source>All formats</source>
        <translation>所有格式</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Neighbours</source>
        <translation>相邻值</translation>
    </message>
    <message>
        <source>Spacing</source>
        <translation>间距</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>块</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>显示“%1”</translation>
    </message>
    <message>
        <source>The same input stored in every format, with the error of each.</source>
        <translation>同一输入存储在各格式中，以及各自的误差。</translation>
    </message>
    <message>
        <source>How far each format reaches, from its smallest subnormal to its largest value.</source>
        <translation>各格式能表示的范围：从最小次正规数到最大值。</translation>
    </message>
    <message>
        <source>The representable values around this one and where rounding switches between them.</source>
        <translation>当前值附近的可表示值，以及舍入在它们之间切换的位置。</translation>
    </message>
    <message>
        <source>How the gap between neighbours grows with the magnitude.</source>
        <translation>相邻值的间距如何随数值大小增长。</translation>
    </message>
    <message>
        <source>A vector quantized with a block-scaled format (MX, NVFP4, FP8): the scales, each element&apos;s code and error.</source>
        <translation>用块缩放格式（MX、NVFP4、FP8）量化的一个向量：缩放因子，以及每个元素的编码和误差。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::FingerprintPanel</name>
    <message>
        <source>Load a fingerprint</source>
        <translation>加载指纹</translation>
    </message>
    <message>
        <source>Fingerprints (*.fingerprint);;All files (*)</source>
        <translation>指纹文件 (*.fingerprint);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save the fingerprint</source>
        <translation>保存指纹</translation>
    </message>
    <message>
        <source>Looking for a GPU…</source>
        <translation>正在查找 GPU…</translation>
    </message>
    <message>
        <source>Run the probes on this GPU and infer its arithmetic</source>
        <translation>在这块 GPU 上运行探测向量并推断其运算方式</translation>
    </message>
    <message>
        <source>Cannot run here: %1</source>
        <translation>无法在此运行：%1</translation>
    </message>
    <message>
        <source>Running the probes needs a GPU (%1). A saved fingerprint can still be loaded.</source>
        <translation>运行探测向量需要 GPU（%1）。仍可加载已保存的指纹。</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>指纹</translation>
    </message>
    <message>
        <source>The fingerprint was cancelled.</source>
        <translation>指纹测定已取消。</translation>
    </message>
    <message>
        <source>The fingerprint failed: %1</source>
        <translation>指纹测定失败：%1</translation>
    </message>
    <message>
        <source>Fingerprint done.</source>
        <translation>指纹测定完成。</translation>
    </message>
    <message>
        <source>Loading the fingerprint was cancelled.</source>
        <translation>加载指纹已取消。</translation>
    </message>
    <message>
        <source>Loading the fingerprint failed: %1</source>
        <translation>加载指纹失败：%1</translation>
    </message>
    <message>
        <source>Fingerprint loaded.</source>
        <translation>指纹已加载。</translation>
    </message>
    <message>
        <source>Nothing to save yet: run or load a fingerprint first.</source>
        <translation>尚无可保存的内容：请先运行或加载指纹。</translation>
    </message>
    <message>
        <source>Saving the fingerprint failed: %1</source>
        <translation>保存指纹失败：%1</translation>
    </message>
    <message>
        <source>Fingerprint saved to %1.</source>
        <translation>指纹已保存到 %1。</translation>
    </message>
    <message>
        <source>Operands in the unit</source>
        <translation>单元内的操作数</translation>
    </message>
    <message>
        <source>k grouping into blocks</source>
        <translation>k 维分块方式</translation>
    </message>
    <message>
        <source>Products per block (n)</source>
        <translation>每块乘积数 (n)</translation>
    </message>
    <message>
        <source>Fraction bits kept (F)</source>
        <translation>保留的小数位数 (F)</translation>
    </message>
    <message>
        <source>Final rounding</source>
        <translation>最终舍入</translation>
    </message>
    <message>
        <source>Rounding precision (bits)</source>
        <translation>舍入精度（位）</translation>
    </message>
    <message>
        <source>Where c enters</source>
        <translation>c 的加入位置</translation>
    </message>
    <message>
        <source>Product normalisation</source>
        <translation>乘积规格化</translation>
    </message>
    <message>
        <source>Subnormal inputs</source>
        <translation>次正规输入</translation>
    </message>
    <message>
        <source>Subnormal outputs</source>
        <translation>次正规输出</translation>
    </message>
    <message>
        <source>Exponent rule when all terms are tiny</source>
        <translation>所有项都极小时的指数规则</translation>
    </message>
    <message>
        <source>converted to FP16</source>
        <translation>转换为 FP16</translation>
    </message>
    <message>
        <source>as given</source>
        <translation>按原样</translation>
    </message>
    <message>
        <source>FP8 pairs {4t, 4t+1, 16+4t, 16+4t+1} first</source>
        <translation>先取 FP8 成对下标 {4t, 4t+1, 16+4t, 16+4t+1}</translation>
    </message>
    <message>
        <source>k in order</source>
        <translation>按 k 顺序</translation>
    </message>
    <message>
        <source>toward zero (RZ)</source>
        <translation>向零舍入 (RZ)</translation>
    </message>
    <message>
        <source>nearest even (RNE)</source>
        <translation>就近偶数舍入 (RNE)</translation>
    </message>
    <message>
        <source>down (RD)</source>
        <translation>向下舍入 (RD)</translation>
    </message>
    <message>
        <source>up (RU)</source>
        <translation>向上舍入 (RU)</translation>
    </message>
    <message>
        <source>inside the first block</source>
        <translation>在第一块内部</translation>
    </message>
    <message>
        <source>last, one FP32 addition (RNE)</source>
        <translation>最后，一次 FP32 加法 (RNE)</translation>
    </message>
    <message>
        <source>last, one FP32 addition (RZ)</source>
        <translation>最后，一次 FP32 加法 (RZ)</translation>
    </message>
    <message>
        <source>normalised</source>
        <translation>规格化</translation>
    </message>
    <message>
        <source>not normalised</source>
        <translation>不规格化</translation>
    </message>
    <message>
        <source>flushed to zero</source>
        <translation>冲刷为零</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>none fits</source>
        <translation>无一吻合</translation>
    </message>
    <message>
        <source>undetermined: %1</source>
        <translation>未确定：%1</translation>
    </message>
    <message>
        <source>Run the probes on this GPU, or load a saved fingerprint.</source>
        <translation>在这块 GPU 上运行探测向量，或加载已保存的指纹。</translation>
    </message>
    <message>
        <source>(assumed)</source>
        <translation>（假定）</translation>
    </message>
    <message>
        <source>(the only value for this instruction)</source>
        <translation>（该指令唯一可能的值）</translation>
    </message>
    <message>
        <source>(no probe separates them)</source>
        <translation>（没有探测向量能区分它们）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>open</source>
        <translation>待定</translation>
    </message>
    <message>
        <source>an unnamed device</source>
        <translation>未命名设备</translation>
    </message>
    <message>
        <source>none in FP Lab</source>
        <translation>FP Lab 中没有</translation>
    </message>
    <message>
        <source>%1, compute capability %2.%3 (model %4): %5 %6, %7 → %8, %9 cells.</source>
        <translation>%1，计算能力 %2.%3（模型 %4）：%5 %6，%7 → %8，%9 个单元。</translation>
    </message>
    <message>
        <source>%1 of %2 candidate models reproduce every cell.</source>
        <translation>%2 个候选模型中有 %1 个重现了每个单元。</translation>
    </message>
    <message>
        <source>No candidate model reproduces every cell; the table shows those that went furthest (first failure: %1).</source>
        <translation>没有候选模型能重现每个单元；表中显示走得最远的候选（首次失败：%1）。</translation>
    </message>
    <message>
        <source>The built-in model reproduces %1 of %2 cells.</source>
        <translation>内置模型重现了 %2 个单元中的 %1 个。</translation>
    </message>
    <message>
        <source>The built-in model has no parameters for this instruction: %1</source>
        <translation>内置模型没有该指令的参数：%1</translation>
    </message>
    <message>
        <source>How many bits does the tensor core keep? Probe vectors in the manner of Fasi, Higham, Mikaitis and Khattak run through one MMA instruction; every candidate model is checked against every answer, and a parameter is inferred when all candidates that fit agree on it.</source>
        <translation>张量核心保留多少位？按照 Fasi、Higham、Mikaitis 和 Khattak 的方法，探测向量通过一条 MMA 指令运行；每个候选模型都与每个答案逐一核对，当所有吻合的候选在某个参数上一致时，该参数即被推断出来。</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>Instruction:</source>
        <translation>指令：</translation>
    </message>
    <message>
        <source>Fingerprint this GPU</source>
        <translation>测定这块 GPU 的指纹</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Inferred</source>
        <translation>推断值</translation>
    </message>
    <message>
        <source>Built-in model</source>
        <translation>内置模型</translation>
    </message>
    <message>
        <source>Decided by (probe)</source>
        <translation>判定依据（探测向量）</translation>
    </message>
    <message>
        <source>Agree?</source>
        <translation>一致？</translation>
    </message>
    <message>
        <source>&quot;Decided by&quot; names the probe whose answer ruled out the last alternative value. &quot;open&quot;: several values fit the answers and the built-in one is among them.</source>
        <translation>“判定依据”指出其答案排除了最后一个备选值的探测向量。“待定”：有多个值与答案吻合，内置值是其中之一。</translation>
    </message>
    <message>
        <source>Run the probes on this GPU, or load a saved fingerprint. The probes on a GPU: %1.</source>
        <translation>在这块 GPU 上运行探测，或加载已保存的指纹。GPU 上的探测：%1。</translation>
    </message>
    <message>
        <source>%1 has no floating-point tensor-core MMA to fingerprint (integer MMAs are exact)</source>
        <translation>%1 没有可做指纹的浮点张量核心 MMA（整数 MMA 是精确的）</translation>
    </message>
    <message>
        <source>%1 has no floating-point tensor-core MMA to fingerprint</source>
        <translation>%1 没有可做指纹的浮点张量核心 MMA</translation>
    </message>
    <message>
        <source>FP Lab runs its probes with mma.sync only; it has no %1 kernel (a saved %1 answer file can still be loaded)</source>
        <translation>FP Lab 只用 mma.sync 运行探针；它没有 %1 内核（仍可加载已保存的 %1 答案文件）</translation>
    </message>
    <message>
        <source>recorded cells from %1</source>
        <translation>来自 %1 的记录单元</translation>
    </message>
    <message>
        <source>FP Lab has no model for compute capability %1.%2 (it models sm_80 and sm_90): save this fingerprint to keep what the GPU does.</source>
        <translation>FP Lab 没有计算能力 %1.%2 的模型（它只为 sm_80 和 sm_90 建模）：请保存此指纹，以留下这块 GPU 的行为。</translation>
    </message>
    <message>
        <source>The file&apos;s cells do not fit %1; they were read as %2, the type whose cells they fit.</source>
        <translation>文件中的单元与 %1 不符；已按与之相符的类型 %2 读取。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::FirstRunPointer</name>
    <message>
        <source>New here? Start with lesson 1: it takes a number apart bit by bit. Help ▸ Getting started says what each section is for.</source>
        <translation>初次使用？从第 1 课开始：它把一个数逐位拆开讲解。帮助 ▸ 入门指南介绍每个部分的用途。</translation>
    </message>
    <message>
        <source>Open lesson 1</source>
        <translation>打开第 1 课</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>不再显示</translation>
    </message>
    <message>
        <source>Hide this hint for good (Help ▸ Getting started stays).</source>
        <translation>永久隐藏此提示（帮助 ▸ 入门指南仍然可用）。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::FormatTableModel</name>
    <message>
        <source>cannot be stored: %1</source>
        <translation>无法存储：%1</translation>
    </message>
    <message>
        <source>TF32 is 19 bits; inside an FP32 register it is %1 (the low 13 bits zero).</source>
        <translation>TF32 共 19 位；放在 FP32 寄存器中为 %1（低 13 位为零）。</translation>
    </message>
    <message>
        <source>Exactly %1</source>
        <translation>精确值为 %1</translation>
    </message>
    <message>
        <source>stored − input = %1</source>
        <translation>存储值 − 输入值 = %1</translation>
    </message>
    <message>
        <source>No error: the input was not a finite number.</source>
        <translation>没有误差：输入不是有限数。</translation>
    </message>
    <message>
        <source>No error can be given: the stored value is not finite.</source>
        <translation>无法给出误差：存储值不是有限数。</translation>
    </message>
    <message>
        <source>Subnormal: below the smallest normal value, so fewer significant bits are left.</source>
        <translation>次正规数：小于最小正规数，因此剩下的有效位更少。</translation>
    </message>
    <message>
        <source>overflow → inf</source>
        <translation>上溢 → inf</translation>
    </message>
    <message>
        <source>overflow → NaN (no inf)</source>
        <translation>上溢 → NaN（无 inf）</translation>
    </message>
    <message>
        <source>overflow → largest</source>
        <translation>上溢 → 最大值</translation>
    </message>
    <message>
        <source>underflow → 0</source>
        <translation>下溢 → 0</translation>
    </message>
    <message>
        <source>underflow → subnormal</source>
        <translation>下溢 → 次正规数</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>rounded, subnormal</source>
        <translation>已舍入，次正规数</translation>
    </message>
    <message>
        <source>exact, subnormal</source>
        <translation>精确，次正规数</translation>
    </message>
    <message>
        <source>rounded</source>
        <translation>已舍入</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>INT8 holds only finite values</source>
        <translation>INT8 只能表示有限值</translation>
    </message>
    <message>
        <source>q = %1</source>
        <translation>q = %1</translation>
    </message>
    <message>
        <source>q × scale = %1 × %2 = %3 (computed in FP32)</source>
        <translation>q × 缩放因子 = %1 × %2 = %3（以 FP32 计算）</translation>
    </message>
    <message>
        <source>dequantised − input = %1</source>
        <translation>反量化值 − 输入值 = %1</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>位</translation>
    </message>
    <message>
        <source>Stored value</source>
        <translation>存储值</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Relative</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>ulps</source>
        <translation>ulp 数</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>二进制</translation>
    </message>
    <message>
        <source>The format; hover for its layout and range. Double-click a row to explore it.</source>
        <translation>格式；悬停可查看其布局和范围。双击某行可切换到该格式。</translation>
    </message>
    <message>
        <source>The stored bits in hex.</source>
        <translation>以十六进制表示的存储位。</translation>
    </message>
    <message>
        <source>stored − input, computed exactly and shown to 4 digits.</source>
        <translation>存储值 − 输入值，精确计算，显示 4 位有效数字。</translation>
    </message>
    <message>
        <source>(stored − input) / input.</source>
        <translation>（存储值 − 输入值）/ 输入值。</translation>
    </message>
    <message>
        <source>The error in units in the last place of the stored value: at most 0.5 when rounding to nearest.</source>
        <translation>以存储值的末位单位（ulp）计的误差：就近舍入时最多 0.5。</translation>
    </message>
    <message>
        <source>What storing did: exact, rounded, overflow or underflow.</source>
        <translation>存储时发生了什么：精确、舍入、上溢或下溢。</translation>
    </message>
    <message>
        <source>The bits, sign_exponent_mantissa.</source>
        <translation>各个位，格式为 符号_指数_尾数。</translation>
    </message>
    <message>
        <source>The value actually stored: every digit when that is short, else its leading digits and “…” (hover for all of them).</source>
        <translation>实际存储的数值：较短时列出全部数字，否则列出前几位并加“…”（悬停可查看全部）。</translation>
    </message>
    <message>
        <source>Not a number: %1</source>
        <translation>不是数（NaN）：%1</translation>
    </message>
    <message>
        <source>The NaN itself: its sign and payload as in the bits.</source>
        <translation>NaN 本身：符号和载荷与位中一致。</translation>
    </message>
    <message>
        <source>quieted</source>
        <translation>变为静默 NaN</translation>
    </message>
    <message>
        <source>sign lost</source>
        <translation>符号丢失</translation>
    </message>
    <message>
        <source>payload cut</source>
        <translation>载荷被截短</translation>
    </message>
    <message>
        <source>payload lost (one NaN only)</source>
        <translation>载荷丢失（只有一个 NaN）</translation>
    </message>
    <message>
        <source>NaN, sign and payload kept</source>
        <translation>NaN，符号和载荷保留</translation>
    </message>
    <message>
        <source>NaN, %1</source>
        <translation>NaN，%1</translation>
    </message>
    <message>
        <source>Converting a NaN keeps its sign and the top bits of its payload, and makes it quiet (the x86 rules); %1 shows the NaN as converted from %2.</source>
        <translation>转换 NaN 时保留其符号和载荷的高位，并使其变为静默 NaN（x86 规则）；%1 显示的是从 %2 转换来的 NaN。</translation>
    </message>
    <message>
        <source>INT8 (own scale)</source>
        <translation>INT8（自身缩放）</translation>
    </message>
    <message>
        <source>INT8 (tensor scale)</source>
        <translation>INT8（张量缩放）</translation>
    </message>
    <message>
        <source>8-bit integers -127..127 times one scale for the whole tensor: 1/127 here, the scale of a tensor whose largest |x| is 1. Values between two steps round; values beyond ±1 clip.</source>
        <translation>8 位整数 -127..127 乘以整个张量共用的一个缩放因子：这里为 1/127，即最大 |x| 为 1 的张量的缩放因子。落在两档之间的值会舍入；超出 ±1 的值会被截到端点。</translation>
    </message>
    <message>
        <source>8-bit two&apos;s complement integers -127..127 times a scale. This row&apos;s scale is |x| / 127 in FP32, chosen from this one value, so the value always maps to ±127 and the error is only FP32&apos;s: compare the tensor-scale row.</source>
        <translation>8 位二进制补码整数 -127..127 乘以一个缩放因子。这一行的缩放因子是 FP32 中的 |x| / 127，由这个值本身选出，所以该值总是映射到 ±127，误差只来自 FP32：请与张量缩放那一行比较。</translation>
    </message>
    <message>
        <source>scale = |x| / 127 = %1; the value is stored as the integer %2. A scale chosen from the value itself always fits it: see the tensor-scale row for a tensor&apos;s shared scale.</source>
        <translation>缩放因子 = |x| / 127 = %1；该值存为整数 %2。由值本身选出的缩放因子总能容纳它：张量共用的缩放因子见张量缩放那一行。</translation>
    </message>
    <message>
        <source>clipped to %1</source>
        <translation>截到 %1</translation>
    </message>
    <message>
        <source>|x| is beyond 127 steps of 1/127: it clips to the nearest end, %1.</source>
        <translation>|x| 超出了 127 个 1/127 的步长：被截到最近的端点 %1。</translation>
    </message>
    <message>
        <source>scale 1/127, shared</source>
        <translation>缩放因子 1/127，共用</translation>
    </message>
    <message>
        <source>x / scale = %1 rounds to the integer %2: the error is at most half a step (1/254).</source>
        <translation>x / 缩放因子 = %1，舍入为整数 %2：误差至多为半个步长（1/254）。</translation>
    </message>
    <message>
        <source>scale from the value</source>
        <translation>缩放因子由该值选出</translation>
    </message>
</context>
<context>
    <name>fplab::gui::FormatTablePage</name>
    <message>
        <source>&amp;Add a format…</source>
        <translation>添加格式…(&amp;A)</translation>
    </message>
    <message>
        <source>Define your own format: exponent and mantissa widths, subnormals, special values.</source>
        <translation>定义自己的格式：指数和尾数位数、次正规数、特殊值。</translation>
    </message>
    <message>
        <source>Choose &amp;rows…</source>
        <translation>选择显示的行…(&amp;R)</translation>
    </message>
    <message>
        <source>Choose which formats the side-by-side table shows.</source>
        <translation>选择并排对比表中显示哪些格式。</translation>
    </message>
    <message>
        <source>Remove a format</source>
        <translation>删除格式</translation>
    </message>
    <message>
        <source>Added the format %1</source>
        <translation>已添加格式 %1</translation>
    </message>
</context>
<context>
    <name>fplab::gui::Fp8ChartsView</name>
    <message>
        <source>amax per FP8 tensor</source>
        <translation>每个 FP8 张量的 amax</translation>
    </message>
    <message>
        <source>Scale per FP8 tensor (x ≈ code × scale)</source>
        <translation>每个 FP8 张量的缩放因子（x ≈ 编码 × 缩放因子）</translation>
    </message>
    <message>
        <source>Fraction of nonzero values rounded to zero</source>
        <translation>非零值被舍入为零的比例</translation>
    </message>
    <message>
        <source>Loss against the same run in BF16</source>
        <translation>损失与同样配置的 BF16 训练对比</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>this run</source>
        <translation>本次训练</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>Fraction saturated (clamped to ±max)</source>
        <translation>饱和比例（被截到 ±最大值）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::GemmPanel</name>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>TF32 (FP32 data)</source>
        <translation>TF32（FP32 数据）</translation>
    </message>
    <message>
        <source>FP8 E4M3</source>
        <translation>FP8 E4M3</translation>
    </message>
    <message>
        <source>FP8 E5M2</source>
        <translation>FP8 E5M2</translation>
    </message>
    <message>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <source>FP32 (SIMT, no tensor cores)</source>
        <translation>FP32（SIMT，不用张量核心）</translation>
    </message>
    <message>
        <source>FP64 (SIMT)</source>
        <translation>FP64（SIMT）</translation>
    </message>
    <message>
        <source>Uniform in [−1, 1)</source>
        <translation>[−1, 1) 内均匀分布</translation>
    </message>
    <message>
        <source>Small integers in [−4, 4]</source>
        <translation>[−4, 4] 内的小整数</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>FP64</source>
        <translation>FP64</translation>
    </message>
    <message>
        <source>INT32 (wraps)</source>
        <translation>INT32（溢出回绕）</translation>
    </message>
    <message>
        <source>Looking for a GPU…</source>
        <translation>正在查找 GPU…</translation>
    </message>
    <message>
        <source>Always runs: the table compares every backend with it.</source>
        <translation>总是运行：表格把每个后端都与它比较。</translation>
    </message>
    <message>
        <source>Cannot run here: %1</source>
        <translation>此处无法运行：%1</translation>
    </message>
    <message>
        <source>GEMM</source>
        <translation>GEMM</translation>
    </message>
    <message>
        <source>The GEMM was cancelled; the table still shows the previous run.</source>
        <translation>GEMM 已取消；表格仍显示上一次运行的结果。</translation>
    </message>
    <message>
        <source>The GEMM failed: %1</source>
        <translation>GEMM 失败：%1</translation>
    </message>
    <message>
        <source>GEMM done.</source>
        <translation>GEMM 完成。</translation>
    </message>
    <message>
        <source>Choose a type and sizes, then Run (F5). Without a GPU the CPU model is compared with the IEEE reference.</source>
        <translation>选择类型和尺寸，然后运行（F5）。没有 GPU 时，将 CPU 模型与 IEEE 参考结果比较。</translation>
    </message>
    <message>
        <source>not run: %1</source>
        <translation>未运行：%1</translation>
    </message>
    <message>
        <source>(the model)</source>
        <translation>（模型本身）</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source> (+%1 NaN)</source>
        <translation>（另有 %1 个 NaN）</translation>
    </message>
    <message>
        <source>(reference)</source>
        <translation>（参考本身）</translation>
    </message>
    <message>
        <source>%1 (%2): M=%3, N=%4, K=%5, seed %6. Ulps are steps of the output format; time is the computation alone (device time on a GPU).</source>
        <translation>%1（%2）：M=%3，N=%4，K=%5，种子 %6。ulp 是输出格式的相邻值间距；时间只计计算本身（在 GPU 上为设备时间）。</translation>
    </message>
    <message>
        <source>%1 − %2</source>
        <translation>%1 − %2</translation>
    </message>
    <message>
        <source>Fewer than two backends ran: nothing to compare.</source>
        <translation>运行的后端少于两个：没有可比较的内容。</translation>
    </message>
    <message>
        <source>%1 of %2 cells identical, at most %3 ulps apart. Point at a cell for its values, click it to see every backend&apos;s.</source>
        <translation>%2 个单元中有 %1 个完全相同，最多相差 %3 ulp。指向一个单元可查看其数值，点击可查看所有后端的数值。</translation>
    </message>
    <message>
        <source>NaN on one side only</source>
        <translation>仅一侧为 NaN</translation>
    </message>
    <message>
        <source>identical bits</source>
        <translation>位完全相同</translation>
    </message>
    <message>
        <source>%1 ulps</source>
        <translation>%1 ulp</translation>
    </message>
    <message>
        <source>D[%1, %2]
%3: %4
%5: %6
%3 − %5: %7</source>
        <translation>D[%1, %2]
%3：%4
%5：%6
%3 − %5：%7</translation>
    </message>
    <message>
        <source>D[%1, %2]:</source>
        <translation>D[%1, %2]：</translation>
    </message>
    <message>
        <source>GEMM D = A·B + C</source>
        <translation>GEMM D = A·B + C</translation>
    </message>
    <message>
        <source>Input:</source>
        <translation>输入：</translation>
    </message>
    <message>
        <source>Accumulator:</source>
        <translation>累加器：</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>M (rows of A):</source>
        <translation>M（A 的行数）：</translation>
    </message>
    <message>
        <source>N (columns of B):</source>
        <translation>N（B 的列数）：</translation>
    </message>
    <message>
        <source>K (the dot length):</source>
        <translation>K（点积长度）：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Values:</source>
        <translation>数值：</translation>
    </message>
    <message>
        <source>Which tensor cores the CPU model copies: the A100&apos;s (sm_80) or the H100&apos;s (sm_90).</source>
        <translation>CPU 模型模仿哪一代张量核心：A100 的（sm_80）或 H100 的（sm_90）。</translation>
    </message>
    <message>
        <source>Backends</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>IEEE reference (FP64 sums, one rounding)</source>
        <translation>IEEE 参考（FP64 求和，只舍入一次）</translation>
    </message>
    <message>
        <source>CPU: sequential FMA chain</source>
        <translation>CPU：顺序 FMA 链</translation>
    </message>
    <message>
        <source>CPU: tensor-core model (mma.sync)</source>
        <translation>CPU：张量核心模型（mma.sync）</translation>
    </message>
    <message>
        <source>CPU: tensor-core model of wgmma (FP8 on sm_90, as cuBLASLt)</source>
        <translation>CPU：wgmma 的张量核心模型（sm_90 上的 FP8，与 cuBLASLt 相同）</translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1 / %2（%3）</translation>
    </message>
    <message>
        <source>GPU: naive kernel</source>
        <translation>GPU：朴素内核</translation>
    </message>
    <message>
        <source>GPU: tensor-core kernel (mma.sync)</source>
        <translation>GPU：张量核心内核（mma.sync）</translation>
    </message>
    <message>
        <source>GPU: cuBLAS</source>
        <translation>GPU：cuBLAS</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Bit-identical to the model</source>
        <translation>与模型逐位相同</translation>
    </message>
    <message>
        <source>Max |ulps| from reference</source>
        <translation>与参考的最大 |ulp|</translation>
    </message>
    <message>
        <source>Mean |ulps|</source>
        <translation>平均 |ulp|</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间（毫秒）</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Heat map of:</source>
        <translation>热图：</translation>
    </message>
    <message>
        <source>The two results whose difference colours the cells: first minus second, in ulps.</source>
        <translation>用哪两个结果之差给单元着色：第一个减第二个，单位为 ulp。</translation>
    </message>
    <message>
        <source>CPU: wgmma model, promoted to FP32 every %1 products (cuBLASLt FP8, FAST_ACCUM off; not yet measured on a GPU)</source>
        <translation>CPU：wgmma 模型，每 %1 个乘积提升到 FP32 累加器（cuBLASLt FP8，FAST_ACCUM 关闭；尚未在 GPU 上测量）</translation>
    </message>
    <message>
        <source>GPU: cuBLASLt FP8 with FAST_ACCUM on (no promotion)</source>
        <translation>GPU：cuBLASLt FP8，FAST_ACCUM 开启（不提升）</translation>
    </message>
    <message>
        <source>0×b not in E</source>
        <translation>0×b 不计入 E</translation>
    </message>
    <message>
        <source>0×b in E</source>
        <translation>0×b 计入 E</translation>
    </message>
    <message>
        <source>Rounded −0</source>
        <translation>舍入得 −0</translation>
    </message>
    <message>
        <source>Rounded +0</source>
        <translation>舍入得 +0</translation>
    </message>
    <message>
        <source>An open corner where FP Lab&apos;s model and MMA-Sim disagree: no GPU has answered yet, so the built-in reading is FP Lab&apos;s. `fplab-cli gpu fingerprint --probe-corners` settles it on your GPU.</source>
        <translation>FP Lab 的模型与 MMA-Sim 在这个开放角落上不一致：还没有 GPU 给出答案，所以内置读法是 FP Lab 的。`fplab-cli gpu fingerprint --probe-corners` 可在你的 GPU 上判定它。</translation>
    </message>
    <message>
        <source>Does a product with a zero operand take part in the exponent E that every term is aligned to? Not in E: FP Lab&apos;s reading. In E, a zero operand counting as 2^-126: MMA-Sim&apos;s; then 0 × a huge value raises E and cuts bits from the other terms.</source>
        <translation>含零操作数的乘积是否参与所有项对齐所用的指数 E？不计入：FP Lab 的读法。计入，零操作数按 2^-126 计：MMA-Sim 的读法；此时 0 × 一个巨大的值会抬高 E，并截掉其他项的位。</translation>
    </message>
    <message>
        <source>The sign of a result the final rounding makes zero from a negative sum: −0, the sum&apos;s sign (FP Lab&apos;s reading), or +0 (MMA-Sim&apos;s).</source>
        <translation>最终舍入把负的和变成零时，结果的符号：−0，即和的符号（FP Lab 的读法），或 +0（MMA-Sim 的读法）。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::GettingStartedDialog</name>
    <message>
        <source>&lt;h3&gt;Where to start&lt;/h3&gt;&lt;p&gt;Start with &lt;b&gt;lesson 1&lt;/b&gt; (Lessons, Ctrl+3): each lesson explains one thing formats do to numbers and lets you change the experiment behind it. Go through them in order; a checkpoint at the end of a step asks one question.&lt;/p&gt;&lt;h3&gt;The sections&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Explorer&lt;/b&gt; (Ctrl+1): type a value and see how every format stores it, bit by bit, with its exact decimal value and error.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Arithmetic&lt;/b&gt; (Ctrl+2): one operation, step by step: aligning, adding, rounding, the flags.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Lessons&lt;/b&gt; (Ctrl+3): guided lessons with live experiments.&lt;/li&gt;&lt;li&gt;&lt;b&gt;GPU Lab&lt;/b&gt; (Ctrl+4): tensor-core GEMMs on a GPU, or their CPU model without one.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Training&lt;/b&gt; (Ctrl+5): a small network trained in FP32, FP16, BF16 or FP8, with and without loss scaling.&lt;/li&gt;&lt;/ul&gt;&lt;h3&gt;Good to know&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;Help ▸ Keyboard shortcuts (F1) lists every key.&lt;/li&gt;&lt;li&gt;File ▸ Save session keeps what you set up, lesson progress included.&lt;/li&gt;&lt;li&gt;View ▸ Zoom in (Ctrl++) makes all text larger.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;h3&gt;从哪里开始&lt;/h3&gt;&lt;p&gt;从&lt;b&gt;第 1 课&lt;/b&gt;开始（课程，Ctrl+3）：每一课讲清格式对数值做的一件事，并让你修改其背后的实验。请按顺序学习；每一步末尾的检查题会问一个问题。&lt;/p&gt;&lt;h3&gt;各个部分&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;数值探索&lt;/b&gt;（Ctrl+1）：输入一个数，逐位查看每种格式如何存储它，以及它的精确十进制值和误差。&lt;/li&gt;&lt;li&gt;&lt;b&gt;运算&lt;/b&gt;（Ctrl+2）：逐步查看一次运算：对阶、相加、舍入和标志。&lt;/li&gt;&lt;li&gt;&lt;b&gt;课程&lt;/b&gt;（Ctrl+3）：带有实时实验的引导式课程。&lt;/li&gt;&lt;li&gt;&lt;b&gt;GPU 实验室&lt;/b&gt;（Ctrl+4）：在 GPU 上运行张量核心 GEMM；没有 GPU 时使用其 CPU 模型。&lt;/li&gt;&lt;li&gt;&lt;b&gt;训练&lt;/b&gt;（Ctrl+5）：用 FP32、FP16、BF16 或 FP8 训练一个小型网络，可选择是否使用损失缩放。&lt;/li&gt;&lt;/ul&gt;&lt;h3&gt;小提示&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;帮助 ▸ 键盘快捷键（F1）列出所有按键。&lt;/li&gt;&lt;li&gt;文件 ▸ 保存会话会保存你的设置，包括课程进度。&lt;/li&gt;&lt;li&gt;视图 ▸ 放大（Ctrl++）让所有文字变大。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>Getting started</source>
        <translation>入门指南</translation>
    </message>
    <message>
        <source>Open lesson 1</source>
        <translation>打开第 1 课</translation>
    </message>
</context>
<context>
    <name>fplab::gui::GpuLabSection</name>
    <message>
        <source>GPU Lab</source>
        <translation>GPU 实验室</translation>
    </message>
    <message>
        <source>Run GEMMs through the CPU model of the tensor cores and, with an NVIDIA GPU, the real ones; see where they differ cell by cell, how fast each data type is, and what TF32 costs in accuracy (Ctrl+4).</source>
        <translation>在张量核心的 CPU 模型上运行 GEMM，有 NVIDIA GPU 时也在真正的张量核心上运行；逐个单元查看它们的差异、每种数据类型的速度，以及 TF32 损失了多少精度（Ctrl+4）。</translation>
    </message>
    <message>
        <source>Running: %1…</source>
        <translation>正在运行：%1…</translation>
    </message>
    <message>
        <source>Run GEMM</source>
        <translation>运行 GEMM</translation>
    </message>
    <message>
        <source>Run the GEMM through the chosen backends (F5)</source>
        <translation>用所选后端运行 GEMM（F5）</translation>
    </message>
    <message>
        <source>Measure speed</source>
        <translation>测量速度</translation>
    </message>
    <message>
        <source>Time cuBLAS GEMMs of every data type on the GPU (F6)</source>
        <translation>在 GPU 上为每种数据类型的 cuBLAS GEMM 计时（F6）</translation>
    </message>
    <message>
        <source>Compare TF32 off and on</source>
        <translation>比较关闭与开启 TF32</translation>
    </message>
    <message>
        <source>Run the same FP32 GEMM with TF32 off and on and measure both against FP64 (F7)</source>
        <translation>在关闭和开启 TF32 时运行同一个 FP32 GEMM，并都与 FP64 比较（F7）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the running job (Shift+F5)</source>
        <translation>停止正在运行的任务（Shift+F5）</translation>
    </message>
    <message>
        <source>GEMM and heat map</source>
        <translation>GEMM 与热图</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>TF32</source>
        <translation>TF32</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>指纹</translation>
    </message>
</context>
<context>
    <name>fplab::gui::GpuText</name>
    <message>
        <source>FP Lab was built without CUDA</source>
        <translation>FP Lab 编译时未启用 CUDA</translation>
    </message>
    <message>
        <source>no CUDA-capable GPU is visible</source>
        <translation>看不到支持 CUDA 的 GPU</translation>
    </message>
    <message>
        <source>no NVIDIA driver is installed</source>
        <translation>未安装 NVIDIA 驱动</translation>
    </message>
    <message>
        <source>the NVIDIA driver is older than this build&apos;s CUDA: </source>
        <translation>NVIDIA 驱动比本程序所用的 CUDA 旧：</translation>
    </message>
    <message>
        <source>only the CUDA stub driver library was found</source>
        <translation>只找到了 CUDA 的桩驱动库</translation>
    </message>
    <message>
        <source>every GPU is busy or in exclusive-process mode</source>
        <translation>所有 GPU 都在忙或处于独占进程模式</translation>
    </message>
    <message>
        <source>the driver reports no CUDA devices</source>
        <translation>驱动报告没有 CUDA 设备</translation>
    </message>
    <message>
        <source>no GPU: </source>
        <translation>没有 GPU：</translation>
    </message>
    <message>
        <source>This copy of FP Lab has no GPU code</source>
        <translation>这份 FP Lab 没有 GPU 代码</translation>
    </message>
    <message>
        <source>No usable GPU</source>
        <translation>没有可用的 GPU</translation>
    </message>
    <message>
        <source>A CUDA call failed</source>
        <translation>CUDA 调用失败</translation>
    </message>
    <message>
        <source>A cuBLAS call failed</source>
        <translation>cuBLAS 调用失败</translation>
    </message>
    <message>
        <source>This GPU or this build cannot run it</source>
        <translation>这块 GPU 或这个版本无法运行它</translation>
    </message>
    <message>
        <source>The request is not valid</source>
        <translation>请求无效</translation>
    </message>
    <message>
        <source>%1 (details: %2)</source>
        <translation>%1（详情：%2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Not yet measured on a GPU (the table of verified claims cannot be read: %1)</source>
        <translation>尚未在 GPU 上测量（无法读取已验证结论表：%1）</translation>
    </message>
    <message>
        <source>FAILED on a GPU (docs/gpu-results/verified.tsv)</source>
        <translation>在 GPU 上未通过（docs/gpu-results/verified.tsv）</translation>
    </message>
    <message>
        <source>Not yet measured on a GPU</source>
        <translation>尚未在 GPU 上测量</translation>
    </message>
</context>
<context>
    <name>fplab::gui::GradientHistogramView</name>
    <message>
        <source>FP16 subnormal</source>
        <translation>FP16 次正规数</translation>
    </message>
    <message>
        <source>FP16 normal</source>
        <translation>FP16 正规数</translation>
    </message>
    <message>
        <source>binary exponent e of |g| (2^e &lt;= |g| &lt; 2^(e+1)), before rounding</source>
        <translation>|g| 的二进制指数 e（2^e &lt;= |g| &lt; 2^(e+1)），舍入之前</translation>
    </message>
    <message>
        <source>No step yet.</source>
        <translation>还没有训练步。</translation>
    </message>
    <message>
        <source>rounded</source>
        <translation>被舍入</translation>
    </message>
    <message>
        <source>would round</source>
        <translation>会被舍入</translation>
    </message>
    <message>
        <source>Step %1: %2 gradient elements, %3 zero. Of the nonzero ones, %4% %5 to zero in FP16, %6% to subnormals, %7% to infinity.</source>
        <translation>第 %1 步：共 %2 个梯度元素，其中 %3 个为零。非零元素中，%4% 在 FP16 中%5为零，%6% 变为次正规数，%7% 变为无穷大。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::JobRunner</name>
    <message>
        <source>Another job is still running: cancel it first.</source>
        <translation>另一个任务仍在运行：请先取消它。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::LadderChart</name>
    <message>
        <source>Time cuBLAS and the five rungs at the GEMM size chosen above.</source>
        <translation>在上方选定的 GEMM 规模下，为 cuBLAS 和五级阶梯计时。</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2：%3</translation>
    </message>
    <message>
        <source>%1, m = n = k = %2, on %3</source>
        <translation>%1，m = n = k = %2，在 %3 上</translation>
    </message>
    <message>
        <source>Recorded on %1, %2 (%3): %4. No GPU run in this session.</source>
        <translation>记录于 %1，%2（%3）：%4。本次会话没有在 GPU 上运行。</translation>
    </message>
    <message>
        <source>Measured on %1, %2: %3.</source>
        <translation>测量于 %1，%2：%3。</translation>
    </message>
    <message>
        <source>No ladder results recorded yet: none in docs/gpu-results/, and no run in this session. With a GPU, press Measure ladder (or run fplab-cli gpu bench --impl ladder).</source>
        <translation>尚无阶梯结果记录：docs/gpu-results/ 中没有，本次会话也没有运行。有 GPU 时，请按“测量阶梯”（或运行 fplab-cli gpu bench --impl ladder）。</translation>
    </message>
    <message>
        <source>TFLOPS per rung</source>
        <translation>各级 TFLOPS</translation>
    </message>
    <message>
        <source>cuBLAS</source>
        <translation>cuBLAS</translation>
    </message>
    <message>
        <source>Datasheet peak</source>
        <translation>数据手册峰值</translation>
    </message>
    <message>
        <source>TFLOPS</source>
        <translation>TFLOPS</translation>
    </message>
    <message>
        <source>Rung</source>
        <translation>阶梯级</translation>
    </message>
    <message>
        <source>Measure ladder</source>
        <translation>测量阶梯</translation>
    </message>
    <message>
        <source>%1 (not run: %2)</source>
        <translation>%1（未运行：%2）</translation>
    </message>
    <message>
        <source>%1 WRONG</source>
        <translation>%1 错误</translation>
    </message>
    <message>
        <source>cuBLAS: WRONG, no TFLOPS (%1)</source>
        <translation>cuBLAS：WRONG（结果错误），无 TFLOPS（%1）</translation>
    </message>
    <message>
        <source>%1 (WRONG, no TFLOPS: %2)</source>
        <translation>%1（WRONG，结果错误，无 TFLOPS：%2）</translation>
    </message>
    <message>
        <source>Rung (%1)</source>
        <translation>级（%1）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::LadderText</name>
    <message>
        <source>one thread per output: k FMAs on the CUDA cores, every operand read from global memory</source>
        <translation>每个输出一个线程：在 CUDA 核心上做 k 次 FMA，每个操作数都从全局内存读取</translation>
    </message>
    <message>
        <source>shared-memory tiles, one mma.sync per warp tile: tensor cores, each operand read from DRAM once per tile</source>
        <translation>共享内存分块，每个 warp 分块一条 mma.sync：用上张量核心，每个操作数每个分块只从 DRAM 读一次</translation>
    </message>
    <message>
        <source>ldmatrix fragment loads, 4 x 4 MMAs per warp per k-step (register blocking), padded shared memory</source>
        <translation>用 ldmatrix 加载片段，每个 warp 每个 k 步做 4 x 4 条 MMA（寄存器分块），共享内存加填充</translation>
    </message>
    <message>
        <source>a 4-stage cp.async pipeline (load tile s+3 while computing tile s) in 128 x 256 block tiles</source>
        <translation>4 级 cp.async 流水线（计算第 s 块时加载第 s+3 块），线程块分块为 128 x 256</translation>
    </message>
    <message>
        <source>Hopper: TMA copies swizzled tiles, mbarriers hand them from a producer warp group to two wgmma consumers</source>
        <translation>Hopper：TMA 拷贝交织（swizzle）布局的分块，mbarrier 把它们从一个生产者 warp 组交给两个 wgmma 消费者</translation>
    </message>
</context>
<context>
    <name>fplab::gui::LayerSeriesView</name>
    <message>
        <source>&amp;Series</source>
        <translation>序列(&amp;S)</translation>
    </message>
    <message>
        <source>Max attention logit</source>
        <translation>最大注意力 logit</translation>
    </message>
    <message>
        <source>Softmax rows saturated (%)</source>
        <translation>饱和的 softmax 行（%）</translation>
    </message>
    <message>
        <source>Outlier channels of the MLP input</source>
        <translation>MLP 输入的离群通道数</translation>
    </message>
    <message>
        <source>Residual stream RMS</source>
        <translation>残差流 RMS</translation>
    </message>
    <message>
        <source>Update-to-weight ratio</source>
        <translation>更新量与权重之比</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>第 %1 块</translation>
    </message>
</context>
<context>
    <name>fplab::gui::LessonView</name>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步（共 %2 步）：%3</translation>
    </message>
    <message>
        <source>→ Experiment: %1 (on the right)</source>
        <translation>→ 实验：%1（在右侧）</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Next lesson ▶</source>
        <translation>下一课 ▶</translation>
    </message>
    <message>
        <source>The previous step (%1)</source>
        <translation>上一步（%1）</translation>
    </message>
    <message>
        <source>The next step (%1)</source>
        <translation>下一步（%1）</translation>
    </message>
    <message>
        <source>This is the last lesson.</source>
        <translation>这是最后一课。</translation>
    </message>
    <message>
        <source>Open the next lesson, %1 (%2)</source>
        <translation>打开下一课：%1（%2）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::LessonsSection</name>
    <message>
        <source>The Explorer is not available.</source>
        <translation>“数值探索”页面不可用。</translation>
    </message>
    <message>
        <source>The Arithmetic section is not available.</source>
        <translation>“运算”页面不可用。</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Guided lessons with live experiments: anatomy of a float, range, overflow, swamping, accumulation, rounding, memory (Ctrl+3).</source>
        <translation>带实时实验的引导式课程：浮点数的构成、范围、上溢、大数吃小数、累加、舍入、显存占用（Ctrl+3）。</translation>
    </message>
    <message>
        <source>No lesson files were found.</source>
        <translation>没有找到课程文件。</translation>
    </message>
    <message>
        <source>Some lesson files could not be read:</source>
        <translation>部分课程文件无法读取：</translation>
    </message>
    <message>
        <source>a lesson of this FP Lab</source>
        <translation>本 FP Lab 中的课程</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>一个对象</translation>
    </message>
    <message>
        <source>Lesson “%1”</source>
        <translation>课程“%1”</translation>
    </message>
    <message>
        <source>a checkpoint of this lesson</source>
        <translation>本课程中的检查点</translation>
    </message>
    <message>
        <source>%1/%2 checks</source>
        <translation>检查 %1/%2</translation>
    </message>
    <message>
        <source>%1/%2 steps</source>
        <translation>%1/%2 步</translation>
    </message>
    <message>
        <source>Steps seen: %1 of %2. Checks answered: %3 of %4.</source>
        <translation>已看步骤：%1/%2。已答检查：%3/%4。</translation>
    </message>
    <message>
        <source>&amp;Next step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>The next step, or on the last step the next lesson (Alt+Right).</source>
        <translation>下一步；在最后一步时为下一课（Alt+Right）。</translation>
    </message>
    <message>
        <source>&amp;Previous step</source>
        <translation>上一步(&amp;P)</translation>
    </message>
    <message>
        <source>The previous step (Alt+Left).</source>
        <translation>上一步（Alt+Left）。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Focus the &amp;value entry</source>
        <translation>转到数值输入框(&amp;V)</translation>
    </message>
    <message>
        <source>Jump to the input of the open section (Ctrl+L).</source>
        <translation>跳到当前页面的输入框（Ctrl+L）。</translation>
    </message>
    <message>
        <source>Show the &amp;sidebar</source>
        <translation>显示侧边栏(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Follow the &amp;system</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Toggle light/dark</source>
        <translation>切换浅色/深色(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Switch English/中文</source>
        <translation>切换 English/中文(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About FP Lab</source>
        <translation>关于 FP Lab(&amp;A)</translation>
    </message>
    <message>
        <source>The %1 translation could not be loaded.</source>
        <translation>无法加载 %1 翻译。</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Save a table of the open section as CSV, or a chart as PNG or SVG.</source>
        <translation>把当前页面的表格保存为 CSV，或把图表保存为 PNG 或 SVG。</translation>
    </message>
    <message>
        <source>&amp;Getting started</source>
        <translation>入门指南(&amp;G)</translation>
    </message>
</context>
<context>
    <name>fplab::gui::MemoryByModeView</name>
    <message>
        <source>Memory by category and mode (bytes)</source>
        <translation>按类别和模式划分的内存（字节）</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>low-precision weight copies</source>
        <translation>低精度权重副本</translation>
    </message>
    <message>
        <source>%1, %2: %3 bytes for one micro-batch, from the forward pass to the backward pass</source>
        <translation>%1，%2：一个微批次 %3 字节，从前向传播保留到反向传播</translation>
    </message>
    <message>
        <source>%1, %2: %3 bytes, %4 per parameter (static)</source>
        <translation>%1，%2：%3 字节，每个参数 %4 字节（静态）</translation>
    </message>
    <message>
        <source>The kept runs&apos; settings, each as a GPU would hold them.</source>
        <translation>保留的各次训练的设置，按 GPU 上的占用计算。</translation>
    </message>
    <message>
        <source>No run is kept yet: the current settings in each mode of the comparison, as a GPU would hold them.</source>
        <translation>尚未保留任何训练：当前设置在对比的各模式中按 GPU 上的占用计算。</translation>
    </message>
    <message>
        <source>Static memory (weights, master weights, gradients, optimizer state) stays from step to step; with Adam it is 16 bytes per parameter in FP32 and in mixed precision (float32 master weights and gradients). One micro-batch adds the activations saved for the backward pass, 16-bit only where autocast casts them (the linear layers&apos; inputs; LayerNorm and the loss stay float32), and the low-precision copies of the weights the forward pass makes.</source>
        <translation>静态内存（权重、主权重、梯度、优化器状态）在各步之间一直保留；使用 Adam 时，FP32 与混合精度都是每个参数 16 字节（float32 主权重和梯度）。一个微批次还要加上为反向传播保存的激活值（只有 autocast 转换的部分是 16 位：线性层的输入；LayerNorm 和损失仍为 float32），以及前向传播生成的低精度权重副本。</translation>
    </message>
    <message>
        <source>Here the smaller activations save %1 bytes, more than the copies cost (%2 bytes).</source>
        <translation>这里较小的激活值节省了 %1 字节，多于副本的开销（%2 字节）。</translation>
    </message>
    <message>
        <source>Here the smaller activations save %1 bytes, less than the copies cost (%2 bytes): this model is small and its batch short; a larger batch saves more.</source>
        <translation>这里较小的激活值节省了 %1 字节，少于副本的开销（%2 字节）：这个模型小、批也短；批越大，节省越多。</translation>
    </message>
    <message>
        <source>Totals: %1.</source>
        <translation>总计：%1。</translation>
    </message>
    <message>
        <source>%1. %2: %3 bytes</source>
        <translation>%1. %2：%3 字节</translation>
    </message>
</context>
<context>
    <name>fplab::gui::MemoryTableModel</name>
    <message>
        <source>FP32 master weights</source>
        <translation>FP32 主权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations kept for backward (one micro-batch)</source>
        <translation>为反向传播保存的激活值（一个微批次）</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Bytes per parameter</source>
        <translation>每个参数的字节数</translation>
    </message>
    <message>
        <source>Weights as stored</source>
        <translation>所存储的权重</translation>
    </message>
    <message>
        <source>Low-precision weight copies, forward to backward (one micro-batch)</source>
        <translation>低精度权重副本，从前向保留到反向（一个微批次）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::NeighboursChart</name>
    <message>
        <source>No neighbours: %1 is not a finite value</source>
        <translation>没有相邻值：%1 不是有限值</translation>
    </message>
    <message>
        <source>Values of %1 around the stored value (1 ulp = 2^%2)</source>
        <translation>%1 在存储值附近的可表示值（1 ulp = 2^%2）</translation>
    </message>
    <message>
        <source>representable values (spaced by their distance in ulps)</source>
        <translation>可表示值（按以 ulp 计的距离排列）</translation>
    </message>
    <message>
        <source>rounding boundary (to nearest)</source>
        <translation>舍入边界（就近舍入）</translation>
    </message>
    <message>
        <source>representable values</source>
        <translation>可表示值</translation>
    </message>
    <message>
        <source>stored value</source>
        <translation>存储值</translation>
    </message>
    <message>
        <source>exact input</source>
        <translation>精确输入值</translation>
    </message>
</context>
<context>
    <name>fplab::gui::OperationTableModel</name>
    <message>
        <source>overflow → infinity</source>
        <translation>上溢 → 无穷大</translation>
    </message>
    <message>
        <source>overflow → NaN</source>
        <translation>上溢 → NaN</translation>
    </message>
    <message>
        <source>overflow → saturated</source>
        <translation>上溢 → 饱和</translation>
    </message>
    <message>
        <source>invalid → NaN</source>
        <translation>无效 → NaN</translation>
    </message>
    <message>
        <source>underflow → zero</source>
        <translation>下溢 → 零</translation>
    </message>
    <message>
        <source>underflow → subnormal</source>
        <translation>下溢 → 次正规数</translation>
    </message>
    <message>
        <source>b vanished: the result equals a</source>
        <translation>b 消失了：结果等于 a</translation>
    </message>
    <message>
        <source>b is smaller than half an ulp of a, so adding it changes nothing (swamping).</source>
        <translation>b 小于 a 的半个 ulp，所以加上它不改变结果（大数吃小数）。</translation>
    </message>
    <message>
        <source>a vanished: the result equals %1b</source>
        <translation>a 消失了：结果等于 %1b</translation>
    </message>
    <message>
        <source>rounded</source>
        <translation>已舍入</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>; %1 overflowed on entry</source>
        <translation>；%1 在读入时上溢</translation>
    </message>
    <message>
        <source>; %1 became 0 on entry</source>
        <translation>；%1 在读入时变为 0</translation>
    </message>
    <message>
        <source>; %1 rounded on entry</source>
        <translation>；%1 在读入时已舍入</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Operands as stored</source>
        <translation>存储后的操作数</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>位</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标志</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>发生了什么</translation>
    </message>
    <message>
        <source>The typed operands after rounding into this format.</source>
        <translation>输入的操作数舍入到该格式之后的值。</translation>
    </message>
    <message>
        <source>v invalid, z divide-by-zero, o overflow, u underflow, x inexact.</source>
        <translation>v 无效，z 除以零，o 上溢，u 下溢，x 不精确。</translation>
    </message>
    <message>
        <source>Overflow, underflow, an operand that vanished, or rounding.</source>
        <translation>上溢、下溢、某个操作数消失，或舍入。</translation>
    </message>
    <message>
        <source>a NaN operand → NaN</source>
        <translation>有 NaN 操作数 → NaN</translation>
    </message>
    <message>
        <source>An operation with a NaN operand returns a quiet NaN, the first NaN operand&apos;s sign and payload where the format has them (IEEE 754 NaN propagation): nothing about the other operands survives.</source>
        <translation>有 NaN 操作数的运算返回一个静默 NaN，格式支持时带有第一个 NaN 操作数的符号和载荷（IEEE 754 的 NaN 传播）：其他操作数的信息都不会留下。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::OverflowReportView</name>
    <message>
        <source>Show this operation step by step in Arithmetic</source>
        <translation>在“运算”中逐步查看这个运算</translation>
    </message>
    <message>
        <source>No operation of this run raised overflow or invalid.</source>
        <translation>这次训练没有任何运算引发上溢或无效。</translation>
    </message>
    <message>
        <source>When a step raises overflow or invalid, the run stops and its first such operation in program order is shown here.</source>
        <translation>某一步引发上溢或无效时，训练停止，这里按程序顺序显示第一个这样的运算。</translation>
    </message>
    <message>
        <source>outside the blocks</source>
        <translation>块之外</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1&lt;/b&gt;: the first operation that raised overflow or invalid.&lt;br&gt;%2, %3, tensor &lt;tt&gt;%4&lt;/tt&gt;, operation &lt;tt&gt;%5&lt;/tt&gt;, element %6&lt;br&gt;%7: %8 → %9&lt;br&gt;flags: %10</source>
        <translation>&lt;b&gt;第 %1 步&lt;/b&gt;：第一个引发上溢或无效的运算。&lt;br&gt;%2，%3，张量 &lt;tt&gt;%4&lt;/tt&gt;，运算 &lt;tt&gt;%5&lt;/tt&gt;，元素 %6&lt;br&gt;%7：%8 → %9&lt;br&gt;标志：%10</translation>
    </message>
    <message>
        <source>(operands not kept)</source>
        <translation>（未保留操作数）</translation>
    </message>
    <message>
        <source>The core has no exp, log or erf: the host computes them in FP64 and the core rounds the result once to %1. Arithmetic shows that rounding of %2, where the flag was raised.</source>
        <translation>核心库没有 exp、log 和 erf：由主机用 FP64 计算，核心库再把结果一次舍入到 %1。“运算”显示的是 %2 的这次舍入，标志正是在这里引发的。</translation>
    </message>
    <message>
        <source>A value stored in FP32 rounded to %1: Arithmetic shows that conversion.</source>
        <translation>以 FP32 存储的值舍入到 %1：“运算”显示这次转换。</translation>
    </message>
    <message>
        <source>This report keeps no operands to show: a matmul&apos;s operand was cast, the host computed the dot product, or an FP8 GEMM computed the value.</source>
        <translation>这份报告没有保留可显示的操作数：矩阵乘法的操作数在转换时出错、点积由主机计算，或该值由 FP8 GEMM 计算。</translation>
    </message>
    <message>
        <source>The loss scaler skipped this step and the run went on.</source>
        <translation>损失缩放器跳过了这一步，训练继续进行。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::OverflowStepsView</name>
    <message>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next step ▶</source>
        <translation>下一步 ▶</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ParamEditor</name>
    <message>
        <source>%1 (parameter %2)</source>
        <translation>%1（参数 %2）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::Presentation</name>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Larger text everywhere, charts included (Ctrl++).</source>
        <translation>放大所有文字，包括图表（Ctrl++）。</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;High-contrast charts</source>
        <translation>高对比度图表(&amp;H)</translation>
    </message>
    <message>
        <source>Strong chart colours and grid lines that stay readable on a projector.</source>
        <translation>使用醒目的图表颜色和网格线，在投影仪上也清晰可读。</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>The lesson full screen, without the sidebar and the lesson list (Shift+F11 again to leave).</source>
        <translation>全屏显示课程，隐藏侧边栏和课程列表（再按 Shift+F11 退出）。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ProbeTableModel</name>
    <message>
        <source>Probe</source>
        <translation>探测</translation>
    </message>
    <message>
        <source>M at term</source>
        <translation>M 所在项</translation>
    </message>
    <message>
        <source>−M at term</source>
        <translation>−M 所在项</translation>
    </message>
    <message>
        <source>Units left</source>
        <translation>剩余单位数</translation>
    </message>
    <message>
        <source>Terms joined</source>
        <translation>汇合的项数</translation>
    </message>
</context>
<context>
    <name>fplab::gui::RangeChart</name>
    <message>
        <source>Range of each format (log scale)</source>
        <translation>各格式的范围（对数刻度）</translation>
    </message>
    <message>
        <source>magnitude</source>
        <translation>数值大小</translation>
    </message>
    <message>
        <source>smallest subnormal</source>
        <translation>最小次正规数</translation>
    </message>
    <message>
        <source>smallest normal</source>
        <translation>最小正规数</translation>
    </message>
    <message>
        <source>largest finite</source>
        <translation>最大有限值</translation>
    </message>
    <message>
        <source>current value</source>
        <translation>当前值</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ResultView</name>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标志</translation>
    </message>
    <message>
        <source>Open in Explorer</source>
        <translation>在“数值探索”中打开</translation>
    </message>
    <message>
        <source>Open in Arithmetic</source>
        <translation>在“运算”中打开</translation>
    </message>
    <message>
        <source>sign</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>exponent</source>
        <translation>指数</translation>
    </message>
    <message>
        <source>mantissa</source>
        <translation>尾数</translation>
    </message>
    <message>
        <source>two&apos;s complement</source>
        <translation>补码</translation>
    </message>
    <message>
        <source>CPU (emulated)</source>
        <translation>CPU（模拟）</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>不同</translation>
    </message>
    <message>
        <source>CPU only</source>
        <translation>仅 CPU</translation>
    </message>
    <message>
        <source>GPU only</source>
        <translation>仅 GPU</translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation>GPU：%1</translation>
    </message>
    <message>
        <source>CPU %1, GPU %2 (the GPU&apos;s bits shown; differing bits emphasised)</source>
        <translation>CPU %1，GPU %2（显示 GPU 的位；不同的位加粗标出）</translation>
    </message>
    <message>
        <source>Exactly %1
As Python prints it: %2</source>
        <translation>精确值 %1
Python 打印为：%2</translation>
    </message>
    <message>
        <source>Every digit: %1</source>
        <translation>全部数字：%1</translation>
    </message>
    <message>
        <source>Exactly %1</source>
        <translation>精确值为 %1</translation>
    </message>
</context>
<context>
    <name>fplab::gui::RunAllModes</name>
    <message>
        <source>Run all modes</source>
        <translation>运行所有模式</translation>
    </message>
    <message>
        <source>FP32, FP16 without scaling, FP16 with the dynamic scaler and BF16 with these settings, one after another; each is kept for the comparison (Ctrl+Shift+F5)</source>
        <translation>用这些设置依次运行 FP32、不缩放的 FP16、带动态缩放器的 FP16 和 BF16；每次训练都保留以供对比（Ctrl+Shift+F5）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::RunChartsView</name>
    <message>
        <source>Loss (mean cross-entropy of each step)</source>
        <translation>损失（每步的平均交叉熵）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation>损失缩放因子</translation>
    </message>
    <message>
        <source>scale used</source>
        <translation>使用的缩放因子</translation>
    </message>
    <message>
        <source>skipped step (inf/NaN gradients)</source>
        <translation>跳过的步（梯度含 inf/NaN）</translation>
    </message>
    <message>
        <source>each step</source>
        <translation>每一步</translation>
    </message>
    <message>
        <source>smoothed (moving average over about %1 steps)</source>
        <translation>平滑（约 %1 步的移动平均）</translation>
    </message>
    <message>
        <source>smoothed</source>
        <translation>平滑</translation>
    </message>
    <message>
        <source>Loss of the %1 run</source>
        <translation>%1 训练的损失</translation>
    </message>
    <message>
        <source>Loss scale of the %1 run</source>
        <translation>%1 训练的损失缩放因子</translation>
    </message>
</context>
<context>
    <name>fplab::gui::RunControls</name>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Start a new run with these settings (F5)</source>
        <translation>用这些设置开始新的训练（F5）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>One optimizer step, then pause (F7)</source>
        <translation>执行一步优化器更新后暂停（F7）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the run (Shift+F5)</source>
        <translation>停止训练（Shift+F5）</translation>
    </message>
    <message>
        <source>Pause or resume the run (F6)</source>
        <translation>暂停或继续训练（F6）</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Clear the run and its charts; the settings stay (Ctrl+F5)</source>
        <translation>清除本次训练及其图表；设置保持不变（Ctrl+F5）</translation>
    </message>
    <message>
        <source>Choose the settings and press Start.</source>
        <translation>选好设置后按“开始”。</translation>
    </message>
    <message>
        <source>Running.</source>
        <translation>运行中。</translation>
    </message>
    <message>
        <source>Pausing…</source>
        <translation>正在暂停…</translation>
    </message>
    <message>
        <source>Paused.</source>
        <translation>已暂停。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>就绪。</translation>
    </message>
    <message>
        <source>Finished.</source>
        <translation>已完成。</translation>
    </message>
    <message>
        <source>Diverged.</source>
        <translation>已发散。</translation>
    </message>
    <message>
        <source>The loss scale collapsed.</source>
        <translation>损失缩放因子崩溃了。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Refused.</source>
        <translation>配置被拒绝。</translation>
    </message>
    <message>
        <source>Failed.</source>
        <translation>失败。</translation>
    </message>
    <message>
        <source>Step %1 of %2.</source>
        <translation>第 %1 步，共 %2 步。</translation>
    </message>
    <message>
        <source>Last step: loss %1, scale %2%3.</source>
        <translation>最后一步：损失 %1，缩放因子 %2%3。</translation>
    </message>
    <message>
        <source> (skipped: inf/NaN gradients)</source>
        <translation>（已跳过：梯度含 inf/NaN）</translation>
    </message>
    <message>
        <source>Loss of step %1: %2</source>
        <translation>第 %1 步的损失：%2</translation>
    </message>
    <message>
        <source>Skipped steps: %1.</source>
        <translation>跳过的步数：%1。</translation>
    </message>
    <message>
        <source>Nonzero gradients rounded to zero in FP16: %1.</source>
        <translation>在 FP16 中舍入为零的非零梯度：%1。</translation>
    </message>
    <message>
        <source>Nonzero gradients FP16 would round to zero: %1.</source>
        <translation>FP16 会舍入为零的非零梯度：%1。</translation>
    </message>
    <message>
        <source>Updates lost in the FP32 master weights: %1 of this step&apos;s nonzero updates were smaller than half the spacing of FP32 at their weight, which did not change.</source>
        <translation>FP32 主权重中丢失的更新：本步非零更新中有 %1 小于其权重处 FP32 间距的一半，权重没有改变。</translation>
    </message>
    <message>
        <source>Updates lost in the %2 weights: %1 of this step&apos;s nonzero updates were smaller than half the spacing of %2 at their weight, which did not change.</source>
        <translation>%2 权重中丢失的更新：本步非零更新中有 %1 小于其权重处 %2 间距的一半，权重没有改变。</translation>
    </message>
    <message>
        <source>All data: loss %1, accuracy %2.</source>
        <translation>全部数据：损失 %1，准确率 %2。</translation>
    </message>
    <message>
        <source>Loss over all data: %1</source>
        <translation>全部数据上的损失：%1</translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation>每秒 %1 步</translation>
    </message>
    <message numerus="yes">
        <source>about %n s left</source>
        <translation>
            <numerusform>约剩 %n 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %n min left</source>
        <translation>
            <numerusform>约剩 %n 分钟</numerusform>
        </translation>
    </message>
    <message>
        <source>about %1 h %2 min left</source>
        <translation>约剩 %1 小时 %2 分钟</translation>
    </message>
    <message>
        <source>%1, %2.</source>
        <translation>%1，%2。</translation>
    </message>
    <message>
        <source>Cancel the run?</source>
        <translation>取消这次训练？</translation>
    </message>
    <message numerus="yes">
        <source>The run has done %n step(s). Cancelling ends it; it cannot be resumed.</source>
        <translation>
            <numerusform>这次训练已完成 %n 步。取消将结束它，且无法恢复。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel the run</source>
        <translation>取消训练</translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation>继续运行</translation>
    </message>
</context>
<context>
    <name>fplab::gui::RunListView</name>
    <message>
        <source>Export the run as CSV</source>
        <translation>将该次训练导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export every run as one CSV</source>
        <translation>将所有训练导出为一个 CSV</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the chosen run from the comparison</source>
        <translation>从对比中移除所选的训练</translation>
    </message>
    <message>
        <source>Export run…</source>
        <translation>导出训练…</translation>
    </message>
    <message>
        <source>The chosen run&apos;s steps as CSV, with the columns of fplab-cli train --csv</source>
        <translation>所选训练的每一步，导出为 CSV，列与 fplab-cli train --csv 相同</translation>
    </message>
    <message>
        <source>Export comparison…</source>
        <translation>导出对比…</translation>
    </message>
    <message>
        <source>Every kept run in one CSV, with a run column</source>
        <translation>所有保留的训练导出为一个 CSV，带有“训练”列</translation>
    </message>
    <message>
        <source>Every finished run is kept (up to %1). Tick to show, double-click to rename.</source>
        <translation>每次完成的训练都会保留（最多 %1 次）。勾选以显示，双击以重命名。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Written to %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message>
        <source>No run is chosen.</source>
        <translation>没有选择训练。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::RunStore</name>
    <message>
        <source>Kept run %1 (%2) was not restored: %3.</source>
        <translation>保留的第 %1 次训练（%2）未能恢复：%3。</translation>
    </message>
    <message>
        <source>no name</source>
        <translation>无名称</translation>
    </message>
    <message>
        <source>it has no name</source>
        <translation>它没有名称</translation>
    </message>
    <message>
        <source>its precision mode, data set or optimizer is not one FP Lab knows</source>
        <translation>它的精度模式、数据集或优化器不是 FP Lab 认识的</translation>
    </message>
    <message>
        <source>its tensor names are missing</source>
        <translation>缺少它的张量名称</translation>
    </message>
    <message>
        <source>its steps are missing or incomplete</source>
        <translation>它的训练步缺失或不完整</translation>
    </message>
</context>
<context>
    <name>fplab::gui::SessionFile</name>
    <message>
        <source>FP Lab sessions (*.fplab);;JSON files (*.json);;All files (*)</source>
        <translation>FP Lab 会话 (*.fplab);;JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The file is not valid JSON (%1 at byte %2).</source>
        <translation>该文件不是有效的 JSON（第 %2 字节处：%1）。</translation>
    </message>
    <message>
        <source>The file is JSON but not an FP Lab session (it holds no object).</source>
        <translation>该文件是 JSON，但不是 FP Lab 会话（其中没有对象）。</translation>
    </message>
    <message>
        <source>The file is JSON but not an FP Lab session (no &quot;format&quot;: &quot;%1&quot;).</source>
        <translation>该文件是 JSON，但不是 FP Lab 会话（没有 &quot;format&quot;: &quot;%1&quot;）。</translation>
    </message>
    <message>
        <source>The session file has no readable version number.</source>
        <translation>会话文件中没有可读的版本号。</translation>
    </message>
    <message>
        <source>The session was saved by a newer FP Lab (file version %1; this FP Lab reads version %2). Update FP Lab to open it.</source>
        <translation>该会话由较新的 FP Lab 保存（文件版本 %1；本 FP Lab 读取版本 %2）。请更新 FP Lab 后再打开。</translation>
    </message>
    <message>
        <source>The session file has version %1, older than any this FP Lab reads (version %2).</source>
        <translation>会话文件的版本为 %1，比本 FP Lab 能读取的版本（%2）更旧。</translation>
    </message>
    <message>
        <source>The session file has no &quot;sections&quot; object.</source>
        <translation>会话文件中没有 &quot;sections&quot; 对象。</translation>
    </message>
    <message>
        <source>The file %1 does not exist (any more).</source>
        <translation>文件 %1 不存在（可能已被移动或删除）。</translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>The file is too large to be an FP Lab session.</source>
        <translation>该文件太大，不可能是 FP Lab 会话。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::SessionManager</name>
    <message>
        <source>&amp;Open session…</source>
        <translation>打开会话…(&amp;O)</translation>
    </message>
    <message>
        <source>Open a saved session: the Explorer value, Arithmetic inputs, lesson progress and Training settings.</source>
        <translation>打开已保存的会话：数值探索中的数值、运算的输入、课程进度和训练设置。</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save what you set up in every section to a small file you can share or open later.</source>
        <translation>把各页面中的设置保存到一个小文件中，便于分享或以后打开。</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>会话另存为…(&amp;A)</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>The session was not saved</source>
        <translation>会话未保存</translation>
    </message>
    <message>
        <source>Saved the session to %1</source>
        <translation>会话已保存到 %1</translation>
    </message>
    <message>
        <source>Could not open %1. Nothing was changed.</source>
        <translation>无法打开 %1。没有做任何更改。</translation>
    </message>
    <message>
        <source>The session was not opened</source>
        <translation>会话未打开</translation>
    </message>
    <message>
        <source>%1: the section&apos;s entry is not an object; it was skipped.</source>
        <translation>%1：该页面的条目不是对象，已跳过。</translation>
    </message>
    <message>
        <source>The section “%1” is not part of this FP Lab; it was skipped.</source>
        <translation>页面“%1”不属于本 FP Lab，已跳过。</translation>
    </message>
    <message>
        <source>Opened the session %1</source>
        <translation>已打开会话 %1</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1, but %n part(s) could not be restored:</source>
        <translation>
            <numerusform>已打开 %1，但有 %n 项无法恢复：</numerusform>
        </translation>
    </message>
    <message>
        <source>Parts of the session were not restored</source>
        <translation>会话的部分内容未恢复</translation>
    </message>
    <message>
        <source>(not found)</source>
        <translation>（未找到）</translation>
    </message>
    <message>
        <source>&amp;Clear the list</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>Save the session?</source>
        <translation>保存会话？</translation>
    </message>
    <message>
        <source>The kept runs and settings have not been saved; they are lost on quitting.</source>
        <translation>保留的训练和设置尚未保存；退出后将会丢失。</translation>
    </message>
    <message>
        <source>The session %1 has unsaved changes.</source>
        <translation>会话 %1 有未保存的更改。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::SessionReader</name>
    <message>
        <source>%1: “%2” is missing.</source>
        <translation>%1：缺少“%2”。</translation>
    </message>
    <message>
        <source>%1: “%2” should be %3.</source>
        <translation>%1：“%2”应为%3。</translation>
    </message>
    <message>
        <source>%1: “%2” is %3, not %4.</source>
        <translation>%1：“%2”是 %3，而不是%4。</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a whole number from %1 to %2</source>
        <translation>%1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>a number from %1 to %2</source>
        <translation>%1 到 %2 之间的数</translation>
    </message>
    <message>
        <source>a list of texts</source>
        <translation>文本列表</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>一个对象</translation>
    </message>
</context>
<context>
    <name>fplab::gui::SettingValueBase</name>
    <message>
        <source>Setting %1 had an unreadable value (%2); the default is used.</source>
        <translation>设置项 %1 的值无法读取（%2），已改用默认值。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::SettingsStore</name>
    <message>
        <source>The settings file %1 could not be read; the defaults are used.</source>
        <translation>无法读取设置文件 %1，已使用默认设置。</translation>
    </message>
    <message>
        <source>The settings could not be saved to %1; changes last until FP Lab closes.</source>
        <translation>无法将设置保存到 %1；更改只在 FP Lab 关闭前有效。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>Bit editor: move between bits</source>
        <translation>位编辑器：在各位之间移动</translation>
    </message>
    <message>
        <source>Left / Right</source>
        <translation>← / →</translation>
    </message>
    <message>
        <source>Bit editor: flip the bit</source>
        <translation>位编辑器：翻转当前位</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>Bit editor: set the bit and move on</source>
        <translation>位编辑器：设置当前位并移到下一位</translation>
    </message>
    <message>
        <source>0 / 1</source>
        <translation>0 / 1</translation>
    </message>
    <message>
        <source>Bit editor: first / last bit</source>
        <translation>位编辑器：第一位 / 最后一位</translation>
    </message>
    <message>
        <source>Home / End</source>
        <translation>Home / End</translation>
    </message>
    <message>
        <source>Table: copy as tab-separated text (the selected cells, or the whole table)</source>
        <translation>表格：复制为制表符分隔的文本（所选单元格，或整个表格）</translation>
    </message>
    <message>
        <source>Table or chart: copy as Markdown, export as CSV, PNG or SVG</source>
        <translation>表格或图表：复制为 Markdown，导出为 CSV、PNG 或 SVG</translation>
    </message>
    <message>
        <source>Right-click, or the Menu key</source>
        <translation>右键单击，或按菜单键</translation>
    </message>
    <message>
        <source>Move between the controls, in the order of the layout</source>
        <translation>按布局顺序在控件之间移动</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>Leave Present mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Table: select every row</source>
        <translation>表格：选中所有行</translation>
    </message>
</context>
<context>
    <name>fplab::gui::SpacingChart</name>
    <message>
        <source>Spacing of %1 values: constant for subnormals, doubling every binade</source>
        <translation>%1 数值的间距：次正规数区间内恒定，之后每个二进制数量级翻倍</translation>
    </message>
    <message>
        <source>ulp (gap to the next value)</source>
        <translation>ulp（到下一个值的间距）</translation>
    </message>
    <message>
        <source>magnitude |x|</source>
        <translation>数值大小 |x|</translation>
    </message>
    <message>
        <source>ulp(x)</source>
        <translation>ulp(x)</translation>
    </message>
    <message>
        <source>current value</source>
        <translation>当前值</translation>
    </message>
</context>
<context>
    <name>fplab::gui::SpecialCaseText</name>
    <message>
        <source>0 * inf is invalid</source>
        <translation>0 × inf 无效</translation>
    </message>
    <message>
        <source>0 + 0 is zero</source>
        <translation>0 + 0 等于零</translation>
    </message>
    <message>
        <source>0 / 0 is invalid</source>
        <translation>0 / 0 无效</translation>
    </message>
    <message>
        <source>a NaN converts to a NaN</source>
        <translation>NaN 转换后仍为 NaN</translation>
    </message>
    <message>
        <source>a NaN operand gives a NaN</source>
        <translation>操作数为 NaN，结果为 NaN</translation>
    </message>
    <message>
        <source>a finite number divided by infinity is zero</source>
        <translation>有限数除以无穷大得零</translation>
    </message>
    <message>
        <source>a zero operand gives zero</source>
        <translation>操作数为零，结果为零</translation>
    </message>
    <message>
        <source>adding zero changes nothing</source>
        <translation>加零不改变数值</translation>
    </message>
    <message>
        <source>an infinite operand gives infinity</source>
        <translation>操作数为无穷大，结果为无穷大</translation>
    </message>
    <message>
        <source>an infinite term gives infinity</source>
        <translation>某一项为无穷大，结果为无穷大</translation>
    </message>
    <message>
        <source>division by zero gives infinity</source>
        <translation>除以零得无穷大</translation>
    </message>
    <message>
        <source>division by zero, and the format has no infinity</source>
        <translation>除以零，且该格式没有无穷大</translation>
    </message>
    <message>
        <source>inf - inf is invalid</source>
        <translation>inf − inf 无效</translation>
    </message>
    <message>
        <source>inf / inf is invalid</source>
        <translation>inf / inf 无效</translation>
    </message>
    <message>
        <source>infinity converts to infinity</source>
        <translation>无穷大转换后仍为无穷大</translation>
    </message>
    <message>
        <source>infinity divided by a finite number is infinity</source>
        <translation>无穷大除以有限数仍为无穷大</translation>
    </message>
    <message>
        <source>sqrt(+-0) is +-0</source>
        <translation>sqrt(±0) 等于 ±0</translation>
    </message>
    <message>
        <source>sqrt(NaN) is NaN</source>
        <translation>sqrt(NaN) 为 NaN</translation>
    </message>
    <message>
        <source>sqrt(inf) is inf</source>
        <translation>sqrt(inf) 为 inf</translation>
    </message>
    <message>
        <source>the format has no infinity</source>
        <translation>该格式没有无穷大</translation>
    </message>
    <message>
        <source>the format has no negative values</source>
        <translation>该格式没有负数</translation>
    </message>
    <message>
        <source>the product is zero: the result is c</source>
        <translation>乘积为零：结果就是 c</translation>
    </message>
    <message>
        <source>the square root of a negative number is invalid</source>
        <translation>负数的平方根无效</translation>
    </message>
    <message>
        <source>the sum of two zeros is zero</source>
        <translation>两个零之和为零</translation>
    </message>
    <message>
        <source>zero converts to zero</source>
        <translation>零转换后仍为零</translation>
    </message>
    <message>
        <source>zero divided by a number is zero</source>
        <translation>零除以一个数得零</translation>
    </message>
    <message>
        <source>c is zero: the result is the rounded product</source>
        <translation>c 为零：结果是舍入后的乘积</translation>
    </message>
    <message>
        <source>saturating conversion: infinity becomes the largest finite value</source>
        <translation>饱和转换：无穷大变为最大有限值</translation>
    </message>
</context>
<context>
    <name>fplab::gui::SpeedPanel</name>
    <message>
        <source>Measuring needs a GPU: %1</source>
        <translation>测量需要 GPU：%1</translation>
    </message>
    <message>
        <source>the device is not known yet</source>
        <translation>尚不知道设备情况</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Measuring was cancelled.</source>
        <translation>测量已取消。</translation>
    </message>
    <message>
        <source>Measuring failed: %1</source>
        <translation>测量失败：%1</translation>
    </message>
    <message>
        <source>Speeds measured.</source>
        <translation>速度测量完成。</translation>
    </message>
    <message>
        <source> (TOPS)</source>
        <translation>（TOPS）</translation>
    </message>
    <message>
        <source>Datasheet: %1 (%2), dense peaks at boost clock%3. Source: %4.</source>
        <translation>数据手册：%1（%2），加速时钟下的稠密峰值%3。来源：%4。</translation>
    </message>
    <message>
        <source>, some values not confirmed</source>
        <translation>，部分数值未经确认</translation>
    </message>
    <message>
        <source>Looking for a GPU…</source>
        <translation>正在查找 GPU…</translation>
    </message>
    <message>
        <source>Measurements need a GPU (%1); the table shows the datasheet only.</source>
        <translation>测量需要 GPU（%1）；表格只显示数据手册的数值。</translation>
    </message>
    <message>
        <source>Press Measure (F6) to time cuBLAS GEMMs on %1.</source>
        <translation>按“测量速度”（F6）在 %1 上为 cuBLAS GEMM 计时。</translation>
    </message>
    <message>
        <source>Measured with cuBLAS on %1: square GEMMs of size %2, median of %3 timed runs after %4 warm-up runs.</source>
        <translation>在 %1 上用 cuBLAS 测得：尺寸为 %2 的方阵 GEMM，%4 次预热后取 %3 次计时运行的中位数。</translation>
    </message>
    <message>
        <source>Datasheet peak, %1</source>
        <translation>数据手册峰值，%1</translation>
    </message>
    <message>
        <source>Datasheet peak</source>
        <translation>数据手册峰值</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Datasheet of:</source>
        <translation>数据手册：</translation>
    </message>
    <message>
        <source>The GPU whose published peaks the table shows; with a GPU, the detected one.</source>
        <translation>表格显示哪款 GPU 公布的峰值；有 GPU 时默认为检测到的那款。</translation>
    </message>
    <message>
        <source>GEMM size:</source>
        <translation>GEMM 尺寸：</translation>
    </message>
    <message>
        <source>Square GEMMs M = N = K of this size are timed; larger ones come closer to the peak.</source>
        <translation>为 M = N = K 等于此尺寸的方阵 GEMM 计时；尺寸越大越接近峰值。</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Measured TFLOPS</source>
        <translation>实测 TFLOPS</translation>
    </message>
    <message>
        <source>Datasheet TFLOPS</source>
        <translation>数据手册 TFLOPS</translation>
    </message>
    <message>
        <source>% of datasheet</source>
        <translation>占数据手册的百分比</translation>
    </message>
    <message>
        <source>GEMM ladder</source>
        <translation>GEMM 阶梯</translation>
    </message>
    <message>
        <source>Measuring the ladder was cancelled.</source>
        <translation>阶梯测量已取消。</translation>
    </message>
    <message>
        <source>Measuring the ladder failed: %1</source>
        <translation>阶梯测量失败：%1</translation>
    </message>
    <message>
        <source>Ladder measured.</source>
        <translation>阶梯已测量。</translation>
    </message>
    <message>
        <source>WRONG: %1</source>
        <translation>WRONG（结果错误）：%1</translation>
    </message>
    <message>
        <source>Measured column: cuBLAS on %1 on %2 (the record in %3), square GEMMs of size %4; measuring here replaces it.</source>
        <translation>“实测”列：%2 在 %1 上测得的 cuBLAS 数据（记录在 %3），规模为 %4 的方阵 GEMM；在这里测量会替换它。</translation>
    </message>
    <message>
        <source>The record of %1 (%2) has no GEMMs of size %3.</source>
        <translation>%1（%2）的记录中没有规模为 %3 的 GEMM。</translation>
    </message>
    <message>
        <source>Measurements need a GPU (%1).</source>
        <translation>测量需要 GPU（%1）。</translation>
    </message>
    <message>
        <source>Measured on %1, %2</source>
        <translation>在 %1 上实测，%2</translation>
    </message>
    <message>
        <source>TFLOPS</source>
        <translation>TFLOPS</translation>
    </message>
</context>
<context>
    <name>fplab::gui::StepView</name>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步（共 %2 步）：%3</translation>
    </message>
</context>
<context>
    <name>fplab::gui::SumTreeView</name>
    <message>
        <source>A summation order from FP Lab</source>
        <translation>来自 FP Lab 的求和顺序</translation>
    </message>
</context>
<context>
    <name>fplab::gui::SummationSection</name>
    <message>
        <source>Summation order</source>
        <translation>求和顺序</translation>
    </message>
    <message>
        <source>Reveal the order in which a library, a compiler or a tensor core adds its terms, and see why sums differ</source>
        <translation>揭示库、编译器或张量核心把各项相加的顺序，看清为什么求和结果会不同</translation>
    </message>
    <message>
        <source>(nothing: one tree)</source>
        <translation>（无：只看一棵树）</translation>
    </message>
    <message>
        <source>&amp;Target:</source>
        <translation>目标(&amp;T)：</translation>
    </message>
    <message>
        <source>C&amp;ompare with:</source>
        <translation>对比(&amp;O)：</translation>
    </message>
    <message>
        <source>T&amp;erms:</source>
        <translation>项数(&amp;E)：</translation>
    </message>
    <message>
        <source>T&amp;ype:</source>
        <translation>类型(&amp;Y)：</translation>
    </message>
    <message>
        <source>&amp;Reveal</source>
        <translation>揭示(&amp;R)</translation>
    </message>
    <message>
        <source>Probe the target (F5): M at one term, −M at another, 1 elsewhere, until the tree is known</source>
        <translation>探测目标（F5）：在一项放 M，另一项放 −M，其余放 1，直到得知整棵树</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Probes</source>
        <translation>探测</translation>
    </message>
    <message>
        <source>Partial sums</source>
        <translation>部分和</translation>
    </message>
    <message>
        <source>◀ Previous probe</source>
        <translation>◀ 上一次探测</translation>
    </message>
    <message>
        <source>Next probe ▶</source>
        <translation>下一次探测 ▶</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>输入(&amp;I)：</translation>
    </message>
    <message>
        <source>the terms, separated by spaces or commas (decimal or hex-float)</source>
        <translation>各项，用空格或逗号分隔（十进制或十六进制浮点）</translation>
    </message>
    <message>
        <source>R&amp;andom terms</source>
        <translation>随机项(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Reveal the order</source>
        <translation>揭示顺序(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel the reveal</source>
        <translation>取消揭示(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Fit the trees</source>
        <translation>缩放以显示整棵树(&amp;F)</translation>
    </message>
    <message>
        <source>Export the tree as &amp;SVG…</source>
        <translation>将树导出为 &amp;SVG…</translation>
    </message>
    <message>
        <source>Export the tree as &amp;PNG…</source>
        <translation>将树导出为 &amp;PNG…</translation>
    </message>
    <message>
        <source>Export the tree as &amp;text…</source>
        <translation>将树导出为文本(&amp;T)…</translation>
    </message>
    <message>
        <source>Revealing the order of %1</source>
        <translation>正在揭示 %1 的顺序</translation>
    </message>
    <message>
        <source>The reveal was cancelled.</source>
        <translation>揭示已取消。</translation>
    </message>
    <message>
        <source>The reveal failed: %1</source>
        <translation>揭示失败：%1</translation>
    </message>
    <message>
        <source>Revealed.</source>
        <translation>已揭示。</translation>
    </message>
    <message>
        <source>Choose a target and press Reveal (F5).</source>
        <translation>选择一个目标，然后按“揭示”（F5）。</translation>
    </message>
    <message>
        <source>the order reproduces the target&apos;s bits on %1 random inputs</source>
        <translation>该顺序在 %1 个随机输入上重现了目标的位</translation>
    </message>
    <message>
        <source>the order does NOT reproduce the target&apos;s bits (trial %1 differs)</source>
        <translation>该顺序不能重现目标的位（第 %1 次试验不同）</translation>
    </message>
    <message>
        <source>, adding in FP64: the target keeps a wider sum than it returns</source>
        <translation>，以 FP64 相加：目标内部保存的和比返回的更宽</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, %2 %3 terms: %4 probes; %5.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，%2 个 %3 项：%4 次探测；%5。</translation>
    </message>
    <message>
        <source>The orders part first at the subtree drawn in red on the left: %1 terms, from term %2.</source>
        <translation>两种顺序最先在左侧红色的子树处分开：%1 项，从第 %2 项开始。</translation>
    </message>
    <message>
        <source>The two targets add in the same order.</source>
        <translation>两个目标以相同的顺序相加。</translation>
    </message>
    <message>
        <source>Select a probe to see its input and where M met −M.</source>
        <translation>选择一次探测，查看它的输入以及 M 与 −M 相遇的位置。</translation>
    </message>
    <message>
        <source>M at term %1, −M at term %2, 1 elsewhere</source>
        <translation>第 %1 项为 M，第 %2 项为 −M，其余为 1</translation>
    </message>
    <message>
        <source>Probe %1: %2&lt;br&gt;The sum came back as %3 units: the %3 terms added outside the node where M met −M. So %4 terms join there (highlighted in blue).</source>
        <translation>探测 %1：%2&lt;br&gt;求和结果为 %3 个单位：即在 M 与 −M 相遇的节点之外相加的 %3 项。所以有 %4 项在那里汇合（蓝色高亮）。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a number: %2</source>
        <translation>“%1”不是数：%2</translation>
    </message>
    <message>
        <source>Type %1 terms or press Random terms to see each partial sum.</source>
        <translation>输入 %1 项，或按“随机项”，查看每个部分和。</translation>
    </message>
    <message>
        <source>The tree has %1 terms; the input has %2.</source>
        <translation>树有 %1 项；输入有 %2 项。</translation>
    </message>
    <message>
        <source>%1: %2 (bits %3)</source>
        <translation>%1：%2（位 %3）</translation>
    </message>
    <message>
        <source>Both orders give the same bits for this input.</source>
        <translation>对这个输入，两种顺序给出相同的位。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The two orders give different bits for this input.&lt;/b&gt;</source>
        <translation>&lt;b&gt;对这个输入，两种顺序给出不同的位。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Click a node of a tree to see its partial sum.</source>
        <translation>单击树上的节点，查看它的部分和。</translation>
    </message>
    <message>
        <source>Term %1</source>
        <translation>第 %1 项</translation>
    </message>
    <message>
        <source>An addition of %1 terms (from term %2)</source>
        <translation>%1 项的加法（从第 %2 项开始）</translation>
    </message>
    <message>
        <source>A fused addition of %1 operands, %2 terms (from term %3)</source>
        <translation>%1 个操作数的融合加法，共 %2 项（从第 %3 项开始）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Partial sum in %2: %3 (bits %4)&lt;br&gt;Its rounding error against the exact sum of its terms: %5&lt;br&gt;Flags of this addition: %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 中的部分和：%3（位 %4）&lt;br&gt;相对于其各项精确和的舍入误差：%5&lt;br&gt;这次加法的标志：%6</translation>
    </message>
    <message>
        <source>Nothing to export: reveal an order first.</source>
        <translation>没有可导出的内容：请先揭示一个顺序。</translation>
    </message>
    <message>
        <source>SVG pictures (*.svg)</source>
        <translation>SVG 图片 (*.svg)</translation>
    </message>
    <message>
        <source>PNG pictures (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Text files (*.txt)</source>
        <translation>文本文件 (*.txt)</translation>
    </message>
    <message>
        <source>Export the tree</source>
        <translation>导出树</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Show each whole tree (0 in a tree; + and - or Ctrl+wheel zoom, dragging pans, a double-click folds)</source>
        <translation>显示每棵完整的树（在树中按 0；+ 和 - 或 Ctrl+滚轮缩放，拖动平移，双击折叠）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TargetText</name>
    <message>
        <source>In order (a plain loop)</source>
        <translation>按顺序（普通循环）</translation>
    </message>
    <message>
        <source>In reverse order</source>
        <translation>按逆序</translation>
    </message>
    <message>
        <source>Pairwise (halves, recursively)</source>
        <translation>两两求和（递归地对半分）</translation>
    </message>
    <message>
        <source>Blocks of 8</source>
        <translation>每块 8 项</translation>
    </message>
    <message>
        <source>Eight vector lanes</source>
        <translation>八个向量通道</translation>
    </message>
    <message>
        <source>Fused additions of 4</source>
        <translation>4 项融合加法</translation>
    </message>
    <message>
        <source>GPU tree reduction (blocks of 256)</source>
        <translation>GPU 树形归约（每块 256 个）</translation>
    </message>
    <message>
        <source>float loop on this CPU</source>
        <translation>本机 CPU 上的 float 循环</translation>
    </message>
    <message>
        <source>std::reduce</source>
        <translation>std::reduce</translation>
    </message>
    <message>
        <source>float loop, -O3 -ffast-math</source>
        <translation>float 循环，-O3 -ffast-math</translation>
    </message>
    <message>
        <source>Tensor core, A100 model (FP16)</source>
        <translation>张量核心，A100 模型（FP16）</translation>
    </message>
    <message>
        <source>Tensor core, H100 model (FP16)</source>
        <translation>张量核心，H100 模型（FP16）</translation>
    </message>
    <message>
        <source>OpenBLAS sdot</source>
        <translation>OpenBLAS sdot</translation>
    </message>
    <message>
        <source>OpenBLAS sgemv (one row)</source>
        <translation>OpenBLAS sgemv（一行）</translation>
    </message>
    <message>
        <source>OpenBLAS sgemm, batch of 1 (M = 1)</source>
        <translation>OpenBLAS sgemm，批大小 1（M = 1）</translation>
    </message>
    <message>
        <source>OpenBLAS sgemm, batch of 64 (M = 64)</source>
        <translation>OpenBLAS sgemm，批大小 64（M = 64）</translation>
    </message>
    <message>
        <source>Each term added to the running sum, first to last.</source>
        <translation>从第一项到最后一项，依次加到累加和上。</translation>
    </message>
    <message>
        <source>Each term added to the running sum, last to first.</source>
        <translation>从最后一项到第一项，依次加到累加和上。</translation>
    </message>
    <message>
        <source>The two halves summed separately, recursively, then added.</source>
        <translation>两半分别递归求和，再相加。</translation>
    </message>
    <message>
        <source>Each block of 8 summed in order, then the block sums in order.</source>
        <translation>每 8 项一块按顺序求和，再按顺序把各块的和相加。</translation>
    </message>
    <message>
        <source>Lane l adds every eighth term from l, as a SIMD dot product does; then the lanes are added pairwise.</source>
        <translation>通道 l 从第 l 项起每隔八项相加一次，就像 SIMD 点积那样；然后各通道两两相加。</translation>
    </message>
    <message>
        <source>Four terms and the previous result added at once, keeping 24 bits below the largest, as a tensor core aligns.</source>
        <translation>四项与上一次结果一次性相加，保留最大者以下 24 位，就像张量核心对阶那样。</translation>
    </message>
    <message>
        <source>The GPU Lab&apos;s reduction: halving strides inside blocks of 256, then the block sums.</source>
        <translation>GPU 实验室的归约：在每块 256 个内按折半步长相加，再把各块的和相加。</translation>
    </message>
    <message>
        <source>A float loop compiled without fast-math: the compiler keeps the order.</source>
        <translation>不用 fast-math 编译的 float 循环：编译器保持原顺序。</translation>
    </message>
    <message>
        <source>The C++ library&apos;s std::reduce (libstdc++ adds groups of four).</source>
        <translation>C++ 标准库的 std::reduce（libstdc++ 按四个一组相加）。</translation>
    </message>
    <message>
        <source>A float loop compiled with -O3 -ffast-math: the compiler chose this order.</source>
        <translation>用 -O3 -ffast-math 编译的 float 循环：这个顺序是编译器选的。</translation>
    </message>
    <message>
        <source>An FP16 dot product on FP Lab&apos;s model of the tensor core&apos;s block FMA (FP32 result).</source>
        <translation>在 FP Lab 的张量核心块 FMA 模型上计算的 FP16 点积（FP32 结果）。</translation>
    </message>
    <message>
        <source>One thread of the system BLAS (OpenBLAS, kernel %1): its order depends on the processor.</source>
        <translation>系统 BLAS（OpenBLAS，内核 %1）的单线程：它的顺序取决于处理器。</translation>
    </message>
    <message>
        <source>GPU: cuBLAS FP32 GEMM, batch of 1</source>
        <translation>GPU：cuBLAS FP32 GEMM，批大小 1</translation>
    </message>
    <message>
        <source>GPU: cuBLAS FP32 GEMM, batch of 64</source>
        <translation>GPU：cuBLAS FP32 GEMM，批大小 64</translation>
    </message>
    <message>
        <source>GPU: cuBLAS FP32 GEMM, batch of 512</source>
        <translation>GPU：cuBLAS FP32 GEMM，批大小 512</translation>
    </message>
    <message>
        <source>GPU: cuBLAS FP16 GEMM on tensor cores, batch of 64</source>
        <translation>GPU：张量核心上的 cuBLAS FP16 GEMM，批大小 64</translation>
    </message>
    <message>
        <source>GPU: FP Lab&apos;s mma.sync kernel, batch of 64</source>
        <translation>GPU：FP Lab 的 mma.sync 内核，批大小 64</translation>
    </message>
    <message>
        <source>GPU: one thread, in order</source>
        <translation>GPU：单线程，按顺序</translation>
    </message>
    <message>
        <source>GPU: tree reduction kernel</source>
        <translation>GPU：树形归约内核</translation>
    </message>
    <message>
        <source>GPU: atomicAdd from many threads</source>
        <translation>GPU：多线程 atomicAdd</translation>
    </message>
    <message>
        <source>GPU: one mma.sync (16 terms)</source>
        <translation>GPU：一条 mma.sync（16 项）</translation>
    </message>
    <message>
        <source>The order of atomicAdd changes from run to run: a reveal finds answers no single tree explains.</source>
        <translation>atomicAdd 的顺序每次运行都会变化：揭示时会得到无法用一棵树解释的答案。</translation>
    </message>
    <message>
        <source>Runs on the GPU; the order is the library&apos;s or the kernel&apos;s own.</source>
        <translation>在 GPU 上运行；顺序由库或内核自己决定。</translation>
    </message>
    <message>
        <source>Not available here: %1</source>
        <translation>此处不可用：%1</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TensorFilePanel</name>
    <message>
        <source>Open a tensor file</source>
        <translation>打开张量文件</translation>
    </message>
    <message>
        <source>safetensors files (*.safetensors)</source>
        <translation>safetensors 文件 (*.safetensors)</translation>
    </message>
    <message>
        <source>&amp;Open .safetensors…</source>
        <translation>打开 .safetensors(&amp;O)…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>No file open.</source>
        <translation>没有打开文件。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2 tensors; pick one to quantize.</source>
        <translation>%1：%2 个张量；选一个进行量化。</translation>
    </message>
    <message>
        <source>Reading and quantizing %1…</source>
        <translation>正在读取并量化 %1…</translation>
    </message>
    <message>
        <source>Quantize %1</source>
        <translation>量化 %1</translation>
    </message>
    <message>
        <source>Cancelled: %1 was not quantized.</source>
        <translation>已取消：%1 未被量化。</translation>
    </message>
    <message>
        <source>%1: %2 x %3, %4 blocks. RMS error %5, %6 clipped, %7 rounded to zero, %8 NaN.</source>
        <translation>%1：%2 x %3，%4 块。均方根误差 %5，%6 个被截断，%7 个舍入为零，%8 个 NaN。</translation>
    </message>
    <message>
        <source>Elements on the format&apos;s grid (by magnitude)</source>
        <translation>格式网格上的元素（按绝对值）</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Open a safetensors file (memory-mapped; the header is checked against the file) and pick a tensor to quantize with the scheme, scale rule, blocks and transform above.</source>
        <translation>打开一个 safetensors 文件（内存映射；文件头会与文件本身核对），选一个张量，用上面的方案、缩放规则、块形和变换量化。</translation>
    </message>
    <message>
        <source>Block amax map: a cell per block (%1 across, %2 down), shaped as the block is in the %3 x %4 tensor (%5), brighter for a larger amax on a log scale from %6 to %7. The outlined cell is block %8, the block of the largest element.</source>
        <translation>块 amax 图：每块一个格子（横向 %1，纵向 %2），形状与该块在 %3 x %4 张量中的形状一致（%5），amax 越大越亮，按对数刻度从 %6 到 %7。带边框的格子是块 %8，即最大元素所在的块。</translation>
    </message>
    <message>
        <source>16×16 tiles</source>
        <translation>16×16 分块</translation>
    </message>
    <message>
        <source>blocks along a row</source>
        <translation>沿行的块</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TensorsView</name>
    <message>
        <source>The type of every tensor of one training step, in the order the step makes it, and the bytes the run holds.</source>
        <translation>一个训练步中每个张量的类型（按生成的顺序），以及训练占用的字节数。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::Text</name>
    <message>
        <source>1 sign, %1 exponent, %2 mantissa bits (bias %3)</source>
        <translation>1 位符号、%1 位指数、%2 位尾数（偏置 %3）</translation>
    </message>
    <message>
        <source>unsigned, %1 exponent, %2 mantissa bits (bias %3)</source>
        <translation>无符号，%1 位指数、%2 位尾数（偏置 %3）</translation>
    </message>
    <message>
        <source>largest finite %1, smallest normal %2</source>
        <translation>最大有限值 %1，最小正规数 %2</translation>
    </message>
    <message>
        <source>, smallest subnormal %1</source>
        <translation>，最小次正规数 %1</translation>
    </message>
    <message>
        <source>IEEE infinities and NaNs</source>
        <translation>有 IEEE 无穷大和 NaN</translation>
    </message>
    <message>
        <source>no infinity; NaN only where exponent and mantissa bits are all ones</source>
        <translation>无无穷大；仅当指数位和尾数位全为 1 时为 NaN</translation>
    </message>
    <message>
        <source>no infinity, no NaN: every encoding is a number</source>
        <translation>无无穷大、无 NaN：每个编码都是一个数</translation>
    </message>
    <message>
        <source>no infinity, no negative zero; one NaN (the sign bit alone)</source>
        <translation>无无穷大、无负零；只有一个 NaN（仅符号位为 1）</translation>
    </message>
    <message>
        <source>; no subnormals (tiny results flush to zero)</source>
        <translation>；无次正规数（极小的结果被清零）</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>divide-by-zero</source>
        <translation>除以零</translation>
    </message>
    <message>
        <source>overflow</source>
        <translation>上溢</translation>
    </message>
    <message>
        <source>underflow</source>
        <translation>下溢</translation>
    </message>
    <message>
        <source>inexact</source>
        <translation>不精确</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Invalid: the operation has no meaningful result (0/0, inf - inf, sqrt of a negative), so it gives NaN.</source>
        <translation>无效：该运算没有有意义的结果（0/0、inf − inf、负数开平方），因此得到 NaN。</translation>
    </message>
    <message>
        <source>Divide-by-zero: a finite number divided by zero gives an exact infinity.</source>
        <translation>除以零：有限数除以零，得到精确的无穷大。</translation>
    </message>
    <message>
        <source>Overflow: the rounded result is larger than the largest finite value of the format.</source>
        <translation>上溢：舍入后的结果大于该格式的最大有限值。</translation>
    </message>
    <message>
        <source>Underflow: the result is tiny (below the smallest normal) and inexact, so precision was lost in the subnormal range.</source>
        <translation>下溢：结果极小（小于最小正规数）且不精确，在次正规数区间内损失了精度。</translation>
    </message>
    <message>
        <source>Inexact: the exact result needed more bits than the format has, so it was rounded.</source>
        <translation>不精确：精确结果需要的位数多于该格式所有，因此被舍入。</translation>
    </message>
    <message>
        <source>No flag: the result is exact.</source>
        <translation>没有标志：结果是精确的。</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation>次正规数</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>正规数</translation>
    </message>
    <message>
        <source>infinity</source>
        <translation>无穷大</translation>
    </message>
    <message>
        <source>quiet NaN</source>
        <translation>静默 NaN</translation>
    </message>
    <message>
        <source>signalling NaN</source>
        <translation>信号 NaN</translation>
    </message>
    <message>
        <source>nearest, ties to even</source>
        <translation>就近舍入，平局取偶</translation>
    </message>
    <message>
        <source>nearest, ties away from zero</source>
        <translation>就近舍入，平局远离零</translation>
    </message>
    <message>
        <source>toward zero</source>
        <translation>向零舍入</translation>
    </message>
    <message>
        <source>toward +infinity</source>
        <translation>向 +∞ 舍入</translation>
    </message>
    <message>
        <source>toward -infinity</source>
        <translation>向 −∞ 舍入</translation>
    </message>
    <message>
        <source>to odd</source>
        <translation>舍入到奇数</translation>
    </message>
    <message>
        <source>stochastic</source>
        <translation>随机舍入</translation>
    </message>
    <message>
        <source>The IEEE default and what GPUs use: the nearest value; a tie goes to the one whose last bit is 0.</source>
        <translation>IEEE 默认模式，也是 GPU 所用的：取最近的值；平局时取末位为 0 的那个。</translation>
    </message>
    <message>
        <source>The nearest value; a tie goes away from zero (like rounding 2.5 to 3). __float_to_tf32 does this.</source>
        <translation>取最近的值；平局时远离零（如把 2.5 舍入为 3）。__float_to_tf32 就是这样做的。</translation>
    </message>
    <message>
        <source>Drop the extra bits (truncate). Tensor cores truncate some products this way.</source>
        <translation>直接丢弃多余的位（截断）。张量核心对某些乘积就是这样截断的。</translation>
    </message>
    <message>
        <source>Always round up, toward +infinity (interval arithmetic&apos;s upper bound).</source>
        <translation>总是向上舍入，朝向 +∞（区间运算的上界）。</translation>
    </message>
    <message>
        <source>Always round down, toward -infinity (interval arithmetic&apos;s lower bound).</source>
        <translation>总是向下舍入，朝向 −∞（区间运算的下界）。</translation>
    </message>
    <message>
        <source>Truncate, then set the last bit if anything was dropped: avoids double-rounding errors when rounding again later.</source>
        <translation>先截断，若丢弃了非零位则把末位置 1：可避免之后再次舍入时的双重舍入误差。</translation>
    </message>
    <message>
        <source>Round up with probability equal to the dropped fraction of an ulp: unbiased on average, so tiny updates are not always lost.</source>
        <translation>以“被舍弃部分占一个 ulp 的比例”为概率向上舍入：平均而言无偏，因此微小的更新不会总是丢失。</translation>
    </message>
    <message>
        <source>operand %1: %2</source>
        <translation>操作数 %1：%2</translation>
    </message>
    <message>
        <source>The leading bit (the implicit bit, made explicit).</source>
        <translation>前导位（把隐含位显式写出）。</translation>
    </message>
    <message>
        <source>Guard bit: the first bit below the last kept bit (worth half an ulp).</source>
        <translation>保护位（G）：保留的末位之下的第一位（值为半个 ulp）。</translation>
    </message>
    <message>
        <source>Round bit: the second bit below the last kept bit (a quarter ulp).</source>
        <translation>舍入位（R）：保留的末位之下的第二位（四分之一个 ulp）。</translation>
    </message>
    <message>
        <source>Sticky bit: the OR of every bit further down. It only records whether anything nonzero was lost.</source>
        <translation>粘滞位（S）：更低各位的逻辑或。它只记录是否丢失了非零的部分。</translation>
    </message>
    <message>
        <source>Nothing nonzero was dropped.</source>
        <translation>没有丢弃任何非零位。</translation>
    </message>
    <message>
        <source>G = 0: less than half an ulp was dropped.</source>
        <translation>G = 0：丢弃的部分小于半个 ulp。</translation>
    </message>
    <message>
        <source>G = 1 and R or S = 1: more than half an ulp was dropped.</source>
        <translation>G = 1 且 R 或 S = 1：丢弃的部分大于半个 ulp。</translation>
    </message>
    <message>
        <source>G = 1, R = S = 0: exactly half an ulp was dropped — a tie.</source>
        <translation>G = 1，R = S = 0：丢弃的部分恰好是半个 ulp——平局。</translation>
    </message>
    <message>
        <source>The exact result fits in the kept bits: no rounding is needed.</source>
        <translation>精确结果可以用保留的位表示：无需舍入。</translation>
    </message>
    <message>
        <source>The rounded value is beyond the largest finite value of %1: overflow.</source>
        <translation>舍入后的值超过了 %1 的最大有限值：上溢。</translation>
    </message>
    <message>
        <source>The format has no subnormals: a result below the smallest normal becomes zero.</source>
        <translation>该格式没有次正规数：小于最小正规数的结果变为零。</translation>
    </message>
    <message>
        <source>Round to odd drops the bits and sets the last kept bit to 1, so a later rounding cannot be misled by a tie.</source>
        <translation>舍入到奇数会丢弃多余的位并把保留的末位置 1，这样之后再次舍入时不会被平局误导。</translation>
    </message>
    <message>
        <source>round up: add one ulp to the kept bits.</source>
        <translation>向上舍入：在保留的位上加一个 ulp。</translation>
    </message>
    <message>
        <source>round down: drop the extra bits.</source>
        <translation>向下舍入：丢弃多余的位。</translation>
    </message>
    <message>
        <source>Ties go to the even neighbour; the last kept bit is 1, so </source>
        <translation>平局取偶数邻值；保留的末位是 1，所以</translation>
    </message>
    <message>
        <source>Ties go to the even neighbour; the last kept bit is already 0, so </source>
        <translation>平局取偶数邻值；保留的末位已经是 0，所以</translation>
    </message>
    <message>
        <source>To nearest: </source>
        <translation>就近舍入：</translation>
    </message>
    <message>
        <source>To nearest, ties away from zero: </source>
        <translation>就近舍入、平局远离零：</translation>
    </message>
    <message>
        <source>Toward zero: </source>
        <translation>向零舍入：</translation>
    </message>
    <message>
        <source>Toward +infinity on a negative value: </source>
        <translation>对负数向 +∞ 舍入：</translation>
    </message>
    <message>
        <source>Toward +infinity: </source>
        <translation>向 +∞ 舍入：</translation>
    </message>
    <message>
        <source>Toward −infinity on a negative value: </source>
        <translation>对负数向 −∞ 舍入：</translation>
    </message>
    <message>
        <source>Toward −infinity: </source>
        <translation>向 −∞ 舍入：</translation>
    </message>
    <message>
        <source>Stochastic: P(up) = the dropped fraction = %1; the random draw %2 is %3 it, so </source>
        <translation>随机舍入：P(向上) = 被舍弃的比例 = %1；随机数 %2 %3 它，所以</translation>
    </message>
    <message>
        <source>below</source>
        <translation>小于</translation>
    </message>
    <message>
        <source>not below</source>
        <translation>不小于</translation>
    </message>
    <message>
        <source>Stochastic: </source>
        <translation>随机舍入：</translation>
    </message>
    <message>
        <source>Flags raised: %1.</source>
        <translation>触发的标志：%1。</translation>
    </message>
    <message>
        <source>inexact: nonzero bits were dropped when rounding, so the result differs from the exact one.</source>
        <translation>不精确：舍入时丢弃了非零位，因此结果与精确值不同。</translation>
    </message>
    <message>
        <source>overflow: the result rounded beyond the largest finite value of the format.</source>
        <translation>上溢：舍入后的结果超过了该格式的最大有限值。</translation>
    </message>
    <message>
        <source>underflow: the result is tiny (below the smallest normal even after rounding) and inexact.</source>
        <translation>下溢：结果极小（舍入后仍小于最小正规数）且不精确。</translation>
    </message>
    <message>
        <source>underflow: the exact result is below the smallest normal (tininess before rounding) and inexact.</source>
        <translation>下溢：精确结果小于最小正规数（舍入前判断微小）且不精确。</translation>
    </message>
    <message>
        <source>invalid: the operation has no meaningful result, so it gives NaN.</source>
        <translation>无效：该运算没有有意义的结果，因此得到 NaN。</translation>
    </message>
    <message>
        <source>divide-by-zero: a finite nonzero number divided by zero.</source>
        <translation>除以零：非零有限数除以零。</translation>
    </message>
    <message>
        <source>The operands</source>
        <translation>操作数</translation>
    </message>
    <message>
        <source>%1 = %2 is not representable in %3: it was rounded on entry to %4 — before the operation even starts.</source>
        <translation>%1 = %2 无法在 %3 中精确表示：读入时已被舍入为 %4——在运算开始之前。</translation>
    </message>
    <message>
        <source>%1 = %2 is stored exactly in %3.</source>
        <translation>%1 = %2 在 %3 中精确存储。</translation>
    </message>
    <message>
        <source>Unpack</source>
        <translation>拆解</translation>
    </message>
    <message>
        <source>Each operand becomes ±significand × 2^exponent; the implicit bit is made explicit (%1 significant bits in %2).</source>
        <translation>每个操作数写成 ±有效数 × 2^指数；隐含位被显式写出（%2 有 %1 位有效位）。</translation>
    </message>
    <message>
        <source>%1 is subnormal: its leading 1 is shifted up and its exponent goes below the minimum %2.</source>
        <translation>%1 是次正规数：它的前导 1 被左移，指数低于最小值 %2。</translation>
    </message>
    <message>
        <source>Special case</source>
        <translation>特殊情况</translation>
    </message>
    <message>
        <source>No arithmetic is needed: %1.</source>
        <translation>无需计算：%1。</translation>
    </message>
    <message>
        <source>Compare the exponents</source>
        <translation>比较指数</translation>
    </message>
    <message>
        <source>The signs differ, so the significands are subtracted (an effective subtraction).</source>
        <translation>符号不同，因此有效数相减（实际做减法）。</translation>
    </message>
    <message>
        <source>Align: shift into guard, round and sticky</source>
        <translation>对阶：移入保护位、舍入位和粘滞位</translation>
    </message>
    <message>
        <source>%1 shifted</source>
        <translation>%1 右移后</translation>
    </message>
    <message>
        <source>The shift is longer than the significand: %1 survives only as the sticky bit. This is how a small addend vanishes (swamping).</source>
        <translation>移位距离超过了有效数的长度：%1 只剩下粘滞位。较小的加数就是这样消失的（大数吃小数）。</translation>
    </message>
    <message>
        <source>Add the exponents</source>
        <translation>指数相加</translation>
    </message>
    <message>
        <source>%1 + %2 = %3; the sign is %4 (the XOR of the signs).</source>
        <translation>%1 + %2 = %3；符号为 %4（两个符号的异或）。</translation>
    </message>
    <message>
        <source>Subtract the exponents</source>
        <translation>指数相减</translation>
    </message>
    <message>
        <source>%1 − %2 = %3; the sign is %4 (the XOR of the signs).</source>
        <translation>%1 − %2 = %3；符号为 %4（两个符号的异或）。</translation>
    </message>
    <message>
        <source>Halve the exponent</source>
        <translation>指数减半</translation>
    </message>
    <message>
        <source>sqrt(m × 2^e) = sqrt(m) × 2^(e/2). With e = %1 odd, one factor 2 moves into the significand first.</source>
        <translation>sqrt(m × 2^e) = sqrt(m) × 2^(e/2)。e = %1 为奇数，因此先把一个因子 2 移入有效数。</translation>
    </message>
    <message>
        <source>sqrt(m × 2^e) = sqrt(m) × 2^(e/2) = sqrt(m) × 2^%1.</source>
        <translation>sqrt(m × 2^e) = sqrt(m) × 2^(e/2) = sqrt(m) × 2^%1。</translation>
    </message>
    <message>
        <source>Multiply exactly, then align with c</source>
        <translation>精确相乘，再与 c 对阶</translation>
    </message>
    <message>
        <source>The signs differ: the terms are subtracted.</source>
        <translation>符号不同：两项相减。</translation>
    </message>
    <message>
        <source>Keep the exponent, re-round the significand</source>
        <translation>保留指数，重新舍入有效数</translation>
    </message>
    <message>
        <source>%1 has %2 significant bits, %3 has %4: the value keeps its exponent if %3 can hold it, and its significand is rounded to %4 bits.</source>
        <translation>%1 有 %2 位有效位，%3 有 %4 位：若 %3 能容纳，数值保留原指数，有效数舍入到 %4 位。</translation>
    </message>
    <message>
        <source>Exact result: zero</source>
        <translation>精确结果：零</translation>
    </message>
    <message>
        <source>The significands cancel exactly: the result is an exact zero (+0, or −0 when rounding toward −infinity).</source>
        <translation>有效数恰好完全抵消：结果是精确的零（+0；向 −∞ 舍入时为 −0）。</translation>
    </message>
    <message>
        <source>Subtract the significands</source>
        <translation>有效数相减</translation>
    </message>
    <message>
        <source>Add the significands</source>
        <translation>有效数相加</translation>
    </message>
    <message>
        <source>Multiply the significands</source>
        <translation>有效数相乘</translation>
    </message>
    <message>
        <source>Divide the significands</source>
        <translation>有效数相除</translation>
    </message>
    <message>
        <source>Take the square root of the significand</source>
        <translation>对有效数开平方</translation>
    </message>
    <message>
        <source>Add the product and c</source>
        <translation>乘积与 c 相加</translation>
    </message>
    <message>
        <source>The exact value</source>
        <translation>精确值</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>The exact result is %1%2 × %3. It is computed exactly (with extra bits) so that it can be rounded once, correctly.</source>
        <translation>精确结果为 %1%2 × %3。它被精确计算出来（带有额外的位），从而只需正确地舍入一次。</translation>
    </message>
    <message>
        <source>A quotient usually never ends in binary: the divider computes a few bits more than it keeps and records a nonzero remainder in the sticky bit.</source>
        <translation>商在二进制中通常是无限的：除法器比保留的位多算几位，并把非零余数记入粘滞位。</translation>
    </message>
    <message>
        <source>A square root usually never ends either: the remainder becomes the sticky bit.</source>
        <translation>平方根通常也是无限的：余数记入粘滞位。</translation>
    </message>
    <message>
        <source>Normalise</source>
        <translation>规格化</translation>
    </message>
    <message>
        <source>The leading 1 is already in place: the exponent is %1.</source>
        <translation>前导 1 已在正确位置：指数为 %1。</translation>
    </message>
    <message>
        <source>The result reached %1 or more: shift right %2 place(s) and add %2 to the exponent, giving %3.</source>
        <translation>结果达到 %1 或以上：右移 %2 位，指数加 %2，得到 %3。</translation>
    </message>
    <message>
        <source>The result is below 1: shift left %1 place(s) and subtract %1 from the exponent, giving %2.</source>
        <translation>结果小于 1：左移 %1 位，指数减 %1，得到 %2。</translation>
    </message>
    <message>
        <source>The leading bits cancelled: shift left %1 place(s) and subtract %1 from the exponent, giving %2.</source>
        <translation>高位相互抵消：左移 %1 位，指数减 %1，得到 %2。</translation>
    </message>
    <message>
        <source>Already normalised: the leading 1 is in place and the exponent stays %1.</source>
        <translation>已经是规格化的：前导 1 在正确位置，指数保持 %1。</translation>
    </message>
    <message>
        <source>%1 is below the smallest normal exponent %2 of %3: only %4 of the %5 significant bits fit (a subnormal result).</source>
        <translation>%1 低于 %3 的最小正规指数 %2：%5 位有效位中只能保留 %4 位（结果为次正规数）。</translation>
    </message>
    <message>
        <source>%1 is above the largest exponent %2 of %3: this will overflow.</source>
        <translation>%1 高于 %3 的最大指数 %2：将会上溢。</translation>
    </message>
    <message>
        <source>Round (%1)</source>
        <translation>舍入（%1）</translation>
    </message>
    <message>
        <source>kept | G R S</source>
        <translation>保留位 | G R S</translation>
    </message>
    <message>
        <source>The two candidates: %1 (toward zero) with probability %2, and %3 (away from zero) with probability %4.</source>
        <translation>两个候选值：%1（向零），概率 %2；%3（远离零），概率 %4。</translation>
    </message>
    <message>
        <source>The result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>%1 = %2 in %3.</source>
        <translation>在 %3 中，%1 = %2。</translation>
    </message>
    <message>
        <source>%1 has the larger exponent (%2), %3 the smaller (%4): %3&apos;s significand must move %5 place(s) right so that the binary points line up.</source>
        <translation>%1 的指数较大（%2），%3 的较小（%4）：%3 的有效数需要右移 %5 位，使二进制小数点对齐。</translation>
    </message>
    <message>
        <source>%1 moves %2 place(s) right. Bits that fall off the end are not thrown away yet: the first lands in the guard bit G, the second in the round bit R, and all the others are ORed into the sticky bit S.</source>
        <translation>%1 右移 %2 位。移出末端的位暂不丢弃：第一位进入保护位 G，第二位进入舍入位 R，其余各位做逻辑或后存入粘滞位 S。</translation>
    </message>
    <message>
        <source>a × b is computed exactly, with all %1 bits of the product and no rounding (exponent %2 + %3). It is then aligned with c: the smaller one moves %4 place(s) right, its lost bits kept as sticky.</source>
        <translation>a × b 被精确计算，保留乘积的全部 %1 位，不做舍入（指数 %2 + %3）。然后与 c 对阶：较小的一项右移 %4 位，移出的位记入粘滞位。</translation>
    </message>
    <message>
        <source>A chart exported from FP Lab</source>
        <translation>从 FP Lab 导出的图表</translation>
    </message>
    <message>
        <source>Could not draw the chart for %1.</source>
        <translation>无法为 %1 绘制图表。</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos;</source>
        <translation>未知的键“%1”</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid %2</source>
        <translation>“%1”不是有效的 %2</translation>
    </message>
    <message>
        <source>%1 has no NaN encoding: every bit pattern is a finite number</source>
        <translation>%1 没有 NaN 编码：每种位模式都是有限数</translation>
    </message>
    <message>
        <source>%1 has one NaN encoding per sign and no payload: write nan or -nan</source>
        <translation>%1 每种符号只有一个 NaN 编码，没有载荷：请写 nan 或 -nan</translation>
    </message>
    <message>
        <source>“%1” is not a number: a NaN payload of 0 is infinity&apos;s encoding</source>
        <translation>“%1”不是数：载荷为 0 的 NaN 就是无穷大的编码</translation>
    </message>
    <message numerus="yes">
        <source>%1: the payload does not fit in %2&apos;s %n significand bit(s)</source>
        <translation>
            <numerusform>%1：载荷放不进 %2 的 %n 个有效数位</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not save %1: %2 is a view of the running system (%3), not a place files can be saved.</source>
        <translation>无法保存 %1：%2 是运行中系统的视图（%3），不是可以保存文件的地方。</translation>
    </message>
    <message>
        <source>OCP MX: floor(log2 amax) − emax</source>
        <translation>OCP MX：floor(log2 amax) − emax</translation>
    </message>
    <message>
        <source>Round up: ceil(log2(amax / max))</source>
        <translation>向上取整：ceil(log2(amax / max))</translation>
    </message>
    <message>
        <source>Nearest power of two of amax / max</source>
        <translation>取 amax / max 最近的 2 的幂</translation>
    </message>
    <message>
        <source>FP32 scale amax / max</source>
        <translation>FP32 缩放因子 amax / max</translation>
    </message>
    <message>
        <source>Block amax to 6</source>
        <translation>块 amax 映射到 6</translation>
    </message>
    <message>
        <source>Block amax to 4</source>
        <translation>块 amax 映射到 4</translation>
    </message>
    <message>
        <source>Four Over Six: 6 or 4, the smaller error</source>
        <translation>Four Over Six：6 或 4，取误差较小者</translation>
    </message>
</context>
<context>
    <name>fplab::gui::Tf32Panel</name>
    <message>
        <source>TF32</source>
        <translation>TF32</translation>
    </message>
    <message>
        <source>The TF32 comparison was cancelled.</source>
        <translation>TF32 比较已取消。</translation>
    </message>
    <message>
        <source>The TF32 comparison failed: %1</source>
        <translation>TF32 比较失败：%1</translation>
    </message>
    <message>
        <source>TF32 comparison done.</source>
        <translation>TF32 比较完成。</translation>
    </message>
    <message>
        <source>Press Compare (F7).</source>
        <translation>按“比较”（F7）。</translation>
    </message>
    <message>
        <source>&quot;high&quot;: TF32 on</source>
        <translation>&quot;high&quot;：开启 TF32</translation>
    </message>
    <message>
        <source>&quot;highest&quot;: FP32</source>
        <translation>&quot;highest&quot;：FP32</translation>
    </message>
    <message>
        <source>GPU, %1</source>
        <translation>GPU，%1</translation>
    </message>
    <message>
        <source>CPU model of the TF32 tensor cores (%1, inputs rounded to nearest even as by cuBLAS)</source>
        <translation>TF32 张量核心的 CPU 模型（%1，输入按 cuBLAS 的方式舍入到最近偶数）</translation>
    </message>
    <message>
        <source>CPU, FP32 FMA chain (%1)</source>
        <translation>CPU，FP32 FMA 链（%1）</translation>
    </message>
    <message>
        <source>With TF32 the error against FP64 is %1 times FP32&apos;s (%2 against %3): TF32 keeps 10 fraction bits of each input, FP32 23.</source>
        <translation>使用 TF32 时，相对 FP64 的误差是 FP32 的 %1 倍（%2 对 %3）：TF32 为每个输入保留 10 个小数位，FP32 保留 23 个。</translation>
    </message>
    <message>
        <source>The GPU part failed: %1</source>
        <translation>GPU 部分失败：%1</translation>
    </message>
    <message>
        <source>Speed needs a GPU: the CPU rows show the error only.</source>
        <translation>速度需要 GPU：CPU 各行只显示误差。</translation>
    </message>
    <message>
        <source>Error columns: the largest |D − R| over the cells and ‖D − R‖ / ‖R‖, with R the same GEMM in FP64; ulps are counted from R rounded to FP32.</source>
        <translation>误差列：各单元中最大的 |D − R| 以及 ‖D − R‖ / ‖R‖，其中 R 是同一 GEMM 的 FP64 结果；ulp 以舍入到 FP32 的 R 为基准计数。</translation>
    </message>
    <message>
        <source>Relative error against FP64, log scale</source>
        <translation>相对 FP64 的相对误差，对数刻度</translation>
    </message>
    <message>
        <source>Relative error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>PyTorch&apos;s torch.set_float32_matmul_precision(&quot;highest&quot;) keeps FP32 matrix products in FP32; &quot;high&quot; lets them run on TF32 tensor cores, which round each input to 10 fraction bits and sum in FP32. Here one FP32 GEMM (M = N = K) runs both ways and is compared with FP64.</source>
        <translation>PyTorch 的 torch.set_float32_matmul_precision(&quot;highest&quot;) 让 FP32 矩阵乘法保持在 FP32；&quot;high&quot; 允许它们在 TF32 张量核心上运行，张量核心把每个输入舍入到 10 个小数位，再用 FP32 求和。这里同一个 FP32 GEMM（M = N = K）按两种方式运行，并与 FP64 比较。</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>尺寸：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Computed by</source>
        <translation>计算方式</translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation>最大 |误差|</translation>
    </message>
    <message>
        <source>Mean |ulps|</source>
        <translation>平均 |ulp|</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间（毫秒）</translation>
    </message>
    <message>
        <source>TFLOPS</source>
        <translation>TFLOPS</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TraceTableModel</name>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>autocast copy of a parameter</source>
        <translation>autocast 生成的参数副本</translation>
    </message>
    <message>
        <source>activation</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>model output</source>
        <translation>模型输出</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>gradient</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>parameter gradient</source>
        <translation>参数梯度</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>作用</translation>
    </message>
    <message>
        <source>Kept for backward</source>
        <translation>为反向保存</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TrainingController</name>
    <message>
        <source>A run is still going: cancel it first.</source>
        <translation>仍有一个训练在运行：请先取消它。</translation>
    </message>
    <message>
        <source>The GPU cannot run this: %1</source>
        <translation>GPU 无法运行此训练：%1</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TrainingForm</name>
    <message>
        <source>CPU emulator</source>
        <translation>CPU 模拟器</translation>
    </message>
    <message>
        <source>GPU, compared with the CPU emulator</source>
        <translation>GPU，与 CPU 模拟器对比</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>TF32 matmuls</source>
        <translation>TF32 矩阵乘法</translation>
    </message>
    <message>
        <source>FP16, no loss scaling</source>
        <translation>FP16，不做损失缩放</translation>
    </message>
    <message>
        <source>FP16, constant loss scale</source>
        <translation>FP16，固定损失缩放</translation>
    </message>
    <message>
        <source>FP16, dynamic loss scale (GradScaler)</source>
        <translation>FP16，动态损失缩放（GradScaler）</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP8, delayed scaling (Transformer Engine, CPU only)</source>
        <translation>FP8，延迟缩放（Transformer Engine，仅 CPU）</translation>
    </message>
    <message>
        <source>FP8, current scaling (CPU only)</source>
        <translation>FP8，当前缩放（仅 CPU）</translation>
    </message>
    <message>
        <source>FP8, block scaling (DeepSeek-V3, CPU only)</source>
        <translation>FP8，块缩放（DeepSeek-V3，仅 CPU）</translation>
    </message>
    <message>
        <source>Spirals (3 classes)</source>
        <translation>螺旋（3 类）</translation>
    </message>
    <message>
        <source>Tiny gradients (loss × 2^-20)</source>
        <translation>微小梯度（损失 × 2^-20）</translation>
    </message>
    <message>
        <source>largest (max)</source>
        <translation>最大值（max）</translation>
    </message>
    <message>
        <source>most recent</source>
        <translation>最近一次</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>SGD with momentum 0.9</source>
        <translation>带动量 0.9 的 SGD</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Backend:</source>
        <translation>后端：</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>精度：</translation>
    </message>
    <message>
        <source>Data:</source>
        <translation>数据：</translation>
    </message>
    <message>
        <source>Optimizer:</source>
        <translation>优化器：</translation>
    </message>
    <message>
        <source>Learning rate:</source>
        <translation>学习率：</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>步数：</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>宽度：</translation>
    </message>
    <message>
        <source>Depth:</source>
        <translation>深度：</translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation>批大小：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Master weights:</source>
        <translation>主权重：</translation>
    </message>
    <message>
        <source>Constant scale:</source>
        <translation>固定缩放因子：</translation>
    </message>
    <message>
        <source>Initial scale:</source>
        <translation>初始缩放因子：</translation>
    </message>
    <message>
        <source>Growth interval:</source>
        <translation>增长间隔：</translation>
    </message>
    <message>
        <source>Amax history:</source>
        <translation>amax 历史长度：</translation>
    </message>
    <message>
        <source>Amax from history:</source>
        <translation>从历史中取 amax：</translation>
    </message>
    <message>
        <source>FP8 margin:</source>
        <translation>FP8 余量：</translation>
    </message>
    <message>
        <source>Outlier at step:</source>
        <translation>异常值所在步：</translation>
    </message>
    <message>
        <source>FP32 master weights</source>
        <translation>FP32 主权重</translation>
    </message>
    <message>
        <source>Off: parameters, gradients and optimizer state are kept in the 16-bit type, as with model.half(); small updates vanish.</source>
        <translation>关闭时，参数、梯度和优化器状态都保存在 16 位类型中，和 model.half() 一样；微小的更新会消失。</translation>
    </message>
    <message>
        <source>Which type each operation runs in, as PyTorch autocast gives it on a GPU.</source>
        <translation>每个运算使用的类型，与 PyTorch autocast 在 GPU 上给出的一致。</translation>
    </message>
    <message>
        <source>GPU: the same run also steps on the GPU (tensor-core matmuls, FP32 accumulation) and each step is compared with the emulator&apos;s.</source>
        <translation>GPU：同一次训练也在 GPU 上逐步运行（张量核心矩阵乘法，FP32 累加），每一步都与模拟器的结果对比。</translation>
    </message>
    <message>
        <source>The GPU backend is not available: %1</source>
        <translation>GPU 后端不可用：%1</translation>
    </message>
    <message>
        <source>FP16 with a constant scale: the loss is multiplied by this; nothing checks for overflow.</source>
        <translation>固定缩放的 FP16：损失乘以该值；不检查溢出。</translation>
    </message>
    <message>
        <source>The dynamic scaler&apos;s first scale (PyTorch: 2^16).</source>
        <translation>动态缩放器的初始缩放因子（PyTorch：2^16）。</translation>
    </message>
    <message>
        <source>Clean steps before the dynamic scale doubles (PyTorch: 2000).</source>
        <translation>动态缩放因子加倍前需要的正常步数（PyTorch：2000）。</translation>
    </message>
    <message>
        <source>FP8 delayed scaling: how many steps of amax each tensor remembers (Transformer Engine: 1024).</source>
        <translation>FP8 延迟缩放：每个张量记住多少步的 amax（Transformer Engine：1024）。</translation>
    </message>
    <message>
        <source>FP8 delayed scaling: the scale comes from the largest amax of the history, or from the most recent one.</source>
        <translation>FP8 延迟缩放：缩放因子取自历史中最大的 amax，或最近一次的 amax。</translation>
    </message>
    <message>
        <source>FP8 per-tensor scaling (delayed and current): the scale leaves 2^margin of headroom above amax, so values up to 2^margin times the recorded amax still fit (Transformer Engine: margin 0).</source>
        <translation>FP8 按张量缩放（延迟缩放和当前缩放）：缩放因子在 amax 之上留出 2^margin 的余量，因此不超过所记录 amax 的 2^margin 倍的值仍能表示（Transformer Engine：margin 为 0）。</translation>
    </message>
    <message>
        <source>At this step one input feature becomes 100000: a sudden activation outlier (0: none).</source>
        <translation>在这一步，一个输入特征变为 100000：一个突然出现的激活异常值（0：无）。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>GPU vs. CPU (FP8 not yet measured)</source>
        <translation>GPU 对照 CPU（FP8 尚未测量）</translation>
    </message>
    <message>
        <source>FP8 block scale:</source>
        <translation>FP8 块缩放：</translation>
    </message>
    <message>
        <source>FP8 block scaling: how each block&apos;s amax becomes its scale: DeepSeek-V3&apos;s FP32 amax / 448, or a power of two (E8M0) as MXFP8 chooses it; rounding up never saturates a block&apos;s largest element.</source>
        <translation>FP8 块缩放：每个块的 amax 如何变成它的缩放因子：DeepSeek-V3 的 FP32 amax / 448，或像 MXFP8 那样取 2 的幂（E8M0）；向上取整时块中最大的元素永不饱和。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TrainingSection</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Train a small network in FP32, TF32, FP16, BF16 or FP8 on the CPU emulator and watch the loss, the loss scale, skipped steps, the gradients against FP16&apos;s range and the FP8 scales.</source>
        <translation>在 CPU 模拟器上用 FP32、TF32、FP16、BF16 或 FP8 训练一个小网络，观察损失、损失缩放因子、跳过的步、梯度相对 FP16 范围的分布以及 FP8 缩放因子。</translation>
    </message>
    <message>
        <source>Loss and scale</source>
        <translation>损失与缩放</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Decision boundary</source>
        <translation>决策边界</translation>
    </message>
    <message>
        <source>Tensors and memory</source>
        <translation>张量与内存</translation>
    </message>
    <message>
        <source>CPU vs GPU</source>
        <translation>CPU 对比 GPU</translation>
    </message>
    <message>
        <source>FP8 scaling</source>
        <translation>FP8 缩放</translation>
    </message>
    <message>
        <source>a precision mode</source>
        <translation>一种精度模式</translation>
    </message>
    <message>
        <source>a dataset</source>
        <translation>一个数据集</translation>
    </message>
    <message>
        <source>an optimizer</source>
        <translation>一种优化器</translation>
    </message>
    <message>
        <source>an amax algorithm</source>
        <translation>一种 amax 算法</translation>
    </message>
    <message>
        <source>a value the Training section accepts</source>
        <translation>“训练”页面接受的值</translation>
    </message>
    <message>
        <source>A run is in progress: cancel it before taking other settings.</source>
        <translation>正在训练：请先取消，再采用其他设置。</translation>
    </message>
    <message>
        <source>The link&apos;s training settings cannot be used: %1</source>
        <translation>无法使用链接中的训练设置：%1</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>对比训练</translation>
    </message>
    <message>
        <source>The kept runs were not restored: the session holds no list of runs.</source>
        <translation>保留的训练未能恢复：会话中没有训练列表。</translation>
    </message>
    <message>
        <source>Compare runs keeps %1 runs: “%2” was dropped to keep “%3”. Remove runs you do not need to choose which stay.</source>
        <translation>“对比训练”最多保留 %1 次训练：为保留“%3”，已移除“%2”。删除不需要的训练，即可自己决定保留哪些。</translation>
    </message>
    <message>
        <source>The charts show the %1 run.</source>
        <translation>图表显示的是 %1 训练。</translation>
    </message>
    <message>
        <source>The settings on the left are not this run&apos;s (%1): Start runs them.</source>
        <translation>左侧的设置不是这次训练的（%1）：按“开始”即可运行它们。</translation>
    </message>
    <message>
        <source>MLP on 2-D points</source>
        <translation>二维点上的 MLP</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>a model (mlp or transformer)</source>
        <translation>一种模型（mlp 或 transformer）</translation>
    </message>
    <message>
        <source>an FP8 block scale rule</source>
        <translation>一种 FP8 块缩放规则</translation>
    </message>
    <message>
        <source>Transformer (tiny GPT)</source>
        <translation>Transformer（微型 GPT）</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TransformerChartsView</name>
    <message>
        <source>Training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>Held-out exact match</source>
        <translation>留出集完全匹配率</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>% of held-out sums</source>
        <translation>留出算式的百分比</translation>
    </message>
    <message>
        <source>Held-out next-character accuracy</source>
        <translation>留出集下一字符准确率</translation>
    </message>
    <message>
        <source>% of held-out characters</source>
        <translation>留出字符的百分比</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TransformerForm</name>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>Pure FP16 (every operation)</source>
        <translation>纯 FP16（所有运算）</translation>
    </message>
    <message>
        <source>Transformer on addition</source>
        <translation>学加法的 Transformer</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Digits</source>
        <translation>位数</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <source>Model width</source>
        <translation>模型宽度</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>subtract the row maximum</source>
        <translation>减去行最大值</translation>
    </message>
    <message>
        <source>Without it, e^x of an attention logit above 11.09 overflows FP16 (e^x &gt; 65504).</source>
        <translation>不减去时，注意力 logit 超过 11.09 后 e^x 会使 FP16 上溢（e^x &gt; 65504）。</translation>
    </message>
    <message>
        <source>Digits of each addend: &quot;12+34=&quot; and the sum&apos;s digits, least significant first.</source>
        <translation>每个加数的位数：“12+34=”之后是和的各位数字，低位在前。</translation>
    </message>
    <message>
        <source>Positions the model has: at least 3 × digits + 2.</source>
        <translation>模型的位置数：至少为 3 × 位数 + 2。</translation>
    </message>
    <message>
        <source>Attention heads: they must divide the model width.</source>
        <translation>注意力头数：必须整除模型宽度。</translation>
    </message>
    <message>
        <source>FP16 autocast with loss scaling</source>
        <translation>FP16 自动混合精度（带损失缩放）</translation>
    </message>
    <message>
        <source>BF16 autocast</source>
        <translation>BF16 自动混合精度</translation>
    </message>
    <message>
        <source>FP8, delayed scaling</source>
        <translation>FP8，延迟缩放</translation>
    </message>
    <message>
        <source>FP8, block scaling</source>
        <translation>FP8，分块缩放</translation>
    </message>
    <message>
        <source>FP8, first and last blocks in BF16</source>
        <translation>FP8，首尾两个块用 BF16</translation>
    </message>
    <message>
        <source>Transformer on a text file</source>
        <translation>学文本文件的 Transformer</translation>
    </message>
    <message>
        <source>next-character accuracy</source>
        <translation>下一字符准确率</translation>
    </message>
    <message>
        <source>exact match</source>
        <translation>完全匹配率</translation>
    </message>
    <message>
        <source>Addition (digits)</source>
        <translation>加法（按位数）</translation>
    </message>
    <message>
        <source>Text file</source>
        <translation>文本文件</translation>
    </message>
    <message>
        <source>Addition: sums such as &quot;12+34=46&quot;, exact match on held-out sums. Text file: any UTF-8 text, one character a token, next-character accuracy on its last tenth.</source>
        <translation>加法：如“12+34=46”的算式，以留出算式的完全匹配率衡量。文本文件：任意 UTF-8 文本，一个字符一个词元，以最后十分之一上的下一字符准确率衡量。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>a UTF-8 text file</source>
        <translation>一个 UTF-8 文本文件</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Overrides</source>
        <translation>逐运算覆盖</translation>
    </message>
    <message>
        <source>e.g. softmax=fp16,residual@1=bf16</source>
        <translation>例如 softmax=fp16,residual@1=bf16</translation>
    </message>
    <message>
        <source>Formats per operation class after the preset, as fplab-cli&apos;s --precision: OP=FORMAT for every block, OP@LAYER=FORMAT for one block (from 0), comma-separated. Operations: %1.</source>
        <translation>在预设之后按运算类别指定格式，同 fplab-cli 的 --precision：OP=FORMAT 作用于所有块，OP@LAYER=FORMAT 作用于一个块（从 0 开始），用逗号分隔。运算：%1。</translation>
    </message>
    <message>
        <source>Overrides: %1.</source>
        <translation>逐运算覆盖：%1。</translation>
    </message>
    <message numerus="yes">
        <source>Overrides: block %1 is named, but the model has %n block(s).</source>
        <translation>
            <numerusform>逐运算覆盖：指定了块 %1，但模型只有 %n 个块。</numerusform>
        </translation>
    </message>
    <message>
        <source>Text for the transformer</source>
        <translation>Transformer 的文本</translation>
    </message>
    <message>
        <source>Text files (*.txt *.md);;All files (*)</source>
        <translation>文本文件 (*.txt *.md);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TransformerPanel</name>
    <message>
        <source>These settings cannot run: %1.</source>
        <translation>这些设置无法运行：%1。</translation>
    </message>
    <message>
        <source>Transformer run</source>
        <translation>Transformer 训练</translation>
    </message>
    <message>
        <source>The transformer run stopped at step %1: an operation overflowed or was invalid.</source>
        <translation>Transformer 训练在第 %1 步停止：有运算上溢或无效。</translation>
    </message>
    <message>
        <source>%1, softmax without max subtraction</source>
        <translation>%1，softmax 不减最大值</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Paused at step %1 of %2.</source>
        <translation>已暂停，第 %1 步，共 %2 步。</translation>
    </message>
    <message>
        <source>Step %1 of %2, %3 steps/s.</source>
        <translation>第 %1 步，共 %2 步，每秒 %3 步。</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>训练失败：%1</translation>
    </message>
    <message>
        <source>Start trains the transformer on the CPU emulator.</source>
        <translation>按“开始”在 CPU 模拟器上训练 Transformer。</translation>
    </message>
    <message>
        <source>Stopped at step %1: an operation overflowed or was invalid (see First overflow).</source>
        <translation>在第 %1 步停止：有运算上溢或无效（见“首次溢出”）。</translation>
    </message>
    <message>
        <source>Cancelled at step %1 of %2.</source>
        <translation>已在第 %1 步取消，共 %2 步。</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Clear runs</source>
        <translation>清除训练</translation>
    </message>
    <message>
        <source>Removes the kept runs from the charts (up to %1 are kept).</source>
        <translation>从图表中移除保留的训练（最多保留 %1 次）。</translation>
    </message>
    <message>
        <source>Loss and accuracy</source>
        <translation>损失与准确率</translation>
    </message>
    <message>
        <source>First overflow</source>
        <translation>首次溢出</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation>逐层</translation>
    </message>
    <message>
        <source>Preset %1 of %2, %3: </source>
        <translation>第 %1 个预设，共 %2 个，%3：</translation>
    </message>
    <message>
        <source>Finished %1 steps at %2 steps/s: held-out %3 %4%.</source>
        <translation>完成 %1 步，每秒 %2 步：留出集%3 %4%。</translation>
    </message>
    <message>
        <source>Run every preset</source>
        <translation>运行所有预设</translation>
    </message>
    <message>
        <source>Runs the %1 presets one after another with the form&apos;s other settings and overlays their loss and accuracy; Cancel stops the queue.</source>
        <translation>用表单的其他设置依次运行 %1 个预设，并叠加显示它们的损失和准确率；“取消”会停止队列。</translation>
    </message>
    <message>
        <source>Dtype trace</source>
        <translation>数据类型追踪</translation>
    </message>
    <message>
        <source>a list of transformer runs</source>
        <translation>Transformer 训练的列表</translation>
    </message>
    <message>
        <source>The shown run has no steps to export.</source>
        <translation>显示的训练没有可导出的步。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) written to %1.</source>
        <translation>
            <numerusform>已将 %n 步写入 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the run as CSV</source>
        <translation>将训练导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Every step of the shown run as CSV, the columns of fplab-cli train --model transformer --csv: loss, scale, updates lost and each block&apos;s series.</source>
        <translation>以 CSV 导出显示的训练的每一步，列与 fplab-cli train --model transformer --csv 相同：损失、缩放因子、丢失的更新以及每个块的序列。</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>This run was restored from a session without its steps&apos; rows (a session saved by an older version, or a run of more than %1 steps): run it again to export it.</source>
        <translation>这次训练从会话恢复时没有每一步的数据行（会话由旧版本保存，或训练超过 %1 步）：请重新运行后再导出。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TransformerRunJson</name>
    <message>
        <source>a value the transformer&apos;s form accepts</source>
        <translation>Transformer 表单接受的值</translation>
    </message>
    <message>
        <source>addition or text</source>
        <translation>addition 或 text</translation>
    </message>
    <message>
        <source>a transformer preset</source>
        <translation>一种 Transformer 预设</translation>
    </message>
    <message>
        <source>%1: kept transformer run %2 (“%3”) was left out: its “%4” cannot be read.</source>
        <translation>%1：保留的第 %2 次 Transformer 训练（“%3”）未载入：无法读取它的“%4”。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::TransformerTextFile</name>
    <message>
        <source>Choose the text file the transformer learns from.</source>
        <translation>请选择 Transformer 要学习的文本文件。</translation>
    </message>
    <message>
        <source>The text file %1 does not exist.</source>
        <translation>文本文件 %1 不存在。</translation>
    </message>
    <message>
        <source>%1 is a folder, not a text file.</source>
        <translation>%1 是文件夹，不是文本文件。</translation>
    </message>
    <message>
        <source>The text file %1 cannot be read (no permission).</source>
        <translation>文本文件 %1 无法读取（没有权限）。</translation>
    </message>
    <message>
        <source>The text file %1 is empty.</source>
        <translation>文本文件 %1 是空的。</translation>
    </message>
    <message>
        <source>The text file %1 cannot be opened.</source>
        <translation>文本文件 %1 无法打开。</translation>
    </message>
    <message>
        <source>The text file %1 is larger than 64 MiB.</source>
        <translation>文本文件 %1 大于 64 MiB。</translation>
    </message>
    <message>
        <source>The text file %1 could not be read to its end.</source>
        <translation>文本文件 %1 未能完整读取。</translation>
    </message>
    <message>
        <source>The text file %1 cannot be used: %2.</source>
        <translation>文本文件 %1 无法使用：%2。</translation>
    </message>
</context>
<context>
    <name>fplab::gui::UlpHeatMap</name>
    <message>
        <source>identical bits</source>
        <translation>位完全相同</translation>
    </message>
    <message>
        <source>same value (+0 / −0)</source>
        <translation>值相同（+0 / −0）</translation>
    </message>
    <message>
        <source>1 ulp</source>
        <translation>1 ulp</translation>
    </message>
    <message>
        <source>2 ulps</source>
        <translation>2 ulp</translation>
    </message>
    <message>
        <source>3–4 ulps</source>
        <translation>3–4 ulp</translation>
    </message>
    <message>
        <source>5–16 ulps</source>
        <translation>5–16 ulp</translation>
    </message>
    <message>
        <source>17–256 ulps</source>
        <translation>17–256 ulp</translation>
    </message>
    <message>
        <source>more than 256 ulps</source>
        <translation>超过 256 ulp</translation>
    </message>
    <message>
        <source>NaN on one side only</source>
        <translation>仅一侧为 NaN</translation>
    </message>
</context>
<context>
    <name>fplab::gui::UpdateRatioView</name>
    <message>
        <source>Update-to-weight ratio ‖Δw‖ / ‖w‖ per tensor</source>
        <translation>每个张量的更新与权重之比 ‖Δw‖ / ‖w‖</translation>
    </message>
    <message>
        <source>Updates that vanished (stored weight unchanged), fraction per tensor</source>
        <translation>消失的更新（存储的权重未变）占每个张量的比例</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>The kept run to show</source>
        <translation>要显示的已保留训练</translation>
    </message>
    <message>
        <source>Keep a run first: every finished run is kept for comparison.</source>
        <translation>请先完成一次训练：每次完成的训练都会保留以供对比。</translation>
    </message>
    <message>
        <source>This run has no per-tensor statistics (the GPU run measures none).</source>
        <translation>这次训练没有逐张量的统计（GPU 训练不做这些测量）。</translation>
    </message>
    <message>
        <source>Below the dashed line an FP16 weight&apos;s update is rounded away (2^-11), below the dotted line a BF16 weight&apos;s (2^-8).</source>
        <translation>低于虚线时，FP16 权重的更新被舍入掉（2^-11）；低于点线时，BF16 权重的更新被舍入掉（2^-8）。</translation>
    </message>
    <message>
        <source>FP16 swamping 2^-11</source>
        <translation>FP16 淹没线 2^-11</translation>
    </message>
    <message>
        <source>BF16 swamping 2^-8</source>
        <translation>BF16 淹没线 2^-8</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ValueDetailsView</name>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Sign</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>Exponent</source>
        <translation>指数</translation>
    </message>
    <message>
        <source>Significand</source>
        <translation>有效数</translation>
    </message>
    <message>
        <source>As a fraction</source>
        <translation>分数形式</translation>
    </message>
    <message>
        <source>Exact decimal</source>
        <translation>精确十进制</translation>
    </message>
    <message>
        <source>Shortest decimal</source>
        <translation>最短十进制</translation>
    </message>
    <message>
        <source>Hex-float</source>
        <translation>十六进制浮点</translation>
    </message>
    <message>
        <source>ulp</source>
        <translation>ulp</translation>
    </message>
    <message>
        <source>Next up</source>
        <translation>下一个更大的值</translation>
    </message>
    <message>
        <source>Next down</source>
        <translation>下一个更小的值</translation>
    </message>
    <message>
        <source>To the largest</source>
        <translation>距最大值</translation>
    </message>
    <message>
        <source>The implicit bit, the binary point, then the stored mantissa bits.</source>
        <translation>隐含位、二进制小数点，然后是存储的尾数位。</translation>
    </message>
    <message>
        <source>Every digit of the stored binary value: binary fractions always end in decimal.</source>
        <translation>存储的二进制数值的全部十进制数字：二进制小数在十进制下总是有限的。</translation>
    </message>
    <message>
        <source>The shortest decimal that reads back to exactly these bits: what print() shows.</source>
        <translation>能读回完全相同的位的最短十进制数：也就是 print() 显示的内容。</translation>
    </message>
    <message>
        <source>Unit in the last place: the gap between this value and the next one away from zero.</source>
        <translation>末位单位（ulp）：该值与远离零方向的下一个值之间的间距。</translation>
    </message>
    <message>
        <source>How far the largest finite value is: the room left before overflow.</source>
        <translation>距最大有限值还有多远：上溢之前剩余的空间。</translation>
    </message>
    <message>
        <source>1 (negative)</source>
        <translation>1（负）</translation>
    </message>
    <message>
        <source>0 (positive)</source>
        <translation>0（正）</translation>
    </message>
    <message>
        <source>none (unsigned format)</source>
        <translation>无（无符号格式）</translation>
    </message>
    <message>
        <source>field %1 = %2 (biased); %2 − %3 = %4 (unbiased)</source>
        <translation>字段 %1 = %2（带偏置）；%2 − %3 = %4（去偏置）</translation>
    </message>
    <message>
        <source>field %1: subnormal range, exponent fixed at the minimum %2</source>
        <translation>字段 %1：次正规数区间，指数固定为最小值 %2</translation>
    </message>
    <message>
        <source>field %1: reserved for %2</source>
        <translation>字段 %1：保留给%2</translation>
    </message>
    <message>
        <source>%1%2 × 2^%3</source>
        <translation>%1%2 × 2^%3</translation>
    </message>
    <message>
        <source>the largest finite value is %1</source>
        <translation>最大有限值为 %1</translation>
    </message>
    <message>
        <source>this is the largest finite value: doubling it overflows</source>
        <translation>这就是最大有限值：再翻倍就会上溢</translation>
    </message>
    <message>
        <source>%1: this value can double %2 more times</source>
        <translation>%1：这个值还能再翻倍 %2 次</translation>
    </message>
    <message>
        <source>%1, %2 times this value: doubling it overflows</source>
        <translation>%1，是这个值的 %2 倍：再翻倍就会上溢</translation>
    </message>
    <message>
        <source>%1, %2 times this value: it can double %3 more times</source>
        <translation>%1，是这个值的 %2 倍：还能再翻倍 %3 次</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ValueEntryPanel</name>
    <message>
        <source>Largest and smallest of each format</source>
        <translation>各格式的最大值和最小值</translation>
    </message>
    <message>
        <source>Largest finite: %1</source>
        <translation>最大有限值：%1</translation>
    </message>
    <message>
        <source>Smallest normal: %1</source>
        <translation>最小正规数：%1</translation>
    </message>
    <message>
        <source>Smallest subnormal: %1</source>
        <translation>最小次正规数：%1</translation>
    </message>
    <message>
        <source>Infinity: %1</source>
        <translation>无穷大：%1</translation>
    </message>
    <message>
        <source>&amp;Value</source>
        <translation>数值(&amp;V)</translation>
    </message>
    <message>
        <source>0.1, 1e-8, 2^-24, 0x1.8p-3, raw bits 0x3c00 or 0b0_01111_0000000000, inf, nan</source>
        <translation>0.1、1e-8、2^-24、0x1.8p-3、原始位 0x3c00 或 0b0_01111_0000000000、inf、nan</translation>
    </message>
    <message>
        <source>Type a number to see how it is stored. Decimal and hex-float are rounded into the format; 0x… and 0b… with exactly the format&apos;s width are taken as its raw bits (Ctrl+L).</source>
        <translation>输入一个数，查看它如何存储。十进制和十六进制浮点数会舍入到该格式；位数恰好等于格式宽度的 0x… 和 0b… 视为原始位（Ctrl+L）。</translation>
    </message>
    <message>
        <source>&amp;in</source>
        <translation>格式(&amp;I)</translation>
    </message>
    <message>
        <source>The format the value is stored in; hover an entry for its layout and range.</source>
        <translation>存储该数值的格式；将鼠标悬停在条目上可查看其布局和范围。</translation>
    </message>
    <message>
        <source>&amp;rounding</source>
        <translation>舍入(&amp;R)</translation>
    </message>
    <message>
        <source>How a typed value that falls between two representable values is rounded.</source>
        <translation>输入值落在两个可表示值之间时如何舍入。</translation>
    </message>
    <message>
        <source>Quick picks</source>
        <translation>常用值</translation>
    </message>
    <message>
        <source>Values worth looking at: 0.1 is not exact in binary, 65504 is FP16&apos;s largest, 2^-24 its smallest.</source>
        <translation>值得一看的数：0.1 在二进制中无法精确表示，65504 是 FP16 的最大值，2^-24 是它的最小值。</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the value as hex bits, binary, a C or Python literal, or a fplab-cli command.</source>
        <translation>以十六进制位、二进制、C 或 Python 字面量，或 fplab-cli 命令的形式复制该数值。</translation>
    </message>
    <message>
        <source>Copy as &amp;hex bits</source>
        <translation>复制为十六进制位(&amp;H)</translation>
    </message>
    <message>
        <source>Copy as &amp;binary</source>
        <translation>复制为二进制(&amp;B)</translation>
    </message>
    <message>
        <source>Copy as &amp;C literal</source>
        <translation>复制为 C 字面量(&amp;C)</translation>
    </message>
    <message>
        <source>Copy as &amp;Python literal</source>
        <translation>复制为 Python 字面量(&amp;P)</translation>
    </message>
    <message>
        <source>Copy as fplab-cli &amp;command</source>
        <translation>复制为 fplab-cli 命令(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Quick picks</source>
        <translation>常用值(&amp;Q)</translation>
    </message>
    <message>
        <source>Cannot read this: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>Stored in %1 as &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>在 %1 中存储为 &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source> — set from the bits, so nothing was rounded.</source>
        <translation> — 由位直接设定，没有发生舍入。</translation>
    </message>
    <message>
        <source> — error %1 (relative %2, %3 ulp)</source>
        <translation> — 误差 %1（相对误差 %2，%3 ulp）</translation>
    </message>
    <message>
        <source> — too large for %1</source>
        <translation> — 对 %1 来说太大</translation>
    </message>
    <message>
        <source> — stored as a subnormal with fewer significant bits</source>
        <translation> — 存储为次正规数，有效位更少</translation>
    </message>
    <message>
        <source>flags: &lt;span style=&apos;color:%1&apos;&gt;%2&lt;/span&gt;</source>
        <translation>标志：&lt;span style=&apos;color:%1&apos;&gt;%2&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation>已复制：%1</translation>
    </message>
    <message>
        <source> — rounded to zero: below half the smallest subnormal</source>
        <translation> — 舍入为零：低于最小次正规数的一半</translation>
    </message>
</context>
<context>
    <name>fplab::gui::ViewExport</name>
    <message>
        <source>Copy as TSV</source>
        <translation>复制为 TSV</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>复制为 Markdown</translation>
    </message>
    <message>
        <source>Export as CSV…</source>
        <translation>导出为 CSV…</translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation>导出为 PNG…</translation>
    </message>
    <message>
        <source>Export as SVG…</source>
        <translation>导出为 SVG…</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n row(s) as Markdown.</source>
        <translation>
            <numerusform>已将 %n 行复制为 Markdown。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied %n row(s) as tab-separated text.</source>
        <translation>
            <numerusform>已将 %n 行复制为制表符分隔的文本。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the table as CSV</source>
        <translation>将表格导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Export the chart as PNG</source>
        <translation>将图表导出为 PNG</translation>
    </message>
    <message>
        <source>Export the chart as SVG</source>
        <translation>将图表导出为 SVG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Table “%1” as CSV…</source>
        <translation>表格“%1”导出为 CSV…</translation>
    </message>
    <message>
        <source>Chart “%1” as PNG…</source>
        <translation>图表“%1”导出为 PNG…</translation>
    </message>
    <message>
        <source>Chart “%1” as SVG…</source>
        <translation>图表“%1”导出为 SVG…</translation>
    </message>
    <message>
        <source>No table or chart is shown</source>
        <translation>当前没有显示表格或图表</translation>
    </message>
    <message>
        <source>Select all</source>
        <translation>全选</translation>
    </message>
</context>
</TS>
