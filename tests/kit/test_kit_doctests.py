"""The runnable examples in the kit's docstrings stay true."""

import doctest
import importlib

import pytest

MODULES = "engine events game moves options scoring sentences shortcuts steps strict_json views"


@pytest.mark.parametrize("name", MODULES.split())
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(f"companion.kit.{name}"))
    assert result.attempted > 0 and result.failed == 0
