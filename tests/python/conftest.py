"""Shared fixtures: the fplab module under test (PYTHONPATH=BUILD/python, set by CTest and scripts/test.sh)
and fplab-cli from the same build (FPLAB_CLI), whose output the module must match bit for bit."""

import os
import pathlib
import subprocess

import numpy as np
import pytest


def _default_cli() -> pathlib.Path:
    return pathlib.Path(__file__).resolve().parents[2] / "build" / "app" / "cli" / "fplab-cli"


@pytest.fixture(scope="session")
def cli_path() -> str:
    path = pathlib.Path(os.environ.get("FPLAB_CLI", _default_cli()))
    if not path.is_file():
        pytest.fail(f"fplab-cli not found at {path}: build it, or set FPLAB_CLI")
    return str(path)


@pytest.fixture(scope="session")
def run_batch(cli_path):
    """Runs `fplab-cli batch` once on many lines; returns (bits, flags letters) per line."""

    def run(lines):
        done = subprocess.run([cli_path, "batch"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                              check=True)
        rows = [row.split(" ") for row in done.stdout.splitlines()]
        assert len(rows) == len(lines)
        return [int(b, 16) for b, _ in rows], [f for _, f in rows]

    return run


@pytest.fixture
def rng():
    return np.random.default_rng(20261127)
