"""Scoring a player's tally: per colour, plazas × the stars printed on them give the colour's
stars, times the qualifying value (the doubled part counted twice); unused stones 1 point each.
A colour with no plaza scores 0. Ranking: more points; then more unused stones; then shared.

BGA: `modules/php/Models/Board.php` computeScore (`$size * $multiplier`, plus the money left).

>>> from companion.akropolis.city import Count
>>> t = Tally({"house": Count(1, 7), "market": Count(2, 5, 3), "barracks": Count(0, 0)}, stones=4)
>>> for line in score_lines("red", t, variants=("markets",)):
...     print(line.points, line.text)
7 Houses: 7 × 1 star = 7
32 Markets: (5 + 3 doubled) × 4 stars = 32
0 Barracks: no barracks plaza, 0
0 Temples: no temple plaza, 0
0 Gardens: no garden plaza, 0
4 Stones 4
>>> places({"red": 57, "blue": 57, "green": 3}, {"red": 3, "blue": 1, "green": 0})
([(1, ('red',)), (2, ('blue',)), (3, ('green',))], 'stones')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.akropolis.city import Count
from companion.akropolis.data import COLOURS, HOUSES_DOUBLED_FROM, Colour
from companion.kit.scoring import ScoreLine, ranking

NONE = Count(0, 0, 0)


@dataclass(frozen=True)
class Tally:
    """What one player counted (or the device counted from their city): each colour's Count,
    and their unused stones."""

    counts: Mapping[str, Count]
    stones: int

    def count(self, colour: str) -> Count:
        return self.counts.get(colour, NONE)


def doubled_part(colour: Colour, count: Count, variants: tuple[str, ...]) -> int:
    """The part of the value counted twice. Houses: the whole group when it is worth 10 or more
    (the value before stars, as BGA compares `$size >= 10`); others: the part entered."""
    if colour.variant not in variants:
        return 0
    if colour.key == "house":
        return count.value if count.value >= HOUSES_DOUBLED_FROM else 0
    return min(count.doubled, count.value)


def colour_line(player: str, colour: Colour, count: Count, variants: tuple[str, ...]) -> ScoreLine:
    stars = count.plazas * colour.stars
    extra = doubled_part(colour, count, variants)
    detail = {"plazas": count.plazas, "stars": stars, "value": count.value, "doubled": extra}
    if count.plazas == 0:
        text = f"{colour.name}: no {colour.key} plaza, 0"
        return ScoreLine(player, 0, colour.variant, text, count.value + extra, 0, detail)
    quantity = count.value + extra
    star_word = "star" if stars == 1 else "stars"
    shown = f"({count.value} + {extra} doubled)" if extra else f"{count.value}"
    text = f"{colour.name}: {shown} × {stars} {star_word} = {quantity * stars}"
    return ScoreLine(player, quantity * stars, colour.variant, text, quantity, stars, detail)


def score_lines(player: str, tally: Tally, variants: tuple[str, ...] = ()) -> list[ScoreLine]:
    """One line per colour (a colour with no plaza too, saying why it is 0), then the stones."""
    lines = [colour_line(player, c, tally.count(c.key), variants) for c in COLOURS]
    lines.append(
        ScoreLine(player, tally.stones, "stones", f"Stones {tally.stones}", tally.stones, 1)
    )
    return lines


def places(
    totals: Mapping[str, int], stones: Mapping[str, int]
) -> tuple[list[tuple[int, tuple[str, ...]]], str | None]:
    """(places from first, "stones" when unused stones separated players equal on points)."""
    out = ranking(totals, tiebreak=stones)
    by_points = ranking(totals)
    return out, ("stones" if len(out) != len(by_points) else None)


def ranking_text(
    placed: list[tuple[int, tuple[str, ...]]], totals: Mapping[str, int], stones: Mapping[str, int]
) -> str:
    """The ranking as the table hears it, the tie-break said where it was used."""
    parts: list[str] = []
    for place, who in placed:
        points = totals[who[0]]
        level = [p for p in totals if totals[p] == points]
        if len(who) > 1:
            shared = "first place" if place == 1 else f"place {place}"
            parts.append(
                f"{' and '.join(who)} share {shared} with {points}"
                f" and {stones[who[0]]} unused stones each"
            )
            continue
        rank = "wins" if place == 1 else _nth(place)
        head = f"{who[0]} {rank} with {points}"
        beaten = [p for p in level if p != who[0] and stones[p] < stones[who[0]]]
        if beaten:
            against = ", ".join(f"{p} {stones[p]}" for p in beaten)
            head += f" ({stones[who[0]]} unused stones against {against})"
        parts.append(head)
    return "; ".join(parts)


def _nth(place: int) -> str:
    return {2: "2nd", 3: "3rd"}.get(place, f"{place}th")
