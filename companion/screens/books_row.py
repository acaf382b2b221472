"""The pages of the main display's cards row that keep what players would otherwise note on
paper: who holds a Veto and until which round, and, while the table bids, each player's power
cards played so far.

They turn after the cards on offer, as many whole items on a page as fit, read from the public
view only.

>>> view = {"veto_until": {"red": [4]}, "played": {"red": [3, 11], "blue": [7]}}
>>> book_pages({**view, "phase": "bidding"}, 256)
('Veto: red to R4', 'Played: red 3 11, blue 7')
>>> book_pages({**view, "phase": "turns"}, 128)
('Veto: red to R4',)
>>> book_pages({"phase": "bidding", "played": {"red": list(range(1, 14))}}, 128)
('Played: red 1 2 3 4 5 6 7 8 9', 'Played: red 10 11 12 13')
>>> book_pages({"veto_until": {}, "played": {"red": []}, "phase": "bidding"}, 128)
()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import _
from companion.screens.legacy_text import TINY, text_width
from companion.screens.text import width

WIDE = 200  # from this width on, two facts share a row and the cards row is in the big font


def row_fits(display_width: int) -> Callable[[str], bool]:
    """Whether a text fits the cards row whole: small print below `WIDE` px, big from it."""
    room = display_width - 2
    if display_width >= WIDE:
        return lambda t: width(t) <= room
    return lambda t: text_width(t, TINY) <= room


def book_pages(view: Mapping[str, Any], display_width: int) -> tuple[str, ...]:
    """The Veto pages, then, while the table bids, the played-cards pages (what the others have
    left to bid with); () when there is neither."""
    fits = row_fits(display_width)
    vetoes = [
        _("{player} to R{round}").format(player=_(p), round=r)
        for p, until in (view.get("veto_until") or {}).items()
        for r in until
    ]
    label = _("Played: {items}")
    played: list[str] = []
    if view.get("phase") == "bidding":
        for p, cards in (view.get("played") or {}).items():
            played += _split(label, _(p), [str(c) for c in cards], fits)
    return _packed(_("Veto: {items}"), vetoes, fits) + _packed(label, played, fits)


def _split(label: str, name: str, numbers: list[str], fits: Callable[[str], bool]) -> list[str]:
    """One player's played cards as items ("red 3 11"), split where one would not fit a page
    alone (each part named: a page is read on its own)."""
    parts: list[list[str]] = []
    for n in numbers:
        if parts and fits(label.format(items=" ".join([name, *parts[-1], n]))):
            parts[-1].append(n)
        else:
            parts.append([n])
    return [" ".join([name, *part]) for part in parts]


def _packed(label: str, items: list[str], fits: Callable[[str], bool]) -> tuple[str, ...]:
    """`label` over as many whole items a page as fit."""
    pages: list[list[str]] = []
    for item in items:
        if pages and fits(label.format(items=", ".join([*pages[-1], item]))):
            pages[-1].append(item)
        else:
            pages.append([item])
    return tuple(label.format(items=", ".join(p)) for p in pages)
