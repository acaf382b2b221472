"""Cards that score now: 2h and 3h (a region the player picks; 3h may pick the Castillo), 3a–3c
(regions by their current first value), 3d (the Castillo), 3e (first places only), 3f and 3g
(the fullest and the emptiest regions).

>>> from companion.elgrande.engine import new_game
>>> s = new_game(["red", "blue"], seed=1)
>>> fullest(s) == sorted(s.grandes.values(), key=list(s.data.regions).index)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from companion.elgrande.base import Effect, PickOne, place_name, special_scoring
from companion.elgrande.data import CASTILLO
from companion.elgrande.state import State


@dataclass
class ScoreRegion(PickOne):
    """2h: score one region now."""

    purpose: ClassVar[str] = "score_region"
    question: ClassVar[str] = "Choose a region to score now"
    rule: ClassVar[str] = "choose one of the nine regions"

    def options(self, s: State) -> list[str]:
        return list(s.data.regions)

    def resolve(self, s: State, target: str | int) -> None:
        special_scoring(s, [str(target)], f"Special scoring of {place_name(s, target)}")


@dataclass
class ScoreArea(ScoreRegion):
    """3h: score one region or the Castillo now."""

    purpose: ClassVar[str] = "score_area"
    question: ClassVar[str] = "Choose a region or the Castillo to score now"
    rule: ClassVar[str] = "choose a region or the Castillo"

    def options(self, s: State) -> list[str]:
        return [*s.data.regions, CASTILLO]


def score_now(
    title: str, select: Callable[[State], list[str]], *, first_only: bool = False
) -> Effect:
    """3a–3g: score the areas `select` names, at once, with no choice to make."""

    def start(s: State, player: str) -> None:
        special_scoring(s, select(s), title, first_only=first_only)

    return start


def first_value_in(values: set[int]) -> Callable[[State], list[str]]:
    """3a–3c: regions whose current first value (a scoreboard counts) is one of `values`."""
    return lambda s: [r for r in s.data.regions if s.values(r)[0] in values]


def castillo(s: State) -> list[str]:
    return [CASTILLO]


def every_region(s: State) -> list[str]:
    return list(s.data.regions)


def fullest(s: State) -> list[str]:
    """3f: every region tied for the most caballeros (none on an empty board)."""
    counts = {r: s.total_in(r) for r in s.data.regions}
    top = max(counts.values())
    return [r for r, n in counts.items() if n == top] if top else []


def emptiest(s: State) -> list[str]:
    """3g: every region tied for the fewest caballeros, empty regions left out."""
    counts = {r: s.total_in(r) for r in s.data.regions if s.total_in(r)}
    low = min(counts.values(), default=0)
    return [r for r, n in counts.items() if n == low]
