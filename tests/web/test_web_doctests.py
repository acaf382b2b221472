"""The runnable examples in the web layer's docstrings stay true."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name", ["companion.web.guard", "companion.web.pairing", "companion.screens.pair_page"]
)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
