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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion import games
from companion.screens.model import MainUI
from companion.session.store import DEFAULT_GAME

WINDOW = 4  # option lines visible at once under the title


@dataclass(frozen=True)
class TableDefaults:
    """Where the setup screen starts: the game, its table options (None: the game's defaults),
    the seats that play (None: every pad), and the options of the other games the table set."""

    options: Any = None
    seats: tuple[str, ...] | None = None
    game: str = DEFAULT_GAME
    others: Mapping[str, Any] = field(default_factory=dict)  # game id -> its options

    def options_of(self, game: str) -> dict[str, Any]:
        """A game's options as a plain dict, the module's defaults where the table set none."""
        chosen = self.options if game == self.game else self.others.get(game)
        module = games.load(game)
        return dataclasses.asdict(chosen if chosen is not None else module.options_from({}))


@dataclass(frozen=True)
class GameChoice:
    """What the setup screen decided."""

    seats: tuple[str, ...]
    options: Any  # the game's options
    game: str = DEFAULT_GAME


def _accepted(choices: Mapping[str, tuple[Any, ...]], key: str, value: object) -> bool:
    # bool is an int: compare types too, as the games' options do.
    return any(type(value) is type(a) and value == a for a in choices.get(key, ()))


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def option_lines(game: str) -> tuple[tuple[str, str], ...]:
    """(option, label) in the order the setup screen shows a game's options."""
    module = games.load(game)
    labels = getattr(module, "option_labels", {})
    return tuple((key, labels.get(key) or key.replace("_", " ").capitalize()) for key in (
        labels or module.option_choices()
    ))  # fmt: skip


class SetupScreen:
    def __init__(
        self, pads: tuple[str, ...], defaults: TableDefaults, *, phones: bool = False
    ) -> None:
        self.pads = pads
        self.phones = phones  # a web server runs: the last line opens the Phones page
        self.wants_phones = False
        wanted = defaults.seats if defaults.seats is not None else pads
        self.playing = {p: p in wanted for p in pads}
        self.game = defaults.game
        self.all_options = {g: defaults.options_of(g) for g in games.available()}
        self.cursor = 0
        self.message = ""

    @property
    def options(self) -> dict[str, Any]:
        """The chosen game's options as the screen has them now."""
        return self.all_options[self.game]

    def _lines(self) -> list[str]:
        seats = [f"{p}: {'plays' if self.playing[p] else 'sits out'}" for p in self.pads]
        game = f"Game: {games.load(self.game).info.name}"
        opts = [f"{label}: {_show(self.options[key])}" for key, label in option_lines(self.game)]
        phones = ["Phones: pair, revoke"] if self.phones else []
        return ["Start the game", *seats, game, *opts, *phones]

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
        module = games.load(self.game)
        if self.cursor == 0:
            seats = tuple(p for p in self.pads if self.playing[p])
            low, high = module.info.players
            if not low <= len(seats) <= high:
                self.message = f"{low} to {high} seats play; {len(seats)} chosen"
                return None
            return GameChoice(seats, module.options_from(dict(self.options)), self.game)
        i = self.cursor - 1
        if i < len(self.pads):
            p = self.pads[i]
            self.playing[p] = not self.playing[p]
            return None
        if i == len(self.pads):  # the game: the next one the device knows
            known = games.available()
            self.game = known[(known.index(self.game) + 1) % len(known)]
            return None
        lines = option_lines(self.game)
        if i - len(self.pads) - 1 == len(lines):  # the Phones line
            self.wants_phones = True
            return None
        key = lines[i - len(self.pads) - 1][0]
        accepted = module.option_choices()[key]
        self.options[key] = accepted[(accepted.index(self.options[key]) + 1) % len(accepted)]
        return None

    def to_json(self) -> dict[str, Any]:
        """The choices made so far, for the store: a restart puts the screen back as it was."""
        playing = [p for p in self.pads if self.playing[p]]
        return {
            "playing": playing,
            "game": self.game,
            "options": dict(self.options),
            "cursor": self.cursor,
        }

    def restore(self, saved: dict[str, Any]) -> None:
        """Back to choices `to_json` gave. What no longer fits (a pad gone from the config, an
        option or a game this version does not know) keeps the default; the rest is taken."""
        playing = saved.get("playing")
        if isinstance(playing, list):
            self.playing = {p: p in playing for p in self.pads}
        game = saved.get("game", DEFAULT_GAME)
        if isinstance(game, str) and game in games.available():
            self.game = game
        options = saved.get("options")
        if isinstance(options, dict):
            choices = games.load(self.game).option_choices()
            for key, value in options.items():
                if key in self.options and _accepted(choices, key, value):
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
