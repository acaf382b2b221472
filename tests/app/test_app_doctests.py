"""The runnable examples in the app's docstrings stay true."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "companion.app.systemd_notify",
        "companion.app.menus",
        "companion.app.setup",
        "companion.app.announce",
        "companion.app.config",
        "companion.testing",
        "companion.i18n",
        "companion.elgrande.sentences",
        "companion.app.table_file",
        "companion.app.outputs",
    ],
)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
