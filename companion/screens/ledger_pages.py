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

from companion.screens.model import MainUI
from companion.screens.pages import NEXT


def is_score_line(detail: Any) -> bool:
    """Is an event's detail one ScoreLine as JSON?"""
    return isinstance(detail, Mapping) and {"player", "points", "rule", "why"} <= set(detail)


def player_page(lines: Sequence[Mapping[str, Any]], footer: str = NEXT) -> MainUI:
    """One player's lines: their points in the title, a reason a line."""
    player = str(lines[0]["player"])
    total = sum(int(line["points"]) for line in lines)
    # The panels' small print has no "×": an "x" reads the same.
    why = tuple(str(line["why"]).replace("×", "x") for line in lines)
    return MainUI(screen="announce", title=f"{player}: {total}", lines=why, footer=footer)


def player_speech(lines: Sequence[Mapping[str, Any]]) -> str:
    """The page as said: the voice reads "×" as "times"."""
    player = str(lines[0]["player"])
    total = sum(int(line["points"]) for line in lines)
    said = " ".join(_sentence(str(line["why"])) for line in lines).replace(" × ", " times ")
    return f"{player}: {said} {total} in all."


def ranking_page(
    detail: Mapping[str, Any], scores: Mapping[str, int], footer: str = NEXT
) -> MainUI:
    """The places, ties shared, and the tie-break that ordered equal scores, if any."""
    lines: list[str] = []
    for place, players in detail.get("places") or ():
        shared = " (shared)" if len(players) > 1 else ""
        lines += [f"{place} {p} {scores.get(p, 0)}{shared}" for p in players]
    if detail.get("tiebreak"):
        lines.append(str(detail["tiebreak"]))
    return MainUI(screen="announce", title="Ranking", lines=tuple(lines), footer=footer)


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."
