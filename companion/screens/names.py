"""Short names for the board's areas and codes for the players' colours.

An area's short name is board.json's "short" (at most SHORT_NAME_MAX characters), read through
the engine's data module: the pad menus and the main display show the same name.

>>> [short_area(a) for a in ("castilla_nueva", "pais_vasco", "aragon", "castillo")]
['C.Nueva', 'P.Vasco', 'Aragón', 'Castillo']
>>> short_area("atlantis")
'atlantis'
"""

from __future__ import annotations

from companion.elgrande.data import SHORT_NAME_MAX, game_data


def short_area(area: str) -> str:
    """The area's short name from board.json ("castilla_nueva" → "C.Nueva")."""
    data = game_data()
    if area not in data.areas:
        return area[:SHORT_NAME_MAX]  # not a board area: show the id rather than fail on a screen
    return data.short_name(area)


def colour_code(player: str, letters: int = 3) -> str:
    """An upper-case code for a colour, for the LED matrix: "blue" → "BLU"."""
    return player[:letters].upper()
