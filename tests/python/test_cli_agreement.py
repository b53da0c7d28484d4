"""The module and `fplab-cli batch` agree bit for bit, flags included, on random operands of every operation,
in several formats and every deterministic rounding mode (one batch run per operation)."""

import numpy as np
import pytest

import fplab

FORMATS = ["fp16", "bf16", "tf32", "fp32", "e4m3", "e5m2", "e2m1", "e3m2", "e4m3fnuz", "e5m10-nosub"]
MODES = ["rne", "rna", "rtz", "rup", "rdn", "rto"]
CASES = 400  # per operation, format and mode: 24,000 per operation
OPERATIONS = {"add": 2, "sub": 2, "mul": 2, "div": 2, "fma": 3, "sqrt": 1}


def random_bits(rng, fmt, n):
    return rng.integers(0, 1 << fmt.total_bits, size=n, dtype=np.uint64).astype(fmt.bits_dtype)


def flag_letters(flags):
    return [str(fplab.Flags(int(f))) for f in flags]


@pytest.mark.parametrize("op", OPERATIONS)
def test_elementwise_matches_batch(op, rng, run_batch):
    lines, expected = [], []
    for name in FORMATS:
        fmt = fplab.Format(name)
        digits = (fmt.total_bits + 3) // 4
        for mode in MODES:
            operands = [random_bits(rng, fmt, CASES) for _ in range(OPERATIONS[op])]
            got = getattr(fplab, op)(*operands, fmt, mode, flags=True)
            expected.append(got)
            for i in range(CASES):
                hexes = " ".join(f"{int(x[i]):0{digits}x}" for x in operands)
                lines.append(f"{op} {name} {mode} {hexes}")
    bits, letters = run_batch(lines)
    got_bits = [int(b) for g in expected for b in g.result]
    got_letters = [s for g in expected for s in flag_letters(g.flags)]
    mismatches = [(lines[i], bits[i], letters[i], got_bits[i], got_letters[i])
                  for i in range(len(lines)) if (bits[i], letters[i]) != (got_bits[i], got_letters[i])]
    assert not mismatches, f"{len(mismatches)} of {len(lines)} differ, first: {mismatches[:3]}"


@pytest.mark.parametrize("source", ["fp32", "fp64"])
def test_encode_matches_batch_convert(source, rng, run_batch):
    dtype = np.float32 if source == "fp32" else np.float64
    width = 32 if source == "fp32" else 64
    raw = rng.integers(0, 1 << 63, size=CASES, dtype=np.uint64) * 2 + rng.integers(0, 2, size=CASES, dtype=np.uint64)
    if width == 32:
        raw = raw >> np.uint64(32)
    # Half of them near each target's range, where rounding decides something.
    values = raw.astype(np.uint32 if width == 32 else np.uint64).view(dtype).copy()
    values[: CASES // 2] = (rng.standard_normal(CASES // 2) * 2.0 ** rng.integers(-30, 20, CASES // 2)).astype(dtype)
    lines, expected = [], []
    for name in FORMATS:
        for mode in MODES:
            got = fplab.encode(values, name, mode, flags=True)
            expected.append(got)
            lines += [f"convert {source} {name} {mode} {int(v):0{width // 4}x}" for v in values.view(
                np.uint32 if width == 32 else np.uint64)]
    bits, letters = run_batch(lines)
    got_bits = [int(b) for g in expected for b in g.result]
    got_letters = [s for g in expected for s in flag_letters(g.flags)]
    mismatches = [i for i in range(len(lines)) if (bits[i], letters[i]) != (got_bits[i], got_letters[i])]
    assert not mismatches, f"{len(mismatches)} differ, first: {lines[mismatches[0]]}"


def test_round_is_decode_of_encode(rng):
    x = (rng.standard_normal(20000) * 2.0 ** rng.integers(-30, 20, 20000)).astype(np.float32)
    for name in ["fp16", "bf16", "e4m3", "e5m2", "e2m1"]:
        for mode in MODES:
            expected = fplab.decode(fplab.encode(x, name, mode), name, dtype="float32")
            assert np.array_equal(fplab.round(x, name, mode), expected, equal_nan=True)
            given = np.empty_like(x)
            fplab.round(x, name, mode, out=given)
            assert np.array_equal(given, expected, equal_nan=True)
            assert np.array_equal(fplab.round(x, name, mode, flags=True).flags, fplab.encode(x, name, mode,
                                                                                              flags=True).flags)


def test_show_matches_cli(cli_path):
    import subprocess
    for value, fmt in [("0.1", "fp16"), ("-431.99999999999994", "e4m3"), ("1e999999999", "bf16"), ("nan", "e5m2"),
                       ("0x3c00", "fp16"), ("2^-149", "fp32"), ("3.3", "e8m0"), ("0.1", "tf32")]:
        out = subprocess.run([cli_path, "show", value, "--format", fmt], capture_output=True, text=True,
                             check=True).stdout
        assert fplab.show(value, fmt).text == out


def test_bad_format_message_is_the_cli_one(cli_path):
    import subprocess
    err = subprocess.run([cli_path, "batch"], input="add fp17 rne 3c00 3c00\n", capture_output=True,
                         text=True).stderr
    with pytest.raises(ValueError) as e:
        fplab.add(1.0, 1.0, "fp17")
    assert str(e.value) in err


@pytest.mark.parametrize("name", ["fp16", "bf16", "e4m3", "e5m2", "e2m1", "fp32", "e5m10-nosub"])
@pytest.mark.parametrize("op", OPERATIONS)
def test_values_agree_with_bits(name, op, rng):
    """The values path (float32 in and out, with its own shortcut for normal numbers) gives the bits path's
    results, which the test above holds against the CLI."""
    fmt = fplab.Format(name)
    operands = [random_bits(rng, fmt, 20000) for _ in range(OPERATIONS[op])]
    on_bits = getattr(fplab, op)(*operands, fmt, "rne", flags=True)
    on_values = getattr(fplab, op)(*[fplab.decode(b, fmt, dtype="float32") for b in operands], fmt, "rne",
                                   flags=True)
    assert on_values.result.dtype == np.float32
    assert np.array_equal(on_values.result, fplab.decode(on_bits.result, fmt, dtype="float32"), equal_nan=True)
    # A signalling NaN's bits become a quiet NaN as a float, so its invalid flag is the bits path's alone.
    numbers = ~np.any([np.isnan(fplab.decode(b, fmt)) for b in operands], axis=0)
    assert np.array_equal(on_values.flags[numbers], on_bits.flags[numbers])


def test_show_html_colours_each_field():
    page = fplab.show("0.1", "fp16")._repr_html_()
    for field, bits in [("sign", "0"), ("exponent", "01011"), ("mantissa", "1001100110")]:
        assert f'title="{field}"' in page and f">{bits}</span>" in page
    unsigned = fplab.show("2", "e8m0")._repr_html_()
    assert 'title="sign"' not in unsigned and 'title="exponent"' in unsigned
