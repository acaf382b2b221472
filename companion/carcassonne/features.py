"""A feature as the table enters it: what it is, its size, its inn or cathedral, and who has
meeples there. One shape for a pad's entry, a bot's and `companion score`'s.

The bounds are shared by the pads (a stepper's range) and the score file (what it accepts), so
the two never disagree.

>>> f = Feature("road", final=False, tiles=5, inn=True, meeples={"red": Meeples(1, 0)})
>>> f.owners(), f.to_json()["meeples"]
(('red',), {'red': {'normal': 1, 'big': 0}})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

TYPES = ("road", "city", "cloister", "field")

# Whole numbers each key accepts: (lowest, highest). A feature spans at most the box's tiles
# (72 + 18 with the expansion); 60 keeps a stepper short and no real feature is longer.
BOUNDS: dict[str, tuple[int, int]] = {
    "tiles": (1, 60),
    "pennants": (0, 20),
    "neighbours": (0, 7),  # an open cloister: 8 neighbours would have completed it
    "completed_cities": (0, 30),
    "normal": (0, 7),  # each colour's supply: 8 meeples, one of them the score marker
    "big": (0, 1),  # one big meeple per colour (the expansion)
}

# What each type asks, in the order a pad asks it (the expansion's yes/no questions included;
# `asked` drops them when the expansion is off). A cloister completed during play asks nothing:
# it scores 9.
QUESTIONS: dict[tuple[str, bool], tuple[str, ...]] = {
    ("road", False): ("tiles", "inn"),
    ("road", True): ("tiles", "inn"),
    ("city", False): ("tiles", "pennants", "cathedral"),
    ("city", True): ("tiles", "pennants", "cathedral"),
    ("cloister", False): (),
    ("cloister", True): ("neighbours",),
    ("field", True): ("completed_cities",),
}
EXPANSION_ONLY = ("inn", "cathedral")
YES_NO = ("inn", "cathedral")


def asked(kind: str, final: bool, expansion: bool) -> tuple[str, ...]:
    """The questions asked about a feature of `kind`, in order (meeples come after)."""
    keys = QUESTIONS[(kind, final)]
    return tuple(k for k in keys if expansion or k not in EXPANSION_ONLY)


@dataclass(frozen=True)
class Meeples:
    """One colour's meeples in a feature: normal ones and big ones (a big one counts 2)."""

    normal: int = 0
    big: int = 0

    @property
    def strength(self) -> int:
        # « il compte comme 2 meeples normaux quand on doit déterminer quel joueur a le
        # contrôle d’une zone » (seed 004): for the majority only, never for the points.
        return self.normal + 2 * self.big

    def to_json(self) -> dict[str, int]:
        return {"normal": self.normal, "big": self.big}


@dataclass(frozen=True)
class Feature:
    """`final` is False for a feature completed during play, True for one counted at the end
    (an open road, city or cloister, or a field). Keys a type does not ask stay at 0/False."""

    type: str
    final: bool
    tiles: int = 0
    pennants: int = 0
    inn: bool = False
    cathedral: bool = False
    neighbours: int = 0
    completed_cities: int = 0
    meeples: Mapping[str, Meeples] = field(default_factory=dict)

    def owners(self) -> tuple[str, ...]:
        """The colours with at least one meeple there, in the order entered."""
        return tuple(c for c, m in self.meeples.items() if m.strength > 0)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"phase": "final" if self.final else "during", "type": self.type}
        for key in QUESTIONS.get((self.type, self.final), ()):
            out[key] = getattr(self, key)
        out["meeples"] = {c: m.to_json() for c, m in self.meeples.items() if m.strength}
        return out
