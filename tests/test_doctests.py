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
    state,
    steps,
    views,
)
from companion.elgrande.effects import crown, movement, returns, scorings, secrets, veto

ENGINE_MODULES = [base, bots, data, engine, moves, options, scoring, state, steps, views]
EFFECT_MODULES = [effects, crown, movement, returns, scorings, secrets, veto]


@pytest.mark.parametrize("module", ENGINE_MODULES + EFFECT_MODULES)
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    "name",
    [
        "companion.session.store",
        "companion.session.sqlite_store",
        "companion.session.replay",
        "companion.session.resilient",
        "companion.session.notify",
        "companion.screens.model",
        "companion.screens.render",
        "companion.session.session",
        "companion.voice",
        "companion.app.menus",
        "companion.app.setup",
        "companion.app.announce",
        "companion.app.terminal",
        "companion.app.sim",
        "companion.app.config",
    ],
)
def test_app_docstring_examples_run(name):
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
