#!/usr/bin/env python3
"""Row 0 of a float32 matrix product through numpy's `@`, as a target for `fplab-cli reveal --exec`.

The terms form row 0 of A (M rows, the rest ones) and B is a column block of ones, so C[0, 0] is their sum
in the order the BLAS behind numpy chose for a batch of M rows:

    fplab-cli reveal --exec 'python3 examples/reveal_numpy_matmul_row.py 1' --n 64
    fplab-cli reveal --exec 'python3 examples/reveal_numpy_matmul_row.py 64' --n 64
"""
import sys

import numpy as np

rows = int(sys.argv[1]) if len(sys.argv) > 1 else 1
for line in iter(sys.stdin.readline, ""):
    terms = np.array(line.split(), dtype=np.float64).astype(np.float32)
    a = np.ones((rows, terms.size), dtype=np.float32)
    a[0] = terms
    b = np.ones((terms.size, rows), dtype=np.float32)
    print(repr(float((a @ b)[0, 0])), flush=True)
