"""Shared pytest set-up: a Hypothesis profile for mutation runs (tools/mutation.sh), and the
tables on mock hardware that the app's and the commands' tests press.

A mutant that breaks a property is reported at once: no shrinking (minutes per mutant on two
cores), the same examples every run, nothing written to the example database.
"""

import pytest
from hypothesis import Phase, settings
from table_testing import Table

from companion.app.config import packaged
from hw.config import load_config

settings.register_profile(
    "mutation", phases=[Phase.explicit, Phase.generate], derandomize=True, database=None
)


def pytest_configure(config) -> None:
    # mutmut's "stats" pass records which tests reach each function; a program started by a test
    # from another directory (`companion demo` from tmp_path) would try to record too, and mutmut
    # then looks for its config in that directory and fails. The pass only needs this process:
    # the variable is dropped from the environment children inherit (mutmut keeps its own copy).
    # Under a mutant the variable names it, and the children run that mutant too.
    import os

    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        del os.environ["MUTANT_UNDER_TEST"]


@pytest.fixture
def drawn(monkeypatch):
    """Every text a screen's canvas draws, as drawn (after any cut to its room); text on a row
    that does not fit the display is never drawn, so it is not here either."""
    from companion.screens import canvas as canvas_module
    from companion.screens.text import fit

    texts: list[str] = []
    real = canvas_module.draw_text

    def record(draw, xy, text, fill, max_width):
        texts.append(fit(text, max_width))
        return real(draw, xy, text, fill, max_width)

    monkeypatch.setattr(canvas_module, "draw_text", record)
    return texts


def _record_small_print(monkeypatch, module) -> list[str]:
    """Every text `module` draws in small print (its `draw_legacy`), as drawn."""
    texts: list[str] = []
    real = module.draw_legacy

    def record(draw, xy, text, fill, font):
        texts.append(text)
        return real(draw, xy, text, fill, font)

    monkeypatch.setattr(module, "draw_legacy", record)
    return texts


@pytest.fixture
def small_print(monkeypatch):
    """Every text a pad draws in its small print (the note, n/m, the hand), as drawn."""
    from companion.screens import pad

    return _record_small_print(monkeypatch, pad)


@pytest.fixture
def main_small_print(monkeypatch):
    """Every text the main display's game and scoring pages draw in small print, as drawn."""
    from companion.screens import game_page

    return _record_small_print(monkeypatch, game_page)


@pytest.fixture
def make_table():
    tables: list[Table] = []

    def make(*args, **kwargs) -> Table:
        t = Table(*args, **kwargs)
        tables.append(t)
        return t

    yield make
    for t in tables:
        t.close()


@pytest.fixture(scope="session")
def sim_config():
    return load_config(packaged("sim.toml"))
