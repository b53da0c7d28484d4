"""fplab.quantize against `fplab-cli quantize --json` on the same tensors (also through --hadamard),
fplab.compare_rules against `fplab-cli quantize --compare-rules`, and their argument checks."""

import json
import subprocess

import numpy as np
import pytest

import fplab

SCHEMES = ["mxfp8-e4m3", "mxfp8-e5m2", "mxfp6-e3m2", "mxfp6-e2m3", "mxfp4", "mxint8", "nvfp4", "fp8-tensor",
           "fp8-channel", "fp8-block128", "fp8-block128x128"]


def run_cli_quantize(cli_path, values, scheme, options):
    rows, cols = (1, values.size) if values.ndim == 1 else (values.size // values.shape[-1], values.shape[-1])
    args = [cli_path, "quantize", "--scheme", scheme, "--shape", f"{rows}x{cols}"] + options
    # repr of a float32 widened to double is exact enough to read back as the same float32.
    text = "\n".join(repr(float(v)) for v in values.reshape(-1)) + "\n"
    return subprocess.run(args, input=text, capture_output=True, text=True, check=True).stdout


def cli_quantize(cli_path, values, scheme, rule=None, tiles=False, hadamard=None):
    options = ["--json"]
    if rule:
        options += ["--scale-rule", rule]
    if tiles:
        options += ["--blocks", "16x16"]
    if hadamard is not None:
        options += ["--hadamard", str(hadamard)]
    return json.loads(run_cli_quantize(cli_path, values, scheme, options))


def tensor(rng, shape, outliers=True):
    x = (rng.standard_normal(shape) * 2.0 ** rng.integers(-6, 6, size=shape)).astype(np.float32)
    if outliers:
        flat = x.reshape(-1)
        flat[rng.integers(0, flat.size, size=max(1, flat.size // 50))] *= np.float32(1000)
        flat[rng.integers(0, flat.size, size=max(1, flat.size // 50))] = 0
    return x


def same_floats(got, want):
    got = np.asarray(got, dtype=np.float64).reshape(-1)
    want = np.asarray([np.nan if v is None else v for v in want], dtype=np.float64)
    return got.shape == want.shape and np.array_equal(got, want, equal_nan=True) and \
        np.array_equal(np.signbit(got), np.signbit(want))


def check_against_cli(q, cli):
    assert (q.scheme, q.element_format, q.scale_rule, q.scale_format) == \
        (cli["scheme"], cli["element_format"], cli["scale_rule"], cli["scale_format"])
    assert f"0x{q.tensor_scale_bits:08x}" == cli["tensor_scale_bits"]
    assert q.codes.reshape(-1).tolist() == cli["codes"]
    assert same_floats(q.dequantized, cli["dequantized"])
    assert same_floats(q.error, cli["error"])
    blocks = cli["blocks"]
    assert [int(b["scale_bits"], 16) for b in blocks] == q.scale_bits.tolist()
    assert same_floats(q.scales, [b["scale"] for b in blocks])
    assert same_floats(q.block_amax, [b["amax"] for b in blocks])
    assert same_floats(q.block_max_abs_error, [b["max_abs_error"] for b in blocks])
    assert np.bincount(q.block.reshape(-1), minlength=len(blocks)).tolist() == [b["elements"] for b in blocks]
    stats = cli["stats"]
    assert (q.max_abs_error, q.saturated, q.flushed_to_zero, q.nan) == \
        (stats["max_abs_error"], stats["saturated"], stats["flushed_to_zero"], stats["nan"])
    assert q.rms_error == pytest.approx(stats["rms_error"], rel=1e-15)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_quantize_agrees_with_the_cli(cli_path, rng, scheme):
    shape = (256, 256) if scheme == "fp8-block128x128" else (6, 160)
    x = tensor(rng, shape)
    check_against_cli(fplab.quantize(x, scheme), cli_quantize(cli_path, x, scheme))


@pytest.mark.parametrize("scheme,rule", [
    ("mxfp4", "round-up"), ("mxfp4", "nearest"), ("mxfp4", "fp32"), ("mxfp8-e4m3", "round-up"),
    ("nvfp4", "max4"), ("nvfp4", "4over6"), ("fp8-channel", "ocp"), ("fp8-block128", "nearest"),
])
def test_every_scale_rule_agrees_with_the_cli(cli_path, rng, scheme, rule):
    x = tensor(rng, (4, 256))
    check_against_cli(fplab.quantize(x, scheme, rule), cli_quantize(cli_path, x, scheme, rule))


def test_nvfp4_tiles_and_a_vector_agree_with_the_cli(cli_path, rng):
    x = tensor(rng, (32, 48))
    check_against_cli(fplab.quantize(x, "nvfp4", blocks="16x16"), cli_quantize(cli_path, x, "nvfp4", tiles=True))
    v = tensor(rng, (100,))
    q = fplab.quantize(v, "mxfp6-e2m3")
    assert q.codes.shape == (100,)
    check_against_cli(q, cli_quantize(cli_path, v, "mxfp6-e2m3"))


def test_a_nan_block_under_an_e8m0_rule(cli_path):
    x = np.arange(64, dtype=np.float32)
    x[3] = np.nan
    q = fplab.quantize(x, "mxfp8-e4m3")
    assert q.nan == 32 and np.isnan(q.dequantized[:32]).all() and not np.isnan(q.dequantized[32:]).any()
    check_against_cli(q, cli_quantize(cli_path, x, "mxfp8-e4m3"))


@pytest.mark.parametrize("scheme,seed", [("nvfp4", 0), ("nvfp4", 7), ("mxfp4", 2**40), ("mxfp8-e4m3", 12345)])
def test_the_hadamard_transform_agrees_with_the_cli(cli_path, rng, scheme, seed):
    x = tensor(rng, (4, 64))
    q = fplab.quantize(x, scheme, hadamard=seed)
    check_against_cli(q, cli_quantize(cli_path, x, scheme, hadamard=seed))
    assert q.codes.tolist() != fplab.quantize(x, scheme).codes.tolist()


def test_the_hadamard_transform_with_16x16_tiles_agrees_with_the_cli(cli_path, rng):
    x = tensor(rng, (32, 48))
    check_against_cli(fplab.quantize(x, "nvfp4", blocks="16x16", hadamard=3),
                      cli_quantize(cli_path, x, "nvfp4", tiles=True, hadamard=3))


def cli_compare_rules(cli_path, values, scheme, tiles=False, hadamard=None):
    """The numbers of `fplab-cli quantize --compare-rules`: the header's outlier, then per rule its table row
    and its histogram row."""
    text = run_cli_quantize(cli_path, values, scheme, ["--compare-rules"] + (["--blocks", "16x16"] if tiles else [])
                            + ([] if hadamard is None else ["--hadamard", str(hadamard)]))
    lines = text.splitlines()
    header = lines[0]
    outlier = float(header.split("the largest |x| is ")[1].split(" ")[0])
    index = int(header.split("(element ")[1].split(",")[0])
    table = next(i for i, line in enumerate(lines) if line.startswith("rule      scales")) + 1
    table_end = lines.index("", table)
    rows = {line.split()[0]: line.split(maxsplit=1)[1] for line in lines[table:table_end]}
    histograms = {}
    for line in lines[lines.index(next(x for x in lines if x.startswith("rule      0"))) + 1:]:
        histograms[line.split()[0]] = [int(n) for n in line.split()[1:]]
    return outlier, index, rows, histograms


def check_comparison_against_cli(c, cli):
    outlier, index, rows, histograms = cli
    assert (abs(c.outlier_value), c.outlier_index) == (outlier, index) or np.isnan(c.outlier_value)
    assert [r.rule for r in c.rules] == list(rows)
    for r in c.rules:
        if r.refusal:
            assert rows[r.rule] == "refused: " + r.refusal and r.rule not in histograms
            continue
        cells = rows[r.rule].split()
        assert cells[0] == r.scale_format
        assert [int(n) for n in cells[1:4]] == [r.saturated, r.rounded_to_zero, r.nan]
        assert float(cells[4]) == r.max_abs_error
        assert cells[5:7] == [f"{r.worst_block_max_relative_error:.4g}", f"{r.relative_rms_error:.4g}"]
        assert same_floats([r.outlier_block_scale, r.outlier_dequantized], [float(cells[7]), float(cells[8])])
        assert histograms[r.rule] == r.histogram


@pytest.mark.parametrize("scheme,shape,tiles", [
    ("mxfp4", (6, 160), False), ("mxfp8-e5m2", (3, 96), False), ("mxint8", (2, 64), False),
    ("nvfp4", (4, 64), False), ("nvfp4", (32, 48), True), ("fp8-block128", (2, 256), False),
    ("fp8-channel", (5, 40), False),
])
def test_compare_rules_agrees_with_the_cli(cli_path, rng, scheme, shape, tiles):
    x = tensor(rng, shape)
    c = fplab.compare_rules(x, scheme, blocks="16x16" if tiles else "row")
    assert c.scheme == scheme and len(c.rules) >= 2
    check_comparison_against_cli(c, cli_compare_rules(cli_path, x, scheme, tiles))


@pytest.mark.parametrize("scheme,shape,tiles,seed", [
    ("nvfp4", (4, 64), False, 7), ("nvfp4", (32, 48), True, 3), ("mxfp8-e4m3", (2, 64), False, 2**40),
])
def test_compare_rules_through_the_hadamard_transform_agrees_with_the_cli(cli_path, rng, scheme, shape, tiles, seed):
    x = tensor(rng, shape)
    blocks = "16x16" if tiles else "row"
    c = fplab.compare_rules(x, scheme, blocks=blocks, hadamard=seed)
    check_comparison_against_cli(c, cli_compare_rules(cli_path, x, scheme, tiles, hadamard=seed))
    first = fplab.quantize(x, scheme, c.rules[0].rule, blocks=blocks, hadamard=seed)
    assert (c.rules[0].saturated, c.rules[0].max_abs_error) == (first.saturated, first.max_abs_error)
    assert c.rules[0].max_abs_error != fplab.compare_rules(x, scheme, blocks=blocks).rules[0].max_abs_error


def test_compare_rules_with_a_nan_names_the_refusing_rule(cli_path):
    x = np.arange(64, dtype=np.float32)
    x[40] = np.nan
    c = fplab.compare_rules(x, "mxfp8-e4m3")
    refused = [r for r in c.rules if r.refusal]
    assert [r.rule for r in refused] == ["fp32"] and refused[0].saturated == 0
    assert c.outlier_index == 40
    check_comparison_against_cli(c, cli_compare_rules(cli_path, x, "mxfp8-e4m3"))


def test_compare_rules_gives_what_quantize_gives_per_rule(rng):
    x = tensor(rng, (4, 64))
    for r in fplab.compare_rules(x, "nvfp4").rules:
        q = fplab.quantize(x, "nvfp4", r.rule)
        assert (r.saturated, r.rounded_to_zero, r.nan, r.max_abs_error) == \
            (q.saturated, q.flushed_to_zero, q.nan, q.max_abs_error)


def test_dequantized_is_scale_times_element():
    x = np.linspace(-7, 7, 64, dtype=np.float32)
    q = fplab.quantize(x, "mxfp4")
    elements = np.asarray(fplab.decode(q.codes, "e2m1"))
    assert np.array_equal(q.dequantized, elements * q.scales[q.block])
    assert np.array_equal(q.error, x.astype(np.float64) - q.dequantized)


@pytest.mark.parametrize("args,kwargs,error,message", [
    (([1.0], "mxfp3"), {}, ValueError, "unknown scheme 'mxfp3'"),
    (([1.0], "mxfp4", "max6"), {}, ValueError, "max6"),
    (([1.0], "mxfp4", "sideways"), {}, ValueError, "unknown scale rule 'sideways'"),
    (([1.0], "mxfp4"), {"blocks": "16x16"}, ValueError, "16x16"),
    (([1.0], "mxfp4"), {"blocks": "8x8"}, ValueError, "blocks"),
    (([np.nan], "fp8-tensor"), {}, ValueError, "NaN"),
    (([], "mxfp4"), {}, ValueError, "non-empty"),
    ((1.0, "mxfp4"), {}, ValueError, "scalar"),
    ((["a"], "mxfp4"), {}, TypeError, "numbers"),
    (([1.0], 4), {}, TypeError, "scheme"),
    (([1.0] * 24, "nvfp4"), {"hadamard": 1}, ValueError, "multiple of 16"),
    (([1.0] * 16, "nvfp4"), {"hadamard": -1}, ValueError, "seed"),
    (([1.0] * 16, "nvfp4"), {"hadamard": 1.5}, TypeError, "seed"),
    (([1.0] * 16, "nvfp4"), {"hadamard": True}, TypeError, "seed"),
])
def test_errors_name_the_problem(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        fplab.quantize(*args, **kwargs)


@pytest.mark.parametrize("args,kwargs,error,message", [
    (([1.0], "mxfp3"), {}, ValueError, "unknown scheme 'mxfp3'"),
    (([1.0], "mxfp4"), {"blocks": "16x16"}, ValueError, "16x16"),
    (([], "mxfp4"), {}, ValueError, "non-empty"),
    (([1.0], None), {}, TypeError, "scheme"),
])
def test_compare_rules_errors_name_the_problem(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        fplab.compare_rules(*args, **kwargs)
