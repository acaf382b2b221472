"""The runnable examples in the engine's docstrings stay true."""

import doctest

import pytest

from companion.elgrande import bots, data, engine, options, scoring, views


@pytest.mark.parametrize("module", [bots, data, engine, options, scoring, views])
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
