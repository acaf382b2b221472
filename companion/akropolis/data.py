"""Akropolis' facts: the five district colours, the stars on their plazas, and the condition each
colour's districts must meet to count, worded as the pads ask it.

Stars are printed on the plaza hexes; BGA's implementation has them as `PLAZAS_MULT` in
`modules/php/constants.inc.php` (house 1, market 2, barracks 2, temple 2, garden 3).

>>> [c.key for c in COLOURS]
['house', 'market', 'barracks', 'temple', 'garden']
>>> COLOUR["garden"].stars, COLOUR["market"].variant
(3, 'markets')
>>> max(len(c.label(part)) for c in COLOURS for part in ("plazas", "value", "doubled"))
17
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_


@dataclass(frozen=True)
class Colour:
    """One district colour: its key (a hex's type in a city), the table option that turns its
    variant on, its name, the stars on one of its plazas, the condition its districts must meet
    to count, and (with its variant on) the condition that doubles a district."""

    key: str
    variant: str
    name: str
    stars: int
    condition: str
    doubling: str

    def label(self, part: str) -> str:
        """A pad's label for one of the colour's numbers (≤ 21 characters)."""
        return f"{self.name}: {part}"


COLOURS: tuple[Colour, ...] = (
    Colour(
        "house",
        "houses",
        N_("Houses"),
        1,
        N_("your largest group of touching houses (the most hexes): add their heights"),
        N_("the group's value is 10 or more: it counts twice"),
    ),
    Colour(
        "market",
        "markets",
        N_("Markets"),
        2,
        N_("markets touching no other market: add their heights"),
        N_("of those, markets touching a market plaza: add their heights"),
    ),
    Colour(
        "barracks",
        "barracks",
        N_("Barracks"),
        2,
        N_(
            "barracks beside an empty space open to the outside (a closed lake does not count):"
            " add their heights"
        ),
        N_("of those, barracks with 3 or more such empty sides: add their heights"),
    ),
    Colour(
        "temple",
        "temples",
        N_("Temples"),
        2,
        N_("temples built round on all 6 sides (any height): add their heights"),
        N_("of those, temples above the ground (level 2 or higher): add their heights"),
    ),
    Colour(
        "garden",
        "gardens",
        N_("Gardens"),
        3,
        N_("all gardens: add their heights"),
        N_(
            "of those, gardens touching a lake (an empty space closed on all sides):"
            " add their heights"
        ),
    ),
)
COLOUR: dict[str, Colour] = {c.key: c for c in COLOURS}
VARIANTS: tuple[str, ...] = tuple(c.variant for c in COLOURS)

# A house group is doubled by the houses variant from this value (heights, before stars):
# BGA's `Globals::isVariant(HOUSE) && $size >= 10` in Board.php getDistrictSizes.
HOUSES_DOUBLED_FROM = 10

# What a pad's stepper offers: more than any city holds, small enough to step through.
PLAZAS_MOST = 8
VALUE_MOST = 60
STONES_MOST = 30
# The starting tile's house plaza (BGA Board.php fetchDatas): seen by most cities at the end.
HOUSE_PLAZAS_DEFAULT = 1
