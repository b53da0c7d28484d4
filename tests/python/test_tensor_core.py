"""fplab.mma and fplab.gemm against `fplab-cli mma` on the same encodings, and their argument checks."""

import subprocess

import numpy as np
import pytest

import fplab

INPUT_BITS = {"fp16": 16, "bf16": 16, "tf32": 32, "e4m3": 8, "e5m2": 8, "int8": 8, "uint8": 8}
ACC_BITS = {"fp32": 32, "fp16": 16, "int32": 32}

# (arch, instruction, input, acc, k, block, promote)
CONFIGS = [
    ("sm_80", None, "fp16", "fp32", 8, None, None),
    ("sm_80", None, "fp16", "fp32", 37, None, None),
    ("sm_80", None, "fp16", "fp16", 16, None, None),
    ("sm_80", None, "bf16", "fp32", 24, None, None),
    ("sm_80", None, "tf32", "fp32", 12, None, None),
    ("sm_90", None, "fp16", "fp32", 40, None, None),
    ("sm_90", None, "tf32", "fp32", 16, 4, None),
    ("sm_90", "wgmma", "e4m3", "fp32", 64, None, None),
    ("sm_90", "wgmma", "e5m2", "fp32", 32, None, None),
    ("sm_90", "mma.sync", "e4m3", "fp32", 32, None, None),
    ("sm_90", "wgmma", "e4m3", "fp32", 256, None, 128),
    ("sm_80", None, "int8", "int32", 16, None, None),
    ("sm_90", None, "uint8", "int32", 32, None, None),
]


def random_bits(rng, width, shape):
    return rng.integers(0, 1 << width, size=shape, dtype=np.uint64)


def small_values_bits(rng, input_type, shape):
    """Encodings of moderate values, where the model's cuts and roundings matter more than overflow."""
    fmt = {"tf32": "fp32"}.get(input_type, input_type)
    values = rng.standard_normal(shape) * 2.0 ** rng.integers(-4, 4, size=shape)
    return np.asarray(fplab.encode(values, fmt, "rtz")).astype(np.uint64)


def cli_mma(cli_path, arch, instruction, input_type, acc, a, b, c, block=None, promote=None, satfinite=False):
    k = a.shape[1]
    args = [cli_path, "mma", "--arch", arch, "--in", input_type, "--acc", acc, "--k", str(k)]
    if instruction:
        args += ["--instruction", instruction]
    if block:
        args += ["--block", str(block)]
    if promote:
        args += ["--promote", str(promote)]
    if satfinite:
        args += ["--satfinite"]
    lines = [" ".join(f"{v:x}" for v in [*ai, *bi, ci]) for ai, bi, ci in zip(a.tolist(), b.tolist(), c.tolist())]
    done = subprocess.run(args, input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    bits, caveats = [], []
    for line in done.stdout.splitlines():
        value, _, caveat = line.partition("  ! ")
        bits.append(int(value, 16))
        caveats.append(caveat)
    assert len(bits) == len(lines)
    return bits, caveats


@pytest.mark.parametrize("arch,instruction,input_type,acc,k,block,promote", CONFIGS)
def test_mma_agrees_with_the_cli(cli_path, rng, arch, instruction, input_type, acc, k, block, promote):
    dots = 300
    float_input = input_type not in ("int8", "uint8")
    if float_input:
        # Half the rows random encodings (NaN, infinity, subnormals), half moderate values.
        a = np.concatenate([random_bits(rng, INPUT_BITS[input_type], (dots // 2, k)),
                            small_values_bits(rng, input_type, (dots // 2, k))])
        b = np.concatenate([random_bits(rng, INPUT_BITS[input_type], (dots // 2, k)),
                            small_values_bits(rng, input_type, (dots // 2, k))])
    else:
        a = random_bits(rng, 8, (dots, k))
        b = random_bits(rng, 8, (dots, k))
    c = random_bits(rng, ACC_BITS[acc], (dots,))
    if acc == "fp32":
        c[dots // 2:] = np.asarray(fplab.encode(rng.standard_normal(dots - dots // 2), "fp32"))
    want_bits, want_caveats = cli_mma(cli_path, arch, instruction, input_type, acc, a, b, c, block, promote)
    got = fplab.mma(arch, instruction, a, b, c, input=input_type, acc=acc, block=block, promote=promote,
                    caveats=True)
    assert got.result.tolist() == want_bits
    assert got.caveats.tolist() == want_caveats


def test_gemm_agrees_with_the_cli_cell_by_cell(cli_path, rng):
    m, n, k = 6, 5, 40
    a = small_values_bits(rng, "fp16", (m, k))
    b = small_values_bits(rng, "fp16", (k, n))
    c = np.asarray(fplab.encode(rng.standard_normal((m, n)), "fp32")).astype(np.uint64)
    rows = np.repeat(a, n, axis=0)
    cols = np.tile(b.T, (m, 1))
    want, _ = cli_mma(cli_path, "sm_80", None, "fp16", "fp32", rows, cols, c.reshape(-1))
    got = fplab.gemm("sm_80", None, a, b, c, input="fp16")
    assert got.dtype == np.uint32 and got.shape == (m, n)
    assert got.reshape(-1).tolist() == want


def test_promoted_gemm_agrees_with_the_cli(cli_path, rng):
    m, n, k = 3, 4, 256
    a = small_values_bits(rng, "e4m3", (m, k))
    b = small_values_bits(rng, "e4m3", (k, n))
    c = np.zeros((m, n), np.uint64)
    want, _ = cli_mma(cli_path, "sm_90", "wgmma", "e4m3", "fp32", np.repeat(a, n, axis=0), np.tile(b.T, (m, 1)),
                      c.reshape(-1), promote=128)
    got = fplab.gemm("sm_90", "wgmma", a, b, c, input="e4m3", promote=128)
    assert got.reshape(-1).tolist() == want


def test_values_give_the_same_results_as_encodings(rng):
    a = rng.standard_normal((50, 16)).astype(np.float16).astype(np.float64)
    b = rng.standard_normal((50, 16)).astype(np.float16).astype(np.float64)
    c = rng.standard_normal(50).astype(np.float32).astype(np.float64)
    values = fplab.mma("sm_80", None, a, b, c, input="fp16")
    bits = fplab.mma("sm_80", None, fplab.encode(a, "fp16"), fplab.encode(b, "fp16"), fplab.encode(c, "fp32"),
                     input="fp16")
    assert bits.dtype == np.uint32
    assert np.array_equal(values, fplab.decode(bits, "fp32"))
    gemm = fplab.gemm("sm_80", None, a[:4], b[:4].T, input="fp16")
    assert np.array_equal(gemm, fplab.mma("sm_80", None, np.repeat(a[:4], 4, axis=0), np.tile(b[:4], (4, 1)), 0.0,
                                          input="fp16").reshape(4, 4))


@pytest.mark.parametrize("arch,input_type,k", [("sm_80", "int8", 16), ("sm_90", "int8", 32), ("sm_90", "uint8", 32)])
def test_integer_values_agree_with_the_cli(cli_path, rng, arch, input_type, k):
    dots = 300
    low, high = (-128, 127) if input_type == "int8" else (0, 255)
    a = rng.integers(low, high + 1, size=(dots, k))
    b = rng.integers(low, high + 1, size=(dots, k))
    c = rng.integers(-2**31, 2**31, size=dots).astype(np.int32)
    c[:3] = [-2**31, 2**31 - 1, -1]
    want, _ = cli_mma(cli_path, arch, None, input_type, "int32", (a & 0xFF).astype(np.uint64),
                      (b & 0xFF).astype(np.uint64), c.view(np.uint32).astype(np.uint64))
    as_floats = fplab.mma(arch, None, a.astype(np.float64), b.astype(np.float64), c.astype(np.float64),
                          input=input_type, acc="int32")
    assert as_floats.dtype == np.int32
    assert as_floats.view(np.uint32).tolist() == want
    if input_type == "int8":
        as_int8 = fplab.mma(arch, None, a.astype(np.int8), b.astype(np.int8), c, input=input_type, acc="int32")
        assert np.array_equal(as_int8, as_floats)


def test_an_int8_gemm_of_values_agrees_with_the_cli_cell_by_cell(cli_path, rng):
    m, n, k = 5, 4, 48
    a = rng.integers(-128, 128, size=(m, k)).astype(np.int8)
    b = rng.integers(-128, 128, size=(k, n)).astype(np.int8)
    rows = np.repeat(a, n, axis=0).view(np.uint8).astype(np.uint64)
    cols = np.tile(b.T, (m, 1)).view(np.uint8).astype(np.uint64)
    want, _ = cli_mma(cli_path, "sm_80", None, "int8", "int32", rows, cols, np.zeros(m * n, np.uint64))
    got = fplab.gemm("sm_80", None, a, b, input="int8", acc="int32")
    assert got.dtype == np.int32 and got.shape == (m, n)
    assert got.reshape(-1).view(np.uint32).tolist() == want
    assert np.array_equal(got, a.astype(np.int64) @ b.astype(np.int64))  # no wrap at this size


@pytest.mark.parametrize("input_type", ["int8", "uint8"])
def test_satfinite_agrees_with_the_cli(cli_path, rng, input_type):
    """Addends near the INT32 limits, so that sums overflow both ways: clamped with satfinite, wrapped without."""
    dots, k = 200, 16
    low, high = (-128, 127) if input_type == "int8" else (0, 255)
    a = rng.integers(low, high + 1, size=(dots, k)).astype(np.uint64) & 0xFF
    b = rng.integers(low, high + 1, size=(dots, k)).astype(np.uint64) & 0xFF
    c = rng.choice(np.array([-2**31, -2**31 + 1000, 2**31 - 1, 2**31 - 1000, 0], np.int32), dots)
    c_bits = c.view(np.uint32).astype(np.uint64)
    for satfinite in (False, True):
        want, _ = cli_mma(cli_path, "sm_80", None, input_type, "int32", a, b, c_bits, satfinite=satfinite)
        got = fplab.mma("sm_80", None, a, b, c_bits, input=input_type, acc="int32", satfinite=satfinite)
        assert got.tolist() == want
    clamped = fplab.gemm("sm_80", None, np.full((1, 2), 127.0), np.full((2, 1), 127.0), np.full((1, 1), 2.0**31 - 1),
                         input="int8", acc="int32", satfinite=True)
    assert clamped.tolist() == [[2**31 - 1]]


def test_a_batch_shape_and_a_broadcast_addend():
    a = np.ones((2, 3, 4))
    d = fplab.mma("sm_80", None, a, a, 1.0, input="bf16")
    assert d.shape == (2, 3) and np.all(d == 5.0)


@pytest.mark.parametrize("call,error,message", [
    (lambda: fplab.mma("sm_70", None, [1.0], [1.0], 0.0, input="fp16"), ValueError, "unknown architecture 'sm_70'"),
    (lambda: fplab.mma("sm_80", "hmma", [1.0], [1.0], 0.0, input="fp16"), ValueError, "unknown instruction 'hmma'"),
    (lambda: fplab.mma("sm_80", None, [1.0], [1.0], 0.0, input="fp8"), ValueError, "unknown input type 'fp8'"),
    (lambda: fplab.mma("sm_80", None, [1.0], [1.0], 0.0, input="fp16", acc="fp64"), ValueError,
     "unknown accumulator type 'fp64'"),
    (lambda: fplab.mma("sm_80", None, [0.1], [1.0], 0.0, input="fp16"), ValueError, "a element 0: 0.1 is not a fp16"),
    (lambda: fplab.mma("sm_80", None, [1.0], [1], 0.0, input="fp16"), TypeError, "all be values"),
    (lambda: fplab.mma("sm_80", None, [0x10000], [1], 0, input="fp16"), ValueError, "wider than 16 bits"),
    (lambda: fplab.mma("sm_80", None, [1.0, 2.0], [1.0], 0.0, input="fp16"), ValueError, "same shape"),
    (lambda: fplab.mma("sm_80", None, np.ones((2, 2)), np.ones((2, 2)), [0.0] * 3, input="fp16"), ValueError,
     "c must broadcast"),
    (lambda: fplab.mma("sm_80", None, [1.5], [1.0], 0.0, input="int8", acc="int32"), ValueError,
     r"a element 0: 1.5 is not a value of int8 \(a whole number from -128 to 127\)"),
    (lambda: fplab.mma("sm_80", None, [1.0], [256.0], 0.0, input="uint8", acc="int32"), ValueError,
     "b element 0: 256.0 is not a value of uint8"),
    (lambda: fplab.mma("sm_80", None, [1.0], [1.0], 2.0**31, input="int8", acc="int32"), ValueError,
     "c element 0: 2147483648.0 is not a value of int32"),
    (lambda: fplab.mma("sm_80", None, np.int8([1]), np.int8([1]), 0, input="int8", acc="int32"), TypeError,
     "all be values"),
    (lambda: fplab.mma("sm_80", None, [1.0], [1.0], 0.0, input="fp16", satfinite=True), ValueError,
     "satfinite applies to int8/uint8 with acc int32 only"),
    (lambda: fplab.mma("sm_80", None, [1.0], [1.0], 0.0, input="int8", acc="int32", satfinite=1), TypeError,
     "satfinite must be True or False"),
    (lambda: fplab.mma("sm_80", None, [1.0], [1.0], 0.0, input="fp16", promote=3), ValueError, "promote"),
    (lambda: fplab.mma("sm_80", None, [1.0], [1.0], 0.0, input="fp16", block=64), ValueError, "larger than"),
    (lambda: fplab.mma("sm_80", None, [1.0], [1.0], 0.0, input="fp16", block=0), ValueError, "from 1"),
    (lambda: fplab.mma("sm_80", None, ["x"], [1.0], 0.0, input="fp16"), TypeError, "values"),
    (lambda: fplab.gemm("sm_80", None, np.ones((2, 3)), np.ones((2, 3)), input="fp16"), ValueError, r"\(m, k\)"),
])
def test_errors_name_the_problem(call, error, message):
    with pytest.raises(error, match=message):
        call()
