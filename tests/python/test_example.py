"""examples/python_tour.py runs to the end."""

import os
import pathlib
import subprocess
import sys


def test_python_tour_runs():
    tour = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python_tour.py"
    done = subprocess.run([sys.executable, str(tour)], capture_output=True, text=True, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert "-416.0" in done.stdout
    assert "through mma.sync: 0x3f800200" in done.stdout and "zeros 30" in done.stdout
    assert "int8 dot, wrapped and saturated: -2147419133 2147483647" in done.stdout
    assert "scale rule fp32" in done.stdout and "through the random Hadamard transform" in done.stdout
