"""Shared pytest set-up: a Hypothesis profile for mutation runs (tools/mutation.sh), and the
tables on mock hardware that the app's and the commands' tests press.

A mutant that breaks a property is reported at once: no shrinking (minutes per mutant on two
cores), the same examples every run, nothing written to the example database.
"""

import json
import math
import os
import resource
import shutil
import signal
import tempfile
import threading
import time

import pytest
from hypothesis import Phase, settings
from table_testing import Table

from companion.app.config import packaged
from hw.config import load_config

# The tables the tests build speak English unless a test asks for French (LANGUAGE comes first in
# the system locale the table falls back on), whatever the machine's LANG.
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """The table's language is the process's: a test that plays in French hands English on."""
    yield
    from companion.i18n import set_language

    set_language("en")


# The folder where programs started in mutmut's stats pass write the functions they reach.
_CHILD_HITS = "COMPANION_MUTMUT_HITS"

settings.register_profile(
    "mutation", phases=[Phase.explicit, Phase.generate], derandomize=True, database=None
)


def pytest_configure(config) -> None:
    # mutmut's "stats" pass records which tests reach each function. A program started by a test
    # from another directory (`companion demo` from tmp_path) must not record through mutmut: it
    # would look for mutmut's config in that directory and fail. So the variable is dropped from
    # the environment children inherit (mutmut keeps its own copy), and the programs write what
    # they reach into a folder instead (tools/mutmut_children.py, in the mutation venv only),
    # handed to mutmut after each test. Under a mutant the variable names it,
    # and the children run that mutant too.
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        del os.environ["MUTANT_UNDER_TEST"]
        os.environ[_CHILD_HITS] = tempfile.mkdtemp(prefix="companion-mutmut-hits-")


def pytest_unconfigure(config) -> None:
    folder = os.environ.pop(_CHILD_HITS, None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item, nextitem) -> None:
    """In mutmut's stats pass, the functions the test's programs reached count as the test's:
    handed over before mutmut's own teardown hook files what the test reached."""
    folder = os.environ.get(_CHILD_HITS)
    if not folder:
        return
    from mutmut.state import state

    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        with open(path) as hits:
            state()._stats.update(line.strip() for line in hits if line.strip())
        os.remove(path)


# Under a mutant, the most clean seconds of tests run before it is called a survivor (0: no limit).
_BUDGET = "COMPANION_MUTATION_BUDGET"


def _clean_durations() -> dict[str, float]:
    """Each test's clean time from mutmut's stats: in memory in mutmut's workers, else its file
    (a mutant run by hand from the copy's mutants/ folder)."""
    try:
        from mutmut.state import state

        if state().duration_by_test:
            return dict(state().duration_by_test)
    except ImportError:
        return {}
    try:
        with open("mutmut-stats.json", encoding="utf-8") as stats:
            return json.load(stats)["duration_by_test"]
    except (OSError, ValueError, KeyError):
        return {}


def pytest_collection_modifyitems(config, items) -> None:
    """Under a mutant, the fastest tests run first, so a killed mutant costs its fastest killer
    (mutmut passes them in no order and stops at the first failure). With a budget, the tests
    past it are left out: a survivor then costs at most the budget, and is run again with every
    test before it is counted (tests/MUTATION.md)."""
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" not in mutant:
        return
    durations = _clean_durations()
    if not durations:
        return
    items.sort(key=lambda item: durations.get(item.nodeid, math.inf))
    budget = float(os.environ.get(_BUDGET, "0") or 0)
    if budget <= 0:
        return
    spent, keep = 0.0, 0
    while keep < len(items) and spent <= budget:
        spent += durations.get(items[keep].nodeid, 0.0)
        keep += 1
    if keep < len(items):
        config.hook.pytest_deselected(items=items[keep:])
        del items[keep:]
    _clean_time.update((item.nodeid, durations.get(item.nodeid, 0.0)) for item in items)
    _limit_to(spent)


def _limit_to(seconds: float) -> None:
    """The CPU time the mutant's tests may take in all: ten times their clean time (mutmut's
    own limit is ten times the clean time of every test that reached the function)."""
    soft = int(time.process_time()) + math.ceil((seconds + 2.0) * 10)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard == resource.RLIM_INFINITY or soft < hard:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


_clean_time: dict[str, float] = {}  # under a budget: each kept test's clean time


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """Under a budget, a test of a mutant that hangs or loops ends the run as mutmut's own
    timeout does (SIGXCPU: "timeout") once its body has taken ten times its clean time (mutmut
    times the body alone, not its fixtures) and ten seconds: seconds for most tests, where
    mutmut's wall limit waits for minutes. A fixture that hangs meets mutmut's own limits."""
    clean = _clean_time.get(item.nodeid)
    if clean is None:
        yield
        return
    me = os.getpid()
    watchdog = threading.Timer(clean * 10 + 10.0, lambda: os.kill(me, signal.SIGXCPU))
    watchdog.daemon = True
    watchdog.start()
    try:
        yield
    finally:
        watchdog.cancel()


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
    from companion.screens import game_page

    real_big = game_page.draw_big

    def record_big(draw, xy, text, fill, max_width):  # the headline, at twice the size
        texts.append(fit(text, max_width // 2))
        return real_big(draw, xy, text, fill, max_width)

    monkeypatch.setattr(game_page, "draw_big", record_big)
    return texts


def _record_small_print(monkeypatch, module, where: bool = False) -> list:
    """Every text `module` draws in small print (its `draw_legacy`), as drawn; with `where`,
    as (x, y, text)."""
    drawn: list = []
    real = module.draw_legacy

    def record(draw, xy, text, fill, font):
        drawn.append((*xy, text) if where else text)
        return real(draw, xy, text, fill, font)

    monkeypatch.setattr(module, "draw_legacy", record)
    return drawn


@pytest.fixture
def small_print_at(monkeypatch):
    """`small_print_at(module)`: every text `module` draws in small print from then on, with
    where: (x, y, text)."""
    return lambda module: _record_small_print(monkeypatch, module, where=True)


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
