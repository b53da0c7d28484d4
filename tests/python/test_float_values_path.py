"""add, sub and mul of float32 values in nearest-even take a path that computes in float and rounds once
(core/array_arithmetic.h) for FP16, BF16, TF32, FP8, FP6 and the custom formats of as narrow a precision. Checked
against the same operation on encodings (the soft-float path, bits and flags) on millions of random operands, and
against NumPy's float16 arithmetic, which shares no code with FP Lab: subnormals, ties, cancellation, overflow,
and infinities and NaNs (which send their chunk of 8,192 elements down the element-by-element path)."""

import numpy as np
import pytest

import fplab

OPS = ["add", "sub", "mul"]
FORMATS = {"fp16": np.uint16, "bf16": np.uint16, "tf32": np.uint32, "e4m3": np.uint8, "e5m2": np.uint8,
           # formats the float path admits too: FP6, and runtime ones (a custom bias, finite only, a wider range)
           "e5m10-bias=14": np.uint16, "e3m4-finite": np.uint8, "e3m2": np.uint8, "e6m5": np.uint16}


def finite_codes(name, rng, n, float_subnormals=False):
    """Random encodings of finite values of the format, all of them equally likely; without the values that are
    float subnormals (BF16's and TF32's), which send their chunk down the element-by-element path."""
    codes = rng.integers(0, 1 << fplab.Format(name).total_bits, n).astype(FORMATS[name])
    values = fplab.decode(codes, name)
    keep = np.isfinite(values) & (float_subnormals | (values == 0) | (np.abs(values) >= 2.0**-126))
    return codes[keep]


def ties_and_cancellations(rng, n):
    """FP16 pairs whose sums tie (b is half an ulp of a, or 1.5 ulps), cancel (b = -a nearby) or land in the
    subnormal range."""
    a = fplab.round(rng.standard_normal(n) * 2.0 ** rng.integers(-14, 13, n), "fp16")  # |a| < 65504
    ulp = np.spacing(a.astype(np.float16)).astype(np.float64)
    choice = rng.integers(0, 4, n)
    b = np.where(choice == 0, ulp / 2, np.where(choice == 1, -1.5 * ulp, np.where(choice == 2, -a + ulp, a * 2.0**-20)))
    return a, fplab.round(b, "fp16")


def check_against_bits(name, op, a_codes, b_codes, saturate=False):
    a_values = fplab.decode(a_codes, name, dtype="float32")
    b_values = fplab.decode(b_codes, name, dtype="float32")
    on_values = getattr(fplab, op)(a_values, b_values, name, flags=True, saturate=saturate)
    on_bits = getattr(fplab, op)(a_codes, b_codes, name, flags=True, saturate=saturate)
    expected = fplab.decode(on_bits.result, name, dtype="float32")
    assert on_values.result.dtype == np.float32
    assert np.array_equal(on_values.result.view(np.uint32), expected.view(np.uint32))
    assert np.array_equal(on_values.flags, on_bits.flags)
    assert on_values.all == on_bits.all


@pytest.mark.parametrize("name", FORMATS)
@pytest.mark.parametrize("op", OPS)
def test_random_finite_operands_match_the_soft_float_path(name, op, rng):
    n = 1 << 20
    a, b = finite_codes(name, rng, n), finite_codes(name, rng, n)
    m = min(len(a), len(b))
    check_against_bits(name, op, a[:m], b[:m])
    check_against_bits(name, op, a[:m], b[:m], saturate=True)


@pytest.mark.parametrize("op", OPS)
def test_ties_and_cancellations_match_the_soft_float_path_and_numpy(op, rng):
    a, b = ties_and_cancellations(rng, 1 << 20)
    check_against_bits("fp16", op, fplab.encode(a, "fp16"), fplab.encode(b, "fp16"))
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    got = getattr(fplab, op)(a32, b32, "fp16")
    numpy_op = {"add": np.add, "sub": np.subtract, "mul": np.multiply}[op]
    with np.errstate(over="ignore"):
        expected = numpy_op(a.astype(np.float16), b.astype(np.float16)).astype(np.float32)
    assert np.array_equal(got.view(np.uint32), expected.view(np.uint32))


@pytest.mark.parametrize("op", OPS)
def test_infinities_and_nans_among_finite_values_match_the_soft_float_path(op, rng):
    a, b = finite_codes("fp16", rng, 100000), finite_codes("fp16", rng, 100000)
    m = min(len(a), len(b))
    a, b = a[:m], b[:m]
    bf16_a, bf16_b = finite_codes("bf16", rng, 100000, True), finite_codes("bf16", rng, 100000, True)
    m16 = min(len(bf16_a), len(bf16_b))
    check_against_bits("bf16", op, bf16_a[:m16], bf16_b[:m16])  # BF16 subnormals among the operands
    # Quiet NaNs only: decoding a signaling NaN to float32 quiets it (and raises invalid there), so values
    # cannot carry one.
    specials = np.array([0x7C00, 0xFC00, 0x7E00, 0xFE00, 0x7E01], dtype=np.uint16)
    a[rng.integers(0, m, 5)] = specials
    b[rng.integers(0, m, 5)] = specials
    check_against_bits("fp16", op, a, b)


def test_a_value_not_of_the_format_is_still_named_in_a_later_chunk():
    a = np.ones(20000, dtype=np.float32)
    a[12345] = 1 + 2.0**-12
    with pytest.raises(ValueError, match="operand 1, element 12345: 1.000244140625 is not a value of fp16"):
        fplab.add(a, a, "fp16")
