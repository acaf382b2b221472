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

from dataclasses import dataclass
from typing import Any

from companion.kit.options import ChoiceOptions, OptionsError  # noqa: F401  (named here for callers)

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


@dataclass(frozen=True)
class Options(ChoiceOptions):
    CHOICES = CHOICES
    MAPPING_WORD = "an object"
    KEY_CUT = 30
    expansion: bool = True
    edition: str = "C2"

    @property
    def most_players(self) -> int:
        """Six with the expansion's pink set (« vous permet de jouer à 6 joueurs »), else five."""
        return 6 if self.expansion else 5
