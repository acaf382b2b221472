"""The runnable examples in the commands's docstrings stay true."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "companion.commands.terminal",
        "companion.commands.sim",
        "companion.commands.sim_board",
        "companion.commands.sim_keys",
        "companion.commands.sim_layout",
        "companion.commands.sim_log",
        "companion.commands.sim_seats",
    ],
)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
