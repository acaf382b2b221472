"""Short names (≤ 9 characters) for the board's areas and the players' colours.

`short_area` derives a region's short name from its full name until board.json carries one of its
own; then it becomes a look-up (the one function to change).

>>> [short_area(a) for a in ("castilla_nueva", "pais_vasco", "aragon", "castillo")]
['C. Nueva', 'P. Vasco', 'Aragón', 'Castillo']
>>> short_area("atlantis")
'atlantis'
"""

from __future__ import annotations

from companion.elgrande.data import game_data

SHORT = 9  # the longest area name a pad menu or a screen column must hold


def short_area(area: str) -> str:
    """The area's name in at most 9 characters ("Castilla la Nueva" → "C. Nueva")."""
    data = game_data()
    try:
        name = data.area_name(area)
    except KeyError:
        return area[:SHORT]  # not a board area: show the id rather than fail on a screen
    if len(name) <= SHORT:
        return name
    words = name.split()
    return f"{words[0][0]}. {words[-1]}"[:SHORT]


def colour_code(player: str, letters: int = 3) -> str:
    """An upper-case code for a colour, for the LED matrix: "blue" → "BLU"."""
    return player[:letters].upper()
