#!/usr/bin/env python3
"""torch.sum or one row of torch.matmul on a CUDA GPU, as a target for `fplab-cli reveal --exec`.

    fplab-cli reveal --exec 'python3 examples/reveal_torch_cuda.py sum' --n 64
    fplab-cli reveal --exec 'python3 examples/reveal_torch_cuda.py matmul 64' --n 64

The second word chooses torch.sum or torch.matmul; for matmul, the third is the batch size M (rows of A).
Needs PyTorch with CUDA; without a GPU it exits with a message, which the reveal reports.
"""
import sys

import torch

if not torch.cuda.is_available():
    sys.exit("reveal_torch_cuda.py: no CUDA GPU is visible to PyTorch")
what = sys.argv[1] if len(sys.argv) > 1 else "sum"
rows = int(sys.argv[2]) if len(sys.argv) > 2 else 1
for line in iter(sys.stdin.readline, ""):
    terms = torch.tensor([float(x) for x in line.split()], dtype=torch.float64).to(torch.float32).cuda()
    if what == "sum":
        result = terms.sum()
    else:
        a = torch.ones((rows, terms.numel()), dtype=torch.float32, device="cuda")
        a[0] = terms
        b = torch.ones((terms.numel(), rows), dtype=torch.float32, device="cuda")
        result = (a @ b)[0, 0]
    print(repr(float(result.item())), flush=True)
