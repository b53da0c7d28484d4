#!/usr/bin/env python3
"""Turns fplab_bench_core's JSON output (--benchmark_out=FILE with repetitions) into the Markdown
tables of docs/performance.md: median operations per second, in millions.

usage: median_table.py bench.json
"""
import json
import sys
from collections import OrderedDict


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        data = json.load(f)
    medians = OrderedDict()
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        # Names look like add/fp16/fast/normal/rne_median.
        name = b["run_name"]
        op, fmt, path, mix, mode = name.split("/")
        medians[(op, fmt, path, mix, mode)] = b["items_per_second"] / 1e6

    ops = ["add", "mul", "fma", "div", "sqrt", "convert"]
    formats = []
    for (op, fmt, path, mix, mode) in medians:
        if fmt not in formats:
            formats.append(fmt)

    def cell(key):
        v = medians.get(key)
        return "" if v is None else f"{v:.0f}"

    for mix in ["normal", "hard"]:
        print(f"\nMedian million operations per second, nearest-even, {mix} operands (fast = fplab::fast::op<F>, "
              "runtime = fplab::op(F, ...)):\n")
        print("| format | path | " + " | ".join(ops) + " |")
        print("|---|---|" + "---:|" * len(ops))
        for fmt in formats:
            for path in ["fast", "runtime"]:
                row = [cell((op, fmt, path, mix, "rne")) for op in ops]
                if any(row):
                    print(f"| {fmt} | {path} | " + " | ".join(row) + " |")

    modes = sorted({k[4] for k in medians if k[4] != "rne"})
    if modes:
        print("\nFP32, normal operands, by rounding mode (median million operations per second):\n")
        print("| op | path | rne | " + " | ".join(modes) + " |")
        print("|---|---|---:|" + "---:|" * len(modes))
        for op in ["add", "mul", "fma"]:
            for path in ["fast", "runtime"]:
                row = [cell((op, "fp32", path, "normal", m)) for m in ["rne"] + modes]
                if any(row[1:]):
                    print(f"| {op} | {path} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
