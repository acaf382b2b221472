"""The runnable examples in the Akropolis modules' docstrings stay true."""

import doctest

import pytest

from companion.akropolis import (
    bots,
    city,
    data,
    engine,
    module,
    options,
    sentences,
    state,
    steps,
    tally,
    views,
)


@pytest.mark.parametrize(
    "mod", [bots, city, data, engine, module, options, sentences, state, steps, tally, views]
)
def test_docstring_examples_run(mod):
    result = doctest.testmod(mod)
    assert result.attempted > 0 and result.failed == 0
