"""Announcement pages for the games scored line by line (`companion.kit.scoring.ScoreLine`): one
page a player with each of their lines as a reason, then the ranking with any tie-break. The
voice says what the page shows.

>>> lines = [{"player": "red", "points": 12, "rule": "market", "why": "Markets: 3 × 4 stars = 12"},
...          {"player": "red", "points": 4, "rule": "stones", "why": "Stones 4"}]
>>> page = player_page(lines)
>>> page.title, page.lines
('red: 16', ('Markets: 3 x 4 stars = 12', 'Stones 4'))
>>> player_speech(lines)
'red: Markets: 3 times 4 stars = 12. Stones 4. 16 in all.'
>>> ranking_page({"places": [[1, ["blue"]], [2, ["red", "green"]]], "tiebreak": None},
...              {"blue": 30, "red": 16, "green": 16}).lines
('1 blue 30', '2 red 16 (shared)', '2 green 16 (shared)')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.i18n import _
from companion.kit.sentences import Localize, as_is
from companion.screens.announce_page import reason_pages
from companion.screens.model import MainUI
from companion.screens.pages import NEXT


def is_score_line(detail: Any) -> bool:
    """Is an event's detail one ScoreLine as JSON?"""
    return isinstance(detail, Mapping) and {"player", "points", "rule", "why"} <= set(detail)


def player_page(
    lines: Sequence[Mapping[str, Any]],
    footer: str = NEXT,
    localize: Localize = as_is,
    total: int | None = None,
) -> MainUI:
    """One player's lines: their points in the title (`total`, else the lines' sum), a reason a
    line (`localize`: the game's words for its reasons, in the table's language)."""
    player = str(lines[0]["player"])
    total = sum(int(line["points"]) for line in lines) if total is None else total
    # The panels' small print has no "×": an "x" reads the same.
    why = tuple(localize(str(line["why"])).replace("×", "x") for line in lines)
    title = _("{player}: {total}").format(player=_(player), total=total)
    return MainUI(screen="announce", title=title, lines=why, footer=_(footer))


def player_speech(
    lines: Sequence[Mapping[str, Any]],
    localize: Localize = as_is,
    total: int | None = None,
    last: bool = True,
) -> str:
    """The page as said: the voice reads "×" as "times". A player's reasons over several pages:
    each says its own, the `last` their `total` too."""
    player = str(lines[0]["player"])
    total = sum(int(line["points"]) for line in lines) if total is None else total
    said = " ".join(_sentence(localize(str(line["why"]), spoken=True)) for line in lines)
    said = said.replace(" × ", _(" times "))
    if not last:
        return _("{player}: {said}").format(player=_(player), said=said)
    return _("{player}: {said} {total} in all.").format(player=_(player), said=said, total=total)


def player_pages(
    lines: Sequence[Mapping[str, Any]],
    size: tuple[int, int] | None = None,
    localize: Localize = as_is,
) -> list[tuple[MainUI, str]]:
    """One player's page and what the voice says of it; on a display of `size`, as many pages
    as it needs to show every reason whole (each titled with the player's whole total).

    >>> why = "Prizes: 2 trophies × 5 + 1 medal × 3 = 13"
    >>> lines = [{"player": "red", "points": 13, "rule": "prizes", "why": why}] * 3
    >>> [(ui.title, len(ui.lines)) for ui, _said in player_pages(lines, (128, 64))]
    [('red: 39', 2), ('red: 39', 1)]
    >>> [said.endswith("= 13. 39 in all.") for _ui, said in player_pages(lines, (128, 64))]
    [False, True]
    """
    whole = player_page(lines, localize=localize)
    if size is None:
        return [(whole, player_speech(lines, localize))]
    total = sum(int(line["points"]) for line in lines)
    groups = reason_pages(whole.title, whole.lines, size)
    pages, first = [], 0
    for i, group in enumerate(groups):
        part = lines[first : first + len(group)]
        first += len(group)
        ui = player_page(part, localize=localize, total=total)
        pages.append((ui, player_speech(part, localize, total, last=i == len(groups) - 1)))
    return pages


def ranking_page(
    detail: Mapping[str, Any],
    scores: Mapping[str, int],
    footer: str = NEXT,
    localize: Localize = as_is,
) -> MainUI:
    """The places, ties shared, and the tie-break that ordered equal scores, if any."""
    lines: list[str] = []
    for place, players in detail.get("places") or ():
        shared = _(" (shared)") if len(players) > 1 else ""
        lines += [f"{place} {_(p)} {scores.get(p, 0)}{shared}" for p in players]
    if detail.get("tiebreak"):
        lines.append(localize(str(detail["tiebreak"])))
    return MainUI(screen="announce", title=_("Ranking"), lines=tuple(lines), footer=_(footer))


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."
