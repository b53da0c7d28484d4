#!/usr/bin/env python3
"""Speed of the fplab module on one core: rounding a 2^24-element float32 array to BF16, FP16 and E4M3
(nearest-even), side by side with CPFloat when FPLAB_CPFLOAT_LIB names a libcpfloat.so built from
north-numerical-computing/cpfloat (its cpfloatf_sequential, one thread), and a plain copy of the array (the
memory traffic alone); then FP16/BF16 add and mul.

Usage: PYTHONPATH=BUILD/python FPLAB_CPFLOAT_LIB=/path/to/libcpfloat.so python3 rounding_speed.py [REPEATS]
Prints the median CPU time of REPEATS runs (default 7) per case. Nothing of CPFloat is part of FP Lab.
"""

import ctypes
import os
import statistics
import sys
import time

import numpy as np

import fplab

N = 1 << 24
CPFLOAT_FORMATS = {"bf16": b"bfloat16", "fp16": b"binary16", "e4m3": b"E4M3"}
CPFLOAT_RND_NE = 1


class CpfloatOptions(ctypes.Structure):
    """CPFloat's optstruct (src/cpfloat_definitions.h)."""

    _fields_ = [("format", ctypes.c_char * 15), ("precision", ctypes.c_uint), ("emin", ctypes.c_int),
                ("emax", ctypes.c_int), ("explim", ctypes.c_int), ("infinity", ctypes.c_int),
                ("round", ctypes.c_int), ("saturation", ctypes.c_int), ("subnormal", ctypes.c_int),
                ("flip", ctypes.c_int), ("p", ctypes.c_double), ("bitseed", ctypes.c_void_p),
                ("randseedf", ctypes.c_void_p), ("randseed", ctypes.c_void_p)]


def load_cpfloat():
    path = os.environ.get("FPLAB_CPFLOAT_LIB")
    if not path:
        print("CPFloat: skipped (set FPLAB_CPFLOAT_LIB to a libcpfloat.so to compare)")
        return None
    lib = ctypes.CDLL(path)
    lib.init_optstruct.restype = ctypes.POINTER(CpfloatOptions)
    lib.cpfloat_populate_optstruct_from_format.argtypes = [ctypes.POINTER(CpfloatOptions)]
    lib.cpfloatf_sequential.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t,
                                        ctypes.POINTER(CpfloatOptions)]
    return lib


def median_seconds(fn, repeats):
    """The median CPU time of the process over `repeats` calls (steadier than wall time on a shared machine;
    everything here runs on one thread)."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core for everything below
    rng = np.random.default_rng(1)
    x = (rng.standard_normal(N) * 2.0 ** rng.integers(-12, 8, N)).astype(np.float32)
    cpfloat = load_cpfloat()
    print(f"rounding {N} float32 values (2^24), nearest-even, median CPU time of {repeats} runs, one core")
    print("fplab new: fplab.round(x, f) returns a new array; fplab out=: into a given array, as CPFloat writes")
    print(f"{'format':8}{'fplab new ms':>13}{'fplab out= ms':>14}{'Melem/s':>9}{'CPFloat ms':>12}{'Melem/s':>9}"
          f"{'CPFloat/fplab out=':>20}{'same values':>13}")
    given = np.empty_like(x)
    for name, cp_name in CPFLOAT_FORMATS.items():
        new = median_seconds(lambda: fplab.round(x, name), repeats)
        ours = median_seconds(lambda: fplab.round(x, name, out=given), repeats)
        row = f"{name:8}{new * 1e3:13.1f}{ours * 1e3:14.1f}{N / ours / 1e6:9.0f}"
        if cpfloat:
            options = cpfloat.init_optstruct()
            options.contents.format = cp_name
            cpfloat.cpfloat_populate_optstruct_from_format(options)
            options.contents.round = CPFLOAT_RND_NE
            out = np.empty_like(x)
            theirs = median_seconds(lambda: cpfloat.cpfloatf_sequential(out.ctypes.data, x.ctypes.data, N, options),
                                    repeats)
            ours_values = fplab.round(x, name)
            in_range = np.abs(x) <= fplab.Format(name).max  # overflow conventions differ between the two
            same = np.mean(ours_values[in_range] == out[in_range])
            row += f"{theirs * 1e3:12.1f}{N / theirs / 1e6:9.0f}{theirs / ours:20.2f}{same * 100:12.4f}%"
        print(row)
    copy = median_seconds(lambda: np.copyto(given, x), repeats)
    print(f"np.copyto(out, x), as much memory read and written: {copy * 1e3:.1f} ms")
    print(f"\nelementwise on {N} elements, nearest-even, median CPU time of {repeats} runs, one core")
    print(f"{'operation':16}{'bits M op/s':>13}{'float32 values M op/s':>23}")
    for name in ["fp16", "bf16"]:
        a_values, b_values = fplab.round(x, name), fplab.round(x[::-1].copy(), name)
        a_bits, b_bits = fplab.encode(a_values, name), fplab.encode(b_values, name)
        for op in ["add", "mul"]:
            fn = getattr(fplab, op)
            bits = median_seconds(lambda: fn(a_bits, b_bits, name), repeats)
            values = median_seconds(lambda: fn(a_values, b_values, name), repeats)
            print(f"{name + ' ' + op:16}{N / bits / 1e6:13.0f}{N / values / 1e6:23.0f}")


if __name__ == "__main__":
    main()
