"""The sim's keys: a row of four a seat (◀ ▶ ● hold ●), the log's scroll keys, and Esc. With
the web on, a fifth key a seat holds ◀ (the Phones page, when that pad has nothing to choose).

Only Esc quits; Alt+key (which a terminal sends as Esc and the key at once) is ignored. When the
game is not kept in a store, Esc asks first: y quits, any other key plays on.

>>> keys = Keys(key_map(["red", "blue"]), ("red",), kept=False)
>>> keys.handle(ord("3")), keys.handle(ord("w"))
(('press', 'red', 'select'), None)
>>> keys.handle(27), keys.question
(None, 'Quit? This game is not kept (no --store). y: quit, any other key: play on')
>>> keys.handle(ord("y"))
('quit',)
"""

from __future__ import annotations

import curses
from collections.abc import Sequence

from companion.i18n import _

KEY_ROWS = ("1234", "qwer", "asdf", "zxcv", "7890")
BUTTONS = ("left", "right", "select", "long")
HOLD_LEFT_KEYS = "5tgb-"  # each row's next key: ◀ held until it repeats (with the web on)
ESC = 27
SCROLL = {
    curses.KEY_PPAGE: "page_up",
    curses.KEY_NPAGE: "page_down",
    curses.KEY_UP: "up",
    curses.KEY_DOWN: "down",
    curses.KEY_HOME: "oldest",
    curses.KEY_END: "newest",
}

Command = tuple[str, ...]  # ("press", player, button), ("scroll", how), ("quit",)


def key_map(players: Sequence[str], phones: bool = False) -> dict[str, tuple[str, str]]:
    """Key → (player, button) for the seats in config order; `phones`: the web is on, and each
    seat's fifth key holds ◀.

    >>> key_map(["red", "blue"])["w"], key_map(["red", "blue"], phones=True)["t"]
    (('blue', 'right'), ('blue', 'hold_left'))
    """
    keys = {
        key: (p, button)
        for p, row in zip(players, KEY_ROWS, strict=False)
        for key, button in zip(row, BUTTONS, strict=True)
    }
    if phones:
        keys |= {key: (p, "hold_left") for p, key in zip(players, HOLD_LEFT_KEYS, strict=False)}
    return keys


def legend(players: Sequence[str], persons: Sequence[str], phones: bool = False) -> str:
    """The key legend, always on screen: the person's seats' keys, the log's, Esc.

    >>> legend(["red", "blue"], ["red"])
    'red: 1◀ 2▶ 3● 4 hold● │ PgUp PgDn ↑↓ End: log │ Esc: quit'
    >>> legend(["red", "blue", "yellow"], ["red", "yellow"])
    'red 1234 yellow asdf: ◀ ▶ ● hold● │ PgUp PgDn ↑↓ End: log │ Esc: quit'
    >>> legend(["red", "blue"], ["red"], phones=True)
    'red: 1◀ 2▶ 3● 4 hold● 5 hold◀ │ PgUp PgDn ↑↓ End: log │ Esc: quit'
    """
    rows = dict(zip(players, KEY_ROWS, strict=False))
    fifth = dict(zip(players, HOLD_LEFT_KEYS, strict=False)) if phones else {}
    mine = [(p, r + fifth.get(p, "")) for p in persons if (r := rows.get(p))]
    if len(mine) == 1:
        p, r = mine[0]
        hold = _("hold●")
        more = f" {r[4]} " + _("hold◀") if phones else ""
        seats = [f"{_(p)}: {r[0]}◀ {r[1]}▶ {r[2]}● {r[3]} {hold}{more}"]
    else:  # several seats at one keyboard: one key order for all, to fit 80 columns
        more = " " + _("hold◀") if phones else ""
        seats = [" ".join(f"{_(p)} {r}" for p, r in mine) + ": ◀ ▶ ● " + _("hold●") + more]
    return " │ ".join([*seats, _("PgUp PgDn ↑↓ End: log"), _("Esc: quit")])


class Keys:
    """Turns key codes into the sim's commands; only the person's seats' keys press."""

    def __init__(
        self, keys: dict[str, tuple[str, str]], persons: Sequence[str], *, kept: bool
    ) -> None:
        self.keys = {k: v for k, v in keys.items() if v[0] in persons}
        self.kept = kept
        self.question = ""  # shown over the header while asked

    def handle(self, ch: int, alt: bool = False) -> Command | None:
        """One key; `alt`: Esc came with another key at once (Alt+key: ignored)."""
        if self.question:
            self.question = ""
            return ("quit",) if ch in (ord("y"), ord("Y")) else None
        if ch == ESC:
            if alt:
                return None
            if self.kept:
                return ("quit",)
            self.question = _(
                "Quit? This game is not kept (no --store). y: quit, any other key: play on"
            )
            return None
        if ch in SCROLL:
            return ("scroll", SCROLL[ch])
        if 0 <= ch < 256 and chr(ch) in self.keys:
            return ("press", *self.keys[chr(ch)])
        return None


def scrolled(back: int, how: str, page: int, total: int) -> int:
    """The log's new scroll-back after a scroll key (0: the newest lines).

    >>> scrolled(0, "page_up", 5, 100), scrolled(3, "down", 5, 100), scrolled(0, "oldest", 5, 9)
    (5, 2, 4)
    """
    step = {"page_up": page, "page_down": -page, "up": 1, "down": -1}
    if how == "newest":
        return 0
    if how == "oldest":
        return max(total - page, 0)
    return min(max(back + step[how], 0), max(total - page, 0))
