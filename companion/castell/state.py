"""Castell's game state: plain data, changed only by the engine's steps. Nothing in it is secret.

>>> from companion.castell.engine import new_game
>>> s = new_game(["red", "blue"], seed=1)
>>> s.round, s.rounds[-1], s.best
(3, 10, {'red': 0, 'blue': 0})
>>> s
<Castell round=3 phase=festival best={'red': 0, 'blue': 0} pending=1>
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.castell.options import TableOptions
from companion.castell.rules import ROUNDS
from companion.kit.events import Event, EventLog
from companion.kit.scoring import ScoreLine


@dataclass(repr=False, eq=False)
class State(EventLog):
    players: tuple[str, ...]  # seat order, clockwise
    options: TableOptions
    seed: int
    rounds: tuple[int, ...] = ROUNDS
    # The round the table is at, as the device knows it: the round whose festival is being
    # entered (3 to 10), then 10 for the final count; None before anything is asked.
    current_round: int | None = None
    phase: str = "setup"  # "festival", "final", "over"
    best: dict[str, int] = field(default_factory=dict)  # the score track: each best tower
    # round -> player -> the tower score entered at that festival (0: did not take part)
    festivals: dict[int, dict[str, int]] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)  # the track, then the final totals
    lines: list[ScoreLine] = field(default_factory=list)  # the final count's reasons
    winners: tuple[str, ...] = ()
    steps: list[Any] = field(default_factory=list)  # pending decisions, the top one asked
    events: list[Event] = field(default_factory=list)  # announced, not yet taken
    event_count: int = 0

    @property
    def round(self) -> int | None:
        return self.current_round

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def __repr__(self) -> str:
        return (
            f"<Castell round={self.round} phase={self.phase} best={self.best} "
            f"pending={len(self.steps)}>"
        )
