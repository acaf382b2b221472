"""Events: what happened in a game, for everyone, numbered so an output takes only the new ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for everyone: shown, spoken and logged as it is. `seq` numbers
    the game's events 1, 2, … so an output can take only those it has not shown yet. `round` is
    the round it belongs to (None before round 1): a general scoring is the round's it follows,
    and a round's last turn is that round's, even once the next round has begun."""

    kind: str
    text: str
    detail: Any = None
    seq: int = 0
    round: int | None = None
