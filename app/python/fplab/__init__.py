"""FP Lab in Python: every number format of FP Lab's core, bit for bit, over NumPy arrays.

Formats are named as in ``fplab-cli`` (``fp16``, ``bf16``, ``e4m3``, ``e5m10-nosub`` ...); rounding modes are
``rne rna rtz rup rdn rto`` and ``sr`` (stochastic, reproducible from ``seed``). Every operation can also
return the IEEE flags, per element and OR-ed.

>>> import fplab
>>> fplab.round(0.1, "fp16")
0.0999755859375
>>> fplab.round(-431.99999999999994, "e4m3")    # one rounding from float64, not two
-416.0
"""

from __future__ import annotations

import enum
import html
from typing import Any, NamedTuple

import numpy as np

from . import _core

__all__ = [
    "Format", "Flags", "WithFlags", "Shown", "round", "encode", "decode",
    "add", "sub", "mul", "div", "fma", "sqrt", "show", "Revealed", "reveal", "WithCaveats", "mma", "gemm",
    "Quantized", "quantize", "RuleSummary", "RuleComparison", "compare_rules",
    "ROUNDING_MODES",
]

Format = _core.Format
ROUNDING_MODES = ("rne", "rna", "rtz", "rup", "rdn", "rto", "sr")


class Flags(enum.IntFlag):
    """The five IEEE 754 exception flags; ``str`` gives the CLI's letters ``vzoux`` (``-`` for none).

    >>> str(fplab.Flags.OVERFLOW | fplab.Flags.INEXACT)
    'ox'
    """

    INVALID = 1
    DIVIDE_BY_ZERO = 2
    OVERFLOW = 4
    UNDERFLOW = 8
    INEXACT = 16

    def __str__(self) -> str:
        letters = "".join(c for c, f in zip("vzoux", (1, 2, 4, 8, 16)) if self.value & f)
        return letters or "-"


class WithFlags(NamedTuple):
    """A result with its flags: ``flags`` per element (uint8, the bits of :class:`Flags`), ``all`` OR-ed."""

    result: Any
    flags: Any
    all: Flags


def _format(fmt: Format | str) -> Format:
    if isinstance(fmt, Format):
        return fmt
    if not isinstance(fmt, str):
        raise TypeError(f"fmt must be a format name or fplab.Format, got {type(fmt).__name__}")
    return Format(fmt)


def _seed(rounding: str, seed: int | None) -> int | None:
    if seed is None:
        return None
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2^64-1, got {seed!r}")
    return int(seed)


def _rounding(rounding: str) -> str:
    if not isinstance(rounding, str):
        raise TypeError(f"rounding must be a name such as 'rne', got {type(rounding).__name__}")
    return rounding


def _values(x: Any, what: str = "x") -> tuple[np.ndarray, bool]:
    """x as a C-contiguous float32 or float64 array, and whether it was a scalar."""
    scalar = np.ndim(x) == 0
    a = np.asarray(x)
    if a.dtype == np.float16:
        a = a.astype(np.float32)
    elif a.dtype.kind in "iub":
        wide = a.astype(np.float64)
        if a.dtype.kind != "b" and not np.array_equal(wide.astype(a.dtype), a):
            raise ValueError(f"{what} holds integers that float64 cannot hold exactly")
        a = wide
    elif a.dtype not in (np.float32, np.float64):
        raise TypeError(f"{what} must hold numbers (float16, float32, float64 or integers), got dtype {a.dtype}")
    return np.ascontiguousarray(a), scalar


def _bits(x: Any, fmt: Format, what: str = "bits") -> tuple[np.ndarray, bool]:
    """x as encodings of fmt in its bits dtype; ValueError naming the first encoding that does not fit."""
    scalar = np.ndim(x) == 0
    a = np.asarray(x)
    if a.dtype.kind not in "iu":
        raise TypeError(f"{what} must be unsigned integers (the encodings of {fmt.name}), got dtype {a.dtype}")
    mask = (1 << fmt.total_bits) - 1
    fits_dtype = a.dtype.kind == "u" and a.dtype.itemsize * 8 <= fmt.total_bits
    if a.size and not fits_dtype and (int(a.max()) > mask or int(a.min()) < 0):
        flat = a.reshape(-1)
        i = int(np.flatnonzero((flat < 0) | (flat.astype(np.uint64) > np.uint64(mask)))[0])
        v = int(flat[i])
        text = hex(v) if v >= 0 else str(v)
        raise ValueError(f"{what} element {i}: {text} is wider than {fmt.name} "
                         f"({fmt.total_bits} bits, at most {(fmt.total_bits + 3) // 4} hex digits)")
    return np.ascontiguousarray(a.astype(fmt.bits_dtype, copy=False)), scalar


def _finish(out: np.ndarray, flags: np.ndarray, all_flags: int, scalar: bool, want_flags: bool) -> Any:
    if scalar:
        value = out.reshape(-1)[0].item()
        return WithFlags(value, Flags(int(flags.reshape(-1)[0])), Flags(all_flags)) if want_flags else value
    return WithFlags(out, flags, Flags(all_flags)) if want_flags else out


def round(x: Any, fmt: Format | str, rounding: str = "rne", *, seed: int | None = None, saturate: bool = False,
          flags: bool = False, out: np.ndarray | None = None) -> Any:
    """Rounds each value of ``x`` into ``fmt`` once and returns the values, exactly.

    float32 input gives float32 output when every value of ``fmt`` is a float32 (fp16, bf16, the FP8/FP6/FP4
    formats); otherwise float64. ``saturate`` sends overflow in formats without infinity to the largest value.
    With ``flags=True`` the result is a :class:`WithFlags`. ``out``, a C-contiguous array of the result's dtype
    and size, receives the result instead of a new array (as NumPy's ``out=``).

    >>> fplab.round([1.0, 1.00048828125, 65520.0], "fp16", flags=True)   # a tie to even, then overflow
    WithFlags(result=array([ 1.,  1., inf]), flags=array([ 0, 16, 20], dtype=uint8), all=<Flags.OVERFLOW|INEXACT: 20>)
    >>> fplab.round(2.5, "e2m1", "rna")
    3.0
    >>> fplab.round([1.0 + 2**-12] * 8, "fp16", "sr", seed=1).tolist()   # up with probability 1/4
    [1.0, 1.0, 1.0, 1.0009765625, 1.0, 1.0, 1.0, 1.0009765625]
    """
    f = _format(fmt)
    a, scalar = _values(x)
    result, fl, all_flags = _core.round(a, f, _rounding(rounding), _seed(rounding, seed), bool(saturate), bool(flags),
                                        out)
    return _finish(result.reshape(a.shape), fl, all_flags, scalar, flags)


def encode(x: Any, fmt: Format | str, rounding: str = "rne", *, seed: int | None = None, saturate: bool = False,
           flags: bool = False) -> Any:
    """Rounds each value of ``x`` into ``fmt`` and returns the encodings (uint8, uint16, uint32 or uint64).

    >>> hex(fplab.encode(0.1, "fp16"))
    '0x2e66'
    >>> fplab.encode([448.0, 500.0], "e4m3", flags=True)
    WithFlags(result=array([126, 127], dtype=uint8), flags=array([ 0, 20], dtype=uint8), all=<Flags.OVERFLOW|INEXACT: 20>)
    """
    f = _format(fmt)
    a, scalar = _values(x)
    out, fl, all_flags = _core.encode(a, f, _rounding(rounding), _seed(rounding, seed), bool(saturate))
    return _finish(out, fl, all_flags, scalar, flags)


def decode(bits: Any, fmt: Format | str, *, dtype: str = "float64") -> Any:
    """The values of encodings of ``fmt``, as float64 (or float32 where ``fmt`` fits it).

    >>> fplab.decode([0x3c00, 0x7bff, 0x0001], "fp16")
    array([1.00000000e+00, 6.55040000e+04, 5.96046448e-08])
    """
    f = _format(fmt)
    b, scalar = _bits(bits, f)
    if dtype not in ("float64", "float32"):
        raise ValueError(f"dtype must be 'float64' or 'float32', got {dtype!r}")
    out = _core.decode(b, f, dtype == "float32")
    return out.reshape(-1)[0].item() if scalar else out


def _elementwise(op: str, operands: tuple, fmt: Format | str, rounding: str, seed: int | None, saturate: bool,
                 flags: bool) -> Any:
    f = _format(fmt)
    arrays = [np.asarray(x) for x in operands]
    scalar = all(np.ndim(x) == 0 for x in operands)
    kinds = {a.dtype.kind for a in arrays}
    if kinds <= set("iu"):
        converted = [_bits(a, f, f"operand {i + 1}")[0] for i, a in enumerate(arrays)]
    elif kinds <= set("fiu") and kinds & {"f"}:
        values = [_values(a, f"operand {i + 1}")[0] for i, a in enumerate(arrays)]
        with np.errstate(over="ignore"):
            single = f.fits_float32 and all(v.dtype == np.float32 or np.ndim(x) == 0 and np.float32(v) == v
                                             for v, x in zip(values, operands))
        if not single and not f.fits_float64:
            raise ValueError(f"the values of {f.name} are not all float64 values; pass its bits instead")
        converted = [v.astype(np.float32 if single else np.float64, copy=False) for v in values]
    else:
        raise TypeError(f"{op}: operands must all be values (floats) or all encodings (unsigned integers) of "
                        f"{f.name}, got dtypes {', '.join(str(a.dtype) for a in arrays)}")
    converted = [np.ascontiguousarray(a) for a in np.broadcast_arrays(*converted)]
    out, fl, all_flags = _core.elementwise(op, f, _rounding(rounding), _seed(rounding, seed), bool(saturate), converted)
    return _finish(out, fl, all_flags, scalar, flags)


def add(a: Any, b: Any, fmt: Format | str, rounding: str = "rne", *, seed: int | None = None,
        saturate: bool = False, flags: bool = False) -> Any:
    """a + b in ``fmt``, rounded once, element by element (NumPy broadcasting).

    Operands are values of ``fmt`` (floats that ``fmt`` holds exactly; round them first) or its encodings
    (unsigned integers, bits in and bits out as in ``fplab-cli batch``).

    >>> fplab.add(1.0, 2.0**-11, "fp16")             # a tie: to even
    1.0
    >>> fplab.add(1.0, 2.0**-11, "fp16", "rup")
    1.0009765625
    >>> fplab.add(0x3c00, 0x3c00, "fp16")            # bits in, bits out
    16384
    """
    return _elementwise("add", (a, b), fmt, rounding, seed, saturate, flags)


def sub(a: Any, b: Any, fmt: Format | str, rounding: str = "rne", *, seed: int | None = None,
        saturate: bool = False, flags: bool = False) -> Any:
    """a - b in ``fmt``, rounded once (see :func:`add`).

    >>> fplab.sub(1.0, 1.0, "fp16", "rdn")           # an exact zero is -0 when rounding down
    -0.0
    """
    return _elementwise("sub", (a, b), fmt, rounding, seed, saturate, flags)


def mul(a: Any, b: Any, fmt: Format | str, rounding: str = "rne", *, seed: int | None = None,
        saturate: bool = False, flags: bool = False) -> Any:
    """a * b in ``fmt``, rounded once (see :func:`add`).

    >>> fplab.mul(448.0, 2.0, "e4m3", flags=True)
    WithFlags(result=nan, flags=<Flags.OVERFLOW|INEXACT: 20>, all=<Flags.OVERFLOW|INEXACT: 20>)
    >>> fplab.mul(448.0, 2.0, "e4m3", saturate=True)
    448.0
    """
    return _elementwise("mul", (a, b), fmt, rounding, seed, saturate, flags)


def div(a: Any, b: Any, fmt: Format | str, rounding: str = "rne", *, seed: int | None = None,
        saturate: bool = False, flags: bool = False) -> Any:
    """a / b in ``fmt``, rounded once (see :func:`add`).

    >>> fplab.div(1.0, 0.0, "bf16", flags=True)
    WithFlags(result=inf, flags=<Flags.DIVIDE_BY_ZERO: 2>, all=<Flags.DIVIDE_BY_ZERO: 2>)
    """
    return _elementwise("div", (a, b), fmt, rounding, seed, saturate, flags)


def fma(a: Any, b: Any, c: Any, fmt: Format | str, rounding: str = "rne", *, seed: int | None = None,
        saturate: bool = False, flags: bool = False) -> Any:
    """a * b + c in ``fmt``, rounded once (see :func:`add`).

    >>> fplab.fma(1.0009765625, 1.0009765625, -1.0, "fp16")   # the product's low bits survive
    0.001953125
    """
    return _elementwise("fma", (a, b, c), fmt, rounding, seed, saturate, flags)


def sqrt(a: Any, fmt: Format | str, rounding: str = "rne", *, seed: int | None = None,
         saturate: bool = False, flags: bool = False) -> Any:
    """The square root in ``fmt``, rounded once (see :func:`add`).

    >>> fplab.sqrt(2.0, "bf16")
    1.4140625
    """
    return _elementwise("sqrt", (a,), fmt, rounding, seed, saturate, flags)


_FIELD_COLOURS = ("#d62728", "#1f77b4", "#2ca02c")  # sign, exponent, mantissa


class Shown:
    """Every field ``fplab-cli show`` prints for one value, as attributes; ``repr`` is the CLI's text.

    Attributes: format, input, rounding, bits (int), flags (:class:`Flags`), bit_text, fields, hex, value_class,
    value, exact, shortest, hex_float, ulp, next_up, next_down, error (list of lines), flag_text, text.
    """

    def __init__(self, report: dict, fmt: Format):
        self.__dict__.update(report)
        self.flags = Flags(report["flags"])
        self._format = fmt

    def __repr__(self) -> str:
        return self.text.rstrip("\n")

    def _repr_html_(self) -> str:
        groups = self.bit_text.split(" ")
        names = ["sign", "exponent", "mantissa"] if self._format.has_sign else ["exponent", "mantissa"]
        colours = _FIELD_COLOURS if self._format.has_sign else _FIELD_COLOURS[1:]
        bits = " ".join(f'<span title="{n}" style="color:{c};font-weight:bold">{g}</span>'
                        for g, n, c in zip(groups, names, colours))
        rows = self.text.rstrip("\n").split("\n")
        body = "\n".join(html.escape(r) for r in rows[2:])
        return (f"<pre>{html.escape(rows[0])}\n  bits       {bits}\n{body}</pre>")


def show(x: Any, fmt: Format | str = "fp32", rounding: str = "rne", *, saturate: bool = False) -> Shown:
    """One value in ``fmt``: fields, exact and shortest decimal, ulp, neighbours, error and flags.

    A string is read exactly as ``fplab-cli show VALUE`` reads it (``"0.1"``, ``"2^-11"``, ``"0x3c00"`` raw bits);
    a Python float is its exact binary value, shown as its repr.

    >>> s = fplab.show("0.1", "fp16")
    >>> s.hex, s.exact, str(s.flags)
    ('0x2e66', '0.0999755859375', 'x')
    >>> print(s.next_up)
    0x2e67 = 0.10003662109375
    """
    f = _format(fmt)
    if isinstance(x, str):
        text, shown_as = x, ""
    elif isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        text, shown_as = str(int(x)), ""
    elif isinstance(x, (float, np.floating)):
        v = float(x)
        text, shown_as = (v.hex() if np.isfinite(v) else repr(v)), repr(v)
    else:
        raise TypeError(f"show takes one number (a str, int or float), got {type(x).__name__}")
    return Shown(_core.show(text, f, _rounding(rounding), bool(saturate), shown_as), f)



class Revealed(NamedTuple):
    """An order revealed by :func:`reveal`, with the fields of ``fplab-cli reveal --json``: ``tree`` in bracket
    form over 0-based term indices (a bracket of more than two items is one fused addition), the number of
    ``probes``, whether ``trials`` random inputs ``validated`` the order bit for bit, and ``accumulator``
    (``"fp64"`` when the order only reproduces the sums added in double, else ``None``)."""

    n: int
    type: str
    tree: str
    probes: int
    validated: bool
    trials: int
    accumulator: str | None


_REVEAL_DTYPES = {"fp32": "fp32", "fp64": "fp64", "fp16": "fp16", "bf16": "bf16",
                  "float32": "fp32", "float64": "fp64", "float16": "fp16"}


def reveal(fn: Any, n: int, dtype: Any = "fp32", trials: int = 100, seed: int = 1) -> Revealed:
    """The order in which ``fn`` sums ``n`` terms, revealed by probes as ``fplab-cli reveal --exec`` does.

    ``fn`` takes a NumPy array of ``n`` values and returns their sum: ``dtype`` ``fp32`` (float32), ``fp64``
    (float64), ``fp16`` (float16) or ``bf16`` (float32 values that BF16 holds exactly). What it returns is
    rounded once to ``dtype``. The revealed tree is then checked on ``trials`` random inputs (``0`` skips it).
    A callable that raises, or returns something that is no number or no sum, gives a ``RuntimeError`` naming
    the probe; ``n`` beyond the format's limit (fp32 2^24, fp64 2^30, fp16 2048, bf16 256) a ``ValueError``.

    >>> def loop(x):                                  # one term after another, in float32
    ...     total = np.float32(0)
    ...     for v in x:
    ...         total = np.float32(total + v)
    ...     return total
    >>> fplab.reveal(loop, 4).tree
    '(((0 1) 2) 3)'
    >>> fplab.reveal(lambda x: (x[0] + x[1]) + (x[2] + x[3]), 4, "fp16")
    Revealed(n=4, type='fp16', tree='((0 1) (2 3))', probes=4, validated=True, trials=100, accumulator=None)
    >>> fplab.reveal(lambda x: sum(x.tolist()), 3).accumulator    # Python floats add in double
    'fp64'
    """
    key = dtype if isinstance(dtype, str) else np.dtype(dtype).name
    if key not in _REVEAL_DTYPES:
        raise ValueError(f"reveal takes dtype fp32, fp64, fp16 or bf16 (got {dtype!r})")
    if not callable(fn):
        raise TypeError(f"fn must be callable, got {type(fn).__name__}")
    for name, value in (("n", n), ("trials", trials), ("seed", seed)):
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
            raise TypeError(f"{name} must be a whole number, got {type(value).__name__}")
    if not 0 <= int(seed) < 2**62:
        raise ValueError(f"seed must be a whole number from 0 to 2^62, got {seed!r}")
    return Revealed(**_core.reveal(fn, int(n), _REVEAL_DTYPES[key], int(trials), int(seed)))


class WithCaveats(NamedTuple):
    """A tensor-core result with, per element, the open question of the model it rests on (``""`` for none)."""

    result: Any
    caveats: Any


# The formats whose values stand for a tensor core's operands and accumulators (TF32 operands are FP32 values,
# converted by the model).
_TC_INPUT_FORMATS = {"fp16": "fp16", "bf16": "bf16", "tf32": "fp32", "e4m3": "e4m3", "e5m2": "e5m2"}
_TC_ACC_FORMATS = {"fp32": "fp32", "fp16": "fp16"}
_TC_ACC_DTYPES = {"fp32": np.uint32, "fp16": np.uint16, "int32": np.uint32}
# The integer types: their values are whole numbers (two's complement encodings for int8 and int32), given as
# floats or as an array of the type's own signed dtype: (that dtype or None, smallest, largest, bits).
_TC_INT_TYPES = {"int8": (np.int8, -128, 127, 8), "uint8": (None, 0, 255, 8),
                 "int32": (np.int32, -2**31, 2**31 - 1, 32)}


def _tc_int_values(a: np.ndarray, type_name: str, what: str, wide: type) -> np.ndarray:
    """The encodings of integer values (floats holding whole numbers, or the type's own dtype)."""
    own, low, high, width = _TC_INT_TYPES[type_name]
    if a.dtype.kind == "f":
        values = a.astype(np.float64)
        bad = ~((values == np.floor(values)) & (values >= low) & (values <= high))
        if bad.any():
            i = int(np.flatnonzero(bad.reshape(-1))[0])
            raise ValueError(f"{what} element {i}: {values.reshape(-1)[i]!r} is not a value of {type_name} "
                             f"(a whole number from {low} to {high})")
    return np.array(a.astype(np.int64) & ((1 << width) - 1), dtype=wide, order="C")


def _tc_operand(x: Any, type_name: str, formats: dict, what: str, wide: type) -> tuple[np.ndarray, bool]:
    """x as encodings (an array of ``wide``) and whether it was given as values."""
    a = np.asarray(x)
    if type_name in _TC_INT_TYPES and (a.dtype.kind == "f" or a.dtype == _TC_INT_TYPES[type_name][0]):
        return _tc_int_values(a, type_name, what, wide), True
    if a.dtype.kind in "iu":
        if a.size and (int(a.min()) < 0 or int(a.max()) > np.iinfo(wide).max):
            raise ValueError(f"{what} holds an encoding that is negative or wider than {np.dtype(wide).itemsize * 8} "
                             f"bits ({type_name})")
        return np.array(a, dtype=wide, order="C"), False
    if a.dtype.kind != "f":
        raise TypeError(f"{what} must be values (floats) or encodings (unsigned integers), got dtype {a.dtype}")
    if type_name not in formats:
        raise TypeError(f"{what}: {type_name} takes encodings (unsigned integers), not floats")
    fmt = formats[type_name]
    values = a.astype(np.float64)
    bits = np.asarray(encode(values, fmt)).reshape(values.shape)
    back = np.asarray(decode(bits, fmt)).reshape(values.shape)
    inexact = ~((back == values) | (np.isnan(back) & np.isnan(values)))
    if inexact.any():
        i = int(np.flatnonzero(inexact.reshape(-1))[0])
        raise ValueError(f"{what} element {i}: {values.reshape(-1)[i]!r} is not a {fmt} value (round it first)")
    return np.array(bits, dtype=wide, order="C"), True


def _tc_result(d: np.ndarray, caveats: np.ndarray, acc: str, as_values: bool, want_caveats: bool) -> Any:
    d = d.astype(_TC_ACC_DTYPES.get(acc, np.uint32))
    if as_values:
        d = d.view(np.int32) if acc == "int32" else decode(d, _TC_ACC_FORMATS[acc])
    if np.ndim(d) == 0:
        d = np.asarray(d).item()
    if not want_caveats:
        return d
    texts = np.vectorize(lambda code: _core.caveat_text(int(code)), otypes=[object])(caveats)
    return WithCaveats(d, texts.item() if np.ndim(texts) == 0 else texts)


def _tc_names(arch: str, instruction: str | None, input: str, acc: str, promote: int | None,
              block: int | None, satfinite: bool) -> tuple[int, int]:
    for name, value in (("arch", arch), ("input", input), ("acc", acc)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be a name, got {type(value).__name__}")
    if instruction is not None and not isinstance(instruction, str):
        raise TypeError(f"instruction must be a name or None, got {type(instruction).__name__}")
    counts = []
    for name, value in (("promote", promote), ("block", block)):
        if value is not None and (not isinstance(value, (int, np.integer)) or isinstance(value, bool)):
            raise TypeError(f"{name} must be a whole number or None, got {type(value).__name__}")
        if value is not None and not 1 <= int(value) <= 1 << 16:
            raise ValueError(f"{name} must be from 1 to 65536, got {value}")
        counts.append(0 if value is None else int(value))
    if not isinstance(satfinite, (bool, np.bool_)):
        raise TypeError(f"satfinite must be True or False, got {type(satfinite).__name__}")
    _core.check_model(arch, instruction, input, acc, counts[0], counts[1], bool(satfinite))
    return counts[0], counts[1]


def mma(arch: str, instruction: str | None, a: Any, b: Any, c: Any, *, input: str, acc: str = "fp32",
        promote: int | None = None, block: int | None = None, caveats: bool = False, satfinite: bool = False) -> Any:
    """Tensor-core dot products ``d = sum_k a_k * b_k + c`` through the CPU model, as ``fplab-cli mma`` computes
    them: ``arch`` ``sm_80`` or ``sm_90``, ``instruction`` ``mma.sync``, ``wmma``, ``wgmma`` or ``None`` (the
    default of the types), ``input`` ``fp16 bf16 tf32 e4m3 e5m2 int8 uint8``, ``acc`` ``fp32 fp16 int32``.

    ``a`` and ``b`` have the products on their last axis (shape ``(..., k)``), ``c`` one addend per dot product.
    All three are values (floats the type holds exactly; TF32 operands as FP32 values, which the model converts;
    INT8, UINT8 and INT32 values as floats holding whole numbers or as int8 and int32 arrays) or all encodings
    (unsigned integers, as the CLI reads them); ``d`` comes back the same way (INT32 values as int32). More than one
    block of products chains blocks, lowest k first (``block`` products each, default the model's);
    ``promote=N`` adds every run of N products to an FP32 accumulator, as cuBLASLt's FP8 GEMMs do.
    ``caveats=True`` returns ``WithCaveats(d, caveats)`` with the open question a result rests on.
    ``satfinite=True`` (the CLI's ``--satfinite``; INT32 accumulators only) clamps an INT32 result that
    overflows instead of wrapping it.

    >>> fplab.mma("sm_80", None, [1.0, 1.0], [2.0, 2.0**-23 + 2.0**-24], 0.0, input="fp16")   # one rounding, cut
    2.0
    >>> hex(fplab.mma("sm_90", "mma.sync", [0x38, 0x08], [0x38, 0x02], 0, input="e4m3"))
    '0x3f800200'
    >>> hex(fplab.mma("sm_90", "wgmma", [0x38, 0x08], [0x38, 0x02], 0, input="e4m3"))
    '0x3f800000'
    >>> fplab.mma("sm_80", None, np.array([-128, 127], np.int8), np.array([127, -128], np.int8), -1.0,
    ...           input="int8", acc="int32")                           # INT8 values, an INT32 sum
    -32513
    """
    promote_n, block_n = _tc_names(arch, instruction, input, acc, promote, block, satfinite)
    a_bits, a_values = _tc_operand(a, input, _TC_INPUT_FORMATS, "a", np.uint64)
    b_bits, b_values = _tc_operand(b, input, _TC_INPUT_FORMATS, "b", np.uint64)
    c_bits, c_values = _tc_operand(c, acc, _TC_ACC_FORMATS, "c", np.uint64)
    if not a_values == b_values == c_values:
        raise TypeError("a, b and c must all be values (floats) or all encodings (unsigned integers)")
    if a_bits.ndim == 0 or a_bits.shape != b_bits.shape:
        raise ValueError(f"a and b must have the same shape (..., k), got {a_bits.shape} and {b_bits.shape}")
    outer = a_bits.shape[:-1]
    try:
        c_bits = np.broadcast_to(c_bits, outer)
    except ValueError:
        raise ValueError(f"c must broadcast to {outer} (one addend per dot product), got {c_bits.shape}") from None
    k = a_bits.shape[-1]
    d, cav = _core.mma(arch, instruction, input, acc, np.ascontiguousarray(a_bits.reshape(-1, k)),
                       np.ascontiguousarray(b_bits.reshape(-1, k)), np.ascontiguousarray(c_bits.reshape(-1)),
                       promote_n, block_n, bool(satfinite))
    return _tc_result(d.reshape(outer), cav.reshape(outer), acc, a_values, caveats)


def gemm(arch: str, instruction: str | None, a: Any, b: Any, c: Any = None, *, input: str, acc: str = "fp32",
         promote: int | None = None, block: int | None = None, caveats: bool = False, satfinite: bool = False) -> Any:
    """``D = A @ B + C`` on the tensor-core model: ``a`` (m, k), ``b`` (k, n), ``c`` (m, n) or ``None`` (+0);
    every cell is the dot product :func:`mma` computes for row i of ``a``, column j of ``b`` and ``c[i, j]``.

    >>> fplab.gemm("sm_80", None, [[1.0, 1.0]], [[2.0], [2.0**-23 + 2.0**-24]], input="fp16")
    array([[2.]])
    """
    promote_n, block_n = _tc_names(arch, instruction, input, acc, promote, block, satfinite)
    a_bits, a_values = _tc_operand(a, input, _TC_INPUT_FORMATS, "a", np.uint32)
    b_bits, b_values = _tc_operand(b, input, _TC_INPUT_FORMATS, "b", np.uint32)
    if a_bits.ndim != 2 or b_bits.ndim != 2 or a_bits.shape[1] != b_bits.shape[0]:
        raise ValueError(f"a must be (m, k) and b (k, n), got {a_bits.shape} and {b_bits.shape}")
    shape = (a_bits.shape[0], b_bits.shape[1])
    if c is None:
        c_bits, c_values = np.zeros(shape, np.uint32), a_values
    else:
        c_bits, c_values = _tc_operand(c, acc, _TC_ACC_FORMATS, "c", np.uint32)
    if not a_values == b_values == c_values:
        raise TypeError("a, b and c must all be values (floats) or all encodings (unsigned integers)")
    try:
        c_bits = np.ascontiguousarray(np.broadcast_to(c_bits, shape))
    except ValueError:
        raise ValueError(f"c must broadcast to {shape}, got {c_bits.shape}") from None
    d, cav = _core.gemm(arch, instruction, input, acc, a_bits, b_bits, c_bits, promote_n, block_n, bool(satfinite))
    return _tc_result(d, cav, acc, a_values, caveats)


class Quantized(NamedTuple):
    """A tensor quantized by :func:`quantize`, with what ``fplab-cli quantize --json`` prints.

    Per element, shaped like the input: ``codes`` (uint8: the element's bits; MXINT8 its two's complement byte),
    ``block`` (the index of its block), ``dequantized`` and ``error`` (input minus dequantized, exact, float64).
    Per block: ``scale_bits`` (in ``scale_format``), ``scales`` (as numbers, times the tensor scale),
    ``block_amax``, ``block_max_abs_error``, ``block_rms_error``. For the tensor: ``tensor_scale_bits`` (FP32;
    NVFP4's global scale, 1.0 otherwise), ``max_abs_error``, ``rms_error`` and the counts of ``saturated``,
    ``flushed_to_zero`` and ``nan`` elements."""

    scheme: str
    element_format: str
    scale_rule: str
    scale_format: str
    codes: Any
    block: Any
    scale_bits: Any
    scales: Any
    tensor_scale_bits: int
    dequantized: Any
    error: Any
    block_amax: Any
    block_max_abs_error: Any
    block_rms_error: Any
    max_abs_error: float
    rms_error: float
    saturated: int
    flushed_to_zero: int
    nan: int


def _tensor(x: Any, blocks: str) -> tuple[np.ndarray, int, int]:
    """x as a C-contiguous float32 tensor with its rows and columns (blocks run along the last axis)."""
    if blocks not in ("row", "16x16"):
        raise ValueError(f"blocks takes 'row' or '16x16' (got {blocks!r})")
    a = np.asarray(x)
    if a.dtype.kind not in "fiu":
        raise TypeError(f"x must hold numbers, got dtype {a.dtype}")
    if a.ndim == 0 or a.size == 0:
        raise ValueError("x must be a non-empty array (a scalar is no tensor)")
    with np.errstate(over="ignore"):
        values = np.array(a, dtype=np.float32, order="C")
    rows, cols = (1, values.size) if values.ndim == 1 else (values.size // values.shape[-1], values.shape[-1])
    return values, rows, cols


def _hadamard_seed(hadamard: Any) -> int | None:
    """The ``hadamard`` argument checked: None, or a seed from 0 to 2**64 - 1."""
    if hadamard is not None and (not isinstance(hadamard, (int, np.integer)) or isinstance(hadamard, bool)):
        raise TypeError(f"hadamard must be a seed (a whole number) or None, got {type(hadamard).__name__}")
    if hadamard is not None and not 0 <= int(hadamard) < 1 << 64:
        raise ValueError(f"hadamard takes a seed, a whole number from 0 to 2**64 - 1 (got {hadamard})")
    return None if hadamard is None else int(hadamard)


def quantize(x: Any, scheme: str, rule: str | None = None, *, blocks: str = "row",
             hadamard: int | None = None) -> Quantized:
    """``x`` quantized with a block-scaled scheme, as ``fplab-cli quantize`` does: ``scheme`` one of ``mxfp8-e4m3
    mxfp8-e5m2 mxfp6-e3m2 mxfp6-e2m3 mxfp4 mxint8 nvfp4 fp8-tensor fp8-channel fp8-block128 fp8-block128x128``,
    ``rule`` the scale rule (``None``: the scheme's own; the CLI's ``--scale-rule``), ``blocks="16x16"`` NVFP4's
    2D tiles. Blocks run along the last axis; leading axes become rows. The values are taken as float32 (wider
    ones rounded to nearest even, as the CLI reads them). A NaN or infinity is an error except under the E8M0
    rules, where its block decodes to NaN. ``hadamard=SEED`` (the CLI's ``--hadamard``) quantizes NVIDIA's
    random Hadamard transform of ``x`` (16-element segments of a row, signs from the seed; rows a multiple of
    16 long): codes and scales are the transformed tensor's, ``dequantized`` and ``error`` are mapped back and
    taken against ``x`` (in double, no longer exact).

    >>> q = fplab.quantize([1.5, -20.0, 30.0, 100.0], "mxfp4")     # one block of 32 (here 4), one E8M0 scale
    >>> q.codes.tolist(), q.scales.tolist(), q.dequantized.tolist(), q.error.tolist()
    ([0, 10, 4, 7], [16.0], [0.0, -16.0, 32.0, 96.0], [1.5, -4.0, -2.0, 4.0])
    >>> q = fplab.quantize([0.3] * 15 + [64.0], "nvfp4", hadamard=1)   # one segment of 16 with an outlier
    >>> q.codes.tolist()[:4], q.scale_bits.tolist(), q.max_abs_error
    ([7, 15, 15, 7], [126], 2.699997901916504)
    """
    if not isinstance(scheme, str):
        raise TypeError(f"scheme must be a name such as 'mxfp4', got {type(scheme).__name__}")
    if rule is not None and not isinstance(rule, str):
        raise TypeError(f"rule must be a name such as 'ocp' or None, got {type(rule).__name__}")
    values, rows, cols = _tensor(x, blocks)
    d = _core.quantize(values, rows, cols, scheme, rule, blocks == "16x16", _hadamard_seed(hadamard))
    for name in ("codes", "block", "dequantized", "error"):
        d[name] = d[name].reshape(values.shape)
    return Quantized(**d)


class RuleSummary(NamedTuple):
    """One scale rule's row of :func:`compare_rules` (a row of ``fplab-cli quantize --compare-rules``)."""

    rule: str
    scale_format: str
    refusal: str
    saturated: int
    rounded_to_zero: int
    nan: int
    max_abs_error: float
    worst_block_max_relative_error: float
    relative_rms_error: float
    histogram: list
    outlier_block: int
    outlier_block_scale: float
    outlier_dequantized: float


class RuleComparison(NamedTuple):
    """``x`` quantized under every scale rule of a scheme: the outlier (the first element of the largest
    magnitude, NaN above all) and one :class:`RuleSummary` per rule, the scheme's own first."""

    scheme: str
    outlier_index: int
    outlier_value: float
    rules: list


def compare_rules(x: Any, scheme: str, *, blocks: str = "row", hadamard: int | None = None) -> RuleComparison:
    """``x`` quantized under every scale rule ``scheme`` offers, as ``fplab-cli quantize --compare-rules``
    prints it: per rule the saturated, rounded-to-zero and NaN elements, the largest error, the worst block's
    relative error on its largest element, the relative RMS error, the histogram of relative errors (bins:
    exactly 0, up to 2^-8, 2^-6, 2^-4, 2^-2, below 1, exactly 1) and what became of the outlier and its block.
    A rule that refuses the tensor (NaN under an FP32 scale) gives its reason in ``refusal`` and zeros.
    ``blocks`` and ``hadamard`` are :func:`quantize`'s: through the transform, the saturated and rounded-to-zero
    counts are the transformed tensor's and the errors are taken against ``x`` after the inverse.

    >>> c = fplab.compare_rules([1.5, -20.0, 30.0, 100.0], "mxfp4")
    >>> [(r.rule, r.scale_format, r.outlier_dequantized) for r in c.rules]
    [('ocp', 'e8m0', 96.0), ('round-up', 'e8m0', 96.0), ('nearest', 'e8m0', 96.0), ('fp32', 'fp32', 99.99999618530273)]
    """
    if not isinstance(scheme, str):
        raise TypeError(f"scheme must be a name such as 'mxfp4', got {type(scheme).__name__}")
    values, rows, cols = _tensor(x, blocks)
    d = _core.compare_rules(values, rows, cols, scheme, blocks == "16x16", _hadamard_seed(hadamard))
    return RuleComparison(d["scheme"], d["outlier_index"], d["outlier_value"],
                          [RuleSummary(**r) for r in d["rules"]])
