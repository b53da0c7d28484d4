"""Every example in the module's docstrings runs and prints what it shows."""

import doctest

import numpy as np

import fplab


def test_docstring_examples():
    np.set_printoptions(legacy=False)
    result = doctest.testmod(fplab, extraglobs={"fplab": fplab, "np": np}, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 20
    assert result.failed == 0
