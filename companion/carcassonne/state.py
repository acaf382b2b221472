"""The game state: plain data, changed only by the steps. Nothing in Carcassonne is secret.

>>> from companion.carcassonne.engine import new_game
>>> s = new_game(["red", "blue"], seed=1)
>>> s.scores, s.round, s.is_over
({'red': 0, 'blue': 0}, None, False)
>>> repr(s)
"<State phase=play scores={'red': 0, 'blue': 0} scored=0 pending=1>"
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from companion.carcassonne.options import Options
from companion.kit.events import Event, EventLog


@dataclass(repr=False, eq=False)
class State(EventLog):
    players: tuple[str, ...]  # seat order, clockwise
    options: Options
    seed: int
    scores: dict[str, int] = field(default_factory=dict)
    phase: str = "play"  # "play", then "final" (the end-of-game count), then "over"
    # The features scored so far, as JSON: who entered it, the feature, points, reasons.
    log: list[dict[str, Any]] = field(default_factory=list)
    # Pending decisions, the top one is asked (companion.carcassonne steps).
    steps: list[Any] = field(default_factory=list)
    # Events announced since the keeper (the session) last took them.
    events: list[Event] = field(default_factory=list)
    event_count: int = 0
    winners: tuple[str, ...] = ()
    places: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)

    @property
    def round(self) -> int | None:
        return None  # Carcassonne has turns, not rounds; the device does not count turns

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def seats_from(self, player: str) -> tuple[str, ...]:
        """Everyone, starting with `player` then clockwise: a menu's order of colours."""
        i = self.players.index(player)
        return self.players[i:] + self.players[:i]

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        new = object.__new__(State)
        memo[id(self)] = new
        for name, value in self.__dict__.items():
            new.__dict__[name] = copy.deepcopy(value, memo)
        return new

    def __repr__(self) -> str:
        return (
            f"<State phase={self.phase} scores={self.scores} scored={len(self.log)} "
            f"pending={len(self.steps)}>"
        )
