"""fplab.reveal against `fplab-cli reveal --exec` on the same function, known orders, and callables that fail."""

import json
import pathlib
import shlex
import subprocess
import sys

import numpy as np
import pytest

import fplab

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"

# A program for --exec that sums each line with the same Python function the module is given. It prints the
# sum as a hex-float, exactly: a shortest decimal of a double sum can fall on the other side of an FP32 tie
# than the double itself when the CLI rounds it to the terms' format.
PROGRAM = """import sys
import numpy as np
from {module} import {function} as fn
for line in iter(sys.stdin.readline, ""):
    terms = np.array(line.split(), dtype=np.float64).astype(np.{dtype})
    print(float(fn(terms)).hex(), flush=True)
"""


def python_loop(x):
    total = 0.0
    for v in x:
        total += float(v)
    return total


def typed_loop(x):
    total = x.dtype.type(0)
    for v in x:
        total = x.dtype.type(total + v)
    return total


def numpy_sum(x):
    return x.sum(dtype=x.dtype)


def cli_reveal(cli_path, command, n, dtype):
    done = subprocess.run([cli_path, "reveal", "--exec", command, "--n", str(n), "--type", dtype, "--json"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 5), done.stderr
    return json.loads(done.stdout)


def exec_command(tmp_path, function, dtype):
    script = tmp_path / f"sum_{function}.py"
    numpy_dtype = {"fp32": "float32", "fp64": "float64", "fp16": "float16", "bf16": "float32"}[dtype]
    script.write_text(PROGRAM.format(module="test_reveal", function=function, dtype=numpy_dtype))
    here = shlex.quote(str(pathlib.Path(__file__).resolve().parent))
    return f"PYTHONPATH={here}:$PYTHONPATH {shlex.quote(sys.executable)} {shlex.quote(str(script))}"


def as_cli_json(r):
    d = {"n": r.n, "type": r.type, "tree": r.tree, "probes": r.probes, "validated": r.validated, "trials": r.trials}
    if r.accumulator is not None:
        d["accumulator"] = r.accumulator
    return d


@pytest.mark.parametrize("function,dtype,n", [
    ("numpy_sum", "fp32", 64), ("numpy_sum", "fp32", 200), ("numpy_sum", "fp64", 40), ("numpy_sum", "fp16", 33),
    ("numpy_sum", "bf16", 24), ("python_loop", "fp32", 12), ("python_loop", "fp64", 9), ("typed_loop", "fp32", 10),
    ("typed_loop", "fp16", 7),
])
def test_reveal_agrees_with_the_cli(cli_path, tmp_path, function, dtype, n):
    cli = cli_reveal(cli_path, exec_command(tmp_path, function, dtype), n, dtype)
    cli.pop("target")
    assert as_cli_json(fplab.reveal(globals()[function], n, dtype)) == cli


def test_the_numpy_sum_example_agrees(cli_path):
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLES / 'reveal_numpy_sum.py'))}"
    cli = cli_reveal(cli_path, command, 64, "fp32")
    cli.pop("target")
    module = fplab.reveal(lambda x: x.sum(dtype=np.float32), 64, np.float32)
    assert as_cli_json(module) == cli
    assert module.validated and module.accumulator is None


def test_a_sequential_order_exactly():
    r = fplab.reveal(typed_loop, 4)
    assert (r.tree, r.validated, r.trials, r.accumulator) == ("(((0 1) 2) 3)", True, 100, None)
    assert fplab.reveal(typed_loop, 5, "fp16").tree == "((((0 1) 2) 3) 4)"
    assert fplab.reveal(python_loop, 4, "fp64").tree == "(((0 1) 2) 3)"


def test_a_reversed_pairwise_order():
    r = fplab.reveal(lambda x: (x[3] + x[2]) + (x[1] + x[0]), 4, "fp64")
    assert r.tree == "((0 1) (2 3))" and r.validated


def test_a_wrong_order_fails_validation_not_the_reveal():
    calls = {"n": 0}

    def honest_then_not(x):
        calls["n"] += 1
        return typed_loop(x) if calls["n"] <= 3 else typed_loop(x[::-1])

    r = fplab.reveal(honest_then_not, 4)
    assert r.tree == "(((0 1) 2) 3)" and not r.validated and r.trials >= 1


def test_a_callable_that_raises_names_the_probe():
    def fails(x):
        raise ValueError("no sum today")

    with pytest.raises(RuntimeError, match=r"^probe 1 \(M at term \d+, -M at term \d+\): the callable raised "
                                           r"ValueError: no sum today") as caught:
        fplab.reveal(fails, 8)
    assert isinstance(caught.value.__cause__, ValueError)


def test_an_interrupt_passes_through():
    def interrupted(x):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        fplab.reveal(interrupted, 8)


def test_a_callable_that_raises_during_validation_names_the_trial():
    def integers_only(x):
        if not np.all(x == np.round(x)):
            raise ArithmeticError("fractions")
        return x.sum()

    with pytest.raises(RuntimeError, match=r"validation trial 1: the callable raised ArithmeticError: fractions"):
        fplab.reveal(integers_only, 8)


@pytest.mark.parametrize("garbage,message", [
    (lambda x: "abc", r"the callable returned 'abc', which is not one number"),
    (lambda x: None, r"the callable returned None, which is not one number"),
    (lambda x: [1.0, 2.0], r"the callable returned \[1.0, 2.0\], which is not one number"),
    (lambda x: float("nan"), r"the sum came out as nan"),
    (lambda x: x[0], r"which is not a whole number of units"),
    (lambda x: x.max(), r"probe \d+ \(M at term"),
])
def test_garbage_gives_an_error_naming_the_probe(garbage, message):
    with pytest.raises(RuntimeError, match=message) as caught:
        fplab.reveal(garbage, 8)
    assert str(caught.value).startswith("probe ")


@pytest.mark.parametrize("kwargs,error,message", [
    ({"n": 0}, ValueError, "from 1"),
    ({"n": 257, "dtype": "bf16"}, ValueError, "256"),
    ({"n": 4, "dtype": "e4m3"}, ValueError, "fp32, fp64, fp16 or bf16"),
    ({"n": 4, "dtype": np.int32}, ValueError, "fp32, fp64, fp16 or bf16"),
    ({"n": 4.0}, TypeError, "whole number"),
    ({"n": 4, "trials": -1}, ValueError, "trials"),
    ({"n": 4, "seed": -1}, ValueError, "seed"),
])
def test_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message):
        fplab.reveal(numpy_sum, **kwargs)


def test_not_callable():
    with pytest.raises(TypeError, match="callable"):
        fplab.reveal(3, 4)
