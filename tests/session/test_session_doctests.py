"""The runnable examples in the session's docstrings stay true."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "companion.session.store",
        "companion.session.sqlite_store",
        "companion.session.sqlite_schema",
        "companion.session.sqlite_disk",
        "companion.session.replay",
        "companion.session.resilient",
        "companion.session.store_lock",
        "companion.session.session",
        "companion.session.views",
    ],
)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
