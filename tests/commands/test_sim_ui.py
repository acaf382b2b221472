"""`companion sim` in-process, on a fake terminal: `run_sim` and its curses loop as a person at
the keyboard meets them (what is drawn, what Esc, Alt+key and the scroll keys do, what is kept
and written), without a real terminal (the tmux and pty tests do that, slowly)."""

from __future__ import annotations

import curses
import os
import re
import shutil
import signal
import threading
import time
from pathlib import Path

import pytest
from sim_terminal import Script, Terminal

from companion.app.config import packaged
from companion.app.mode import Mode
from companion.commands.run import open_store
from companion.commands.sim import SimScreen, parse_bots, run_sim
from companion.commands.sim_log import SimLog
from companion.elgrande.engine import decision
from companion.elgrande.options import TableOptions
from companion.screens.pages import PAGE_KINDS
from companion.session.replay import replay
from companion.session.session import Session
from companion.session.sqlite_store import SqliteStore
from companion.session.store import MemoryStore
from companion.testing import make_bots, seat_bots

SEATS = ("red", "blue", "yellow", "green")
BOTS = "blue,yellow,green"
ESC = 27


@pytest.fixture
def sim(monkeypatch, tmp_path):
    """`sim(script, *args, size=(rows, cols), **kwargs)`: run_sim on a Terminal driven by
    `script`, from `tmp_path`; gives the Terminal once run_sim has returned 0."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ESCDELAY", raising=False)
    monkeypatch.setattr(curses, "curs_set", lambda n: terms[-1].cursor.append(n))
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    terms: list[Terminal] = []

    def wrapper(func, *args):
        terms[-1].env = {k: os.environ.get(k) for k in ("ESCDELAY", "LINES", "COLUMNS")}
        return func(terms[-1], *args)

    monkeypatch.setattr(curses, "wrapper", wrapper)

    def run(script: Script, *args, size=(24, 80), **kwargs) -> Terminal:
        terms.append(Terminal(script, *size))
        assert run_sim(*args, **kwargs) == 0
        assert terms[-1].done, "the sim ended before the script's last key"
        return terms[-1]

    yield run
    for sig, handler in handlers.items():
        signal.signal(sig, handler)


def start_then_quit(term: Terminal):
    """● on red's pad starts the game; once yellow (a bot) has bid, Esc on a kept game quits.
    Yellow's pad has no display: it bids on the main display's private page, which shows only
    that yellow chooses there."""
    yield from term.until(lambda s: "Start the game" in s, "the setup screen")
    yield [ord("3")]
    seen, deadline = False, time.monotonic() + 30
    while "chose: yellow" not in term.text():
        assert time.monotonic() < deadline, "yellow never bid\n" + term.text()
        if "Only yellow looks" in term.left():
            at = term.left().index("Only yellow looks")
            assert term.left()[at + 1] == "  yellow chooses on the private page.", term.text()
            seen = True
        yield None
    assert seen and "your choice" not in term.text()
    term.done = True
    yield [ESC]


def test_a_seeded_sim_keeps_its_seed_and_its_bots_choose_from_it(sim, tmp_path):
    store = tmp_path / "game.db"
    sim(start_then_quit, None, "yellow=random", store, seed=5, pace=0.0, size=(60, 200))
    header, entries = SqliteStore.read_only(store)[0].load()
    assert header is not None and header.seed == 5 and header.players == SEATS
    chooser = seat_bots({"yellow": "random"}, 5)
    assert {e.player for e in entries} == {"yellow"}
    for i, entry in enumerate(entries):
        state = replay(header, entries[:i]).state
        assert chooser[entry.player].choose(state, entry.player).to_json() == entry.action


@pytest.fixture(scope="module")
def near_the_end() -> list:
    """A short game of four greedy bots, as (player, action) in order."""
    session = Session.new(MemoryStore(), SEATS, 3, TableOptions(short_game=True))
    bots = make_bots(SEATS, 3)
    moves = []
    while not session.over:
        p = decision(session.state).players[0]
        action = bots[p].choose(session.state, p)
        session.decide(p, action)
        moves.append((p, action))
    return moves


def kept_before_the_end(path: Path, moves: list, left: int) -> None:
    """The game of `moves` kept at `path` as `companion run --store` keeps it, but for the last
    `left` moves."""
    store = open_store(path)
    try:
        session = Session.new(store, SEATS, 3, TableOptions(short_game=True))
        for p, action in moves[:-left]:
            session.decide(p, action)
    finally:
        store.close()


def play_to_the_end(term: Terminal):
    """● on "Game resumed", on red's pad when asked and on each scoring page, until the end."""
    yield from term.until(lambda s: "Game resumed" in s, "the resumed game")
    deadline = time.monotonic() + 60
    while "Game over. Winner" not in term.text():
        assert time.monotonic() < deadline, "the game never ended\n" + term.text()
        before = term.text()
        yield [ord("3")]
        for _ in range(20):  # each page drawn (and logged) before the next ●
            if term.text() != before:
                break
            yield None


def test_a_game_played_to_its_end_saves_the_chart_logs_the_ranking_and_scrolls_back(
    sim, tmp_path, near_the_end
):
    store, log = tmp_path / "game.db", tmp_path / "game.log"
    kept_before_the_end(store, near_the_end, 2)

    def script(term: Terminal):
        yield from play_to_the_end(term)
        assert "── log (PgUp/PgDn scroll) ──" in term.text()
        yield [curses.KEY_PPAGE]  # the log shows 3 lines at 80×24
        assert "── log (scrolled back 3, End: newest) ──" in term.text()
        yield [curses.KEY_PPAGE]
        assert "── log (scrolled back 6, End: newest) ──" in term.text()
        yield [curses.KEY_END]
        assert "── log (PgUp/PgDn scroll) ──" in term.text()
        term.size = (34, 100)  # taller: the log shows 13 lines under the board
        yield [curses.KEY_RESIZE]
        yield [curses.KEY_PPAGE]
        assert "── log (scrolled back 13, End: newest) ──" in term.text()
        term.done = True
        yield [ESC]

    sim(script, None, BOTS, store, pace=0.0, seed=3, log_path=log)
    chart = tmp_path / "companion-sim" / "scores.png"
    assert chart.stat().st_size > 0  # where the sim was started
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines.count("» Scores") >= 2 and "» Castillo: move by discs" in lines
    end = lines.index("» Final scores")
    assert lines[end - 1].startswith("Game over.")
    assert lines[-1] == f"    score chart saved to {chart}"
    ranking = [re.fullmatch(r"    (\d)\. (\w+) (\d+)", line) for line in lines[end + 1 : -1]]
    assert [m.group(1) for m in ranking] == ["1", "2", "3", "4"]
    assert sorted(m.group(2) for m in ranking) == sorted(SEATS)
    scores = [int(m.group(3)) for m in ranking]
    assert scores == sorted(scores, reverse=True) and scores[0] > scores[-1]


def test_esc_asks_first_alt_key_is_ignored_and_a_resize_while_drawing_is_survived(sim, monkeypatch):
    monkeypatch.delenv("LINES", raising=False)
    monkeypatch.delenv("COLUMNS", raising=False)

    def script(term: Terminal):
        yield from term.until(lambda s: "Start the game" in s, "the setup screen")
        assert term.cursor == [0] and "SHOW-BOTS" not in term.text()  # no cursor blinks
        yield from [None] * 10  # a second of frames: the bot never starts the game
        assert "Start the game" in term.text() and "round 1" not in term.text()
        term.resized = (20, 70)  # the terminal shrinks while the next frame is drawn
        yield [curses.KEY_RESIZE]
        yield from term.until(lambda s: "at least 80×24" in s, "the message for a small terminal")
        term.size = (24, 80)
        yield [curses.KEY_RESIZE]
        yield from term.until(lambda s: "Start the game" in s, "the setup screen again")
        yield [ESC, ord("y")]  # Alt+y: neither a question nor a quit
        assert "Start the game" in term.text() and "Quit?" not in term.text()
        yield [ESC]
        assert "Quit? This game is not kept (no --store). y: quit" in term.text()
        yield [ord("n")]
        assert "Quit?" not in term.text()
        yield [ESC]
        term.done = True
        yield [ord("y")]

    term = sim(script, None, "blue")
    assert term.env["ESCDELAY"] == "25"  # Esc alone is known at once, not after a second


@pytest.mark.parametrize("size", [(24, 1), (1, 1), (24, 2), (3, 9)])
def test_a_window_dragged_down_to_one_column_keeps_the_game_and_draws_again(sim, monkeypatch, size):
    monkeypatch.delenv("LINES", raising=False)
    monkeypatch.delenv("COLUMNS", raising=False)

    def script(term: Terminal):
        yield from term.until(lambda s: "Start the game" in s, "the setup screen")
        yield [ord("3")]  # the game starts (red's ●)
        yield from term.until(lambda s: "round 1" in s.lower(), "the game under way")
        term.size = size
        yield [curses.KEY_RESIZE]
        yield from [None] * 3  # frames drawn at that size: none may end the sim
        term.size = (24, 80)
        yield [curses.KEY_RESIZE]
        yield from term.until(lambda s: "round 1" in s.lower(), "the same game again")
        yield [ESC]
        term.done = True
        yield [ord("y")]

    sim(script, None, BOTS)


def test_show_bots_shows_the_bots_lines_and_says_so_until_a_question(sim, monkeypatch):
    monkeypatch.setenv("LINES", "24")  # a shell's: curses would keep to them through a resize
    monkeypatch.setenv("COLUMNS", "80")

    def script(term: Terminal):
        yield from term.until(lambda s: "Start the game" in s, "the setup screen")
        notice = "SHOW-BOTS ON: the bots' hands and sealed choices are on screen"
        assert term.left()[0] == notice and "  [bot yellow] not playing" in term.left()
        assert any(line.startswith("● red: ") for line in term.screen)  # the person's pad too
        yield [ESC]
        assert "Quit? This game is not kept" in term.text() and notice not in term.text()
        term.done = True
        yield [ord("y")]

    term = sim(script, None, "yellow", show_bots=True, size=(60, 200))
    assert term.env["LINES"] is None and term.env["COLUMNS"] is None


def test_your_own_config_is_played_on_mock_hardware_even_without_a_voice(
    sim, monkeypatch, tmp_path
):
    """A table's own config (here: no speaker, a short game) on the Pi itself, where
    COMPANION_BACKEND says pi: the sim still plays on mock pins."""
    monkeypatch.setenv("COMPANION_BACKEND", "pi")
    config = tmp_path / "mine" / "hardware.toml"
    config.parent.mkdir()
    shutil.copy(packaged("sim.toml"), config)
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("[speaker]\nenabled = true", "[speaker]\nenabled = false"))
    (config.parent / "table.toml").write_text("short_game = true\n", encoding="utf-8")

    def script(term: Terminal):
        yield from term.until(lambda s: "Start the game" in s, "the setup screen")
        yield [ord("3")]
        yield from term.until(lambda s: "round 2 of 9 · bidding" in s, "a short game's first round")
        yield [ESC]
        term.done = True
        yield [ord("y")]

    sim(script, str(config), "blue")


def test_the_log_shows_its_newest_lines_and_keeps_a_scroll_back_within_them(make_table):
    table = make_table("sim.toml", seed=4)
    log = SimLog()
    screen = SimScreen(table.app, table.hw, ("blue",), False, log)
    for i in range(20):
        log.add(f"line {i}")
    snap = screen.snapshot(24, 80, "")
    assert snap.back == 0 and snap.log == ("line 17", "line 18", "line 19")
    for _ in range(3):
        screen.scroll("page_up", 24, 80)
    assert screen.snapshot(24, 80, "").log == ("line 8", "line 9", "line 10")
    big = screen.snapshot(60, 200, "")  # the terminal grows: all 20 lines fit beside the board
    assert big.back == 0 and big.log == tuple(f"line {i}" for i in range(20))


def test_every_announcement_page_is_logged_once_even_after_an_announcement_of_one_page(make_table):
    # Four bots, seed 45, the short game: one area's score comes alone, an announcement of one
    # page, and the announcement after it starts on its page 1 too: that page is logged as well.
    table = make_table("sim.toml", seed=45, short_game=True)
    log = SimLog()
    screen = SimScreen(table.app, table.hw, SEATS, False, log)
    table.press("red", "select")  # Start
    driver = table.bots(make_bots(SEATS, 45))
    announcements: list[list] = []
    while driver.step():  # each page is drawn before the bot turns it
        screen.snapshot(24, 80, "")
        pages = table.app.announcer.pages
        if table.app.mode == Mode.ANNOUNCE and not any(a is pages for a in announcements):
            announcements.append(pages)
    assert table.app.mode == Mode.FINAL
    assert 1 in [len(a) for a in announcements[:-1]]
    shown = [e for e in table.session.public_events() if e["kind"] in PAGE_KINDS]
    logged = [line for line in log.lines if line.startswith("» ")]
    assert logged[-1] == "» Final scores" and len(logged) - 1 == len(shown)


def test_bots_passes_over_empty_names_and_says_why_a_seat_must_be_left():
    assert parse_bots(",blue,, green=random,", SEATS) == {"blue": "greedy", "green": "random"}
    with pytest.raises(ValueError) as refused:
        parse_bots(",".join(SEATS), SEATS)
    assert str(refused.value) == (
        "--bots: leave at least one seat to yourself (`companion demo` watches bots)"
    )


def test_keys_typed_ahead_of_esc_are_dropped_not_pressed_on_closed_pins(sim, tmp_path, monkeypatch):
    """Keys typed faster than the pads' presses take, then Esc: the sim ends without pressing
    them on the pins it has closed (which printed a thread's traceback as the sim ended)."""
    failures: list = []
    monkeypatch.setattr(threading, "excepthook", failures.append)

    def script(term: Terminal):
        yield from term.until(lambda s: "Start the game" in s, "the setup screen")
        term.done = True
        yield [*[ord("1")] * 10, ESC]  # ◀ ten times, then Esc alone: a kept game ends at once

    sim(script, None, "blue", tmp_path / "game.db")
    for thread in threading.enumerate():
        if thread.name == "sim-keys":
            thread.join(timeout=10)
    assert failures == []


def test_esc_while_a_bot_presses_ends_the_sim_with_no_thread_left_pressing(
    sim, tmp_path, monkeypatch
):
    """Esc while yellow's bot is at the private page: its press under way is made and handled
    before the pins close (it raised in its thread, or waited for ever on the ended loop)."""
    failures: list = []
    monkeypatch.setattr(threading, "excepthook", failures.append)

    def script(term: Terminal):
        yield from term.until(lambda s: "Start the game" in s, "the setup screen")
        yield [ord("3")]
        yield from term.until(lambda s: "Only yellow looks" in term.left(), "yellow's page")
        term.done = True
        yield [ESC]

    sim(script, None, "yellow", tmp_path / "game.db", pace=0.0, size=(60, 200))
    ours = [t for t in threading.enumerate() if t.name in ("sim-bots", "sim-keys", "app-loop")]
    for thread in ours:
        thread.join(timeout=10)
    assert failures == [] and not any(t.is_alive() for t in ours)
