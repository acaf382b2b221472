"""The sim's UI loop on a stand-in terminal: what a key does to the screen it draws (a scroll
key moves the log pane, Esc then y or Y quits), and the --log file, written in UTF-8 whatever
the locale (mutation tests of commands/sim_keys.py and commands/sim_log.py)."""

from __future__ import annotations

import curses
import locale
import threading
import time
from pathlib import Path

import pytest
from sim_terminal import Terminal, pressed

from companion.commands.sim import SimScreen, _Fingers, _ui
from companion.commands.sim_keys import Keys, key_map
from companion.commands.sim_log import SimLog

BOTS = ("blue", "yellow", "green")


@pytest.fixture
def sim(make_table, monkeypatch) -> tuple[SimScreen, Keys]:
    """The sim's screen and keys on a table whose person plays red; the game not kept."""
    monkeypatch.setattr(curses, "curs_set", lambda n: None)
    table = make_table("sim.toml", seed=4)
    log = SimLog()
    for i in range(20):
        log.add(f"line {i}")
    screen = SimScreen(table.app, table.hw, BOTS, False, log)
    keys = Keys(key_map(list(table.hw.pads)), screen.persons, kept=False)
    return screen, keys


def _run(
    sim: tuple[SimScreen, Keys], keys: list[int], rows: int = 24, cols: int = 80
) -> list[list[str]]:
    """Every frame the loop draws while the keys are pressed one by one."""
    screen, sim_keys = sim
    window = Terminal(pressed(*keys), rows, cols)
    _ui(window, screen, sim_keys, None, threading.Event(), [])
    return window.frames


def test_page_up_scrolls_the_log_pane_back_a_page(sim: tuple[SimScreen, Keys]) -> None:
    screens = _run(sim, [curses.KEY_PPAGE, 27, ord("y")])
    assert screens[0][19].startswith("── log (PgUp/PgDn scroll) ")
    assert screens[0][20:23] == ["line 17", "line 18", "line 19"]
    assert screens[1][19].startswith("── log (scrolled back 3, End: newest) ")
    assert screens[1][20:23] == ["line 14", "line 15", "line 16"]


def test_at_130x32_the_log_beside_the_board_shows_the_rows_but_two_and_pages_by_them(
    sim: tuple[SimScreen, Keys],
) -> None:
    screen, _ = sim
    for i in range(20, 70):
        screen.log.add(f"line {i}")
    first, paged = _run(sim, [curses.KEY_PPAGE, 27, ord("y")], 32, 130)[:2]
    assert [line[82:] for line in first[1:31]] == [f"line {i}" for i in range(40, 70)]
    assert [line[82:] for line in paged[1:31]] == [f"line {i}" for i in range(10, 40)]


@pytest.mark.parametrize("answer", ["y", "Y"])
def test_esc_asks_over_the_header_and_y_or_capital_y_quits(
    sim: tuple[SimScreen, Keys], answer: str
) -> None:
    screens = _run(sim, [27, ord(answer)])  # the loop ends: no key is read after it
    assert screens[-1][0].startswith("Quit? This game is not kept (no --store).")


def test_the_log_file_is_utf8_whatever_the_locales_encoding(tmp_path: Path) -> None:
    """Under an ASCII locale (LC_CTYPE=C) the pages' "»" and the regions' accents are written
    all the same, in UTF-8."""
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        log = SimLog(tmp_path / "log.txt")
        log.take_page("k", "Scoring", ["Aragón: red 5"])
        log.close()
    finally:
        locale.setlocale(locale.LC_CTYPE, before)
    assert (tmp_path / "log.txt").read_bytes() == "» Scoring\n    Aragón: red 5\n".encode()


class _HeldPresser:
    """A finger whose first press lasts until released: keys typed meanwhile queue behind it."""

    def __init__(self) -> None:
        self.made: list[tuple[str, str]] = []
        self.begun, self.release = threading.Event(), threading.Event()

    def press(self, player: str, button: str) -> None:
        self.made.append((player, button))
        self.begun.set()
        assert self.release.wait(10), "the press was never released"


def test_quitting_drops_the_presses_not_begun_and_waits_for_the_one_being_made() -> None:
    """Keys typed faster than the presses are made, then Esc and y: none of them is made after
    the quit (it could change the kept game, or press pins already closed)."""
    presser = _HeldPresser()
    fingers = _Fingers(presser)  # type: ignore[arg-type]  # a Presser but for its pins
    fingers.wanted.put(("red", "select"))
    assert presser.begun.wait(10)
    for button in ("right", "right", "long"):
        fingers.wanted.put(("red", button))
    stopping = threading.Thread(target=fingers.stop)
    stopping.start()
    while list(fingers.wanted.queue) != [None]:  # the queued presses dropped, the end put
        assert stopping.is_alive(), "stop returned with the press still being made"
        time.sleep(0.01)
    presser.release.set()
    stopping.join(10)
    assert not stopping.is_alive() and not fingers.thread.is_alive()
    assert presser.made == [("red", "select")]


def test_with_the_web_on_each_seats_fifth_key_holds_left_and_the_legend_says_so(make_table):
    table = make_table("sim.toml", seed=4)
    screen = SimScreen(table.app, table.hw, BOTS, False, SimLog(), phones=True)
    keys = Keys(key_map(list(table.hw.pads), phones=True), screen.persons, kept=False)
    assert keys.handle(ord("5")) == ("press", "red", "hold_left")
    assert keys.handle(ord("t")) is None  # blue is a bot's seat
    assert screen.legend.startswith("red: 1◀ 2▶ 3● 4 hold● 5 hold◀ │")
    plain = Keys(key_map(list(table.hw.pads)), screen.persons, kept=False)
    assert plain.handle(ord("5")) is None  # without the web, no such key
