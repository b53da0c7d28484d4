"""The module against oracles that share no code with FP Lab's core: NumPy's float16 conversion, MPFR
(through gmpy2) for the arithmetic, and a SplitMix64 + exact-fraction model of seeded stochastic rounding."""

import fractions

import numpy as np
import pytest

import fplab

gmpy2 = pytest.importorskip("gmpy2", reason="gmpy2 (Debian's python3-gmpy2) is the MPFR oracle")


def spread(rng, n, low=-30, high=18, dtype=np.float64):
    """Random values over many binades, both signs."""
    return (rng.standard_normal(n) * 2.0 ** rng.integers(low, high, n)).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_round_to_fp16_matches_numpy(dtype, rng):
    x = spread(rng, 200000, dtype=dtype)
    x[:6] = [0.0, -0.0, np.inf, -np.inf, 65519.99, 65520.0]
    got = fplab.round(x, "fp16")
    with np.errstate(over="ignore"):
        assert np.array_equal(got, x.astype(np.float16).astype(got.dtype))


def test_round_to_fp16_in_place_matches_numpy(rng):
    """out=x: the array rounded in place (the vectorised pass redoes a span with a slow element from the
    elements it left unchanged)."""
    x = spread(rng, 300000, dtype=np.float32)
    x[rng.integers(0, x.size, 40)] = np.float32(np.inf)
    x[rng.integers(0, x.size, 40)] = np.float32(1e-40)  # an FP32 subnormal
    x[rng.integers(0, x.size, 40)] = np.float32(65520.0)
    with np.errstate(over="ignore"):
        expected = x.astype(np.float16).astype(np.float32)
    out = fplab.round(x, "fp16", out=x)
    assert out is x or np.shares_memory(out, x)
    assert np.array_equal(x, expected)


def test_every_fp16_value_decodes_as_numpy_reads_it():
    bits = np.arange(1 << 16, dtype=np.uint16)
    assert np.array_equal(fplab.decode(bits, "fp16"), bits.view(np.float16).astype(np.float64), equal_nan=True)


# MPFR contexts emulating IEEE binary formats: precision, exponent range (MPFR's significand is in [1/2, 1)),
# gradual underflow. emin = 3 - bias - precision, emax = bias + 1.
IEEE = {"fp16": (11, 15), "bf16": (8, 127), "fp32": (24, 127)}
MPFR_MODES = {"rne": gmpy2.RoundToNearest, "rtz": gmpy2.RoundToZero, "rup": gmpy2.RoundUp, "rdn": gmpy2.RoundDown}


def mpfr_context(name, mode):
    p, bias = IEEE[name]
    return gmpy2.context(precision=p, emin=3 - bias - p, emax=bias + 1, subnormalize=True, round=MPFR_MODES[mode])


def mpfr_op(op, args):
    """The operation in the current gmpy2 context (gmpy2 2.1's context.div ignores the context's precision)."""
    x = [gmpy2.mpfr(float(a), 53) for a in args]  # exact: each operand is a value of the format
    return {"add": lambda: x[0] + x[1], "sub": lambda: x[0] - x[1], "mul": lambda: x[0] * x[1],
            "div": lambda: x[0] / x[1], "fma": lambda: gmpy2.fma(x[0], x[1], x[2]),
            "sqrt": lambda: gmpy2.sqrt(x[0])}[op]()


@pytest.mark.parametrize("name", IEEE)
@pytest.mark.parametrize("mode", MPFR_MODES)
@pytest.mark.parametrize("op", ["add", "sub", "mul", "div", "fma", "sqrt"])
def test_arithmetic_matches_mpfr(name, mode, op, rng):
    n = 1500
    count = {"fma": 3, "sqrt": 1}.get(op, 2)
    operands = [fplab.round(spread(rng, n, -20, 20), name) for _ in range(count)]
    if op == "sqrt":
        operands[0] = np.abs(operands[0])
    got = getattr(fplab, op)(*operands, name, mode, flags=True)
    for i in range(n):
        with gmpy2.local_context(mpfr_context(name, mode)) as ctx:
            value = float(mpfr_op(op, [a[i] for a in operands]))
        assert got.result[i] == value or (np.isnan(got.result[i]) and np.isnan(value)), (op, name, mode, i)
        if value != 0 or got.result[i] != 0:
            assert np.signbit(got.result[i]) == np.signbit(value)
        flags = int(got.flags[i])
        assert bool(flags & fplab.Flags.INEXACT) == bool(ctx.inexact), (op, name, mode, i)
        assert bool(flags & fplab.Flags.OVERFLOW) == bool(ctx.overflow), (op, name, mode, i)


def splitmix64(seed):
    state = seed
    mask = (1 << 64) - 1
    while True:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield z ^ (z >> 31)


def test_stochastic_rounding_matches_an_exact_model(rng):
    """Element i draws the i-th number r of SplitMix64(seed); a float64 x whose FP16 result is normal rounds
    away from zero when r mod 2^53 < frac * 2^53, frac being the discarded fraction of an FP16 ulp."""
    seed = 12345
    x = rng.uniform(2.0 ** -14, 60000.0, 5000) * rng.choice([-1.0, 1.0], 5000)
    got = fplab.round(x, "fp16", "sr", seed=seed)
    draws = splitmix64(seed)
    ups = 0
    for v, g in zip(x, got):
        r = next(draws)
        exact = fractions.Fraction(abs(v))
        ulp = fractions.Fraction(2) ** (int(np.floor(np.log2(abs(v)))) - 10)
        if exact >= 2 * ulp * 2 ** 10:  # log2 rounding at a binade edge
            ulp *= 2
        down = (exact // ulp) * ulp
        frac = (exact - down) / ulp
        up = (r & ((1 << 53) - 1)) < frac * 2 ** 53
        ups += up
        assert abs(fractions.Fraction(float(g))) == (down + ulp if up else down), v
    assert 0 < ups < len(x)


def test_stochastic_rounding_is_reproducible_and_unbiased(rng):
    x = np.full(200000, 1.0 + 2.0 ** -12)  # a quarter of an FP16 ulp above 1
    a = fplab.round(x, "fp16", "sr", seed=7)
    assert np.array_equal(a, fplab.round(x, "fp16", "sr", seed=7))
    assert not np.array_equal(a, fplab.round(x, "fp16", "sr", seed=8))
    share_up = np.mean(a > 1.0)
    assert abs(share_up - 0.25) < 0.01
