"""The runnable examples in the engine's docstrings stay true."""

import doctest

import pytest

from companion.elgrande import bots, data, engine, options, scoring, views


@pytest.mark.parametrize("module", [bots, data, engine, options, scoring, views])
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    "name",
    [
        "companion.session.store",
        "companion.session.session",
        "companion.session.codec",
        "companion.screens.model",
        "companion.screens.render",
        "companion.voice",
        "companion.app.menus",
        "companion.app.setup",
        "companion.app.announce",
        "companion.app.chart",
        "companion.app.terminal",
        "companion.app.sim",
        "companion.app.config",
    ],
)
def test_app_docstring_examples_run(name):
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
