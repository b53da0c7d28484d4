#!/usr/bin/env python3
"""A notebook-style tour of the fplab module: each cell prints what it shows.
Run: PYTHONPATH=build/app/python python3 examples/python_tour.py (or after `pip install .`)."""

import numpy as np

import fplab

# %% Formats by name, as in fplab-cli, custom ones included.
for name in ["fp16", "bf16", "e4m3", "e5m10-nosub"]:
    f = fplab.Format(name)
    print(f"{f.name:12} {f.exponent_bits} exponent bits, {f.mantissa_bits} mantissa bits, bias {f.bias}, "
          f"max {f.max}, smallest {f.min_subnormal}, specials {f.specials}")

# %% One rounding from float64 to FP8 (no detour through float32).
print("float64 -431.99999999999994 -> e4m3:", fplab.round(-431.99999999999994, "e4m3"))
print("the same through float32 first:     ", fplab.round(np.float32(-431.99999999999994), "e4m3"))

# %% Every rounding mode, and the flags.
for mode in fplab.ROUNDING_MODES[:-1]:
    r = fplab.round(0.1, "fp16", mode, flags=True)
    print(f"0.1 in fp16, {mode}: {r.result!r} flags {r.all}")

# %% Stochastic rounding, reproducible from a seed: 1 + 2^-12 goes up a quarter of the time.
x = np.full(100000, 1.0 + 2.0**-12)
print("share rounded up:", np.mean(fplab.round(x, "fp16", "sr", seed=42) > 1.0))

# %% Arithmetic in a format: values in, values out, or bits in, bits out.
print("fp16 1 + 2^-11 (a tie):", fplab.add(1.0, 2.0**-11, "fp16"), "rup:", fplab.add(1.0, 2.0**-11, "fp16", "rup"))
print("e4m3 448 * 2:", fplab.mul(448.0, 2.0, "e4m3", flags=True))
print("bits: 0x3c00 + 0x3c00 =", hex(fplab.add(0x3c00, 0x3c00, "fp16")))

# %% Encodings both ways.
bits = fplab.encode([0.1, 1.0, 65504.0], "fp16")
print("encode:", [hex(b) for b in bits], "decode:", fplab.decode(bits, "fp16"))

# %% show(): every field fplab-cli show prints (in a notebook, the bits are coloured by field).
print(fplab.show("0.1", "fp16"))

# %% The tensor-core model: the same FP8 dot product on two instructions of an H100 (sm_90).
for instruction in ["mma.sync", "wgmma"]:
    d = fplab.mma("sm_90", instruction, [0x38, 0x08], [0x38, 0x02], 0, input="e4m3")
    print(f"e4m3 1*1 + 2^-6*2^-8 through {instruction}: {hex(d)}")
print("fp16 GEMM on an A100:", fplab.gemm("sm_80", None, np.ones((2, 8)), np.full((8, 3), 0.5), input="fp16"))
# INT8 values: 4 * 127 * 127 added to the largest INT32 wraps around, or saturates with satfinite.
int8, largest = np.full(4, 127, np.int8), np.int32(2**31 - 1)
print("int8 dot, wrapped and saturated:", fplab.mma("sm_80", None, int8, int8, largest, input="int8", acc="int32"),
      fplab.mma("sm_80", None, int8, int8, largest, input="int8", acc="int32", satfinite=True))

# %% Block scaling: an outlier costs its whole MXFP4 block its precision.
q = fplab.quantize(np.r_[np.linspace(-1, 1, 31), 100.0], "mxfp4")
print("mxfp4 scale", q.scales[0], "max error", q.max_abs_error, "zeros", q.flushed_to_zero)
for rule in fplab.compare_rules(np.r_[np.linspace(-1, 1, 31), 100.0], "mxfp4").rules:
    print(f"  scale rule {rule.rule:8} max error {rule.max_abs_error:.4g}, rounded to zero {rule.rounded_to_zero}")
x = np.r_[np.linspace(-1, 1, 15), 100.0]
print("nvfp4 max error, plain and through the random Hadamard transform:", fplab.quantize(x, "nvfp4").max_abs_error,
      fplab.quantize(x, "nvfp4", hadamard=1).max_abs_error)

# %% The order in which numpy.sum adds 16 float32 terms.
print("numpy.sum:", fplab.reveal(lambda x: x.sum(dtype=np.float32), 16).tree)
