"""Random arguments to every function: each call returns or raises ValueError/TypeError with a message;
nothing crashes the interpreter (the whole run is one process, so a crash fails the suite)."""

import numpy as np

import fplab

NAMES = ["fp16", "bf16", "e4m3", "e8m0", "e2m1", "tf32", "fp64", "e15m48", "e5m10-nosub", "e4m3-fnuz", "fp17", "",
         "e99m3", "int8", "E5M2", "e3m0", "e2m61", "half"]
MODES = ["rne", "rna", "rtz", "rup", "rdn", "rto", "sr", "nearest", "xx", ""]


def random_argument(rng):
    choice = rng.integers(0, 12)
    if choice == 0:
        return float(rng.standard_normal() * 10.0 ** float(rng.integers(-300, 300)))
    if choice == 1:
        return rng.standard_normal(rng.integers(0, 5)).astype(rng.choice([np.float16, np.float32, np.float64]))
    if choice == 2:
        return rng.integers(0, 1 << 20, rng.integers(0, 5)).astype(rng.choice([np.uint8, np.uint16, np.uint32,
                                                                              np.uint64, np.int64]))
    if choice == 3:
        return [float("nan"), float("inf"), -0.0]
    if choice == 4:
        return None
    if choice == 5:
        return "0.1"
    if choice == 6:
        return int(rng.integers(-(1 << 62), 1 << 62)) * int(rng.integers(1, 1 << 10))
    if choice == 7:
        return np.zeros((2, 3), dtype=np.float32)
    if choice == 8:
        return np.array(["a", "b"])
    if choice == 9:
        return np.ones((3, 1)) * 2.0 ** rng.integers(-20, 20)
    if choice == 10:
        return [[1.0, 2.0], [3.0]]
    return complex(1, 2)


def test_random_calls_raise_clean_errors_or_return(rng):
    functions = [(fplab.round, 1), (fplab.encode, 1), (fplab.decode, 1), (fplab.add, 2), (fplab.sub, 2),
                 (fplab.mul, 2), (fplab.div, 2), (fplab.fma, 3), (fplab.sqrt, 1), (fplab.show, 1)]
    outcomes = {"ok": 0, "error": 0}
    for _ in range(6000):
        fn, count = functions[rng.integers(0, len(functions))]
        args = [random_argument(rng) for _ in range(count)]
        fmt = NAMES[rng.integers(0, len(NAMES))]
        kwargs = {}
        if fn not in (fplab.decode,):
            args.append(fmt)
            args.append(MODES[rng.integers(0, len(MODES))])
            if rng.integers(0, 2):
                kwargs["seed"] = [None, 1, -1, 2**70, "x"][rng.integers(0, 5)]
            if fn is fplab.show:
                kwargs.pop("seed", None)
        else:
            args.append(fmt)
        try:
            fn(*args, **kwargs)
            outcomes["ok"] += 1
        except (ValueError, TypeError) as e:
            assert str(e), f"{fn.__name__}{tuple(args)} raised {type(e).__name__} without a message"
            outcomes["error"] += 1
    assert outcomes["ok"] > 100 and outcomes["error"] > 100, outcomes


def test_messages_name_the_problem():
    import pytest
    with pytest.raises(ValueError, match="unknown rounding mode 'xx'"):
        fplab.round(1.0, "fp16", "xx")
    with pytest.raises(ValueError, match="needs a seed"):
        fplab.round(1.0, "fp16", "sr")
    with pytest.raises(ValueError, match="is not a value of fp16"):
        fplab.add(0.1, 1.0, "fp16")
    with pytest.raises(ValueError, match="is wider than e4m3"):
        fplab.decode([0x1ff], "e4m3")
    with pytest.raises(ValueError, match="exponent width 99 is out of range"):
        fplab.Format("e99m3")
    with pytest.raises(TypeError, match="must all be values"):
        fplab.add(1.0, np.array(["1"]), "fp16")


def test_random_calls_to_the_tensor_core_quantize_compare_rules_and_reveal(rng):
    archs = ["sm_80", "sm_90", "sm_89", "sm_70", "", None]
    instructions = [None, "mma.sync", "wmma", "wgmma", "hmma", 3]
    inputs = ["fp16", "bf16", "tf32", "e4m3", "e5m2", "int8", "uint8", "fp8", None]
    accs = ["fp32", "fp16", "int32", "fp64"]
    schemes = ["mxfp4", "nvfp4", "mxint8", "fp8-block128x128", "fp8-tensor", "mxfp3", "", 7]
    rules = [None, "ocp", "round-up", "nearest", "fp32", "max6", "max4", "4over6", "x", 1.5]
    counts = [None, 1, 2, 4, 16, 32, 128, 0, -1, 1 << 20, 2.5, True]
    reveal_counts = [None, 1, 2, 4, 16, 0, -1, 300, 2.5, True]
    outcomes = {"ok": 0, "error": 0}
    for _ in range(1500):
        kind = rng.integers(0, 5)
        pick = lambda options: options[rng.integers(0, len(options))]  # noqa: E731
        try:
            if kind == 0:
                fplab.mma(pick(archs), pick(instructions), random_argument(rng), random_argument(rng),
                          random_argument(rng), input=pick(inputs), acc=pick(accs), promote=pick(counts),
                          block=pick(counts), caveats=bool(rng.integers(0, 2)))
            elif kind == 1:
                fplab.gemm(pick(archs), pick(instructions), random_argument(rng), random_argument(rng),
                           random_argument(rng), input=pick(inputs), acc=pick(accs), promote=pick(counts))
            elif kind == 2:
                fplab.quantize(random_argument(rng), pick(schemes), pick(rules), blocks=pick(["row", "16x16", "x"]),
                               hadamard=pick([None, 0, 1, -1, 2**64, 1.5, True, "1"]))
            elif kind == 3:
                fplab.compare_rules(random_argument(rng), pick(schemes), blocks=pick(["row", "16x16", "x"]))
            else:
                answer = random_argument(rng)
                fplab.reveal(lambda x: answer if rng.integers(0, 3) else x.sum(), pick(reveal_counts),
                             pick(["fp32", "fp64", "fp16", "bf16", "e4m3", np.float16, None]), trials=pick([0, 3]),
                             seed=pick([1, -1, 2**70]))
            outcomes["ok"] += 1
        except (ValueError, TypeError, RuntimeError) as e:
            assert str(e), f"raised {type(e).__name__} without a message"
            outcomes["error"] += 1
    assert outcomes["ok"] > 5 and outcomes["error"] > 100, outcomes
