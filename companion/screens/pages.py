"""`MainUI` pages the app builds from public events: a scoring announcement, the score table.

>>> from companion.elgrande.scoring import Bonus, Placing, AreaScore
>>> red = Placing("red", place=1, rank=1, tied=False, count=4, points=5,
...               bonuses=(Bonus("home", 2),))
>>> detail = AreaScore("aragon", {"red": 7, "blue": 0}, (red,)).to_json()
>>> page = announce_page({"seq": 40, "kind": "score", "text": "…", "detail": detail})
>>> page.title, page.lines
('Aragón: red 7', ('red 1st with 4: 5 +2 home',))
>>> scores_page({"scores": {"red": 30, "blue": 41}}).lines
('blue 41', 'red 30')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.elgrande import sentences
from companion.elgrande.data import game_data
from companion.elgrande.scoring import NOBODY
from companion.i18n import N_, _
from companion.kit.sentences import Localize
from companion.screens.model import MainUI
from companion.screens.reasons import area_score, short_reason
from companion.screens.text import width

NEXT = N_("● next  hold ● repeat")
MATCHES = N_("● board matches")  # a page the table acts on: ● once the real board is the same
# The events an announcement makes a page of, one each.
PAGE_KINDS = ("score", "totals", "castillo_discs")
CONFIRM_KINDS = ("castillo_discs",)  # pages ● confirms rather than just turns


def announce_footer(page: int, pages: int, width_px: int, *, confirm: bool = False) -> str:
    """Where the announcement stands and what the pads do, as much as the display's width takes.

    >>> announce_footer(2, 9, 256), announce_footer(2, 9, 128)
    ('2/9  ● next  hold ● repeat', '2/9  ● next')
    >>> announce_footer(2, 12, 128, confirm=True)
    '2/12  ● board matches'
    """
    if confirm:
        return f"{page}/{pages}  {_(MATCHES)}"
    full = f"{page}/{pages}  {_(NEXT)}"
    return full if width(full) <= width_px else f"{page}/{pages}  {_('● next')}"


def area_title(area: str) -> str:
    try:
        return game_data().area_name(area)
    except KeyError:
        return area


def announce_page(
    event: Mapping[str, Any], footer: str = NEXT, localize: Localize = sentences.localize
) -> MainUI:
    """One area's scoring: its name and who gained what, then each placing with its reason
    (`localize`: the game's words, for a text that says it all)."""
    if event.get("detail") is None:  # e.g. "no region qualifies": the text says it all
        title = localize(str(event.get("text", "")))
        return MainUI(screen="announce", title=title, footer=_(footer))
    score = area_score(event["detail"])
    ranked = sorted(score.points.items(), key=lambda t: -t[1])
    gains = ", ".join(f"{_(p)} {n}" for p, n in ranked if n)
    title = f"{area_title(score.area)}: {gains}" if gains else area_title(score.area)
    lines = tuple(short_reason(p) for p in score.placings) or (_(NOBODY),)
    return MainUI(screen="announce", title=title, lines=lines, footer=_(footer))


def scores_page(totals: Mapping[str, Any], title: str = "Scores", footer: str = NEXT) -> MainUI:
    """The score table, highest first, from a "totals" event's detail ({"scores": ...})."""
    scores: dict[str, int] = dict(totals.get("scores") or {})
    lines = tuple(f"{_(p)} {n}" for p, n in sorted(scores.items(), key=lambda t: -t[1]))
    return MainUI(screen="message", title=_(title), lines=lines, footer=_(footer))


def discs_page(moves: Mapping[str, Mapping[str, Any]], footer: str = MATCHES) -> MainUI:
    """A general scoring's revealed discs as the table empties the real Castillo: per player,
    how many caballeros go where (the court for a disc on the King's region).

    >>> discs_page({"red": {"disc": "sevilla", "count": 3, "to": "sevilla"},
    ...             "blue": {"disc": "granada", "count": 2, "to": "court"},
    ...             "black": {"disc": "aragon", "count": 0, "to": "aragon"}}).lines
    ('red 3 → Sevilla', 'blue 2 → court', 'black none')
    """
    data = game_data()
    lines = []
    for p, move in moves.items():
        n, to = int(move["count"]), str(move["to"])
        where = _("court") if to == "court" else data.short_name(to)
        lines.append(f"{_(p)} {n} → {where}" if n else _("{player} none").format(player=_(p)))
    title = _("Castillo: move by discs")
    return MainUI(screen="announce", title=title, lines=tuple(lines), footer=_(footer))
