"""The runnable examples in the screens's docstrings stay true."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name", ["companion.screens.model", "companion.screens.render", "companion.screens.voice"]
)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
