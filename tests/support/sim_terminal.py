"""A curses window as `companion sim` uses it, driven by a script that plays the person: the
sim's curses loop runs in-process, with no real terminal (the tmux and pty tests use one)."""

from __future__ import annotations

import curses
import time
from collections.abc import Callable, Iterator

# What a terminal sends for a function key when curses is not asked to decode it (keypad off).
RAW = {curses.KEY_PPAGE: b"\x1b[5~", curses.KEY_NPAGE: b"\x1b[6~", curses.KEY_END: b"\x1b[F"}

Script = Callable[["Terminal"], Iterator[list[int] | None]]


class Terminal:
    """A curses window as the sim uses it. `script(term)` is the person: it yields the keys
    that arrive at once (Alt+x is [27, ord("x")]) or None for no key, after looking at the
    frame last drawn (`term.screen`). A key waits as curses does, up to the window's timeout."""

    def __init__(self, script: Script, rows: int = 24, cols: int = 80) -> None:
        self.size = (rows, cols)
        self.resized: tuple[int, int] | None = None  # the size once the next frame is measured
        self.cursor: list[int] = []  # curs_set's calls
        self.keypad_on = False
        self.delay_ms = -1
        self.nodelay_on = False
        self.rows: list[str] = []
        self.screen: list[str] = []  # the last frame refreshed
        self.frames: list[list[str]] = []  # every frame refreshed, in order
        self.burst: list[int] = []
        self.env: dict[str, str | None] = {}  # what curses starts with
        self.done = False  # the script says so before its last key
        self.script = script(self)

    # -- what the sim calls ----------------------------------------------------------------------
    def keypad(self, on: bool) -> None:
        self.keypad_on = on

    def timeout(self, ms: int) -> None:
        self.delay_ms, self.nodelay_on = ms, False

    def nodelay(self, on: bool) -> None:
        self.nodelay_on = on

    def getmaxyx(self) -> tuple[int, int]:
        measured = self.size
        if self.resized is not None:  # the terminal shrinks while the frame is drawn
            self.size, self.resized = self.resized, None
        return measured

    def erase(self) -> None:
        self.rows = [""] * self.size[0]

    def addstr(self, y: int, x: int, text: str) -> None:
        rows, cols = self.size
        if y >= rows:
            raise curses.error("addwstr() returned ERR")
        self.rows[y] = text[:cols]
        if x + len(text) >= cols:  # past the last column, or into the bottom-right cell
            raise curses.error("addwstr() returned ERR")

    def refresh(self) -> None:
        self.screen = list(self.rows)
        self.frames.append(self.screen)

    def getch(self) -> int:
        if not self.burst and not self.nodelay_on:
            keys = next(self.script, "over")
            assert keys != "over", "the sim went on after the script's last key"
            if keys is None:
                time.sleep(self.delay_ms / 1000)
            for key in keys or ():
                raw = RAW.get(key) if not self.keypad_on else None
                self.burst += list(raw) if raw else [key]
        return self.burst.pop(0) if self.burst else -1

    # -- what the script looks at ----------------------------------------------------------------
    def text(self) -> str:
        return "\n".join(self.screen)

    def left(self) -> list[str]:
        """The rows left of the log pane (at 200×60 the log stands beside the rest)."""
        return [row.split(" │ ")[0].rstrip() for row in self.screen]

    def until(self, shown: Callable[[str], bool], what: str, limit_s: float = 30.0):
        """No key until `shown(screen text)` holds; fails after `limit_s`."""
        deadline = time.monotonic() + limit_s
        while not shown(self.text()):
            assert time.monotonic() < deadline, f"never shown: {what}\n{self.text()}"
            yield None


def pressed(*keys: int) -> Script:
    """A person who presses `keys` one after the other, each once the last frame is drawn."""

    def script(term: Terminal) -> Iterator[list[int] | None]:
        for key in keys:
            yield [key]

    return script
