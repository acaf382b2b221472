"""The game state: plain data, mutated only by the engine's steps. Nothing in it is secret.

>>> from companion.akropolis.engine import new_game
>>> s = new_game(["red", "blue"], seed=1)
>>> s.round, s.is_over, s.scores
(None, False, {'red': 0, 'blue': 0})
>>> print(repr(s))
<State phase=entry variants=() scores={'red': 0, 'blue': 0} pending=1>
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.akropolis.options import Options
from companion.kit.events import Event, EventLog
from companion.kit.scoring import ScoreLine


@dataclass(repr=False, eq=False)
class State(EventLog):
    players: tuple[str, ...]  # seat order
    options: Options
    seed: int
    scores: dict[str, int] = field(default_factory=dict)
    phase: str = "entry"  # "entry" (everyone enters their tally), then "over"
    # Pending decisions, the top one asked: the one ParallelEntry of the final count.
    steps: list[Any] = field(default_factory=list)
    lines: list[ScoreLine] = field(default_factory=list)  # the final count's reasons
    places: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    tiebreak: str | None = None  # "stones" once unused stones separated equal totals
    winners: tuple[str, ...] = ()
    # Events announced since the keeper (the session) last took them; see take_events.
    events: list[Event] = field(default_factory=list)
    event_count: int = 0

    @property
    def round(self) -> int | None:
        """No rounds are kept: the device counts the end of the game only."""
        return None

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def __repr__(self) -> str:
        return (
            f"<State phase={self.phase} variants={self.options.variants} "
            f"scores={self.scores} pending={len(self.steps)}>"
        )
