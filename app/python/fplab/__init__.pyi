# Type stubs for the fplab package (python/fplab/__init__.py and its extension module).
import enum
from typing import Any, Callable, NamedTuple, overload

import numpy as np
import numpy.typing as npt

ROUNDING_MODES: tuple[str, ...]

class Format:
    def __init__(self, name: str) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def exponent_bits(self) -> int: ...
    @property
    def mantissa_bits(self) -> int: ...
    @property
    def bias(self) -> int: ...
    @property
    def has_sign(self) -> bool: ...
    @property
    def subnormals(self) -> bool: ...
    @property
    def has_zero(self) -> bool: ...
    @property
    def specials(self) -> str: ...
    @property
    def total_bits(self) -> int: ...
    @property
    def precision(self) -> int: ...
    @property
    def min_exponent(self) -> int: ...
    @property
    def max_exponent(self) -> int: ...
    @property
    def has_infinity(self) -> bool: ...
    @property
    def has_nan(self) -> bool: ...
    @property
    def bits_dtype(self) -> np.dtype[Any]: ...
    @property
    def max(self) -> float | None: ...
    @property
    def min_normal(self) -> float | None: ...
    @property
    def min_subnormal(self) -> float | None: ...
    @property
    def epsilon(self) -> float: ...
    @property
    def fits_float32(self) -> bool: ...
    @property
    def fits_float64(self) -> bool: ...

class Flags(enum.IntFlag):
    INVALID = 1
    DIVIDE_BY_ZERO = 2
    OVERFLOW = 4
    UNDERFLOW = 8
    INEXACT = 16

class WithFlags(NamedTuple):
    result: Any
    flags: Any
    all: Flags

FormatLike = Format | str

def round(x: npt.ArrayLike, fmt: FormatLike, rounding: str = ..., *, seed: int | None = ..., saturate: bool = ...,
          flags: bool = ..., out: np.ndarray | None = ...) -> Any: ...
def encode(x: npt.ArrayLike, fmt: FormatLike, rounding: str = ..., *, seed: int | None = ..., saturate: bool = ...,
           flags: bool = ...) -> Any: ...
def decode(bits: npt.ArrayLike, fmt: FormatLike, *, dtype: str = ...) -> Any: ...
def add(a: npt.ArrayLike, b: npt.ArrayLike, fmt: FormatLike, rounding: str = ..., *, seed: int | None = ...,
        saturate: bool = ..., flags: bool = ...) -> Any: ...
def sub(a: npt.ArrayLike, b: npt.ArrayLike, fmt: FormatLike, rounding: str = ..., *, seed: int | None = ...,
        saturate: bool = ..., flags: bool = ...) -> Any: ...
def mul(a: npt.ArrayLike, b: npt.ArrayLike, fmt: FormatLike, rounding: str = ..., *, seed: int | None = ...,
        saturate: bool = ..., flags: bool = ...) -> Any: ...
def div(a: npt.ArrayLike, b: npt.ArrayLike, fmt: FormatLike, rounding: str = ..., *, seed: int | None = ...,
        saturate: bool = ..., flags: bool = ...) -> Any: ...
def fma(a: npt.ArrayLike, b: npt.ArrayLike, c: npt.ArrayLike, fmt: FormatLike, rounding: str = ..., *,
        seed: int | None = ..., saturate: bool = ..., flags: bool = ...) -> Any: ...
def sqrt(a: npt.ArrayLike, fmt: FormatLike, rounding: str = ..., *, seed: int | None = ..., saturate: bool = ...,
         flags: bool = ...) -> Any: ...

class Shown:
    format: str
    input: str
    rounding: str
    bits: int
    flags: Flags
    bit_text: str
    fields: str
    hex: str
    value_class: str
    value: str
    exact: str
    shortest: str
    hex_float: str
    ulp: str
    next_up: str
    next_down: str
    error: list[str]
    flag_text: str
    text: str
    def _repr_html_(self) -> str: ...

def show(x: str | int | float, fmt: FormatLike = ..., rounding: str = ..., *, saturate: bool = ...) -> Shown: ...

class Revealed(NamedTuple):
    n: int
    type: str
    tree: str
    probes: int
    validated: bool
    trials: int
    accumulator: str | None

def reveal(fn: Callable[[np.ndarray], Any], n: int, dtype: str | npt.DTypeLike = ..., trials: int = ...,
           seed: int = ...) -> Revealed: ...

class WithCaveats(NamedTuple):
    result: Any
    caveats: Any

def mma(arch: str, instruction: str | None, a: npt.ArrayLike, b: npt.ArrayLike, c: npt.ArrayLike, *, input: str,
        acc: str = ..., promote: int | None = ..., block: int | None = ..., caveats: bool = ...,
        satfinite: bool = ...) -> Any: ...
def gemm(arch: str, instruction: str | None, a: npt.ArrayLike, b: npt.ArrayLike, c: npt.ArrayLike | None = ..., *,
         input: str, acc: str = ..., promote: int | None = ..., block: int | None = ...,
         caveats: bool = ..., satfinite: bool = ...) -> Any: ...

class Quantized(NamedTuple):
    scheme: str
    element_format: str
    scale_rule: str
    scale_format: str
    codes: np.ndarray
    block: np.ndarray
    scale_bits: np.ndarray
    scales: np.ndarray
    tensor_scale_bits: int
    dequantized: np.ndarray
    error: np.ndarray
    block_amax: np.ndarray
    block_max_abs_error: np.ndarray
    block_rms_error: np.ndarray
    max_abs_error: float
    rms_error: float
    saturated: int
    flushed_to_zero: int
    nan: int

def quantize(x: npt.ArrayLike, scheme: str, rule: str | None = ..., *, blocks: str = ...,
             hadamard: int | None = ...) -> Quantized: ...

class RuleSummary(NamedTuple):
    rule: str
    scale_format: str
    refusal: str
    saturated: int
    rounded_to_zero: int
    nan: int
    max_abs_error: float
    worst_block_max_relative_error: float
    relative_rms_error: float
    histogram: list[int]
    outlier_block: int
    outlier_block_scale: float
    outlier_dequantized: float

class RuleComparison(NamedTuple):
    scheme: str
    outlier_index: int
    outlier_value: float
    rules: list[RuleSummary]

def compare_rules(x: npt.ArrayLike, scheme: str, *, blocks: str = ...) -> RuleComparison: ...
