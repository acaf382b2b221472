"""Typed scoring reasons shared by every game: one `ScoreLine` per reason, and ranks with ties.

The announcement pages, the voice and `companion score` read the same lines, so a reason is
written once, by the game that knows it.

>>> lines = [ScoreLine("red", 12, "market", "Markets: 3 × 4 stars = 12"),
...          ScoreLine("blue", 12, "stones", "Stones 12")]
>>> totals_of(lines, ("red", "blue"))
{'red': 12, 'blue': 12}
>>> ranking({"red": 12, "blue": 12, "green": 3}, tiebreak={"red": 1, "blue": 4, "green": 0})
[(1, ('blue',)), (2, ('red',)), (3, ('green',))]
>>> ranking({"red": 5, "blue": 5})
[(1, ('blue', 'red'))]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ScoreLine:
    """One reason for some points: who, how many, the rule's stable id and the words.

    `rule` is a stable id within the game ("market", "city.cathedral"); `quantity` and `factor`
    are the numbers the words multiply, when there are such; `detail` carries whatever else the
    words or a picture need (ties, doubled parts)."""

    player: str
    points: int
    rule: str
    text: str
    quantity: int | None = None
    factor: int | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "points": self.points, "rule": self.rule}
        if self.quantity is not None:
            out["quantity"] = self.quantity
        if self.factor is not None:
            out["factor"] = self.factor
        out["why"] = self.text
        return out


def totals_of(lines: Iterable[ScoreLine], players: Iterable[str]) -> dict[str, int]:
    """Each player's sum of points, every player present (0 for none), in seat order."""
    out = dict.fromkeys(players, 0)
    for line in lines:
        out[line.player] += line.points
    return out


def ranking(
    totals: Mapping[str, int], tiebreak: Mapping[str, int] | None = None
) -> list[tuple[int, tuple[str, ...]]]:
    """Places from first: (place, players sharing it). More points first; on equal points the
    higher `tiebreak` value first; players equal on both share the place (named in order)."""
    breaker = tiebreak or {}

    def key(p: str) -> tuple[int, int]:
        return (totals[p], breaker.get(p, 0))

    ordered = sorted(totals, key=lambda p: (-totals[p], -breaker.get(p, 0), p))
    places: list[tuple[int, tuple[str, ...]]] = []
    done = 0
    while done < len(ordered):
        same = tuple(p for p in ordered[done:] if key(p) == key(ordered[done]))
        places.append((done + 1, same))
        done += len(same)
    return places
