"""The runnable examples in the engine's docstrings stay true."""

import doctest

import pytest

from companion.elgrande import (
    base,
    bots,
    data,
    effects,
    engine,
    moves,
    options,
    scoring,
    scoring_steps,
    shortcuts,
    state,
    steps,
    views,
)
from companion.elgrande.effects import crown, movement, returns, scorings, secrets, veto

ENGINE_MODULES = [base, bots, data, engine, moves, options, scoring, scoring_steps, state, steps]
ENGINE_MODULES += [shortcuts, views]
EFFECT_MODULES = [effects, crown, movement, returns, scorings, secrets, veto]


@pytest.mark.parametrize("module", ENGINE_MODULES + EFFECT_MODULES)
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
