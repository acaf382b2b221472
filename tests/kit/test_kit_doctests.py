"""The runnable examples in the kit's docstrings stay true."""

import doctest

import pytest

from companion.kit import (
    engine,
    events,
    game,
    moves,
    options,
    scoring,
    sentences,
    shortcuts,
    steps,
    strict_json,
    views,
)


@pytest.mark.parametrize(
    "mod",
    [
        engine,
        events,
        game,
        moves,
        options,
        scoring,
        sentences,
        shortcuts,
        steps,
        strict_json,
        views,
    ],
)
def test_docstring_examples_run(mod):
    result = doctest.testmod(mod)
    assert result.attempted > 0 and result.failed == 0
