#!/usr/bin/env python3
"""numpy.sum as a target for `fplab-cli reveal --exec`: reads lines of numbers, prints each line's float32 sum.

    fplab-cli reveal --exec 'python3 examples/reveal_numpy_sum.py' --n 64
"""
import sys

import numpy as np

for line in iter(sys.stdin.readline, ""):
    terms = np.array(line.split(), dtype=np.float64).astype(np.float32)
    print(repr(float(terms.sum(dtype=np.float32))), flush=True)
