"""Table options: the expansion on or off, and the base game's edition for two rules.

>>> Options.from_dict({"edition": "C1"}).expansion
True
>>> try:
...     Options.from_dict({"expansion": "yes"})
... except OptionsError as e:
...     print(e)
table option expansion: got 'yes'; accepted: True or False
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

# The first choice of each is the default.
CHOICES: dict[str, tuple[Any, ...]] = {
    # Inns & Cathedrals (seed 004): inns, cathedrals, the big meeple, the 50/100 score tiles
    # and the sixth (pink) colour.
    "expansion": (True, False),
    # The base game's rules for a two-tile city and for fields: "C2" (the second edition's,
    # unchanged in C3: a two-tile city scores 2 per tile, a field 3 per completed city) or "C1"
    # (the first printing of 2000: a completed two-tile city scores 1 per tile and pennant; each
    # completed city pays 4 to the most farmers on all the fields touching it). Sources in
    # docs/RULES-carcassonne.md.
    "edition": ("C2", "C1"),
}


class OptionsError(ValueError):
    """A table option is unknown or has a value that is not accepted."""


@dataclass(frozen=True)
class Options:
    expansion: bool = True
    edition: str = "C2"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            accepted = CHOICES[f.name]
            # bool is an int: compare types too, so 1 is not taken for True.
            if not any(type(value) is type(a) and value == a for a in accepted):
                shown = " or ".join(repr(a) for a in accepted)
                raise OptionsError(f"table option {f.name}: got {value!r}; accepted: {shown}")

    @property
    def most_players(self) -> int:
        """Six with the expansion's pink set (« vous permet de jouer à 6 joueurs »), else five."""
        return 6 if self.expansion else 5

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Options:
        if not isinstance(raw, dict):
            raise OptionsError(f"table options must be an object, got {type(raw).__name__}")
        unknown = sorted(str(k)[:30] for k in raw if k not in CHOICES)
        if unknown:
            raise OptionsError(
                f"unknown table option {unknown[0]!r}; accepted: {', '.join(CHOICES)}"
            )
        return cls(**raw)
