"""`companion sim`: play El Grande at a PC, against bots or with others at the same keyboard.

Why curses: it is in the standard library (nothing to install on a Pi or a PC), and the sim needs
only a grid of text and keys read without waiting for Enter; a richer library (Textual,
urwid) would add a dependency for widgets the sim does not use.

The screen (sim_layout.py) shows the board as the table sees it (sim_board.py), the main
display's page, the person's own pads, a log of everything said (sim_log.py) and the key
legend (sim_keys.py). A key press drives the pad's mock pins through gpiozero with real timing,
so the sim goes through the same debounce and long-press code as the table; bots press the
buttons of their seats the same way, one decision every `pace` seconds. Bots never press on the
setup screen, an announcement or the resume page: those wait for the person's ●.

Seats the person does not play show only what the table sees ("choosing", "chose"); a bot's
private page on the main display is hidden. `show_bots` shows their hands and sealed choices,
said on screen while on.
"""

from __future__ import annotations

import contextlib
import curses
import dataclasses
import os
import queue
import random
import signal
import threading
from collections.abc import Sequence
from pathlib import Path

from companion.app.config import load_app_config
from companion.app.loop import STOP, run_loop
from companion.app.mode import Mode
from companion.app.setup import TableDefaults
from companion.app.table import TableApp
from companion.commands.run import open_store
from companion.commands.sim_keys import Keys, key_map, legend, scrolled
from companion.commands.sim_layout import Snapshot, frame, log_height
from companion.commands.sim_log import SimLog
from companion.commands.sim_seats import bot_line, hide_bot_page, person_lines
from companion.commands.web_start import start_web, web_wanted
from companion.i18n import _
from companion.session.store import MemoryStore, Store
from companion.testing import BOT_KINDS, BotDriver, Presser, table_bots
from companion.testing import bot_kinds as kinds_for
from hw.backend import MockBackend
from hw.hardware import Hardware, build_hardware

DEFAULT_PACE = 1.0  # seconds a bot takes over a decision: time to see what it did


def parse_bots(
    text: str | None, players: Sequence[str], kinds: Sequence[str] = tuple(BOT_KINDS)
) -> dict[str, str]:
    """The seats named in --bots, each with its bot's kind ("blue" or "blue=random"; the first
    of `kinds` unless named); raises ValueError naming an unknown seat or kind.

    >>> parse_bots("blue, green=random", ["red", "blue", "green"])
    {'blue': 'greedy', 'green': 'random'}
    """
    if not text:
        return {}
    bots: dict[str, str] = {}
    for item in (n.strip() for n in text.split(",")):
        if not item:
            continue
        seat, _, kind = item.partition("=")
        seat, kind = seat.strip(), kind.strip() or kinds[0]
        if seat not in players:
            raise ValueError(f"--bots: {seat!r} is not a seat; seats: {', '.join(players)}")
        if kind not in kinds:
            raise ValueError(f"--bots: {kind!r} is not a bot; bots: {', '.join(kinds)}")
        bots[seat] = kind
    if len(bots) == len(players):
        raise ValueError(
            "--bots: leave at least one seat to yourself (`companion demo` watches bots)"
        )
    return bots


class _Fingers:
    """Presses wanted from the keyboard, made one after another on their own thread."""

    def __init__(self, presser: Presser) -> None:
        self.presser = presser
        self.wanted: queue.Queue[tuple[str, str] | None] = queue.Queue()
        self.thread = threading.Thread(target=self._run, name="sim-keys", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while (item := self.wanted.get()) is not None:
            self.presser.press(*item)

    def stop(self) -> None:
        """Drops the presses not begun and waits for the one being made: none may come once
        the pins are closed."""
        with contextlib.suppress(queue.Empty):
            while True:
                self.wanted.get_nowait()
        self.wanted.put(None)
        self.thread.join(timeout=5)


def _bots_thread(
    app: TableApp, driver: BotDriver, events: queue.Queue, stop: threading.Event, pace: float
) -> None:
    while not stop.is_set():
        events.join()
        with app.lock:
            ready = driver.plan() is not None
        if not ready:
            with app.changed:
                app.changed.wait(timeout=0.5)  # until someone else has pressed
            continue
        if not stop.wait(pace):  # the bot "thinks"; then plans again, the table may have moved
            driver.step()


class SimScreen:
    """What the terminal shows, gathered under the app's lock: public outputs, the person's
    pads, and the bots' secrets only with `show_bots`."""

    def __init__(
        self,
        app: TableApp,
        hw: Hardware,
        bots: Sequence[str],
        show_bots: bool,
        log: SimLog,
        phones: bool = False,  # the web is on: a key a seat holds ◀ (the Phones page)
    ) -> None:
        self.app, self.hw, self.bots, self.show_bots, self.log = app, hw, bots, show_bots, log
        self.phones = phones
        self.persons = tuple(p for p in hw.pads if p not in bots)
        self.legend = legend(list(hw.pads), self.persons, phones)
        self.back = 0

    def snapshot(self, rows: int, cols: int, notice: str) -> Snapshot:
        app = self.app
        with app.lock:
            self.log.take_spoken(list(getattr(self.hw.speaker, "spoken", ())))
            view = app.view if app.session is not None else None
            ui = app.main_ui()
            if not self.show_bots:
                ui = hide_bot_page(ui, app.privacy, self.bots)
            announcing = None
            if app.mode == Mode.ANNOUNCE:
                announcing = app.announcer.current.round  # the header is the scoring's
                self.log.take_page(
                    (id(app.announcer.pages), app.announcer.index), ui.title, ui.lines
                )
            if app.mode == Mode.FINAL and view is not None:
                ranked = sorted(view.players, key=lambda p: -view.scores.get(p, 0))
                lines = [f"{i}. {_(p)} {view.scores.get(p, 0)}" for i, p in enumerate(ranked, 1)]
                if app.chart_path is not None:
                    lines.append(_("score chart saved to {path}").format(path=app.chart_path))
                self.log.take_page(("final", id(app.session)), _("Final scores"), lines)
            seats = [line for p in self.persons for line in person_lines(app, p)]
            if self.show_bots:
                seats += [bot_line(app, p) for p in self.bots]
        if self.show_bots and not notice:
            notice = "SHOW-BOTS ON: the bots' hands and sealed choices are on screen"
        height = log_height(rows, cols)
        self.back = min(self.back, max(len(self.log.lines) - height, 0))
        shown = tuple(self.log.window(height, self.back))
        return Snapshot(
            view,
            ui,
            tuple(seats),
            shown,
            self.back,
            legend(list(self.hw.pads), self.persons, self.phones),  # in the language now
            notice,
            announcing,
        )

    def scroll(self, how: str, rows: int, cols: int) -> None:
        height = log_height(rows, cols)
        self.back = scrolled(self.back, how, height, len(self.log.lines))


def run_sim(
    config: str | None,
    bots: str | None,
    store_path: Path | None = None,
    *,
    seed: int | None = None,
    pace: float = DEFAULT_PACE,
    show_bots: bool = False,
    log_path: Path | None = None,
    game: str | None = None,
    web: bool = False,
    language: str | None = None,
) -> int:
    """The sim; with `store_path` (absolute) the game is kept there and resumed from it, as
    `companion run` does with its state directory. Ctrl-C and SIGTERM end it as Esc does.
    `game` replaces the table file's game on the setup screen."""
    hardware, table = load_app_config(config, "sim.toml")
    if game is not None and game != table.game:
        others = {**table.others, table.game: table.options}
        table = TableDefaults(others.get(game), table.seats, game, others, table.language)
    if language is not None:  # --lang: over table.toml's
        table = dataclasses.replace(table, language=language)
    players = list(hardware.seats)
    bot_kinds = parse_bots(bots, players, tuple(kinds_for(table.game)))
    log = SimLog(log_path)
    store: Store = open_store(store_path) if store_path is not None else MemoryStore()
    hw = build_hardware(hardware, backend=MockBackend())
    stopping = threading.Event()
    caught = catch_stop_signals()
    try:
        out_dir = Path.cwd() / "companion-sim"
        app = TableApp(hw, table, seed=seed, store=store, out_dir=out_dir)
        server = start_web(app, hardware, store_path) if web_wanted(web, hardware) else None
        loop = threading.Thread(target=run_loop, args=(app, hw.events), name="app-loop")
        loop.start()
        presser = Presser(hw)
        fingers = _Fingers(presser)
        bot_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        seated = table_bots(bot_kinds, bot_seed)  # for whichever game the table starts
        driver = BotDriver(app, presser, seated, hw.events, pages=False)
        args = (app, driver, hw.events, stopping, pace)
        bots_thread = threading.Thread(target=_bots_thread, args=args, name="sim-bots", daemon=True)
        bots_thread.start()
        phones = server is not None
        screen = SimScreen(app, hw, tuple(bot_kinds), show_bots, log, phones)
        keys = Keys(key_map(players, phones), screen.persons, kept=store_path is not None)
        os.environ.setdefault("ESCDELAY", "25")  # Esc alone is known after 25 ms, not a second
        for stale in ("LINES", "COLUMNS"):  # curses would keep to these through a resize
            os.environ.pop(stale, None)
        try:
            curses.wrapper(_ui, screen, keys, fingers, stopping, caught)
        finally:
            stopping.set()
            fingers.stop()
            bots_thread.join(timeout=5)  # a bot's press under way is handled before the loop ends
            hw.events.put(STOP)
            loop.join(timeout=5)
            if server is not None:
                server.stop()
        return 0
    finally:
        store.close()
        hw.close()
        log.close()


def catch_stop_signals() -> list[int]:
    """SIGINT and SIGTERM end the sim as Esc does: each one caught is listed, and the UI loop,
    awake ten times a second, ends at its next turn. A handler takes no lock: a second SIGINT
    (the terminal and `timeout` each send one for a Ctrl-C) could land while the first is
    inside `Event.set` and wait for its lock for ever."""
    caught: list[int] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda n, _: caught.append(n))
    return caught


def _ui(
    window: curses.window,
    screen: SimScreen,
    keys: Keys,
    fingers: _Fingers,
    stopping: threading.Event,
    caught: list[int],
) -> None:
    curses.curs_set(0)
    window.keypad(True)
    window.timeout(100)  # redraw ten times a second; the app's own loop never polls
    while not stopping.is_set() and not caught:  # Esc, or SIGINT / SIGTERM caught
        rows, cols = window.getmaxyx()
        _draw(window, frame(screen.snapshot(rows, cols, keys.question), rows, cols))
        ch = window.getch()
        if ch in (-1, curses.KEY_RESIZE):  # a resize: the next frame fits the new size
            continue
        alt = False
        if ch == 27:  # Esc, or Alt+key: the key follows at once
            window.nodelay(True)
            while window.getch() != -1:
                alt = True
            window.timeout(100)
        command = keys.handle(ch, alt)
        if command is None:
            continue
        if command[0] == "quit":
            return
        if command[0] == "scroll":
            screen.scroll(command[1], rows, cols)
        elif command[0] == "press":
            fingers.wanted.put((command[1], command[2]))


def _draw(window: curses.window, lines: list[str]) -> None:
    window.erase()
    for y, line in enumerate(lines):
        with contextlib.suppress(curses.error):  # the bottom-right cell cannot be written
            window.addstr(y, 0, line)
    window.refresh()
