"""Castell's two decisions, both open parallel entry (`ParallelEntry`): each festival's tower
scores, and the final count in the seed's five categories. Nothing is sealed: every entry is
public as it is made.

>>> from companion.castell.engine import new_game
>>> s = new_game(["red", "blue"], seed=1)
>>> f = s.steps[-1].field("red")
>>> f.key, f.label, f.low, f.high, f.default
('tower', 'Tower score', 0, 30, 0)
>>> [f.label for f in final_form(0, tracked=True)]  # doctest: +NORMALIZE_WHITESPACE
['Best tower', 'Regions won in', 'Trophies (5 each)', 'Medals (3 each)', 'Ribbons (1 each)',
 'Size tokens: sizes', 'Size tokens: repeats', 'Local tiles: points', 'Special tokens']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.castell import rules
from companion.castell.state import State
from companion.i18n import N_
from companion.kit.scoring import ScoreLine, ranking, totals_of
from companion.kit.steps import NumberField, ParallelEntry

TOWER_PROMPT = (
    "Festival after round {round}: your tower score, 1 per level + 1 per casteller matching "
    "the festival's size tokens. Enter 0 if you did not take part (to take part your pawn is "
    "in the festival's region and your tower has four levels with matching castellers). The "
    "track keeps your best tower, not the sum."
)


def tower_form(festival_round: int) -> tuple[NumberField, ...]:
    prompt = TOWER_PROMPT.format(round=festival_round)
    return (NumberField("tower", N_("Tower score"), prompt, high=rules.LARGEST_TOWER),)


@dataclass
class FestivalEntry(ParallelEntry):
    """After a festival everyone enters their tower score at once; the track keeps the best."""

    kind: ClassVar[str] = "festival"
    festival_round: int = 0

    def complete(self, s: State) -> None:
        towers = {p: self.values[p]["tower"] for p in s.players}
        s.festivals[self.festival_round] = towers
        for p in s.players:
            before, tower = s.best[p], towers[p]
            s.best[p] = rules.best_after(before, tower)
            improved = s.best[p] > before
            said = "is now" if improved else "stays"
            detail = {"player": p, "tower": tower, "best": s.best[p], "improved": improved}
            s.announce("best_tower", f"{p}'s best tower {said} {s.best[p]}", detail)
        s.scores = dict(s.best)


def final_form(track: int, *, tracked: bool) -> tuple[NumberField, ...]:
    """The final count's questions for one player, in the seed's order. `track`: the device's
    best tower for this player (the default when festivals are tracked)."""
    variety = ", ".join(f"{n} → {rules.VARIETY[n]}" for n in range(1, rules.REGIONS + 1))
    kept = f"The device's track says {track}; ● keeps it. " if tracked else ""
    return (
        NumberField(
            "best_tower",
            N_("Best tower"),
            f"Best tower: the score your marker shows on the score track, your best festival "
            f"tower (1 per level + 1 per matching casteller). {kept}It scores as it is.",
            high=rules.LARGEST_TOWER,
            default=track if tracked else 0,
        ),
        NumberField(
            "regions",
            N_("Regions won in"),
            "Region variety: in how many of the 7 regions you won things (the regions of your "
            f"player board holding a prize, a size token or a local performance). {variety}; "
            "none scores 0.",
            high=rules.REGIONS,
        ),
        NumberField(
            "trophies", N_("Trophies (5 each)"), N_("Prizes: trophies won; 5 points each."), high=10
        ),
        NumberField(
            "medals", N_("Medals (3 each)"), N_("Prizes: medals won; 3 points each."), high=10
        ),
        NumberField(
            "ribbons", N_("Ribbons (1 each)"), N_("Prizes: ribbons won; 1 point each."), high=15
        ),
        NumberField(
            "sizes",
            N_("Size tokens: sizes"),
            N_(
                "Size tokens: how many different sizes your size tokens show. Each different size "
                "scores 2; the next question counts the further tokens of those sizes."
            ),
            high=10,
        ),
        NumberField(
            "further_sizes",
            N_("Size tokens: repeats"),
            N_(
                "Size tokens: how many further tokens of a size you already counted (three tokens "
                "of size 4 are 1 size + 2 further). Each scores 1."
            ),
            high=10,
            asked_if="sizes",
        ),
        NumberField(
            "local_points",
            N_("Local tiles: points"),
            N_(
                "Local performances: the points printed on the local performance tiles you "
                "claimed, added up."
            ),
            high=40,
        ),
        NumberField(
            "special_tokens",
            N_("Special tokens"),
            N_(
                "Local performances: the special action tokens you collected by completing local "
                "performances; 1 point each."
            ),
            high=rules.SPECIAL_TOKENS,
            asked_if="local_points",
        ),
    )


FINAL_TITLE = N_("Final scoring: enter your five categories")


@dataclass
class FinalEntry(ParallelEntry):
    """At the end of round 10 everyone enters their five categories at once; then the device
    scores, announces each reason, the totals and the ranking."""

    kind: ClassVar[str] = "final"
    title: str = FINAL_TITLE

    def complete(self, s: State) -> None:
        lines: list[ScoreLine] = []
        for p in s.players:
            counts = rules.FinalCounts(**self.values[p])
            if s.options.festivals == "tracked" and counts.best_tower != s.best[p]:
                old, new = s.best[p], counts.best_tower
                s.announce(
                    "correction",
                    f"{p}'s best tower corrected from {old} to {new} (the track's marker counts)",
                    {"player": p, "from": old, "to": new},
                )
            lines += rules.final_lines(p, counts)
        announce_final(s, lines)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th (a table has at most four places)."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def ranking_text(places: list[tuple[int, tuple[str, ...]]], totals: dict[str, int]) -> str:
    """'red wins with 46; blue 2nd with 40', a tie shared: 'red and blue share 1st with 46'."""
    parts = []
    for place, players in places:
        names = " and ".join(players)
        points = totals[players[0]]
        if len(players) > 1:
            parts.append(f"{names} share {ordinal(place)} with {points}")
        elif place == 1:
            parts.append(f"{names} wins with {points}")
        else:
            parts.append(f"{names} {ordinal(place)} with {points}")
    return "; ".join(parts)


TIEBREAK_NOTE = N_("a tie is shared: the seed names no tie-break")


def announce_final(s: State, lines: list[ScoreLine]) -> None:
    """Every reason, then the totals and the ranking, as events; the state keeps the result."""
    for line in lines:
        s.announce("score", f"{line.player}: {line.text}", line.to_json())
    totals = totals_of(lines, s.players)
    s.lines, s.scores = lines, totals
    shown = ", ".join(f"{p} {n}" for p, n in totals.items())
    s.announce("totals", f"Scores: {shown}", {"scores": dict(totals)})
    places = ranking(totals)
    s.winners = places[0][1]
    tied = any(len(players) > 1 for _, players in places)
    detail = {
        "places": [[place, list(players)] for place, players in places],
        "tiebreak": TIEBREAK_NOTE if tied else None,
    }
    s.announce("ranking", ranking_text(places, totals), detail)
