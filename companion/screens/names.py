"""Short names for the board's areas, codes for the players' colours, and what a card does.

An area's short name is board.json's "short" (at most SHORT_NAME_MAX characters), read through
the engine's data module: the pad menus and the main display show the same name.

>>> [short_area(a) for a in ("castilla_nueva", "pais_vasco", "aragon", "castillo")]
['C.Nueva', 'P.Vasco', 'Aragón', 'Castillo']
>>> short_area("atlantis")
'atlantis'
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.elgrande import sentences
from companion.elgrande.data import SHORT_NAME_MAX, game_data
from companion.elgrande.moves import Action
from companion.i18n import _

CARD_KINDS = frozenset({"card", "reveal", "either"})  # choices that name an action card


def short_area(area: str) -> str:
    """The area's short name from board.json ("castilla_nueva" → "C.Nueva")."""
    data = game_data()
    if area not in data.areas:
        return area[:SHORT_NAME_MAX]  # not a board area: show the id rather than fail on a screen
    return data.short_name(area)


def colour_code(player: str, letters: int = 3) -> str:
    """An upper-case code for a colour, for the LED matrix: "blue" → "BLU"."""
    return _(player)[:letters].upper()


def card_text(action: Action | None) -> str | None:
    """What the action card a choice names does, in the card's own words (public: it lies face
    up); None for any other choice.

    >>> card_text(Action("card", "2h"))
    'Special scoring: choose one region; score it now.'
    >>> card_text(Action("bid", 9)) is None
    True
    """
    cards = game_data().action_cards
    if action is None or action.kind not in CARD_KINDS or action.target not in cards:
        return None
    return sentences.card_text(str(action.target))


def card_titles(cards: Sequence[str]) -> list[str]:
    """The action cards' titles, as the table reads them (an id no card has is shown as is).

    >>> card_titles(["2h", "5"])
    ['Score one region', "King's card"]
    """
    data = game_data()
    return [sentences.card_label(c) if c in data.action_cards else c for c in cards]
