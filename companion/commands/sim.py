"""`companion sim`: play at a PC. The keyboard is the pads, the terminal shows the displays.

Why curses: it is in the standard library (nothing to install on a Pi or a PC), and the sim needs
only a grid of text and keys read without waiting for Enter; a richer library (Textual,
urwid) would add a dependency for widgets the sim does not use.

Keys (one row a seat, in the order of the config's players):

    seat 1  1 2 3 4      ◀ ▶ ● and hold ●
    seat 2  q w e r
    seat 3  a s d f
    seat 4  z x c v
    seat 5  7 8 9 0
    Esc     quit

A key press drives the pad's mock pins through gpiozero with real timing (hold ● is a press held
past the long-press time), so the sim goes through the same debounce and long-press code as the
table. Bots (--bots) press the buttons of their seats the same way.
"""

from __future__ import annotations

import contextlib
import curses
import queue
import threading
from collections.abc import Sequence
from pathlib import Path

from companion.app.config import load_app_config
from companion.app.loop import STOP, run_loop
from companion.app.table import TableApp
from companion.commands.run import open_store
from companion.commands.terminal import braille
from companion.session.store import MemoryStore, Store
from companion.testing import BotDriver, Presser, make_bots
from hw.backend import MockBackend
from hw.hardware import Hardware, build_hardware

KEY_ROWS = ("1234", "qwer", "asdf", "zxcv", "7890")
BUTTONS = ("left", "right", "select", "long")


def key_map(players: Sequence[str]) -> dict[str, tuple[str, str]]:
    """Key → (player, button) for the seats in config order.

    >>> key_map(["red", "blue"])["w"]
    ('blue', 'right')
    """
    return {
        key: (p, button)
        for p, row in zip(players, KEY_ROWS, strict=False)
        for key, button in zip(row, BUTTONS, strict=True)
    }


def parse_bots(text: str | None, players: Sequence[str]) -> tuple[str, ...]:
    """The seats named in --bots; raises ValueError naming an unknown seat and the seats."""
    if not text:
        return ()
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    for n in names:
        if n not in players:
            raise ValueError(f"--bots: {n!r} is not a seat; seats: {', '.join(players)}")
    return names


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


def _bots_thread(app: TableApp, driver: BotDriver, stop: threading.Event) -> None:
    while not stop.is_set():
        if not driver.step():
            with app.changed:
                app.changed.wait(timeout=1.0)  # until someone else has pressed


def _draw(screen: curses.window, hw: Hardware) -> None:
    screen.erase()
    rows, cols = screen.getmaxyx()

    def put(y: int, x: int, text: str) -> None:
        for i, line in enumerate(text.split("\n")):
            if 0 <= y + i < rows - 1 and x < cols - 1:
                with contextlib.suppress(curses.error):
                    screen.addstr(y + i, x, line[: cols - 1 - x])

    put(0, 0, "El Grande companion — sim   (Esc quits)")
    main = hw.display.device.image if hw.display.device else None
    y = 1
    if main is not None:
        put(y, 0, braille(main))
        y += main.size[1] // 4 + 1
    if hw.matrix is not None and hw.matrix.image is not None:
        put(1, main.size[0] // 2 + 2 if main else 0, "matrix\n" + braille(hw.matrix.image))
    x = 0
    for i, (p, pad) in enumerate(hw.pads.items()):
        row = KEY_ROWS[i] if i < len(KEY_ROWS) else "----"
        led = "●" if pad.led_state == "on" else "○"
        put(y, x, f"{led} {p} [{' '.join(row)}]")
        image = pad.display.device.image if pad.display and pad.display.device else None
        put(y + 1, x, braille(image) if image is not None else "(no pad display)")
        x += 66
        if x + 66 > cols:
            x, y = 0, y + 10
    voice = getattr(hw.speaker, "spoken", [])
    put(rows - 7, 0, "voice:")
    for i, line in enumerate(voice[-5:]):
        put(rows - 6 + i, 2, line)
    screen.refresh()


def run_sim(config: str | None, bots: str | None, store_path: Path | None = None) -> int:
    """The sim; with `store_path` (absolute) the game is kept there and resumed from it, as
    `companion run` does with its state directory."""
    hardware, table = load_app_config(config, "sim.toml")
    players = list(hardware.players)
    bot_seats = parse_bots(bots, players)
    store: Store = open_store(store_path) if store_path is not None else MemoryStore()
    hw = build_hardware(hardware, backend=MockBackend())
    try:
        app = TableApp(hw, table, store=store, out_dir=Path.cwd() / "companion-sim")
        loop = threading.Thread(target=run_loop, args=(app, hw.events), name="app-loop")
        loop.start()
        presser = Presser(hw)
        fingers = _Fingers(presser)
        stop = threading.Event()
        driver = BotDriver(app, presser, make_bots(tuple(bot_seats), 1), hw.events)
        bot_thread = threading.Thread(target=_bots_thread, args=(app, driver, stop), daemon=True)
        bot_thread.start()
        keys = key_map(players)
        try:
            curses.wrapper(_ui, hw, app, keys, fingers)
        finally:
            stop.set()
            fingers.wanted.put(None)
            hw.events.put(STOP)
            loop.join(timeout=5)
        return 0
    finally:
        store.close()
        hw.close()


def _ui(screen: curses.window, hw: Hardware, app: TableApp, keys: dict, fingers: _Fingers) -> None:
    curses.curs_set(0)
    screen.timeout(100)  # redraw ten times a second; the app's own loop never polls
    while True:
        with app.lock:
            _draw(screen, hw)
        ch = screen.getch()
        if ch == 27:  # Esc
            return
        if 0 <= ch < 256 and chr(ch) in keys:
            fingers.wanted.put(keys[chr(ch)])
