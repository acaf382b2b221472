"""The setup screen, driven from any pad: which seats play and the table options.

◀ ▶ move between lines, ● on a line changes it, ● on "Start" starts; it opens on "Start" with
the table's defaults, so a table that always plays the same way presses ● once.

>>> s = SetupScreen(("red", "blue", "yellow"), TableDefaults())
>>> s.press("right"); s.press("select")   # red sits out
>>> s.press("left"); s.press("select").seats
('blue', 'yellow')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from companion.elgrande.options import CHOICES, TableOptions
from companion.screens.model import MainUI

# The options the table sets at the start, in the order shown, with their labels.
OPTION_LINES = (
    ("ruleset", "Ruleset"),
    ("short_game", "Short game"),
    ("veto", "Veto"),
    ("bidding", "Bids"),
    ("deck", "Deck"),
    ("first_bidder", "First bidder"),
    ("castillo_disc_on_king", "King's disc"),  # "forbidden" (printed) or "court"
    ("tiebreak", "Tie-break"),  # "shared" (printed) or "tournament"
    ("castillo_public", "Castillo shown"),
)
WINDOW = 4  # option lines visible at once under the title


@dataclass(frozen=True)
class TableDefaults:
    """Where the setup screen starts: table options and the seats that play (None: every pad)."""

    options: TableOptions = field(default_factory=TableOptions)
    seats: tuple[str, ...] | None = None


@dataclass(frozen=True)
class GameChoice:
    """What the setup screen decided."""

    seats: tuple[str, ...]
    options: TableOptions


def _accepted(key: str, value: object) -> bool:
    # bool is an int: compare types too, as TableOptions does.
    return any(type(value) is type(a) and value == a for a in CHOICES.get(key, ()))


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


class SetupScreen:
    def __init__(
        self, pads: tuple[str, ...], defaults: TableDefaults, *, phones: bool = False
    ) -> None:
        self.pads = pads
        self.phones = phones  # a web server runs: the last line opens the Phones page
        self.wants_phones = False
        wanted = defaults.seats if defaults.seats is not None else pads
        self.playing = {p: p in wanted for p in pads}
        self.options = dataclasses.asdict(defaults.options)
        self.cursor = 0
        self.message = ""

    def _lines(self) -> list[str]:
        seats = [f"{p}: {'plays' if self.playing[p] else 'sits out'}" for p in self.pads]
        opts = [f"{label}: {_show(self.options[key])}" for key, label in OPTION_LINES]
        return ["Start the game", *seats, *opts, *(["Phones: pair, revoke"] if self.phones else [])]

    def press(self, button: str) -> GameChoice | None:
        """One press from any pad; returns the choice when the game starts."""
        n = len(self._lines())
        self.message = ""
        if button == "left":
            self.cursor = (self.cursor - 1) % n
        elif button == "right":
            self.cursor = (self.cursor + 1) % n
        elif button == "long":
            self.cursor = 0
        elif button == "select":
            return self._select()
        return None

    def _select(self) -> GameChoice | None:
        if self.cursor == 0:
            seats = tuple(p for p in self.pads if self.playing[p])
            if not 2 <= len(seats) <= 5:
                self.message = f"2 to 5 seats play; {len(seats)} chosen"
                return None
            return GameChoice(seats, TableOptions(**self.options))
        i = self.cursor - 1
        if i < len(self.pads):
            p = self.pads[i]
            self.playing[p] = not self.playing[p]
            return None
        if i - len(self.pads) == len(OPTION_LINES):  # the Phones line
            self.wants_phones = True
            return None
        key = OPTION_LINES[i - len(self.pads)][0]
        accepted = CHOICES[key]
        self.options[key] = accepted[(accepted.index(self.options[key]) + 1) % len(accepted)]
        return None

    def to_json(self) -> dict[str, Any]:
        """The choices made so far, for the store: a restart puts the screen back as it was."""
        playing = [p for p in self.pads if self.playing[p]]
        return {"playing": playing, "options": dict(self.options), "cursor": self.cursor}

    def restore(self, saved: dict[str, Any]) -> None:
        """Back to choices `to_json` gave. What no longer fits (a pad gone from the config, an
        option this version does not know) keeps the default; the rest is taken."""
        playing = saved.get("playing")
        if isinstance(playing, list):
            self.playing = {p: p in playing for p in self.pads}
        options = saved.get("options")
        if isinstance(options, dict):
            for key, value in options.items():
                if key in self.options and _accepted(key, value):
                    self.options[key] = value
        cursor = saved.get("cursor")
        if type(cursor) is int and 0 <= cursor < len(self._lines()):
            self.cursor = cursor

    def ui(self, alerts: tuple[str, ...] = ()) -> MainUI:
        lines = self._lines()
        top = min(max(0, self.cursor - WINDOW + 1), len(lines) - WINDOW)
        shown = tuple(lines[top : top + WINDOW])
        footer = self.message or "◀ ▶ line  ● select"  # fits 128 px
        return MainUI(
            screen="setup",
            title="New game",
            lines=shown,
            cursor=self.cursor - top,
            footer=footer,
            alerts=alerts,
        )
